// Many orders at once, each orders/paid delivered three times concurrently, with studio faults
// injected at random: every Shopify order gets exactly one studio order, one fulfilment, and only
// its print line fulfilled. (A small version of the acceptance check's load.)
import { afterAll, beforeAll, expect, it } from "vitest";
import db from "~/db.server";
import { ADDRESS, startHarness, waitFor, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.startWorker({ concurrency: 4 });
  h.startWorker({ concurrency: 4 });
});
afterAll(async () => {
  await h?.close();
});

const ORDERS = 24;

it(`GIVEN ${ORDERS} orders delivered 3 times each with random studio faults THEN one studio order and one fulfilment each`, { timeout: 600_000 }, async () => {
  for (const path of ["/uploads", "/quotes", "/orders"]) {
    await h.studio.addFault({ method: "POST", path, kind: "commit-then-500", probability: 0.15 });
    await h.studio.addFault({ method: "POST", path, kind: "reset", probability: 0.1 });
  }
  await h.studio.addFault({ method: "GET", path: "/orders/*", kind: "500", probability: 0.2 });
  const ids = await Promise.all(
    Array.from({ length: ORDERS }, async (_, i) => {
      const { orderId } = await h.shopify.createOrder(h.shop, {
        lineItems: [
          { variantId: h.propertyVariant, quantity: 1 + (i % 3), properties: [{ name: "Artwork", value: `${h.art.origin}/art/load-${i % 7}.png` }] },
          { variantId: h.plainVariant, quantity: 1 },
        ],
        shippingAddress: ADDRESS,
        shippingLine: { title: "Standard", price: "10.00" },
        email: `load${i}@example.org`,
      });
      await h.shopify.deliverWebhook(h.shop, { topic: "orders/paid", orderId, times: 3, concurrent: true });
      return orderId;
    }),
  );
  const placed = await waitFor(
    "every order placed",
    async () => {
      const rows = await db.printOrder.findMany({ where: { shopifyOrderGid: { in: ids } }, include: { lines: true } });
      return rows.length === ORDERS && rows.every((r) => r.studioOrderId) ? rows : null;
    },
    300_000,
  );
  for (const po of placed) await h.studio.addShipment(po.studioOrderId as string, { carrier: "AusPost", trackingNumber: `LD-${po.id}` });
  await waitFor(
    "every order fulfilled",
    async () => (await db.printOrder.count({ where: { shopifyOrderGid: { in: ids }, shopifyFulfillmentGid: { not: null } } })) === ORDERS,
    300_000,
  );
  const studioOrders = await h.studio.orders(h.studioAccountId);
  for (const po of placed) {
    const line = po.lines[0].shopifyLineItemGid;
    expect(studioOrders.filter((o) => o.lines.some((l) => l.externalReference === line)).length).toBe(1);
    const order = await h.shopify.getOrder(h.shop, po.shopifyOrderGid);
    expect(order.fulfillments).toHaveLength(1);
    expect(order.lineItems.filter((l) => l.fulfilledQuantity > 0).map((l) => l.id)).toEqual([line]);
  }
  expect(studioOrders.length).toBe(ORDERS);
});
