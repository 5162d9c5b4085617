// GIVEN held quotes WHEN partners place, read, list and cancel orders THEN idempotency, credit limits,
// quote single use/expiry and cancellation rules follow the spec; injected faults behave as the contract says.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { partner, placeOrder, quoteBody, startHarness, type Harness } from "./test-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
beforeEach(() => h.control.reset());
afterAll(() => h.close());

async function freshQuote(p: Awaited<ReturnType<typeof partner>>) {
  const q = await p.api("POST", "/quotes", quoteBody(p.imageUrl));
  expect(q.status).toBe(201);
  return q.body.data as { quoteId: string; totalCents: number };
}

describe("POST /orders idempotency", () => {
  it("WHEN no Idempotency-Key is sent THEN 400 IDEMPOTENCY_KEY_REQUIRED", async () => {
    const p = await partner(h);
    const q = await freshQuote(p);
    const res = await p.api("POST", "/orders", { quoteId: q.quoteId });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("WHEN the same key and canonical body are replayed THEN the original answer comes back verbatim and one order exists", async () => {
    const p = await partner(h);
    const q = await freshQuote(p);
    const body = { quoteId: q.quoteId, specialInstructions: "Sign on the back" };
    const first = await fetch(`${h.studio.baseUrl}/orders`, { method: "POST", headers: { authorization: `Bearer ${p.key}`, "idempotency-key": "same", "content-type": "application/json" }, body: JSON.stringify(body) });
    const reordered = await fetch(`${h.studio.baseUrl}/orders`, { method: "POST", headers: { authorization: `Bearer ${p.key}`, "idempotency-key": "same", "content-type": "application/json" }, body: JSON.stringify({ specialInstructions: "Sign on the back", quoteId: q.quoteId }) });
    expect(first.status).toBe(201);
    expect(reordered.status).toBe(201);
    expect(await reordered.text()).toBe(await first.text());
    expect(await h.control.orders(p.accountId)).toHaveLength(1);
    const different = await p.api("POST", "/orders", { quoteId: q.quoteId, specialInstructions: "other" }, { "idempotency-key": "same" });
    expect(different.status).toBe(409);
    expect(different.body.error?.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const [studioOrder] = await h.control.orders(p.accountId);
    expect(studioOrder.idempotencyKey).toBe("same");
    expect(studioOrder.quoteId).toBe(q.quoteId);
    expect(studioOrder.lines[0].externalReference).toBe("gid://shopify/LineItem/1");
  });

  it("WHEN a submission fails THEN the key is released for a corrected retry", async () => {
    const p = await partner(h);
    const q = await freshQuote(p);
    expect((await p.api("POST", "/orders", { quoteId: "qt_nope" }, { "idempotency-key": "retry-me" })).status).toBe(404);
    expect((await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "retry-me" })).status).toBe(201);
  });

  it("WHEN the first attempt is still in flight THEN a retry gets 409 with Retry-After, and later the original answer", async () => {
    const p = await partner(h);
    const q = await freshQuote(p);
    await h.control.addFault({ method: "POST", path: "/orders", kind: "timeout", delayMs: 1500, count: 1 });
    const slow = p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "slow" });
    await new Promise((r) => setTimeout(r, 200));
    const during = await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "slow" });
    expect(during.status).toBe(409);
    expect(during.body.error?.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(Number(during.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const original = await slow;
    expect(original.status).toBe(201);
    const after = await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "slow" });
    expect(after.body.data.orderId).toBe(original.body.data.orderId);
  });

  it("WHEN commit-then-500 hits THEN the order exists and the retry with the same key returns it; commit-then-reset likewise", async () => {
    const p = await partner(h);
    const q = await freshQuote(p);
    await h.control.addFault({ method: "POST", path: "/orders", kind: "commit-then-500", count: 1 });
    const failed = await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "c500" });
    expect(failed.status).toBe(500);
    expect(failed.body.error?.code).toBe("INTERNAL_ERROR");
    const orders = await h.control.orders(p.accountId);
    expect(orders).toHaveLength(1);
    expect((await h.control.invoices(p.accountId))[0].state).toBe("open");
    const retry = await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "c500" });
    expect(retry.status).toBe(201);
    expect(retry.body.data.orderId).toBe(orders[0].orderId);

    const q2 = await freshQuote(p);
    await h.control.addFault({ method: "POST", path: "/orders", kind: "commit-then-reset", count: 1 });
    await expect(p.api("POST", "/orders", { quoteId: q2.quoteId }, { "idempotency-key": "creset" })).rejects.toThrow();
    const again = await p.api("POST", "/orders", { quoteId: q2.quoteId }, { "idempotency-key": "creset" });
    expect(again.status).toBe(201);
    expect(await h.control.orders(p.accountId)).toHaveLength(2);
  });

  it("WHEN 500, 429 or reset faults hit THEN nothing is done", async () => {
    const p = await partner(h);
    const q = await freshQuote(p);
    await h.control.addFault({ method: "POST", path: "/orders", kind: "500", count: 1 });
    await h.control.addFault({ method: "POST", path: "/orders", kind: "429", retryAfterSeconds: 7, count: 1 });
    await h.control.addFault({ method: "POST", path: "/orders", kind: "reset", count: 1 });
    expect((await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "f" })).status).toBe(500);
    const throttled = await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "f" });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("7");
    await expect(p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "f" })).rejects.toThrow();
    expect(await h.control.orders(p.accountId)).toHaveLength(0);
    expect((await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "f" })).status).toBe(201);
    const log = await h.control.requests(p.accountId);
    expect(log.filter((e) => e.path === "/orders").map((e) => e.fault)).toEqual(["500", "429", "reset", null]);
  });

  it("THEN keys are scoped to the account", async () => {
    const a = await partner(h);
    const b = await partner(h);
    const qa = await freshQuote(a);
    const qb = await freshQuote(b);
    expect((await a.api("POST", "/orders", { quoteId: qa.quoteId }, { "idempotency-key": "shared" })).status).toBe(201);
    expect((await b.api("POST", "/orders", { quoteId: qb.quoteId }, { "idempotency-key": "shared" })).status).toBe(201);
  });
});

describe("POST /orders quote and credit rules", () => {
  it("WHEN the order would pass the credit limit THEN 402 with details, nothing written, quote unspent; a payment frees headroom", async () => {
    const p = await partner(h, { creditLimitCents: 1_000_000 });
    const first = await placeOrder(p.api, p.imageUrl);
    const q = await freshQuote(p);
    await h.control.patchAccount(p.accountId, { creditLimitCents: first.order.totalCents + q.totalCents - 1 });
    const refused = await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "credit" });
    expect(refused.status).toBe(402);
    expect(refused.body.error?.code).toBe("CREDIT_LIMIT_EXCEEDED");
    expect(refused.body.error?.details).toEqual({
      outstandingCents: first.order.totalCents, limitCents: first.order.totalCents + q.totalCents - 1,
      availableCents: q.totalCents - 1, orderCents: q.totalCents,
    });
    expect(await h.control.orders(p.accountId)).toHaveLength(1);
    expect(await h.control.invoices(p.accountId)).toHaveLength(1);
    expect((await p.api("GET", `/quotes/${q.quoteId}`)).body.data.consumedAt).toBeNull();
    await h.control.recordPayment(first.order.orderId, 1);
    const placed = await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "credit" });
    expect(placed.status).toBe(201);
  });

  it("WHEN a quote is used twice or has lapsed THEN 409 QUOTE_ALREADY_ORDERED / QUOTE_EXPIRED with details", async () => {
    const p = await partner(h);
    const { quote, order } = await placeOrder(p.api, p.imageUrl);
    const twice = await p.api("POST", "/orders", { quoteId: quote.quoteId }, { "idempotency-key": "second" });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: "QUOTE_ALREADY_ORDERED", details: { orderId: order.orderId } });
    expect((await p.api("GET", `/quotes/${quote.quoteId}`)).body.data.consumedAt).not.toBeNull();
    const q = await freshQuote(p);
    await h.control.advanceClock(24 * 3600);
    const lapsed = await p.api("POST", "/orders", { quoteId: q.quoteId }, { "idempotency-key": "late" });
    expect(lapsed.status).toBe(409);
    expect(lapsed.body.error).toMatchObject({ code: "QUOTE_EXPIRED" });
    expect(lapsed.body.error?.details.expiresAt).toBe((await p.api("GET", `/quotes/${q.quoteId}`)).body.data.expiresAt);
  });
});

describe("reading and cancelling orders", () => {
  it("THEN GET /orders pages newest first with an opaque cursor and null at the end", async () => {
    const p = await partner(h);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await placeOrder(p.api, p.imageUrl)).order.orderId);
    const page1 = await p.api("GET", "/orders?limit=2");
    expect(page1.body.data.map((o: { orderId: string }) => o.orderId)).toEqual([ids[2], ids[1]]);
    expect(typeof page1.body.nextCursor).toBe("string");
    const page2 = await p.api("GET", `/orders?limit=2&cursor=${encodeURIComponent(page1.body.nextCursor as string)}`);
    expect(page2.body.data.map((o: { orderId: string }) => o.orderId)).toEqual([ids[0]]);
    expect(page2.body.nextCursor).toBeNull();
    expect((await p.api("GET", "/orders?limit=101")).body.error?.code).toBe("VALIDATION_ERROR");
    const one = await p.api("GET", `/orders/${ids[0]}`);
    expect(one.body.data).toMatchObject({ orderId: ids[0], status: "received", isTest: true, shipments: [] });
    expect(one.body.data.orderNumber).toMatch(/^#\d+$/);
  });

  it("WHEN nothing happened at the studio THEN cancel voids the invoice; shipped, printed or paid orders are refused saying which", async () => {
    const p = await partner(h);
    const free = await placeOrder(p.api, p.imageUrl);
    await h.control.setOrderStatus(free.order.orderId, "in_production");
    const cancelled = await p.api("POST", `/orders/${free.order.orderId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("cancelled");
    expect((await h.control.invoices(p.accountId)).find((i) => i.orderId === free.order.orderId)?.state).toBe("void");

    const refusals: Array<[string, (id: string) => Promise<unknown>, RegExp]> = [
      ["shipped", (id) => h.control.addShipment(id, { carrier: "AusPost", trackingNumber: "TRK1" }), /shipped/],
      ["printed", (id) => h.control.markPrinted(id), /printed/],
      ["payment_recorded", (id) => h.control.recordPayment(id, 500), /money/],
    ];
    for (const [reason, act, text] of refusals) {
      const { order } = await placeOrder(p.api, p.imageUrl);
      await act(order.orderId);
      const res = await p.api("POST", `/orders/${order.orderId}/cancel`);
      expect(res.status).toBe(409);
      expect(res.body.error?.code).toBe("ORDER_NOT_CANCELLABLE");
      expect(res.body.error?.message).toMatch(text);
      expect(res.body.error?.details.reasons).toEqual(reason === "shipped" ? ["shipped", "printed"] : [reason]);
      expect((await p.api("GET", `/orders/${order.orderId}`)).body.data.status).not.toBe("cancelled");
    }
  });

  it("WHEN the studio ships THEN the order is shipped with tracking", async () => {
    const p = await partner(h);
    const { order } = await placeOrder(p.api, p.imageUrl);
    await h.control.addShipment(order.orderId, { carrier: "StarTrack", trackingNumber: "ST123", trackingUrl: "https://track.example/ST123" });
    await h.control.addShipment(order.orderId, { trackingNumber: "ST124" });
    const read = await p.api("GET", `/orders/${order.orderId}`);
    expect(read.body.data.status).toBe("shipped");
    expect(read.body.data.shipments).toHaveLength(2);
    expect(read.body.data.shipments[0]).toMatchObject({ carrier: "StarTrack", trackingNumber: "ST123", trackingUrl: "https://track.example/ST123" });
    expect(read.body.data.shipments[1]).toMatchObject({ carrier: null, trackingNumber: "ST124", trackingUrl: null });
    await h.control.voidShipment(order.orderId, "ST123");
    const afterVoid = await p.api("GET", `/orders/${order.orderId}`);
    expect(afterVoid.body.data.shipments.map((s: { trackingNumber: string }) => s.trackingNumber)).toEqual(["ST124"]);
    expect(afterVoid.body.data.status).toBe("shipped");
  });
});
