// Secrets at rest (the studio API key, the studio webhook secret): AES-256-GCM with a key from the
// environment and the shop domain as associated data, so a ciphertext copied to another shop's row
// does not decrypt. Format: "v1:" + base64url(iv[12] | tag[16] | ciphertext).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "../env.server";

const VERSION = "v1";

export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DecryptionError";
  }
}

function keyBytes(hexKey: string): Buffer {
  const key = Buffer.from(hexKey, "hex");
  if (key.length !== 32) throw new Error("ENCRYPTION_KEY must be 32 bytes (64 hex characters)");
  return key;
}

export function encryptSecret(plaintext: string, shopDomain: string, hexKey = env().ENCRYPTION_KEY): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyBytes(hexKey), iv);
  cipher.setAAD(Buffer.from(shopDomain, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

export function decryptSecret(stored: string, shopDomain: string, hexKey = env().ENCRYPTION_KEY): string {
  const [version, payload] = stored.split(":", 2);
  if (version !== VERSION || !payload) throw new DecryptionError("unknown secret format");
  const raw = Buffer.from(payload, "base64url");
  if (raw.length < 29) throw new DecryptionError("secret is truncated");
  const decipher = createDecipheriv("aes-256-gcm", keyBytes(hexKey), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(shopDomain, "utf8"));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new DecryptionError("secret does not decrypt with this key for this shop");
  }
}
