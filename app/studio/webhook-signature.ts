// Studio webhook signatures (spec, Events > Signature verification):
// `Service-Signature: t=<unix seconds>,v1=<hex hmac-sha256 of "t.rawBody">`, several v1 allowed,
// 5 minutes of tolerance in both directions, constant-time comparison.
import { createHmac, timingSafeEqual } from "node:crypto";
import { StudioSignatureError, type SignatureFailure } from "./errors";

export const STUDIO_SIGNATURE_HEADER = "service-signature";
export const STUDIO_SIGNATURE_TOLERANCE_SECONDS = 300;

export interface ParsedSignatureHeader {
  timestamp: number;
  signatures: string[];
}

function fail(reason: SignatureFailure, message: string): StudioSignatureError {
  return new StudioSignatureError({ code: "INVALID_SIGNATURE", status: null, message, details: { reason } });
}

/** Parses `t=…,v1=…[,v1=…]`, tolerating whitespace and ignoring other schemes. Throws StudioSignatureError. */
export function parseSignatureHeader(header: string | null | undefined): ParsedSignatureHeader {
  if (header === null || header === undefined || header.trim() === "") throw fail("missing_header", "webhook has no Service-Signature header");
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) {
      if (part.trim() === "") continue;
      throw fail("malformed_header", "Service-Signature has an element without '='");
    }
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t") {
      if (timestamp !== null || !/^\d{1,15}$/.test(value)) throw fail("malformed_header", "Service-Signature timestamp is missing, repeated or not unix seconds");
      timestamp = Number(value);
    } else if (name === "v1") {
      if (value !== "") signatures.push(value);
    }
  }
  if (timestamp === null) throw fail("malformed_header", "Service-Signature has no t= element");
  if (signatures.length === 0) throw fail("malformed_header", "Service-Signature has no v1= element");
  return { timestamp, signatures };
}

function bytesOf(rawBody: string | Uint8Array): Buffer {
  return typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
}

function hmacHex(rawBody: string | Uint8Array, secret: string, timestamp: number): string {
  return createHmac("sha256", secret).update(`${timestamp}.`, "utf8").update(bytesOf(rawBody)).digest("hex");
}

/**
 * Verifies a delivery against the raw body (before any JSON parsing). Returns the signed timestamp
 * or throws StudioSignatureError with a `reason`.
 */
export function verifyStudioWebhook(rawBody: string | Uint8Array, signatureHeader: string | null | undefined, secret: string, now: Date): { timestamp: Date } {
  const { timestamp, signatures } = parseSignatureHeader(signatureHeader);
  const expected = Buffer.from(hmacHex(rawBody, secret, timestamp), "utf8");
  let matched = false;
  for (const candidate of signatures) {
    const given = Buffer.from(candidate, "utf8");
    // Compare every candidate (no early exit); a length mismatch is a failure, not an exception.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) throw fail("no_matching_signature", "no v1 signature of the webhook matches its body and timestamp");
  const skewSeconds = Math.abs(now.getTime() / 1000 - timestamp);
  if (!(skewSeconds <= STUDIO_SIGNATURE_TOLERANCE_SECONDS)) {
    throw fail("timestamp_out_of_tolerance", `webhook timestamp is ${Math.round(skewSeconds)} s away from now (tolerance ${STUDIO_SIGNATURE_TOLERANCE_SECONDS} s)`);
  }
  return { timestamp: new Date(timestamp * 1000) };
}

/** The header value the studio would send; for tests and the simulator. */
export function signStudioWebhook(rawBody: string | Uint8Array, secret: string, timestamp: Date | number): string {
  const t = typeof timestamp === "number" ? Math.floor(timestamp) : Math.floor(timestamp.getTime() / 1000);
  return `t=${t},v1=${hmacHex(rawBody, secret, t)}`;
}
