import { randomBytes } from "node:crypto";

/** Opaque identifiers: `<prefix>_` followed by random hex. */
export const newId = (prefix: string, bytes = 12): string => `${prefix}_${randomBytes(bytes).toString("hex")}`;
