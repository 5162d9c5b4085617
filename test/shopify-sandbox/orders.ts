// Orders and Shopify's fulfilment model: an order has fulfillment orders (one per location);
// fulfilments take quantities from fulfillment order line items and carry tracking info.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { formatMoney } from "./catalog";
import type { CustomerState, FulfillmentOrderState, FulfillmentState, LineItemState, MailingAddress, OrderState, ShopState, Store, TrackingInfoState } from "./store";
import { iso, parseId } from "./store";

const addressInput = z.object({
  firstName: z.string().nullish(), first_name: z.string().nullish(),
  lastName: z.string().nullish(), last_name: z.string().nullish(),
  name: z.string().nullish(),
  company: z.string().nullish(),
  address1: z.string().nullish(), address2: z.string().nullish(),
  city: z.string().nullish(),
  province: z.string().nullish(), provinceCode: z.string().nullish(), province_code: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullish(), countryCode: z.string().nullish(), countryCodeV2: z.string().nullish(), country_code: z.string().nullish(),
  phone: z.string().nullish(),
});

const properties = z.union([
  z.array(z.object({ name: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) })),
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
]);

export const orderInput = z.object({
  lineItems: z.array(z.object({
    variantId: z.union([z.string(), z.number()]).optional(),
    /** A custom line item (no variant) needs title and price. */
    title: z.string().optional(),
    price: z.union([z.string(), z.number()]).optional(),
    sku: z.string().optional(),
    quantity: z.number().int().positive(),
    properties: properties.optional(),
  })).min(1),
  /** Optional like on Shopify (orders without shipping exist); the app's print orders need one. */
  shippingAddress: addressInput.optional(),
  billingAddress: addressInput.optional(),
  shippingLine: z.object({ title: z.string(), price: z.union([z.string(), z.number()]), code: z.string().optional() }).optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  note: z.string().optional(),
  tags: z.array(z.string()).optional(),
  deliver: z.boolean().optional(),
});
export type OrderInput = z.infer<typeof orderInput>;

const COUNTRY_NAMES: Record<string, string> = {
  US: "United States", CA: "Canada", GB: "United Kingdom", IE: "Ireland", DE: "Germany", FR: "France", NL: "Netherlands",
  BE: "Belgium", ES: "Spain", IT: "Italy", AT: "Austria", CH: "Switzerland", SE: "Sweden", DK: "Denmark", NO: "Norway",
  AU: "Australia", NZ: "New Zealand", JP: "Japan",
};

export function countryName(code: string | null): string | null {
  return code ? COUNTRY_NAMES[code.toUpperCase()] ?? code.toUpperCase() : null;
}

export function normalizeAddress(a: z.infer<typeof addressInput>): MailingAddress {
  const [nameFirst, ...nameRest] = (a.name ?? "").split(" ");
  const looksLikeCode = typeof a.country === "string" && /^[A-Za-z]{2}$/.test(a.country);
  const countryCode = (a.countryCode ?? a.countryCodeV2 ?? a.country_code ?? (looksLikeCode ? a.country : null))?.toUpperCase() ?? null;
  return {
    firstName: a.firstName ?? a.first_name ?? (nameFirst || null),
    lastName: a.lastName ?? a.last_name ?? (nameRest.join(" ") || null),
    company: a.company ?? null,
    address1: a.address1 ?? null,
    address2: a.address2 ?? null,
    city: a.city ?? null,
    province: a.province ?? null,
    provinceCode: a.provinceCode ?? a.province_code ?? null,
    zip: a.zip ?? null,
    country: (looksLikeCode ? null : a.country) ?? countryName(countryCode),
    countryCode,
    phone: a.phone ?? null,
  };
}

export class InputError extends Error {}

function customerFor(store: Store, shop: ShopState, email: string | null, phone: string | null, address: MailingAddress | null, now: number): CustomerState | null {
  if (!email && !phone) return null;
  const existing = [...shop.customers.values()].find((c) => (email && c.email === email) || (!email && phone && c.phone === phone));
  if (existing) return existing;
  const customer: CustomerState = {
    id: store.ids.next(), email, phone, firstName: address?.firstName ?? null, lastName: address?.lastName ?? null, createdAt: iso(now), addressId: store.ids.next(),
  };
  shop.customers.set(customer.id, customer);
  return customer;
}

export function createOrder(store: Store, shop: ShopState, input: OrderInput, now: number): OrderState {
  const at = iso(now);
  const lineItems: LineItemState[] = input.lineItems.map((li) => {
    const props = Array.isArray(li.properties)
      ? li.properties.map((p) => ({ name: p.name, value: String(p.value) }))
      : Object.entries(li.properties ?? {}).map(([name, value]) => ({ name, value: String(value) }));
    if (li.variantId !== undefined) {
      const variantId = parseId(li.variantId, "ProductVariant");
      const variant = variantId === null ? undefined : shop.variants.get(variantId);
      if (!variant) throw new InputError(`unknown variant ${String(li.variantId)} on ${shop.domain}`);
      const product = shop.products.get(variant.productId);
      const hasOnlyDefault = product?.variantIds.length === 1 && variant.title === "Default Title";
      return {
        id: store.ids.next(), variantId: variant.id, productId: variant.productId, title: product?.title ?? variant.title,
        variantTitle: hasOnlyDefault ? null : variant.title, sku: variant.sku, vendor: product?.vendor ?? null,
        quantity: li.quantity, price: variant.price, grams: variant.grams, properties: props,
      };
    }
    if (!li.title || li.price === undefined) throw new InputError("a line item needs variantId, or title and price for a custom item");
    return {
      id: store.ids.next(), variantId: null, productId: null, title: li.title, variantTitle: null, sku: li.sku ?? null, vendor: null,
      quantity: li.quantity, price: formatMoney(li.price), grams: 0, properties: props,
    };
  });
  const shippingAddress = input.shippingAddress ? normalizeAddress(input.shippingAddress) : null;
  const email = input.email ?? null;
  const customer = customerFor(store, shop, email, input.phone ?? null, shippingAddress, now);
  const number = shop.nextOrderNumber++;
  const order: OrderState = {
    id: store.ids.next(),
    name: `#${number}`,
    number: number - 1000,
    orderNumber: number,
    token: randomBytes(16).toString("hex"),
    email,
    phone: input.phone ?? null,
    createdAt: at, processedAt: at, updatedAt: at,
    cancelledAt: null, cancelReason: null, closedAt: null,
    currency: shop.currencyCode,
    financialStatus: "paid",
    customerId: customer?.id ?? null,
    lineItems,
    shippingAddress,
    billingAddress: input.billingAddress ? normalizeAddress(input.billingAddress) : shippingAddress,
    shippingLines: [{
      id: store.ids.next(),
      title: input.shippingLine?.title ?? "Standard",
      code: input.shippingLine?.code ?? input.shippingLine?.title ?? "Standard",
      price: formatMoney(input.shippingLine?.price ?? "0.00"),
      source: "shopify",
    }],
    note: input.note ?? null,
    tags: input.tags ?? [],
    fulfillmentOrderIds: [],
    fulfillmentIds: [],
    test: true,
  };
  const fo: FulfillmentOrderState = {
    id: store.ids.next(), orderId: order.id, locationId: shop.locationId, status: "OPEN", createdAt: at, updatedAt: at,
    lineItems: lineItems.map((li) => ({ id: store.ids.next(), lineItemId: li.id, totalQuantity: li.quantity, remainingQuantity: li.quantity })),
  };
  shop.fulfillmentOrders.set(fo.id, fo);
  order.fulfillmentOrderIds.push(fo.id);
  shop.orders.set(order.id, order);
  return order;
}

export function findOrder(shop: ShopState, orderId: string | number): OrderState {
  const id = parseId(orderId, "Order");
  const order = id === null ? undefined : shop.orders.get(id);
  if (!order) throw new NotFound(`order ${String(orderId)} not found on ${shop.domain}`);
  return order;
}

export class NotFound extends Error {}

export function cancelOrder(shop: ShopState, order: OrderState, now: number, reason = "customer"): void {
  if (order.cancelledAt) return;
  order.cancelledAt = iso(now);
  order.cancelReason = reason;
  order.financialStatus = "voided";
  order.closedAt = iso(now);
  order.updatedAt = iso(now);
  for (const foId of order.fulfillmentOrderIds) {
    const fo = shop.fulfillmentOrders.get(foId);
    if (fo && fo.status !== "CLOSED") {
      fo.status = "CANCELLED";
      fo.updatedAt = iso(now);
    }
  }
}

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
    locationId: shop.locationId, trackingInfo: trackingFrom(req.trackingInfo), notifyCustomer: req.notifyCustomer ?? false,
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
