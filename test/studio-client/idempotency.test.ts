// Idempotency end to end: POST /orders retried with the same Idempotency-Key and the same bytes
// gives one order and one invoice, whatever failed in between.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioIdempotencyKeyReusedError, StudioIdempotencyKeyInFlightError, type Order } from "../../app/studio";
import { realSleep } from "../../app/studio/clock";
import { recordingLogger } from "./scripted-studio";
import { heldQuote, rejection, requestsTo, startWorld, type World } from "./world";

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.control.clearFaults();
  await world.close();
});

async function expectOneOrderOneInvoice(accountId: string, order: Order) {
  const orders = await world.control.orders(accountId);
  expect(orders.map((o) => o.orderId)).toEqual([order.orderId]);
  const invoices = await world.control.invoices(accountId);
  expect(invoices).toHaveLength(1);
  expect(invoices[0]).toMatchObject({ orderId: order.orderId, amountCents: order.totalCents, state: "open" });
}

describe("idempotent order creation", () => {
  it("GIVEN an order created WHEN the same key and body are sent again THEN the original order is replayed, not duplicated", async () => {
    const { client, accountId } = await world.account();
    const quote = await heldQuote(client);
    const first = await client.orders.create({ quoteId: quote.quoteId, specialInstructions: "Signed edition" }, { idempotencyKey: "shop-7-order-1" });
    const again = await client.orders.create({ specialInstructions: "Signed edition", quoteId: quote.quoteId }, { idempotencyKey: "shop-7-order-1" });
    expect(again).toEqual(first);
    await expectOneOrderOneInvoice(accountId, first);
  });

  it("GIVEN raw bodies whose keys come in another order WHEN sent with the same key THEN the studio compares canonically and replays", async () => {
    const { client, accountId } = await world.account();
    const quote = await heldQuote(client);
    const headers = { "idempotency-key": "canonical-1" };
    const a = await client.rawRequest("POST", "/orders", { headers, body: { specialInstructions: "x", quoteId: quote.quoteId } });
    const b = await client.rawRequest("POST", "/orders", { headers, body: { quoteId: quote.quoteId, specialInstructions: "x", ignored: undefined } });
    expect(b).toEqual(a);
    expect(JSON.stringify({ specialInstructions: "x", quoteId: quote.quoteId })).not.toBe(JSON.stringify({ quoteId: quote.quoteId, specialInstructions: "x" }));
    expect(await world.control.orders(accountId)).toHaveLength(1);
  });

  it("GIVEN a used key WHEN sent with another body THEN 409 without Retry-After, not retried, logged at error level", async () => {
    const logger = recordingLogger();
    const { client, accountId } = await world.account({ client: { logger } });
    const quote = await heldQuote(client);
    await client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: "reuse-1" });
    const error = await rejection(client.orders.create({ quoteId: quote.quoteId, specialInstructions: "changed" }, { idempotencyKey: "reuse-1" }));
    expect(error).toBeInstanceOf(StudioIdempotencyKeyReusedError);
    expect(error).not.toBeInstanceOf(StudioIdempotencyKeyInFlightError);
    expect(requestsTo(await world.control.requests(accountId), "POST", "/orders").map((r) => r.status)).toEqual([201, 409]);
    expect(logger.lines.filter((l) => l.level === "error").map((l) => l.obj.code)).toEqual(["IDEMPOTENCY_KEY_REUSED"]);
  });

  it("GIVEN the first attempt still running (timeout fault) WHEN the client retries THEN 409 + Retry-After is waited out exactly and the order replays", async () => {
    const logger = recordingLogger();
    const sleeps: number[] = [];
    const { client: setup, key, accountId } = await world.account();
    const quote = await heldQuote(setup);
    // Only this client gives up early: the first attempt is still running at the studio when it retries.
    const client = world.clientFor(key, { logger, fetchTimeoutMs: 500, retry: { maxAttempts: 10, baseDelayMs: 20, maxDelayMs: 50, sleep: (ms, signal) => (sleeps.push(ms), realSleep(ms, signal)) } });
    await world.control.addFault({ method: "POST", path: "/orders", kind: "timeout", delayMs: 2_500, count: 1 });
    const order = await client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: "slow-1" });
    expect(order.quoteId).toBe(quote.quoteId);
    await expectOneOrderOneInvoice(accountId, order);
    const inFlight = logger.lines.filter((l) => l.msg === "studio request" && l.obj.code === "IDEMPOTENCY_KEY_REUSED");
    expect(inFlight.length).toBeGreaterThan(0);
    for (const line of inFlight) {
      expect(line.obj.retryAfter).toBeGreaterThan(0);
      expect(sleeps).toContain((line.obj.retryAfter as number) * 1000);
    }
    expect(logger.lines.filter((l) => l.level === "error")).toEqual([]);
    const statuses = requestsTo(await world.control.requests(accountId), "POST", "/orders").map((r) => r.errorCode ?? r.status);
    expect(statuses).toContain("IDEMPOTENCY_KEY_REUSED");
  });

  it("GIVEN a 402 WHEN the limit is raised and the same key and body are sent THEN the key was released and the order is created", async () => {
    const { client, accountId } = await world.account({ creditLimitCents: 1 });
    const quote = await heldQuote(client);
    await rejection(client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: "credit-retry" }));
    await world.control.patchAccount(accountId, { creditLimitCents: null });
    const order = await client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: "credit-retry" });
    await expectOneOrderOneInvoice(accountId, order);
  });

  for (const kind of ["commit-then-500", "commit-then-reset"] as const) {
    it(`GIVEN ${kind} on the first POST /orders WHEN the client retries with the same key THEN the same order comes back and ONE invoice exists`, async () => {
      const { client, accountId } = await world.account();
      const quote = await heldQuote(client);
      await world.control.addFault({ method: "POST", path: "/orders", kind, count: 1 });
      const order = await client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: `${kind}-1` });
      await expectOneOrderOneInvoice(accountId, order);
      const studioSide = await world.control.orders(accountId);
      expect(studioSide[0].idempotencyKey).toBe(`${kind}-1`);
      const posts = requestsTo(await world.control.requests(accountId), "POST", "/orders");
      expect(posts).toHaveLength(2);
      expect(posts[1].status).toBe(201);
    });
  }
});
