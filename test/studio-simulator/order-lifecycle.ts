// Order view (the shape GET /orders/{id} and webhooks share) and the studio-side transitions.
import { isoOrNull } from "./clock";
import type { Sim } from "./context";
import { ApiError } from "./envelope";
import { newId } from "./ids";
import { CURRENCY } from "./pricing";
import type { OrderStatus, StoredOrder } from "./store";

export const MANUAL_STATUSES = ["received", "in_production", "on_hold", "completed"] as const;
export type ManualStatus = (typeof MANUAL_STATUSES)[number];
const TERMINAL: OrderStatus[] = ["completed", "cancelled"];

export function orderView(o: StoredOrder): Record<string, unknown> {
  const q = o.quote;
  return {
    orderId: o.orderId, orderNumber: o.orderNumber, status: o.status, environment: o.environment, isTest: o.environment === "test",
    quoteId: q.quoteId, currency: CURRENCY,
    lines: q.lines.map((l) => ({ ...l })),
    subtotalCents: q.subtotalCents, shippingCents: q.shippingCents, shippingMethod: q.shippingMethod,
    discountCents: q.discountCents, rushFeeCents: q.rushFeeCents, minimumTopUpCents: q.minimumTopUpCents,
    totalCents: q.totalCents, gstCents: q.gstCents, promisedReadyDate: q.promisedReadyDate,
    shipments: o.shipments.filter((s) => !s.voided).map((s) => ({
      carrier: s.carrier, trackingNumber: s.trackingNumber, trackingUrl: s.trackingUrl, shippedAt: isoOrNull(s.shippedAt),
    })),
    createdAt: isoOrNull(o.createdAt), updatedAt: isoOrNull(o.updatedAt),
  };
}

const conflict = (message: string): ApiError => new ApiError(409, "CONFLICT", message);

function moveTo(sim: Sim, order: StoredOrder, status: OrderStatus): void {
  order.status = status;
  order.updatedAt = sim.clock.now();
  sim.events.emit(order, `order.${status}`);
}

/** Why the partner may not cancel: judged from what the studio did, not from the board position. */
export function cancelRefusals(order: StoredOrder): string[] {
  const reasons: string[] = [];
  if (order.shipments.some((s) => !s.voided)) reasons.push("shipped");
  if (order.printed) reasons.push("printed");
  if (order.payments.some((p) => p.amountCents !== 0)) reasons.push("payment_recorded");
  return reasons;
}

export function cancel(sim: Sim, order: StoredOrder): void {
  if (order.status === "cancelled") return;
  const invoice = sim.state.invoices.get(order.invoiceId);
  if (invoice) invoice.voided = true;
  moveTo(sim, order, "cancelled");
}

export function setStatus(sim: Sim, order: StoredOrder, status: ManualStatus): void {
  if (order.status === status) return;
  if (order.status === "cancelled") throw conflict(`Order ${order.orderNumber} is cancelled.`);
  if (order.shipments.some((s) => !s.voided) && status !== "completed") {
    throw conflict(`Order ${order.orderNumber} has a live parcel; shipped outranks ${status}.`);
  }
  moveTo(sim, order, status);
}

export function addShipment(sim: Sim, order: StoredOrder, input: { carrier: string | null; trackingNumber: string; trackingUrl: string | null }): void {
  if (TERMINAL.includes(order.status)) throw conflict(`Order ${order.orderNumber} is ${order.status}; no parcel can be added.`);
  const now = sim.clock.now();
  order.shipments.push({ shipmentId: newId("shp", 8), ...input, shippedAt: now, voided: false });
  order.printed = true;
  order.printedAt ??= now;
  moveTo(sim, order, "shipped");
}

export function markPrinted(sim: Sim, order: StoredOrder): void {
  order.printed = true;
  order.printedAt ??= sim.clock.now();
  order.updatedAt = sim.clock.now();
}

export function recordPayment(sim: Sim, order: StoredOrder, amountCents: number): void {
  const invoice = sim.state.invoices.get(order.invoiceId);
  if (!invoice || invoice.voided) throw conflict(`The invoice of order ${order.orderNumber} is void.`);
  order.payments.push({ amountCents, at: sim.clock.now() });
  order.updatedAt = sim.clock.now();
}

/** Voids a parcel's label: it leaves shipments; with no live parcel left the job is back in production. */
export function voidShipment(sim: Sim, order: StoredOrder, trackingNumber: string): boolean {
  const shipment = order.shipments.find((s) => !s.voided && s.trackingNumber === trackingNumber);
  if (!shipment) return false;
  shipment.voided = true;
  order.updatedAt = sim.clock.now();
  if (order.status === "shipped" && !order.shipments.some((s) => !s.voided)) moveTo(sim, order, "in_production");
  return true;
}
