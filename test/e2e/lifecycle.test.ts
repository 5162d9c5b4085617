// The order's life after placing, over real HTTP: credit limit then payment, quote expiry before
// placing, duplicated and out-of-order studio events, cancellation both ways (refused and
// accepted), the studio cancelling, customers/redact, app/uninstalled and shop/redact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import db from "~/db.server";
import { saveShopSettings } from "~/models/shop-settings.server";
import { resumeShopWork } from "~/pipeline/shop-work.server";
import { approvePrintOrder, recordRefundDecision, retryPrintOrder, updateAddressAndRequote } from "~/pipeline/actions.server";
import { signStudioWebhook } from "~/studio";
import { ADDRESS, printOrderFor, startHarness, waitFor, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.startWorker({ concurrency: 3 });
});
afterAll(async () => {
  await h?.close();
});

let n = 0;
async function paidOrder(opts: { deliver?: boolean; email?: string } = {}): Promise<string> {
  n++;
  const { orderId } = await h.shopify.createOrder(h.shop, {
    lineItems: [{ variantId: h.printVariants[0], quantity: 1 }, { variantId: h.plainVariant, quantity: 1 }],
    shippingAddress: ADDRESS,
    email: opts.email ?? `life${n}@example.org`,
    deliver: opts.deliver ?? true,
  });
  return orderId;
}

const placedOrder = (orderId: string) =>
  waitFor(`order ${orderId} placed`, async () => {
    const po = await printOrderFor(h.shop, orderId);
    return po?.studioOrderId ? po : null;
  });

async function settle(orderId: string) {
  // The order has no work due and nobody holds it.
  return waitFor(`order ${orderId} settled`, async () => {
    const po = await printOrderFor(h.shop, orderId);
    return po && po.leaseOwner === null && (po.nextAttemptAt === null || po.nextAttemptAt.getTime() > Date.now() + 1_000) ? po : null;
  });
}

async function setPolicy(submissionPolicy: "immediate" | "manual") {
  const r = await saveShopSettings(h.shop, { submissionPolicy, shippingPolicy: { methods: {}, fallback: "cheapest" }, defaultRushTier: "standard", whiteLabel: true, notifyCustomer: true });
  expect(r.ok).toBe(true);
}

describe("credit and quote expiry", () => {
  it("GIVEN the credit limit is reached WHEN the quote expires and then a payment is recorded THEN the order is re-quoted and placed once", async () => {
    const first = await placedOrder(await paidOrder());
    await h.studio.patchAccount(h.studioAccountId, { creditLimitCents: (first.studioTotalCents ?? 0) + 1 });
    const secondId = await paidOrder();
    const waiting = await waitFor("waiting for credit", async () => {
      const po = await printOrderFor(h.shop, secondId);
      return po?.state === "waiting_credit" ? po : null;
    });
    expect(waiting.attentionCode).toBe("CREDIT_LIMIT_EXCEEDED");
    expect(waiting.attentionAction).toContain("Pay an open studio invoice");
    const firstQuote = waiting.quoteId;

    await h.studio.advanceClock(25 * 3600);
    await h.studio.recordPayment(first.studioOrderId as string, first.studioTotalCents ?? 0);
    expect(await retryPrintOrder(h.shop, waiting.id)).toEqual({ ok: true });
    const placed = await placedOrder(secondId);
    expect(placed.quoteId).not.toBe(firstQuote);
    expect(placed.events.map((e) => e.type)).toEqual(expect.arrayContaining(["waiting_credit", "quote_expired", "placed"]));
    expect(placed.events.filter((e) => e.type === "quoted")).toHaveLength(2);
    const ours = (await h.studio.orders(h.studioAccountId)).filter((o) => o.lines.some((l) => l.externalReference === placed.lines[0].shopifyLineItemGid));
    expect(ours).toHaveLength(1);
    await h.studio.patchAccount(h.studioAccountId, { creditLimitCents: null });
  });
});

describe("merchant actions", () => {
  it("GIVEN an address the studio refuses THEN the reason is shown, and a corrected address is re-quoted and placed", async () => {
    const { orderId } = await h.shopify.createOrder(h.shop, {
      lineItems: [{ variantId: h.printVariants[0], quantity: 1 }],
      shippingAddress: { ...ADDRESS, zip: "30000" },
      email: "addr@example.org",
      deliver: true,
    });
    const stuck = await waitFor("needs attention", async () => {
      const po = await printOrderFor(h.shop, orderId);
      return po?.state === "needs_attention" ? po : null;
    });
    expect(stuck.attentionCode).toBe("SHIPPING_ADDRESS_INCOMPLETE");
    expect(stuck.attentionMessage).toContain("30000");
    expect(stuck.attentionAction).toContain("address");
    expect(await updateAddressAndRequote(h.shop, stuck.id, { name: "Ada Lovelace", line1: "12 Gallery Lane", city: "Melbourne", state: "VIC", postcode: "", country: "AU" })).toMatchObject({ ok: false });
    expect(await updateAddressAndRequote("other.myshopify.com", stuck.id, {})).toEqual({ ok: false, message: "No such print order in this shop." });
    expect(await updateAddressAndRequote(h.shop, stuck.id, { name: "Ada Lovelace", line1: "12 Gallery Lane", city: "Melbourne", state: "VIC", postcode: "3000", country: "au" })).toEqual({ ok: true });
    const placed = await placedOrder(orderId);
    expect(placed.attentionCode).toBeNull();
  });

  it("GIVEN the manual submission policy WHEN the merchant approves THEN the order is placed", async () => {
    await setPolicy("manual");
    const orderId = await paidOrder();
    const waiting = await waitFor("awaiting approval", async () => {
      const po = await printOrderFor(h.shop, orderId);
      return po?.state === "awaiting_approval" ? po : null;
    });
    await setPolicy("immediate");
    expect((await h.studio.orders(h.studioAccountId)).some((o) => o.lines.some((l) => l.externalReference === waiting.lines[0].shopifyLineItemGid))).toBe(false);
    expect(await approvePrintOrder(h.shop, waiting.id)).toEqual({ ok: true });
    const placed = await placedOrder(orderId);
    // The policy maps no Shopify shipping title now: the method came from SHIPPING_UNAVAILABLE's options.
    expect(placed.events.map((e) => e.type)).toContain("shipping_chosen");
    expect(placed.shippingMethodId).toBe("au-standard");
  });
});

describe("studio events", () => {
  it("GIVEN a shipped order WHEN events are redelivered and a stale one arrives late THEN nothing moves backwards and one fulfilment stays", async () => {
    const po = await placedOrder(await paidOrder());
    await h.studio.addShipment(po.studioOrderId as string, { carrier: "AusPost", trackingNumber: `LATE-${po.id}` });
    await waitFor("fulfilled", async () => (await printOrderFor(h.shop, po.shopifyOrderGid))?.shopifyFulfillmentGid);
    const deliveries = (await h.studio.webhookDeliveries()).filter((d) => d.orderId === po.studioOrderId);
    const received = deliveries.find((d) => d.type === "order.received");
    const shipped = deliveries.find((d) => d.type === "order.shipped");
    expect(received && shipped).toBeTruthy();

    // Duplicated: the studio resends both; the app deduplicates on the event id.
    await h.studio.resendDelivery(shipped!.deliveryId);
    await h.studio.resendDelivery(received!.deliveryId);
    expect(await db.webhookEvent.count({ where: { source: "studio", eventId: shipped!.eventId } })).toBe(1);

    // Out of order: a new event carrying the old "received" copy of the order.
    const stale = JSON.parse(received!.body) as { id: string; type: string; data: unknown };
    const body = JSON.stringify({ ...stale, id: `evt_stale_${po.id}` });
    const res = await fetch(`${h.app.origin}/webhooks/studio/${h.shop}`, {
      method: "POST",
      headers: { "content-type": "application/json", "service-signature": signStudioWebhook(body, h.studioWebhookSecret, new Date()), "service-event-id": `evt_stale_${po.id}`, "service-event-type": "order.received" },
      body,
    });
    expect(res.status).toBe(200);
    const after = await settle(po.shopifyOrderGid);
    expect(after.studioStatus).toBe("shipped");
    expect(after.state).toBe("fulfilled");
    expect((await h.shopify.getOrder(h.shop, po.shopifyOrderGid)).fulfillments).toHaveLength(1);

    // A forged delivery is refused.
    const forged = await fetch(`${h.app.origin}/webhooks/studio/${h.shop}`, { method: "POST", headers: { "service-signature": signStudioWebhook(body, "whsec_wrong", new Date()) }, body });
    expect(forged.status).toBe(401);
  });

  it("GIVEN an event of a type this app does not know THEN it is accepted and the order is read back, not crashed on", async () => {
    const po = await placedOrder(await paidOrder());
    const body = JSON.stringify({ id: `evt_new_${po.id}`, type: "order.quality_check", data: { ...(await h.studio.order(po.studioOrderId as string)), status: "quality_check" } });
    const res = await fetch(`${h.app.origin}/webhooks/studio/${h.shop}`, { method: "POST", headers: { "service-signature": signStudioWebhook(body, h.studioWebhookSecret, new Date()) }, body });
    expect(res.status).toBe(200);
    expect((await settle(po.shopifyOrderGid)).state).toBe("placed");
  });
});

describe("cancellation", () => {
  it("GIVEN an order not yet placed WHEN Shopify cancels it THEN it stops and the studio never hears of it", async () => {
    await setPolicy("manual");
    const orderId = await paidOrder();
    await waitFor("awaiting approval", async () => (await printOrderFor(h.shop, orderId))?.state === "awaiting_approval");
    await h.shopify.cancelOrder(h.shop, orderId, { deliver: true });
    const po = await waitFor("cancelled", async () => {
      const row = await printOrderFor(h.shop, orderId);
      return row?.state === "cancelled" ? row : null;
    });
    expect(po.studioOrderId).toBeNull();
    expect(po.idempotencyKey).toBeNull();
    await setPolicy("immediate");
  });

  it("GIVEN orders/cancelled overtakes orders/paid THEN the order is recorded as cancelled and the late orders/paid prints nothing", async () => {
    const orderId = await paidOrder({ deliver: false });
    await h.shopify.cancelOrder(h.shop, orderId, { deliver: true });
    await h.shopify.deliverWebhook(h.shop, { topic: "orders/paid", orderId });
    const po = await waitFor("recorded", () => printOrderFor(h.shop, orderId));
    // Cancelled lines have no current quantity left, so the record is "cancelled" or "nothing to print".
    expect(["cancelled", "nothing_to_print"]).toContain(po.state);
    expect((await settle(orderId)).studioOrderId).toBeNull();
    const order = await h.shopify.getOrder(h.shop, orderId);
    const studioRefs = (await h.studio.orders(h.studioAccountId)).flatMap((o) => o.lines.map((l) => l.externalReference));
    expect(order.lineItems.some((li) => studioRefs.includes(li.id))).toBe(false);
  });

  it("GIVEN a placed order WHEN Shopify cancels it (and the studio faults on the cancel) THEN it is cancelled at the studio and the invoice voided", async () => {
    const po = await placedOrder(await paidOrder());
    await h.studio.addFault({ method: "POST", path: "/orders/*/cancel", kind: "500", count: 1 });
    await h.studio.addFault({ method: "POST", path: "/orders/*/cancel", kind: "commit-then-reset", count: 1 });
    await h.shopify.cancelOrder(h.shop, po.shopifyOrderGid, { deliver: true });
    await waitFor("cancelled", async () => (await printOrderFor(h.shop, po.shopifyOrderGid))?.state === "cancelled");
    const studioOrder = await h.studio.order(po.studioOrderId as string);
    expect(studioOrder.status).toBe("cancelled");
    expect(studioOrder.invoice?.state).toBe("void");
  });

  it("GIVEN a printed order WHEN Shopify cancels it THEN the studio's refusal is shown with its reason and tracking carries on", async () => {
    const po = await placedOrder(await paidOrder());
    await h.studio.markPrinted(po.studioOrderId as string);
    await h.shopify.cancelOrder(h.shop, po.shopifyOrderGid, { deliver: true });
    const refused = await waitFor("refusal shown", async () => {
      const row = await printOrderFor(h.shop, po.shopifyOrderGid);
      return row?.attentionCode === "ORDER_NOT_CANCELLABLE" ? row : null;
    });
    expect(refused.attentionMessage).toMatch(/print/i);
    expect(refused.state).toBe("placed");
    expect((await h.studio.order(po.studioOrderId as string)).status).not.toBe("cancelled");
  });

  it("GIVEN a placed order WHEN the studio cancels it THEN the merchant is asked for a refund decision", async () => {
    const po = await placedOrder(await paidOrder());
    await h.studio.cancelOrder(po.studioOrderId as string);
    const cancelled = await waitFor("studio cancellation seen", async () => {
      const row = await printOrderFor(h.shop, po.shopifyOrderGid);
      return row?.refundDecision === "pending" ? row : null;
    });
    expect(cancelled.state).toBe("cancelled");
    expect(cancelled.attentionCode).toBe("STUDIO_CANCELLED");
    expect(await recordRefundDecision("other-shop.myshopify.com", po.id, "refunded")).toEqual({ ok: false, message: "No such print order in this shop." });
    expect(await recordRefundDecision(h.shop, po.id, "refunded")).toEqual({ ok: true });
    expect((await printOrderFor(h.shop, po.shopifyOrderGid))?.refundDecision).toBe("refunded");
  });
});

describe("compliance", () => {
  it("GIVEN orders of a customer WHEN customers/redact arrives THEN their personal data is removed from the stored orders", async () => {
    const orderId = await paidOrder({ email: "redact-me@example.org" });
    const po = await placedOrder(orderId);
    const customerId = po.customerGid?.split("/").pop();
    expect(customerId).toBeTruthy();
    await h.shopify.compliance(h.shop, { topic: "customers/redact", customerId });
    const redacted = await waitFor("redacted", async () => {
      const row = await printOrderFor(h.shop, orderId);
      return row && row.email === null ? row : null;
    });
    expect(redacted.shippingAddress).toBeNull();
    expect(redacted.customerGid).toBeNull();
    expect(await db.printOrder.count({ where: { shopDomain: h.shop, email: "redact-me@example.org" } })).toBe(0);
  });

  it("GIVEN an installed shop WHEN app/uninstalled then shop/redact arrive THEN work stops and no row of the shop is left", async () => {
    const { deliveries } = await h.shopify.compliance(h.shop, { topic: "customers/data_request" });
    expect(deliveries.every((d) => (d.responseStatus ?? d.status) === 200)).toBe(true);
    await h.shopify.uninstall(h.shop);
    await waitFor("uninstalled", async () => (await db.shop.findUnique({ where: { domain: h.shop } }))?.uninstalledAt);
    expect(await db.session.count({ where: { shop: h.shop } })).toBe(0);
    expect(await db.printOrder.count({ where: { shopDomain: h.shop, nextAttemptAt: { not: null } } })).toBe(0);
    // A reinstall resumes the open orders (here: those waiting for studio news).
    const open = await db.printOrder.count({ where: { shopDomain: h.shop, state: { in: ["placed", "fulfilled"] } } });
    expect(await resumeShopWork(h.shop)).toBeGreaterThan(0);
    expect(open).toBeGreaterThan(0);
    expect((await db.shop.findUnique({ where: { domain: h.shop } }))?.uninstalledAt).toBeNull();

    await h.shopify.compliance(h.shop, { topic: "shop/redact" });
    const counts = async () => [
      await db.printOrder.count({ where: { shopDomain: h.shop } }),
      await db.printOrderLine.count(),
      await db.printOrderEvent.count(),
      await db.shipment.count(),
      await db.artworkUpload.count({ where: { shopDomain: h.shop } }),
      await db.variantMapping.count({ where: { shopDomain: h.shop } }),
      await db.webhookEvent.count({ where: { shopDomain: h.shop } }),
      await db.shop.count({ where: { domain: h.shop } }),
      await db.session.count({ where: { shop: h.shop } }),
    ];
    await waitFor("shop redacted", async () => (await counts()).every((c) => c === 0));
    expect(await counts()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
