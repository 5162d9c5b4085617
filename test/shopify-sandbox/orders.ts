// Orders: a paid order gets one fulfillment order (the shop's single location) covering its lines;
// cancelling closes what is still open. Fulfilments are in fulfillments.ts.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { formatMoney } from "./catalog";
import type { CustomerState, FulfillmentOrderState, LineItemState, MailingAddress, OrderState, ShopState, Store } from "./store";
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
  // One fulfillment order per location, in the order the lines name them; custom items ship from the primary.
  const byLocation = new Map<number, LineItemState[]>();
  for (const li of lineItems) {
    const loc = (li.variantId !== null ? shop.variants.get(li.variantId)?.locationId : undefined) ?? shop.locationId;
    byLocation.set(loc, [...(byLocation.get(loc) ?? []), li]);
  }
  for (const [locationId, items] of byLocation) {
    const fo: FulfillmentOrderState = {
      id: store.ids.next(), orderId: order.id, locationId, status: "OPEN", createdAt: at, updatedAt: at,
      lineItems: items.map((li) => ({ id: store.ids.next(), lineItemId: li.id, totalQuantity: li.quantity, remainingQuantity: li.quantity })),
    };
    shop.fulfillmentOrders.set(fo.id, fo);
    order.fulfillmentOrderIds.push(fo.id);
  }
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
