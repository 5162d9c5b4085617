// GIVEN keys in various states WHEN they call the API THEN 401/403/429 follow the spec, per key and per
// source address, with simulated time moving the rolling windows.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiClient, partner, placeOrder, quoteBody, startHarness, type Harness } from "./test-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.control.reset());
afterAll(() => h.close());

describe("authentication", () => {
  it("WHEN the key is missing, malformed, unknown, revoked, expired or its account is suspended THEN the same bare 401", async () => {
    const p = await partner(h);
    const { key: expiring } = await h.control.createKey(p.accountId, { environment: "test", scopes: ["price:read"], expiresInSeconds: 60 });
    const { key: revoked, keyId } = await h.control.createKey(p.accountId, { environment: "test", scopes: ["price:read"] });
    await h.control.revokeKey(keyId);
    const bodies: string[] = [];
    const expect401 = async (headers: Record<string, string>) => {
      const res = await fetch(`${h.studio.baseUrl}/catalogue`, { headers });
      expect(res.status).toBe(401);
      bodies.push(await res.text());
    };
    await expect401({});
    await expect401({ authorization: "Basic abc" });
    await expect401({ authorization: `Bearer psk_test_${"0".repeat(64)}` });
    await expect401({ authorization: `Bearer ${revoked}` });
    expect((await apiClient(h.studio.baseUrl, expiring)("GET", "/catalogue")).status).toBe(200);
    await h.control.advanceClock(61);
    await expect401({ authorization: `Bearer ${expiring}` });
    await expect401({ authorization: `Bearer ${p.key.toUpperCase()}` });
    await h.control.patchAccount(p.accountId, { suspended: true });
    await expect401({ authorization: `Bearer ${p.key}` });
    await h.control.patchAccount(p.accountId, { suspended: false, apiAccess: false });
    await expect401({ authorization: `Bearer ${p.key}` });
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]).error.code).toBe("UNAUTHORIZED");
    await h.control.patchAccount(p.accountId, { apiAccess: true });
    expect((await fetch(`${h.studio.baseUrl}/catalogue`, { headers: { authorization: `bEaReR ${p.key}` } })).status).toBe(200);
  });

  it("WHEN a key lacks the scope THEN 403 FORBIDDEN", async () => {
    const p = await partner(h);
    const { key } = await h.control.createKey(p.accountId, { environment: "test", scopes: ["orders:read"] });
    const res = await apiClient(h.studio.baseUrl, key)("GET", "/catalogue");
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe("FORBIDDEN");
  });

  it("WHEN 20 authentication failures come from one address within a minute THEN the next is 429 with Retry-After", async () => {
    const bad = apiClient(h.studio.baseUrl, `psk_live_${"a".repeat(64)}`);
    for (let i = 0; i < 20; i++) expect((await bad("GET", "/catalogue")).status).toBe(401);
    const limited = await bad("GET", "/catalogue");
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    await h.control.advanceClock(61);
    expect((await bad("GET", "/catalogue")).status).toBe(401);
  });
});

describe("rate limits", () => {
  it("WHEN a key exceeds 30 POST /orders in a rolling minute THEN 429 + Retry-After, no X-RateLimit headers, and other endpoints keep their own budget", async () => {
    const p = await partner(h);
    for (let i = 0; i < 30; i++) {
      expect((await p.api("POST", "/orders", { quoteId: "qt_missing" }, { "idempotency-key": `k${i}` })).status).toBe(404);
    }
    const limited = await p.api("POST", "/orders", { quoteId: "qt_missing" }, { "idempotency-key": "k-last" });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe("RATE_LIMITED");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect([...limited.headers.keys()].some((k) => k.startsWith("x-ratelimit"))).toBe(false);
    expect((await p.api("GET", "/orders")).status).toBe(200);
    const second = await h.control.createKey(p.accountId, { environment: "test", scopes: ["orders:write"] });
    expect((await apiClient(h.studio.baseUrl, second.key)("POST", "/orders", { quoteId: "qt_missing" }, { "idempotency-key": "x" })).status).toBe(404);
    await h.control.advanceClock(retryAfter);
    expect((await p.api("POST", "/orders", { quoteId: "qt_missing" }, { "idempotency-key": "k-after" })).status).toBe(404);
  });
});

describe("environments and ownership", () => {
  it("THEN test and live keys do not see each other's orders, and another account's id is 404", async () => {
    const p = await partner(h);
    const { order } = await placeOrder(p.api, p.imageUrl);
    const live = await h.control.createKey(p.accountId, { environment: "live", scopes: ["price:read", "orders:read", "orders:write"] });
    const liveApi = apiClient(h.studio.baseUrl, live.key);
    expect((await liveApi("GET", `/orders/${order.orderId}`)).status).toBe(404);
    expect((await liveApi("POST", `/orders/${order.orderId}/cancel`)).status).toBe(404);
    expect((await liveApi("GET", "/orders")).body.data).toEqual([]);
    expect(live.key).toMatch(/^psk_live_[0-9a-f]{64}$/);
    expect(order.isTest).toBe(true);
    const other = await partner(h);
    const res = await other.api("GET", `/orders/${order.orderId}`);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("NOT_FOUND");
    expect((await p.api("GET", "/orders/not-an-order-id")).status).toBe(404);
  });

  it("WHEN a quote priced by a test key is ordered with a live key THEN 400 QUOTE_ENVIRONMENT_MISMATCH", async () => {
    const p = await partner(h);
    const quote = (await p.api("POST", "/quotes", quoteBody(p.imageUrl))).body.data;
    const live = await h.control.createKey(p.accountId, { environment: "live", scopes: ["orders:write"] });
    const res = await apiClient(h.studio.baseUrl, live.key)("POST", "/orders", { quoteId: quote.quoteId }, { "idempotency-key": "env" });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("QUOTE_ENVIRONMENT_MISMATCH");
  });
});

describe("request log", () => {
  it("THEN every public request of the account's keys is recorded oldest first with simulated and wall time", async () => {
    const p = await partner(h);
    const since = (await h.control.clock()).now;
    await p.api("GET", "/catalogue");
    await p.api("GET", "/orders/nope");
    const log = await h.control.requests(p.accountId, since);
    expect(log.map((e) => [e.method, e.path, e.status, e.errorCode])).toEqual([["GET", "/catalogue", 200, null], ["GET", "/orders/nope", 404, "NOT_FOUND"]]);
    expect(log[0].keyId).toBe(p.keyId);
    expect(log[0].wallAt).toMatch(/\.\d{3}Z$/);
  });
});
