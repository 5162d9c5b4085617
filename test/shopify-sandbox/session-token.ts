// Shopify session tokens (App Bridge id tokens): JWT HS256 signed with the app's API secret.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

export interface SessionTokenPayload {
  iss: string; dest: string; aud: string; sub: string; exp: number; nbf: number; iat: number; jti: string; sid: string; sig?: string;
}

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");

export function signJwt(payload: object, secret: string): string {
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${sig}`;
}

/** The sandbox's single merchant staff user, the `sub` of its session tokens. */
export const SANDBOX_USER = { id: 902541635, firstName: "Sandra", lastName: "Box", email: "sandra.box@example.com", locale: "en" } as const;

export function sessionToken(shop: string, apiKey: string, apiSecret: string, nowMs: number, userId: number = SANDBOX_USER.id): string {
  const now = Math.floor(nowMs / 1000);
  const payload: SessionTokenPayload = {
    iss: `https://${shop}/admin`, dest: `https://${shop}`, aud: apiKey, sub: String(userId),
    exp: now + 60, nbf: now, iat: now, jti: randomUUID(), sid: createHmac("sha256", apiSecret).update(`${shop}:${userId}`).digest("hex").slice(0, 32),
  };
  return signJwt(payload, apiSecret);
}

export type VerifyResult = { ok: true; payload: SessionTokenPayload } | { ok: false; reason: string };

/** Verifies signature, aud, exp/nbf (5 s leeway, as Shopify's libraries allow) and shape. */
export function verifySessionToken(token: string, apiKey: string, apiSecret: string, nowMs: number): VerifyResult {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed token" };
  const [head, body, sig] = parts;
  const expected = createHmac("sha256", apiSecret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad signature" };
  let header: { alg?: string };
  let payload: SessionTokenPayload;
  try {
    header = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as { alg?: string };
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as SessionTokenPayload;
  } catch {
    return { ok: false, reason: "malformed token" };
  }
  if (header.alg !== "HS256") return { ok: false, reason: "unsupported alg" };
  const now = Math.floor(nowMs / 1000);
  if (payload.aud !== apiKey) return { ok: false, reason: "aud does not match the API key" };
  if (typeof payload.exp !== "number" || payload.exp + 5 < now) return { ok: false, reason: "token expired" };
  if (typeof payload.nbf === "number" && payload.nbf - 5 > now) return { ok: false, reason: "token not yet valid" };
  if (typeof payload.dest !== "string" || !/^https:\/\/[a-z0-9-]+\.myshopify\.com$/.test(payload.dest)) return { ok: false, reason: "bad dest" };
  return { ok: true, payload };
}
