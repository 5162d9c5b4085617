// What the harness knows about each Shopify order it made, and how studio orders are matched to
// them: by each studio line's externalReference, the Shopify line item GID (demo.md).
import type { PlannedOrder } from "./plan";
import type { Delivery, ShopifyOrder } from "./shopify-surface";
import { deliveryStatus } from "./shopify-surface";
import type { StudioOrder } from "./studio-surface";

export interface TrackedOrder {
  plan: PlannedOrder;
  orderId: string;
  name: string;
  /** Wall time just before the order was created. */
  startedAt: number;
  /** Shopify line item GID -> quantity, for lines whose variant is mapped (to print). */
  printLines: Map<string, number>;
  /** The other lines (left to the merchant). */
  otherLines: Map<string, number>;
  webhookStatuses: Array<number | null>;
  placedAt: number | null;
  cancelledAt: number | null;
  parcels: string[];
  shippedAt: number | null;
  fulfilledAt: number | null;
  lastShopify: ShopifyOrder | null;
  notes: string[];
}

export function track(plan: PlannedOrder, orderId: string, name: string, startedAt: number, order: ShopifyOrder, mapped: Set<string>): TrackedOrder {
  const printLines = new Map<string, number>();
  const otherLines = new Map<string, number>();
  for (const li of order.lineItems) (li.variantId !== null && mapped.has(li.variantId) ? printLines : otherLines).set(li.id, li.quantity);
  return {
    plan, orderId, name, startedAt, printLines, otherLines, webhookStatuses: [], placedAt: null, cancelledAt: null,
    parcels: [], shippedAt: null, fulfilledAt: null, lastShopify: order, notes: [],
  };
}

export function noteDeliveries(order: TrackedOrder, deliveries: Delivery[]): void {
  for (const d of deliveries) order.webhookStatuses.push(deliveryStatus(d));
}

export const isMappable = (o: TrackedOrder) => o.printLines.size > 0;

export interface Matching {
  byOrder: Map<string, StudioOrder[]>;
  /** Studio orders none of whose lines name a line of an order the harness made. */
  orphans: StudioOrder[];
  /** Studio orders whose lines name lines of more than one Shopify order. */
  straddlers: Array<{ studio: StudioOrder; shopifyOrders: string[] }>;
}

export function matchStudioOrders(studioOrders: StudioOrder[], tracked: TrackedOrder[]): Matching {
  const owner = new Map<string, TrackedOrder>();
  for (const t of tracked) for (const id of [...t.printLines.keys(), ...t.otherLines.keys()]) owner.set(id, t);
  const byOrder = new Map<string, StudioOrder[]>(tracked.map((t) => [t.orderId, []]));
  const orphans: StudioOrder[] = [];
  const straddlers: Matching["straddlers"] = [];
  for (const s of studioOrders) {
    const owners = [...new Set(s.lines.map((l) => (l.externalReference === null ? undefined : owner.get(l.externalReference))).filter((t) => t !== undefined))];
    if (owners.length === 0) orphans.push(s);
    if (owners.length > 1) straddlers.push({ studio: s, shopifyOrders: owners.map((t) => t.name) });
    for (const t of owners) byOrder.get(t.orderId)?.push(s);
  }
  return { byOrder, orphans, straddlers };
}

/** Quantity per externalReference over the lines of one studio order. */
export function studioQuantities(s: StudioOrder): Map<string, number> {
  const q = new Map<string, number>();
  for (const l of s.lines) {
    const key = l.externalReference ?? "(null)";
    q.set(key, (q.get(key) ?? 0) + l.quantity);
  }
  return q;
}

/** Cancelled, failed and errored fulfilments do not count (Shopify's FulfillmentStatus). */
export const isActiveFulfilment = (f: { status: string }) => !["CANCELLED", "ERROR", "FAILURE"].includes(f.status.toUpperCase());

/** Quantity fulfilled per line item over all the order's active fulfilments. */
export function fulfilledQuantities(order: ShopifyOrder): Map<string, number> {
  const q = new Map<string, number>();
  for (const f of order.fulfillments.filter(isActiveFulfilment)) {
    for (const l of f.lineItems) q.set(l.lineItemId, (q.get(l.lineItemId) ?? 0) + l.quantity);
  }
  return q;
}

export function trackingNumbers(order: ShopifyOrder): string[] {
  return order.fulfillments.filter(isActiveFulfilment).flatMap((f) => f.trackingInfo.map((t) => t.number ?? "").filter((n) => n !== ""));
}

const sameMap = (a: Map<string, number>, b: Map<string, number>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

/** The order's fulfilments cover exactly its print lines, and the tracking numbers are the parcels'. */
export function fulfilmentComplete(t: TrackedOrder, order: ShopifyOrder): boolean {
  const numbers = new Set(trackingNumbers(order));
  return sameMap(fulfilledQuantities(order), t.printLines) && t.parcels.every((n) => numbers.has(n));
}

export { sameMap };
