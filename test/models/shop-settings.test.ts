import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { getShopSettings, getStudioCredentials, getStudioWebhookSecret, saveShopSettings } from "~/models/shop-settings.server";

const SHOP = "settings.myshopify.com";
const KEY = `psk_test_${"0123456789abcdef".repeat(4)}`;
const form = {
  studioApiKey: KEY,
  studioWebhookSecret: "whsec_abcdefghijklmnop1234",
  submissionPolicy: "immediate",
  submissionDelayMinutes: 0,
  shippingPolicy: { methods: { Standard: "std-au" }, fallback: "cheapest" },
  defaultRushTier: "standard",
  whiteLabel: true,
  notifyCustomer: true,
};

describe("shop settings", () => {
  let t: TestDatabase;
  beforeAll(async () => (t = await createTestDatabase()));
  afterAll(async () => t.cleanup());

  it("GIVEN a new shop WHEN read THEN defaults apply: immediate, white-label and notify on, no key", async () => {
    const s = await getShopSettings("fresh.myshopify.com");
    expect(s).toMatchObject({ hasStudioKey: false, submissionPolicy: "immediate", whiteLabel: true, notifyCustomer: true, shippingPolicy: { methods: {}, fallback: "cheapest" } });
  });

  it("GIVEN a valid form WHEN saved THEN the key is encrypted at rest, its environment derived, and only its last 4 shown", async () => {
    const result = await saveShopSettings(SHOP, form);
    expect(result.ok).toBe(true);
    const row = await t.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    // A dump of the row shows no plaintext secret.
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(JSON.stringify(row)).not.toContain("whsec_abcdefghijklmnop1234");
    const s = await getShopSettings(SHOP);
    expect(s).toMatchObject({ hasStudioKey: true, studioEnvironment: "test", studioApiKeyHint: KEY.slice(-4), hasWebhookSecret: true });
    expect(JSON.stringify(s)).not.toContain(KEY);
    expect((await getStudioCredentials(SHOP))?.apiKey).toBe(KEY);
    expect(await getStudioWebhookSecret(SHOP)).toBe("whsec_abcdefghijklmnop1234");
  });

  it("GIVEN several bad fields WHEN saved THEN every field gets a message and nothing is written", async () => {
    const before = await t.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const result = await saveShopSettings(SHOP, { ...form, studioApiKey: "sk_nope", submissionPolicy: "delay", submissionDelayMinutes: 0, defaultRushTier: "warp", shippingPolicy: { methods: {}, fallback: "slowest" } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["defaultRushTier", "shippingPolicy.fallback", "studioApiKey"].sort());
    const after = await t.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(after).toEqual(before);
  });

  it("GIVEN a key the studio refuses WHEN saved with a live check THEN the key field explains and nothing is written", async () => {
    const other = `psk_live_${"f".repeat(64)}`;
    const result = await saveShopSettings(SHOP, { ...form, studioApiKey: other, submissionPolicy: "manual" }, {
      verifyKey: async () => {
        throw new Error("401 UNAUTHORIZED");
      },
    });
    expect(result).toEqual({ ok: false, fieldErrors: { studioApiKey: "The studio refused this key: 401 UNAUTHORIZED" } });
    expect((await getShopSettings(SHOP)).submissionPolicy).toBe("immediate");
    expect((await getStudioCredentials(SHOP))?.apiKey).toBe(KEY);
  });

  it("GIVEN no new key in the form WHEN saved THEN the stored key is kept", async () => {
    const result = await saveShopSettings(SHOP, { ...form, studioApiKey: "", studioWebhookSecret: "", submissionPolicy: "delay", submissionDelayMinutes: 15 });
    expect(result.ok).toBe(true);
    expect((await getStudioCredentials(SHOP))?.apiKey).toBe(KEY);
    expect(await getShopSettings(SHOP)).toMatchObject({ submissionPolicy: "delay", submissionDelayMinutes: 15 });
  });
});
