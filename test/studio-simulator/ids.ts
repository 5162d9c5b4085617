import { randomBytes } from "node:crypto";

/** Opaque identifiers: `<prefix>_` followed by random hex. */
export const newId = (prefix: string, bytes = 12): string => `${prefix}_${randomBytes(bytes).toString("hex")}`;

/** decodeURIComponent that never throws: a malformed escape is kept as sent (and then simply not found). */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
