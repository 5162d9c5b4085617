// Settings loader and actions through the real authenticate.admin (session token, offline session,
// Admin GraphQL in the sandbox) against the studio simulator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRouteHarness, thrownStatus, body, SHOP, OTHER_SHOP, type RouteHarness, type RouteFn } from "./support/route-harness";

let h: RouteHarness;
let route: { loader: RouteFn; action: RouteFn };
let settingsModel: typeof import("~/models/shop-settings.server");

beforeAll(async () => {
  h = await startRouteHarness();
  route = (await import("~/routes/app.settings")) as unknown as typeof route;
  settingsModel = await import("~/models/shop-settings.server");
});
afterAll(async () => h?.close());

const validForm = (over: Record<string, unknown> = {}) => ({
  studioApiKey: "",
  studioWebhookSecret: "",
  submissionPolicy: "immediate",
  submissionDelayMinutes: 0,
  shippingPolicy: { methods: {}, fallback: "cheapest" },
  defaultRushTier: "standard",
  whiteLabel: true,
  notifyCustomer: true,
  ...over,
});

describe("Settings route", () => {
  it("GIVEN no session token WHEN the loader runs THEN it does not answer with data", async () => {
    const r = await thrownStatus(h.call(route.loader, "/app/settings", { token: null }));
    expect(r.status).toBeGreaterThanOrEqual(300);
  });

  it("GIVEN a new shop WHEN Settings loads THEN it is a first run with the shop's webhook URL and Shopify's shipping rate names", async () => {
    const data = body<{ settings: { hasStudioKey: boolean }; webhookUrl: string; shopRates: string[] }>(await h.call(route.loader, "/app/settings"));
    expect(data.settings.hasStudioKey).toBe(false);
    expect(data.webhookUrl).toMatch(new RegExp(`/webhooks/studio/${SHOP}$`));
    expect(data.shopRates).toEqual(["Express", "Standard"]);
  });

  it("GIVEN a pasted test key WHEN it is checked THEN the studio accepts it and its environment is test", async () => {
    const r = body<{ ok: boolean; environment?: string }>(await h.call(route.action, "/app/settings", { json: { intent: "checkKey", studioApiKey: h.studioKey } }));
    expect(r).toEqual({ intent: "checkKey", ok: true, environment: "test" });
  });

  it("GIVEN a well-formed key the studio does not know WHEN saved THEN nothing is saved and the key field says why", async () => {
    const unknown = `psk_test_${"0".repeat(64)}`;
    const r = body<{ ok: boolean; fieldErrors: Record<string, string> }>(await h.call(route.action, "/app/settings", { json: { intent: "save", settings: validForm({ studioApiKey: unknown, defaultRushTier: "express" }) } }));
    expect(r.ok).toBe(false);
    expect(r.fieldErrors.studioApiKey).toMatch(/refused/i);
    expect((await settingsModel.getShopSettings(SHOP)).defaultRushTier).toBe("standard");
  });

  it("GIVEN an invalid delay and a bad fallback WHEN saved THEN every field gets its message and nothing is saved half", async () => {
    const r = body<{ ok: boolean; fieldErrors: Record<string, string> }>(await h.call(route.action, "/app/settings", {
      json: { intent: "save", settings: validForm({ studioApiKey: h.studioKey, submissionPolicy: "delay", submissionDelayMinutes: -5, shippingPolicy: { methods: {}, fallback: "slowest" } }) },
    }));
    expect(r.ok).toBe(false);
    expect(Object.keys(r.fieldErrors).sort()).toEqual(["shippingPolicy.fallback", "submissionDelayMinutes"]);
    expect((await settingsModel.getShopSettings(SHOP)).hasStudioKey).toBe(false);
  });

  it("GIVEN a valid form with the test key WHEN saved THEN the key is kept encrypted, only its last 4 characters are shown, and the environment is test", async () => {
    const r = body<{ ok: boolean; environment: string; hint: string }>(await h.call(route.action, "/app/settings", { json: { intent: "save", settings: validForm({ studioApiKey: h.studioKey, shippingPolicy: { methods: { Express: "express" }, fallback: "fastest" } }) } }));
    expect(r).toMatchObject({ ok: true, environment: "test", hint: h.studioKey.slice(-4) });
    const data = body<{ settings: Record<string, unknown> }>(await h.call(route.loader, "/app/settings"));
    expect(JSON.stringify(data)).not.toContain(h.studioKey);
    expect(data.settings).toMatchObject({ hasStudioKey: true, studioEnvironment: "test", shippingPolicy: { methods: { Express: "express" }, fallback: "fastest" } });
  });

  it("GIVEN a saved key WHEN shipping discovery runs THEN the studio's methods for the shop's own address are listed", async () => {
    const r = body<{ ok: boolean; options: Array<{ id: string; priceCents: number }> }>(await h.call(route.action, "/app/settings", { json: { intent: "discover" } }));
    expect(r.ok).toBe(true);
    expect(r.options.length).toBeGreaterThan(0);
    expect(r.options.every((o) => typeof o.id === "string" && o.priceCents >= 0)).toBe(true);
  });

  it("GIVEN the other shop WHEN its Settings load THEN it sees none of this shop's settings", async () => {
    const data = body<{ settings: { hasStudioKey: boolean } }>(await h.call(route.loader, "/app/settings", { shop: OTHER_SHOP }));
    expect(data.settings.hasStudioKey).toBe(false);
  });
});
