import type { z } from "zod";

/** A validation failure as the UI shows it: one message per field path ("shippingPolicy.fallback"). */
export type FieldErrors = Record<string, string>;

export type SaveResult<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}
