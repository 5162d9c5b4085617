// End to end, over real HTTP: Shopify sandbox -> app (orders/paid) -> worker -> studio simulator
// (upload, quote, order) -> studio ships (control surface) -> studio webhook -> app -> Shopify
// fulfilment of the print lines only, with tracking and the customer notified.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import db from "~/db.server";
import type { Worker } from "~/pipeline/worker.server";
import { adminClient } from "~/shopify/admin-graphql.server";
import { createFulfillment, readOrderFulfillment } from "~/shopify/fulfillment.server";
import { ADDRESS, printOrderFor, startHarness, waitFor, type Harness } from "./harness";

let h: Harness;
let worker: Worker;
beforeAll(async () => {
  h = await startHarness();
  worker = h.startWorker();
});
afterAll(async () => {
  await h?.close();
});

describe("a paid order with print lines and an ordinary line", () => {
  it("GIVEN a mixed order WHEN it is paid and the studio ships it THEN only the print lines are fulfilled, with tracking, once", async () => {
    const { orderId } = await h.shopify.createOrder(h.shop, {
      lineItems: [
        { variantId: h.printVariants[0], quantity: 2 },
        { variantId: h.propertyVariant, quantity: 1, properties: [{ name: "Artwork", value: `${h.art.origin}/art/customer-photo.png` }] },
        { variantId: h.plainVariant, quantity: 1 },
      ],
      shippingAddress: ADDRESS,
      shippingLine: { title: "Standard", price: "10.00" },
      email: "ada@example.org",
      deliver: true,
    });
    const placed = await waitFor("the print order to be placed", async () => {
      const po = await printOrderFor(h.shop, orderId);
      return po?.studioOrderId ? po : null;
    });
    expect(placed.lines).toHaveLength(2);
    // "Standard" is mapped in the shop's shipping policy: no discovery round.
    expect(placed.shippingMethodId).toBe("au-standard");
    const studioOrders = await h.studio.orders(h.studioAccountId);
    expect(studioOrders).toHaveLength(1);
    expect(studioOrders[0].lines.map((l) => l.externalReference).sort()).toEqual(placed.lines.map((l) => l.shopifyLineItemGid).sort());
    expect(studioOrders[0].lines.map((l) => l.quantity).sort()).toEqual([1, 2]);

    await h.studio.addShipment(placed.studioOrderId as string, { carrier: "AusPost", trackingNumber: "AP123456789AU", trackingUrl: "https://auspost.example/track/AP123456789AU" });
    const fulfilled = await waitFor("the fulfilment to be written", async () => {
      const po = await printOrderFor(h.shop, orderId);
      return po?.shopifyFulfillmentGid ? po : null;
    });
    expect(fulfilled.state).toBe("fulfilled");

    const order = await h.shopify.getOrder(h.shop, orderId);
    expect(order.fulfillments).toHaveLength(1);
    const f = order.fulfillments[0];
    expect(f.notifyCustomer).toBe(true);
    expect(f.trackingInfo).toEqual([{ company: "AusPost", number: "AP123456789AU", url: "https://auspost.example/track/AP123456789AU" }]);
    const printLineIds = new Set(placed.lines.map((l) => l.shopifyLineItemGid));
    const fulfilledLines = order.lineItems.filter((li) => li.fulfilledQuantity > 0);
    expect(fulfilledLines.map((li) => li.id).sort()).toEqual([...printLineIds].sort());
    expect(order.lineItems.find((li) => !printLineIds.has(li.id))?.fulfilledQuantity).toBe(0);
    expect(order.displayFulfillmentStatus).toBe("PARTIALLY_FULFILLED");

    const types = fulfilled.events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["received", "artwork_uploaded", "quoted", "placed", "parcel", "fulfilment_written"]));
  });

  it("GIVEN a shipped order WHEN a second parcel ships (and Shopify throttles) THEN the same fulfilment gets both tracking numbers", async () => {
    await h.shopify.addFault({ operation: "PrintFulfillmentCreate", kind: "throttled", count: 2 });
    await h.shopify.addFault({ operation: "PrintFulfillmentTrackingUpdate", kind: "throttled", count: 1 });
    const { orderId } = await h.shopify.createOrder(h.shop, {
      lineItems: [{ variantId: h.printVariants[1], quantity: 1 }],
      shippingAddress: ADDRESS,
      email: "ada@example.org",
      deliver: true,
    });
    const placed = await waitFor("placed", async () => (await printOrderFor(h.shop, orderId))?.studioOrderId ?? null);
    await h.studio.addShipment(placed, { carrier: "AusPost", trackingNumber: "BOX-1", trackingUrl: "https://auspost.example/track/BOX-1" });
    await waitFor("first parcel written", async () => (await printOrderFor(h.shop, orderId))?.shopifyFulfillmentGid ?? null);
    await h.studio.addShipment(placed, { carrier: "AusPost", trackingNumber: "BOX-2", trackingUrl: "https://auspost.example/track/BOX-2" });
    await waitFor("second parcel written", async () => {
      const po = await printOrderFor(h.shop, orderId);
      return po && po.shipments.length === 2 && po.shipments.every((s) => s.writtenAt) ? po : null;
    });
    const order = await h.shopify.getOrder(h.shop, orderId);
    expect(order.fulfillments).toHaveLength(1);
    expect(order.fulfillments[0].trackingInfo.map((t) => t.number).sort()).toEqual(["BOX-1", "BOX-2"]);
  });

  it("GIVEN an order of nothing mapped WHEN it is paid THEN it is recorded as nothing to print and the studio hears nothing", async () => {
    const before = (await h.studio.orders(h.studioAccountId)).length;
    const { orderId } = await h.shopify.createOrder(h.shop, { lineItems: [{ variantId: h.plainVariant, quantity: 3 }], shippingAddress: ADDRESS, email: "ada@example.org", deliver: true });
    const po = await waitFor("recorded", () => printOrderFor(h.shop, orderId));
    expect(po.state).toBe("nothing_to_print");
    expect(po.lines).toHaveLength(0);
    expect(await db.printOrder.count({ where: { shopifyOrderGid: orderId } })).toBe(1);
    expect((await h.studio.orders(h.studioAccountId)).length).toBe(before);
  });

  it("GIVEN the merchant fulfilled one print line by hand WHEN the studio ships THEN only the other print line is fulfilled and the hand-fulfilled one is noted", async () => {
    const { orderId } = await h.shopify.createOrder(h.shop, {
      lineItems: [{ variantId: h.printVariants[0], quantity: 1 }, { variantId: h.printVariants[1], quantity: 1 }, { variantId: h.plainVariant, quantity: 1 }],
      shippingAddress: ADDRESS,
      email: "ada@example.org",
      deliver: true,
    });
    const placed = await waitFor("placed", async () => {
      const po = await printOrderFor(h.shop, orderId);
      return po?.studioOrderId ? po : null;
    });
    const byHand = placed.lines.find((l) => l.position === 0)!;
    const client = await adminClient(h.shop);
    const state = await readOrderFulfillment(client, orderId);
    const fo = state!.fulfillmentOrders.nodes[0];
    const foLine = fo.lineItems.nodes.find((li) => li.lineItem.id === byHand.shopifyLineItemGid)!;
    await createFulfillment(client, [{ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: foLine.id, quantity: 1 }] }], { company: null, numbers: ["BY-HAND-1"], urls: [] }, false);

    await h.studio.addShipment(placed.studioOrderId as string, { carrier: "AusPost", trackingNumber: "AUTO-1" });
    const done = await waitFor("fulfilled", async () => {
      const po = await printOrderFor(h.shop, orderId);
      return po?.shopifyFulfillmentGid ? po : null;
    });
    expect(done.lines.find((l) => l.id === byHand.id)?.fulfilledByHand).toBe(true);
    expect(done.events.some((e) => e.type === "fulfilled_by_hand")).toBe(true);
    const order = await h.shopify.getOrder(h.shop, orderId);
    const ours = order.fulfillments.find((f) => f.id === done.shopifyFulfillmentGid)!;
    expect(ours.lineItems.map((l) => l.lineItemId)).toEqual([done.lines.find((l) => l.position === 1)!.shopifyLineItemGid]);
    expect(order.fulfillments).toHaveLength(2);
  });

  it("GIVEN a worker that created the fulfilment and died before recording it WHEN another resumes THEN it finds that fulfilment and creates no second one", async () => {
    const { orderId } = await h.shopify.createOrder(h.shop, { lineItems: [{ variantId: h.printVariants[0], quantity: 1 }], shippingAddress: ADDRESS, email: "ada@example.org", deliver: true });
    const placed = await waitFor("placed", async () => {
      const po = await printOrderFor(h.shop, orderId);
      return po?.studioOrderId ? po : null;
    });
    await worker.stop();
    // What the dead worker had done: the recovery point before fulfillmentCreate, then the call itself.
    await db.printOrder.update({ where: { id: placed.id }, data: { fulfillmentWriteStartedAt: new Date() } });
    const client = await adminClient(h.shop);
    const fo = (await readOrderFulfillment(client, orderId))!.fulfillmentOrders.nodes[0];
    await createFulfillment(client, [{ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: fo.lineItems.nodes.map((li) => ({ id: li.id, quantity: li.remainingQuantity })) }], { company: "AusPost", numbers: ["CRASH-1"], urls: [] }, true);
    await h.studio.addShipment(placed.studioOrderId as string, { carrier: "AusPost", trackingNumber: "CRASH-1" });

    worker = h.startWorker();
    const done = await waitFor("recorded", async () => {
      const po = await printOrderFor(h.shop, orderId);
      return po?.shopifyFulfillmentGid && po.shipments.every((s) => s.writtenAt) ? po : null;
    });
    expect(done.events.some((e) => e.type === "fulfilment_found")).toBe(true);
    expect((await h.shopify.getOrder(h.shop, orderId)).fulfillments).toHaveLength(1);
  });

  it("GIVEN studio webhooks that cannot reach the app WHEN the studio ships THEN polling finds the parcel and writes the tracking", async () => {
    await worker.stop();
    worker = h.startWorker({ config: { pollIntervalMs: 300 } });
    await db.shop.update({ where: { domain: h.shop }, data: { studioWebhookSecretEnc: null } });
    const { orderId } = await h.shopify.createOrder(h.shop, { lineItems: [{ variantId: h.printVariants[0], quantity: 1 }], shippingAddress: ADDRESS, email: "ada@example.org", deliver: true });
    const placed = await waitFor("placed", async () => {
      const po = await printOrderFor(h.shop, orderId);
      return po?.studioOrderId ? po : null;
    });
    await h.studio.addShipment(placed.studioOrderId as string, { carrier: "AusPost", trackingNumber: "POLLED-1" });
    await waitFor("written by polling", async () => (await printOrderFor(h.shop, orderId))?.shopifyFulfillmentGid);
    const deliveries = (await h.studio.webhookDeliveries()).filter((d) => d.orderId === placed.studioOrderId);
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => d.attempts.every((a) => a.status !== 200))).toBe(true);
    expect((await h.shopify.getOrder(h.shop, orderId)).fulfillments[0].trackingInfo.map((t) => t.number)).toEqual(["POLLED-1"]);
  });
});
