// Exactly one studio order per Shopify order, none lost: concurrent duplicate deliveries, every
// studio fault kind at every step, several workers, and a worker abandoned mid-request whose order
// another worker resumes from the last recovery point.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import db from "~/db.server";
import type { StudioFaultKind, StudioOrder } from "../support/studio-control";
import { ADDRESS, printOrderFor, startHarness, waitFor, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function studioOrdersByShopifyLine(): Promise<Map<string, StudioOrder[]>> {
  const byLine = new Map<string, StudioOrder[]>();
  for (const o of await h.studio.orders(h.studioAccountId)) {
    for (const l of o.lines) if (l.externalReference) byLine.set(l.externalReference, [...(byLine.get(l.externalReference) ?? []), o]);
  }
  return byLine;
}

async function paidOrder(n: number, deliver = true): Promise<string> {
  const { orderId } = await h.shopify.createOrder(h.shop, {
    lineItems: [
      { variantId: h.propertyVariant, quantity: 1, properties: [{ name: "Artwork", value: `${h.art.origin}/art/customer-${n}.png` }] },
      { variantId: h.plainVariant, quantity: 1 },
    ],
    shippingAddress: ADDRESS,
    email: `buyer${n}@example.org`,
    deliver,
  });
  return orderId;
}

describe("exactly once", () => {
  it("GIVEN the same orders/paid delivered 3 times at once THEN one print order and one studio order", async () => {
    const worker = h.startWorker();
    const orderId = await paidOrder(1, false);
    const { deliveries } = await h.shopify.deliverWebhook(h.shop, { topic: "orders/paid", orderId, times: 3, concurrent: true });
    expect(deliveries.map((d) => d.responseStatus ?? d.status)).toEqual([200, 200, 200]);
    const po = await waitFor("placed", async () => (await printOrderFor(h.shop, orderId))?.studioOrderId ? printOrderFor(h.shop, orderId) : null);
    expect(await db.printOrder.count({ where: { shopifyOrderGid: orderId } })).toBe(1);
    const byLine = await studioOrdersByShopifyLine();
    expect(byLine.get(po!.lines[0].shopifyLineItemGid)).toHaveLength(1);
    await worker.stop();
  });

  it("GIVEN every studio fault kind at every step and two workers THEN every order is placed and fulfilled exactly once", async () => {
    const kinds: StudioFaultKind[] = ["500", "429", "reset", "commit-then-500", "commit-then-reset", "timeout"];
    const steps = [
      { method: "POST", path: "/uploads" },
      { method: "POST", path: "/quotes" },
      { method: "POST", path: "/orders" },
      { method: "GET", path: "/orders/*" },
    ];
    for (const kind of kinds) {
      for (const s of steps) await h.studio.addFault({ ...s, kind, count: 1, retryAfterSeconds: 1, delayMs: 3_500 });
    }
    const workers = [h.startWorker({ concurrency: 3 }), h.startWorker({ concurrency: 3 })];
    const orders: string[] = [];
    for (let n = 10; n < 22; n++) orders.push(await paidOrder(n));
    const placed = await waitFor(
      "every order placed",
      async () => {
        const rows = await Promise.all(orders.map((o) => printOrderFor(h.shop, o)));
        return rows.every((r) => r?.studioOrderId) ? rows : null;
      },
      120_000,
    );
    for (const po of placed) await h.studio.addShipment(po!.studioOrderId as string, { carrier: "StarTrack", trackingNumber: `ST-${po!.id}` });
    await waitFor(
      "every order fulfilled",
      async () => {
        const rows = await Promise.all(orders.map((o) => printOrderFor(h.shop, o)));
        return rows.every((r) => r?.shopifyFulfillmentGid) ? rows : null;
      },
      120_000,
    );
    const byLine = await studioOrdersByShopifyLine();
    for (const po of placed) {
      expect(byLine.get(po!.lines[0].shopifyLineItemGid), po!.shopifyOrderName).toHaveLength(1);
      const order = await h.shopify.getOrder(h.shop, po!.shopifyOrderGid);
      expect(order.fulfillments).toHaveLength(1);
      expect(order.lineItems.filter((l) => l.fulfilledQuantity > 0).map((l) => l.id)).toEqual([po!.lines[0].shopifyLineItemGid]);
    }
    // A delayed (timeout) request is logged by the studio when it finally answers: wait for the log.
    const expected = kinds.flatMap((k) => steps.map((s) => `${s.method} ${s.path} ${k}`));
    const missing = async () => {
      const seen = new Set((await h.studio.requests(h.studioAccountId)).filter((r) => r.fault).map((r) => `${r.method} ${r.path.replace(/\/orders\/[^/]+$/, "/orders/*")} ${r.fault}`));
      return expected.filter((e) => !seen.has(e));
    };
    await waitFor("every fault to have fired", async () => (await missing()).length === 0, 10_000).catch(() => undefined);
    expect(await missing()).toEqual([]);
    await Promise.all(workers.map((w) => w.stop()));
    await h.studio.clearFaults();
  });

  it("GIVEN a worker abandoned while its POST /orders is in flight WHEN another worker takes over after the lease expires THEN one studio order", async () => {
    await h.studio.addFault({ method: "POST", path: "/orders", kind: "timeout", count: 1, delayMs: 2_000 });
    const first = h.startWorker({ config: { leaseMs: 1_500 }, studioTimeoutMs: 10_000 });
    const orderId = await paidOrder(40);
    await waitFor("placing", async () => (await printOrderFor(h.shop, orderId))?.state === "placing");
    const key = (await printOrderFor(h.shop, orderId))?.idempotencyKey;
    first.abandon();
    const second = h.startWorker({ config: { leaseMs: 1_500 } });
    const po = await waitFor("placed by the second worker", async () => {
      const row = await printOrderFor(h.shop, orderId);
      return row?.studioOrderId ? row : null;
    });
    expect(po.idempotencyKey).toBe(key);
    const byLine = await studioOrdersByShopifyLine();
    expect(byLine.get(po.lines[0].shopifyLineItemGid)).toHaveLength(1);
    await second.stop();
  });
});
