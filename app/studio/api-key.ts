// The API key is a secret: this module is the only place that looks at it. Everything else gets
// the environment, a sha256 fingerprint (pacing) or a redactor for text that might echo it.
import { createHash } from "node:crypto";

export type StudioEnvironment = "live" | "test";

const KEY_SHAPE = /^([A-Za-z0-9]+)_(live|test)_([0-9a-fA-F]{64})$/;

/** Spec, Authentication 2: `<prefix>_live_` or `<prefix>_test_` then 64 hex characters. */
export function environmentOfKey(apiKey: string): StudioEnvironment | null {
  const m = KEY_SHAPE.exec(apiKey);
  return m ? (m[2] as StudioEnvironment) : null;
}

export function keyFingerprint(apiKey: string): string {
  return createHash("sha256").update(apiKey, "utf8").digest("hex");
}

export const REDACTED = "[redacted-api-key]";

/** Replaces every occurrence of the key (and its 64-hex secret part) in text. */
export function makeRedactor(apiKey: string): (text: string) => string {
  const secretPart = KEY_SHAPE.exec(apiKey)?.[3];
  const needles = [apiKey, secretPart].filter((s): s is string => typeof s === "string" && s.length >= 8);
  return (text: string) => needles.reduce((acc, needle) => acc.split(needle).join(REDACTED), text);
}

/** Deep-redacts strings inside JSON-like values (error details echoed by the server). */
export function redactValue(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, redact));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, redact)]));
  }
  return value;
}
