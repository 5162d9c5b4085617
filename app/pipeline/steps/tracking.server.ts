// Step "tracking": the studio's parcels become ONE Shopify fulfilment of the print lines only, with
// carrier, every tracking number and URL, and notifyCustomer per the shop's setting. Later parcels
// update that fulfilment's tracking. Recovery point before fulfillmentCreate: a resumed worker
// looks the fulfilment up by tracking number instead of creating a second one.
import db from "~/db.server";
import { getShopSettings } from "~/models/shop-settings.server";
import { createFulfillment, readOrderFulfillment, updateFulfillmentTracking, type FulfillmentLines, type ShopifyOrderFulfillment, type TrackingInput } from "~/shopify/fulfillment.server";
import { attention, attentionFields } from "../attention";
import type { StepContext, StepResult } from "../context.server";
import type { TimelineEntry } from "../timeline.server";

const FULFILLABLE = ["OPEN", "IN_PROGRESS"];

/** Shopify pairs numbers and URLs by position: URLs are sent only when every parcel has one. */
export function trackingOf(shipments: Array<{ carrier: string | null; trackingNumber: string; trackingUrl: string | null }>): TrackingInput {
  const urls = shipments.map((s) => s.trackingUrl);
  return {
    company: shipments.find((s) => s.carrier)?.carrier ?? null,
    numbers: shipments.map((s) => s.trackingNumber),
    urls: urls.every((u): u is string => Boolean(u)) ? urls : [],
  };
}

/** Fulfillment order lines of the print lines still to fulfil; print lines with nothing remaining. */
export function printLinesToFulfil(order: ShopifyOrderFulfillment, lines: Array<{ id: string; shopifyLineItemGid: string; quantity: number }>) {
  const wanted = new Map(lines.map((l) => [l.shopifyLineItemGid, l.quantity]));
  const groups: FulfillmentLines[] = [];
  const covered = new Set<string>();
  for (const fo of order.fulfillmentOrders.nodes) {
    if (!FULFILLABLE.includes(fo.status)) continue;
    const items: Array<{ id: string; quantity: number }> = [];
    for (const li of fo.lineItems.nodes) {
      const left = wanted.get(li.lineItem.id) ?? 0;
      if (left <= 0 || li.remainingQuantity <= 0) continue;
      const quantity = Math.min(left, li.remainingQuantity);
      wanted.set(li.lineItem.id, left - quantity);
      covered.add(li.lineItem.id);
      items.push({ id: li.id, quantity });
    }
    if (items.length > 0) groups.push({ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: items });
  }
  // Still to fulfil but in a fulfillment order Shopify does not let us fulfil now (on hold, scheduled...).
  const held = lines.filter((l) => !covered.has(l.shopifyLineItemGid) && order.fulfillmentOrders.nodes.some((fo) => !FULFILLABLE.includes(fo.status) && fo.lineItems.nodes.some((li) => li.lineItem.id === l.shopifyLineItemGid && li.remainingQuantity > 0)));
  const byHand = lines.filter((l) => !covered.has(l.shopifyLineItemGid) && !held.includes(l));
  return { groups, byHand, held };
}

export async function writeTracking(ctx: StepContext): Promise<StepResult> {
  const { po } = ctx;
  const unwritten = po.shipments.filter((s) => !s.writtenAt);
  if (unwritten.length === 0) return { data: {} };
  const tracking = trackingOf(po.shipments);
  const settings = await getShopSettings(po.shopDomain);
  const shopify = await ctx.deps.shopify(po.shopDomain);
  const events: TimelineEntry[] = [];
  let gid = po.shopifyFulfillmentGid;
  let state: ShopifyOrderFulfillment | null = null;

  if (!gid && po.fulfillmentWriteStartedAt) {
    state = await readOrderFulfillment(shopify, po.shopifyOrderGid);
    const ours = state?.fulfillments.find((f) => f.status !== "CANCELLED" && f.trackingInfo.some((t) => t.number !== null && tracking.numbers.includes(t.number)));
    if (ours) {
      gid = ours.id;
      await ctx.save({ shopifyFulfillmentGid: gid }, [{ type: "fulfilment_found", message: "Found the fulfilment an interrupted attempt had already written." }]);
    }
  }

  if (!gid) {
    state ??= await readOrderFulfillment(shopify, po.shopifyOrderGid);
    if (!state) {
      return { data: { ...attentionFields(attention("SHOPIFY_ORDER_MISSING", "Shopify no longer has this order; the tracking could not be written.", "Nothing to do in Shopify; the parcels are listed here.")) }, events: [{ type: "error", message: "Shopify order not found while writing tracking." }] };
    }
    if (state.cancelledAt) {
      await db.shipment.updateMany({ where: { printOrderId: po.id, writtenAt: null }, data: { writtenAt: new Date() } });
      return { data: {}, events: [{ type: "fulfilment_skipped", message: "The Shopify order is cancelled: the parcels are listed here but no fulfilment is written." }] };
    }
    const { groups, byHand, held } = printLinesToFulfil(state, po.lines);
    if (held.length > 0) {
      // One fulfilment for all the parcels: wait until Shopify releases the held lines.
      const names = held.map((l) => `“${po.lines.find((x) => x.id === l.id)?.title}”`).join(", ");
      return {
        data: { ...attentionFields(attention("FULFILLMENT_ON_HOLD", `Shopify does not allow fulfilling ${names} right now (its fulfillment order is on hold or scheduled).`, "Release the hold in Shopify; the tracking is written automatically afterwards.")) },
        events: [{ type: "fulfilment_waiting", message: `Tracking waits: ${names} cannot be fulfilled in Shopify right now.` }],
      };
    }
    for (const line of byHand.filter((l) => !po.lines.find((x) => x.id === l.id)?.fulfilledByHand)) {
      await db.printOrderLine.update({ where: { id: line.id }, data: { fulfilledByHand: true } });
      events.push({ type: "fulfilled_by_hand", message: `“${po.lines.find((x) => x.id === line.id)?.title}” was already fulfilled in Shopify (by hand); left alone.` });
    }
    if (groups.length === 0) {
      await db.shipment.updateMany({ where: { printOrderId: po.id, writtenAt: null }, data: { writtenAt: new Date() } });
      events.push({ type: "fulfilment_skipped", message: "Every print line was already fulfilled in Shopify; the tracking was not written." });
      return { data: { state: "fulfilled", fulfilledAt: new Date() }, events };
    }
    await ctx.save({ fulfillmentWriteStartedAt: new Date() }, events.splice(0));
    gid = await createFulfillment(shopify, groups, tracking, settings.notifyCustomer);
    await db.shipment.updateMany({ where: { printOrderId: po.id, writtenAt: null }, data: { writtenAt: new Date(), shopifyFulfillmentGid: gid } });
    events.push({
      type: "fulfilment_written",
      message: `Fulfilment written in Shopify for ${groups.reduce((n, g) => n + g.fulfillmentOrderLineItems.length, 0)} print line(s), tracking ${tracking.numbers.join(", ")}${settings.notifyCustomer ? "; the customer was notified" : ""}.`,
      data: { fulfillmentGid: gid, numbers: tracking.numbers, notifyCustomer: settings.notifyCustomer },
    });
    return { data: { shopifyFulfillmentGid: gid, state: "fulfilled", fulfilledAt: new Date(), ...attentionFields(null) }, events };
  }

  await updateFulfillmentTracking(shopify, gid, tracking, settings.notifyCustomer);
  await db.shipment.updateMany({ where: { printOrderId: po.id, writtenAt: null }, data: { writtenAt: new Date(), shopifyFulfillmentGid: gid } });
  events.push({ type: "tracking_updated", message: `Tracking of the Shopify fulfilment updated: ${tracking.numbers.join(", ")}.`, data: { fulfillmentGid: gid, numbers: tracking.numbers } });
  return { data: { shopifyFulfillmentGid: gid, state: "fulfilled", fulfilledAt: po.fulfilledAt ?? new Date() }, events };
}
