// Canonical JSON for request bodies (spec, POST /orders rule 6: key order is irrelevant and
// undefined values are dropped). Serialising once and re-sending the same string on every retry
// guarantees "same key, same body".

export function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : canonicalize(v)));
  if (value !== null && typeof value === "object") {
    if (typeof (value as { toJSON?: unknown }).toJSON === "function") {
      return canonicalize((value as { toJSON: () => unknown }).toJSON());
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonicalize(v);
    }
    return out;
  }
  return value;
}

/** JSON text with object keys sorted at every depth and undefined members removed. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}
