// Step "sync": the studio order is read back (GET /orders/{id}) and mirrored: status, new parcels,
// then tracking written to Shopify. Webhooks only make this step due; the read-back is the truth,
// so late, repeated or out-of-order events cannot move an order backwards.
import db from "~/db.server";
import { isUniqueViolation } from "~/webhooks/handlers.server";
import type { Order } from "~/studio";
import { attention, attentionFields } from "../attention";
import { loadOrder, type OrderUpdate, type StepContext, type StepResult } from "../context.server";
import { FINAL_STUDIO_STATUSES } from "../states";
import type { TimelineEntry } from "../timeline.server";
import { writeTracking } from "./tracking.server";

const STATUS_TEXT: Record<string, string> = {
  received: "The studio received the order.",
  in_production: "The studio started production.",
  on_hold: "The studio put the order on hold (they will normally have been in touch).",
  shipped: "The studio shipped the order.",
  completed: "The studio completed the order.",
  cancelled: "The studio order is cancelled.",
};

export function describeStudioStatus(status: string): string {
  return STATUS_TEXT[status] ?? `The studio reports a status this app does not know yet: “${status}”.`;
}

export function placedResult(order: Order, message: string, syncNow = false): StepResult {
  return {
    data: {
      state: "placed",
      studioOrderId: order.orderId,
      studioOrderNumber: order.orderNumber,
      studioTotalCents: order.totalCents,
      studioStatus: order.status,
      placedAt: new Date(),
      lastError: null,
      nextAttemptAt: syncNow || order.shipments.length > 0 || order.status !== "received" ? new Date() : new Date(Date.now() + 5_000),
      ...attentionFields(null),
    },
    events: [{ type: "placed", message, data: { studioOrderId: order.orderId, orderNumber: order.orderNumber, totalCents: order.totalCents, status: order.status } }],
  };
}

async function recordParcels(ctx: StepContext, order: Order): Promise<TimelineEntry[]> {
  const known = new Set(ctx.po.shipments.map((s) => s.trackingNumber));
  const events: TimelineEntry[] = [];
  for (const s of order.shipments) {
    if (known.has(s.trackingNumber)) continue;
    known.add(s.trackingNumber);
    try {
      await db.shipment.create({
        data: { printOrderId: ctx.po.id, trackingNumber: s.trackingNumber, carrier: s.carrier, trackingUrl: s.trackingUrl, shippedAt: s.shippedAt },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    events.push({ type: "parcel", message: `Parcel shipped: ${s.carrier ?? "carrier not given"} ${s.trackingNumber}.`, data: { trackingNumber: s.trackingNumber, carrier: s.carrier, trackingUrl: s.trackingUrl } });
  }
  return events;
}

export async function syncStep(ctx: StepContext): Promise<StepResult> {
  const { po } = ctx;
  if (!po.studioOrderId) return { data: { state: "quoted", nextAttemptAt: new Date() } };
  const studio = await ctx.deps.studio(po.shopDomain);
  const order = await studio.orders.get(po.studioOrderId, { signal: ctx.signal });
  const events: TimelineEntry[] = [];
  const data: OrderUpdate = {};
  if (order.status !== po.studioStatus) {
    data.studioStatus = order.status;
    events.push({ type: "studio_status", message: describeStudioStatus(order.status), data: { status: order.status } });
    if (order.status === "shipped" && !po.shippedAt) data.shippedAt = new Date();
  }
  events.push(...(await recordParcels(ctx, order)));
  if (events.length > 0) await ctx.save(data, events);

  const fresh = await loadOrder(po.id);
  let tracking: StepResult = { data: {} };
  if (fresh && fresh.shipments.some((s) => !s.writtenAt)) tracking = await writeTracking({ ...ctx, po: fresh });
  const unwritten = fresh ? fresh.shipments.some((s) => !s.writtenAt) && !tracking.data.shopifyFulfillmentGid : false;

  if (order.status === "cancelled") {
    if (po.cancelRequestedAt) {
      return { data: { ...tracking.data, state: "cancelled", nextAttemptAt: null }, events: [...(tracking.events ?? []), { type: "cancelled", message: "Cancelled at the studio, as requested." }] };
    }
    if (po.state !== "cancelled") {
      return {
        data: {
          ...tracking.data,
          state: "cancelled",
          refundDecision: "pending",
          nextAttemptAt: null,
          ...attentionFields(attention("STUDIO_CANCELLED", `The studio cancelled order ${order.orderNumber}.`, "Decide whether to refund the customer in Shopify or have it printed again, then record the decision here.")),
        },
        events: [...(tracking.events ?? []), { type: "studio_cancelled", message: `The studio cancelled order ${order.orderNumber}: a refund decision is needed.` }],
      };
    }
  }
  const done = FINAL_STUDIO_STATUSES.includes(order.status) && !unwritten;
  return { data: { ...tracking.data, nextAttemptAt: done ? null : new Date(Date.now() + ctx.config.pollIntervalMs) }, events: tracking.events };
}
