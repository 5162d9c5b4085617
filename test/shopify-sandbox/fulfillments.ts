// Shopify's fulfilment model: fulfilments take quantities from fulfillment order line items and
// carry tracking info; the order's display status follows the fulfilled quantities.
import type { FulfillmentOrderState, FulfillmentState, OrderState, ShopState, Store, TrackingInfoState } from "./store";
import { iso, parseId } from "./store";

export function fulfilledQuantity(shop: ShopState, order: OrderState, lineItemId: number): number {
  let sum = 0;
  for (const fid of order.fulfillmentIds) {
    const f = shop.fulfillments.get(fid);
    if (!f || f.status !== "SUCCESS") continue;
    for (const fli of f.lineItems) if (fli.lineItemId === lineItemId) sum += fli.quantity;
  }
  return sum;
}

/** Shopify's OrderDisplayFulfillmentStatus from the fulfilled quantities. */
export function displayFulfillmentStatus(shop: ShopState, order: OrderState): "UNFULFILLED" | "PARTIALLY_FULFILLED" | "FULFILLED" {
  const total = order.lineItems.reduce((s, li) => s + li.quantity, 0);
  const done = order.lineItems.reduce((s, li) => s + fulfilledQuantity(shop, order, li.id), 0);
  if (done === 0) return "UNFULFILLED";
  return done >= total ? "FULFILLED" : "PARTIALLY_FULFILLED";
}

export interface UserError { field: string[] | null; message: string }

export interface FulfillmentRequest {
  lineItemsByFulfillmentOrder: Array<{ fulfillmentOrderId: string; fulfillmentOrderLineItems?: Array<{ id: string; quantity: number }> | null }>;
  trackingInfo?: { company?: string | null; number?: string | null; numbers?: string[] | null; url?: string | null; urls?: string[] | null } | null;
  notifyCustomer?: boolean | null;
}

export function trackingFrom(input: FulfillmentRequest["trackingInfo"]): TrackingInfoState[] {
  if (!input) return [];
  const numbers = input.numbers && input.numbers.length ? input.numbers : input.number ? [input.number] : [];
  const urls = input.urls && input.urls.length ? input.urls : input.url ? [input.url] : [];
  const company = input.company ?? null;
  if (numbers.length === 0) return urls.length || company ? [{ company, number: null, url: urls[0] ?? null }] : [];
  return numbers.map((number, i) => ({ company, number, url: urls[i] ?? urls[0] ?? null }));
}

/** fulfillmentCreate: validates everything first, then applies; userErrors as Shopify words them. */
export function createFulfillment(store: Store, shop: ShopState, req: FulfillmentRequest, now: number): { fulfillment: FulfillmentState | null; userErrors: UserError[] } {
  const userErrors: UserError[] = [];
  const takes: Array<{ fo: FulfillmentOrderState; foLineId: number; quantity: number }> = [];
  let order: OrderState | undefined;
  req.lineItemsByFulfillmentOrder.forEach((group, gi) => {
    const foId = parseId(group.fulfillmentOrderId, "FulfillmentOrder");
    const fo = foId === null ? undefined : shop.fulfillmentOrders.get(foId);
    const field = ["fulfillment", "lineItemsByFulfillmentOrder", String(gi), "fulfillmentOrderId"];
    if (!fo) { userErrors.push({ field, message: "Fulfillment order does not exist." }); return; }
    const foOrder = shop.orders.get(fo.orderId);
    if (order && foOrder && order.id !== foOrder.id) { userErrors.push({ field, message: "Fulfillment orders must belong to the same order." }); return; }
    order = foOrder;
    if (fo.status === "CLOSED" || fo.status === "CANCELLED") {
      userErrors.push({ field, message: `Fulfillment order ${group.fulfillmentOrderId} has an unfulfillable status= ${fo.status.toLowerCase()}.` });
      return;
    }
    const requested = group.fulfillmentOrderLineItems && group.fulfillmentOrderLineItems.length
      ? group.fulfillmentOrderLineItems
      : fo.lineItems.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: String(l.id), quantity: l.remainingQuantity }));
    requested.forEach((item, ii) => {
      const liId = parseId(item.id, "FulfillmentOrderLineItem");
      const line = fo.lineItems.find((l) => l.id === liId);
      const liField = ["fulfillment", "lineItemsByFulfillmentOrder", String(gi), "fulfillmentOrderLineItems", String(ii)];
      if (!line) { userErrors.push({ field: [...liField, "id"], message: "Invalid fulfillment order line item id." }); return; }
      const already = takes.filter((t) => t.fo === fo && t.foLineId === line.id).reduce((s, t) => s + t.quantity, 0);
      if (item.quantity <= 0) userErrors.push({ field: [...liField, "quantity"], message: "Quantity must be greater than 0." });
      else if (item.quantity + already > line.remainingQuantity) {
        userErrors.push({ field: [...liField, "quantity"], message: `Invalid quantity: requested ${item.quantity + already}, but only ${line.remainingQuantity} remaining.` });
      } else takes.push({ fo, foLineId: line.id, quantity: item.quantity });
    });
  });
  if (!userErrors.length && !takes.length) userErrors.push({ field: ["fulfillment"], message: "Line items must not be empty." });
  if (userErrors.length || !order) return { fulfillment: null, userErrors };
  const at = iso(now);
  const fulfillment: FulfillmentState = {
    id: store.ids.next(), orderId: order.id, name: `${order.name}-F${order.fulfillmentIds.length + 1}`, status: "SUCCESS",
    locationId: takes[0].fo.locationId, trackingInfo: trackingFrom(req.trackingInfo), notifyCustomer: req.notifyCustomer ?? false,
    lineItems: [], createdAt: at, updatedAt: at,
  };
  for (const t of takes) {
    const line = t.fo.lineItems.find((l) => l.id === t.foLineId);
    if (!line) continue;
    line.remainingQuantity -= t.quantity;
    fulfillment.lineItems.push({ id: store.ids.next(), lineItemId: line.lineItemId, fulfillmentOrderId: t.fo.id, fulfillmentOrderLineItemId: line.id, quantity: t.quantity });
    t.fo.updatedAt = at;
    t.fo.status = t.fo.lineItems.every((l) => l.remainingQuantity === 0) ? "CLOSED" : "IN_PROGRESS";
  }
  shop.fulfillments.set(fulfillment.id, fulfillment);
  order.fulfillmentIds.push(fulfillment.id);
  order.updatedAt = at;
  return { fulfillment, userErrors: [] };
}

export function updateTracking(shop: ShopState, fulfillmentId: string, tracking: FulfillmentRequest["trackingInfo"], notifyCustomer: boolean | null | undefined, now: number): { fulfillment: FulfillmentState | null; userErrors: UserError[] } {
  const id = parseId(fulfillmentId, "Fulfillment");
  const f = id === null ? undefined : shop.fulfillments.get(id);
  if (!f) return { fulfillment: null, userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment does not exist." }] };
  if (f.status === "CANCELLED") return { fulfillment: null, userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment is cancelled." }] };
  f.trackingInfo = trackingFrom(tracking);
  if (notifyCustomer !== null && notifyCustomer !== undefined) f.notifyCustomer = notifyCustomer;
  f.updatedAt = iso(now);
  return { fulfillment: f, userErrors: [] };
}
