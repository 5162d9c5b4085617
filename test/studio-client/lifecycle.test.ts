// Quote expiry, test/live separation, other accounts' ids, and cancellation rules, against the simulator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioNotFoundError, StudioOrderNotCancellableError, StudioQuoteExpiredError } from "../../app/studio";
import { extraKey, heldQuote, rejection, startWorld, type World } from "./world";

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

describe("quote hold", () => {
  it("GIVEN a held quote WHEN 24 h pass (simulated) THEN it is still readable but ordering it is QUOTE_EXPIRED, and nothing is billed", async () => {
    const { client, accountId } = await world.account();
    const [quote, twin] = [await heldQuote(client), await heldQuote(client)];
    await world.control.advanceClock(24 * 3600 - 120);
    const stillHeld = await client.orders.create({ quoteId: twin.quoteId }, { idempotencyKey: "control-order" });
    expect(stillHeld.totalCents).toBe(twin.totalCents); // 2 minutes before expiry the twin is still orderable
    await world.control.advanceClock(180);
    const reread = await client.quotes.get(quote.quoteId);
    expect(reread).toEqual(quote);
    const error = await rejection(client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: `expired-${quote.quoteId}` }));
    expect(error).toBeInstanceOf(StudioQuoteExpiredError);
    expect((error as StudioQuoteExpiredError).details.expiresAt).toBe(quote.expiresAt);
    expect((await world.control.orders(accountId)).map((o) => o.quoteId)).not.toContain(quote.quoteId);
  });
});

describe("environments and accounts", () => {
  it("GIVEN test and live keys of one account WHEN each orders THEN neither sees, lists nor cancels the other's orders", async () => {
    const { client: test, accountId } = await world.account();
    const live = (await extraKey(world, accountId, "live")).client;
    expect([test.environment, live.environment]).toEqual(["test", "live"]);
    const testOrder = await test.orders.create({ quoteId: (await heldQuote(test)).quoteId }, { idempotencyKey: "t-1" });
    const liveQuote = await heldQuote(live);
    expect(liveQuote.environment).toBe("live");
    const liveOrder = await live.orders.create({ quoteId: liveQuote.quoteId }, { idempotencyKey: "l-1" });
    expect([testOrder.isTest, liveOrder.isTest]).toEqual([true, false]);
    expect(await rejection(live.orders.get(testOrder.orderId))).toBeInstanceOf(StudioNotFoundError);
    expect(await rejection(test.orders.get(liveOrder.orderId))).toBeInstanceOf(StudioNotFoundError);
    expect(await rejection(test.orders.cancel(liveOrder.orderId))).toBeInstanceOf(StudioNotFoundError);
    const listed = async (c: typeof test) => {
      const ids: string[] = [];
      for await (const o of c.orders.list()) ids.push(o.orderId);
      return ids;
    };
    expect(await listed(test)).toEqual([testOrder.orderId]);
    expect(await listed(live)).toEqual([liveOrder.orderId]);
    expect((await live.orders.get(liveOrder.orderId)).status).not.toBe("cancelled");
  });

  it("GIVEN another account's quote and order ids WHEN read or cancelled THEN 404, never 403", async () => {
    const owner = await world.account();
    const quote = await heldQuote(owner.client);
    const order = await owner.client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: "own-1" });
    const { client: stranger } = await world.account();
    for (const attempt of [stranger.quotes.get(quote.quoteId), stranger.orders.get(order.orderId), stranger.orders.cancel(order.orderId)]) {
      const error = await rejection(attempt);
      expect(error).toBeInstanceOf(StudioNotFoundError);
    }
    expect((await owner.client.orders.get(order.orderId)).status).not.toBe("cancelled");
  });
});

describe("cancellation", () => {
  async function placed() {
    const acct = await world.account();
    const quote = await heldQuote(acct.client);
    const order = await acct.client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: `c-${quote.quoteId}` });
    return { ...acct, order };
  }

  it("GIVEN an untouched order WHEN cancelled THEN status cancelled, invoice void, quote stays consumed", async () => {
    const { client, accountId, order } = await placed();
    const cancelled = await client.orders.cancel(order.orderId);
    expect(cancelled.status).toBe("cancelled");
    expect((await client.orders.get(order.orderId)).status).toBe("cancelled");
    expect((await world.control.invoices(accountId)).map((i) => i.state)).toEqual(["void"]);
    expect((await client.quotes.get(order.quoteId ?? "")).consumedAt).not.toBeNull();
  });

  for (const [what, act, says] of [
    ["shipped", (id: string) => world.control.addShipment(id, { trackingNumber: "TRK-1" }), /ship/i],
    ["printed", (id: string) => world.control.markPrinted(id), /print/i],
    ["paid", (id: string) => world.control.recordPayment(id, 100), /pa(id|yment)|money/i],
  ] as const) {
    it(`GIVEN an order the studio ${what} WHEN cancelled THEN ORDER_NOT_CANCELLABLE whose message says which, order unchanged`, async () => {
      const { client, order } = await placed();
      await act(order.orderId);
      const before = await client.orders.get(order.orderId);
      const error = await rejection(client.orders.cancel(order.orderId));
      expect(error).toBeInstanceOf(StudioOrderNotCancellableError);
      expect((error as StudioOrderNotCancellableError).message).toMatch(says);
      expect(await client.orders.get(order.orderId)).toEqual(before);
    });
  }

  it("GIVEN a shipped order WHEN read THEN status shipped with the parcel's tracking", async () => {
    const { client, order } = await placed();
    await world.control.addShipment(order.orderId, { carrier: "AusPost", trackingNumber: "TRK-9", trackingUrl: "https://track.example/TRK-9" });
    const read = await client.orders.get(order.orderId);
    expect(read.status).toBe("shipped");
    expect(read.shipments).toEqual([expect.objectContaining({ carrier: "AusPost", trackingNumber: "TRK-9", trackingUrl: "https://track.example/TRK-9" })]);
  });
});
