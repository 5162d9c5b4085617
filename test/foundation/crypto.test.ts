import { describe, expect, it } from "vitest";
import { decryptSecret, DecryptionError, encryptSecret } from "~/lib/crypto.server";

const KEY = "0f".repeat(32);
const OTHER_KEY = "1e".repeat(32);

describe("secrets at rest (AES-256-GCM, shop as associated data)", () => {
  it("GIVEN a studio key WHEN encrypted for a shop THEN the stored text does not contain it and decrypts back", () => {
    const secret = "psk_test_" + "ab12".repeat(16);
    const stored = encryptSecret(secret, "a.myshopify.com", KEY);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain("ab12ab12");
    expect(decryptSecret(stored, "a.myshopify.com", KEY)).toBe(secret);
  });

  it("GIVEN the same plaintext WHEN encrypted twice THEN the ciphertexts differ (random IV)", () => {
    expect(encryptSecret("x", "a.myshopify.com", KEY)).not.toBe(encryptSecret("x", "a.myshopify.com", KEY));
  });

  it("GIVEN a ciphertext copied to another shop, a wrong key or a tampered byte WHEN decrypted THEN it is refused", () => {
    const stored = encryptSecret("secret", "a.myshopify.com", KEY);
    expect(() => decryptSecret(stored, "b.myshopify.com", KEY)).toThrow(DecryptionError);
    expect(() => decryptSecret(stored, "a.myshopify.com", OTHER_KEY)).toThrow(DecryptionError);
    const raw = Buffer.from(stored.slice(3), "base64url");
    raw[raw.length - 1] ^= 1;
    expect(() => decryptSecret(`v1:${raw.toString("base64url")}`, "a.myshopify.com", KEY)).toThrow(DecryptionError);
    expect(() => decryptSecret("plain", "a.myshopify.com", KEY)).toThrow(DecryptionError);
  });
});
