// GraphQL views over the store: plain objects keyed by schema field name; a function value is
// called with the field's arguments. Fields not listed resolve to null/empty (see field-resolver.ts).
import { displayFulfillmentStatus, fulfilledQuantity } from "../fulfillments";
import { countryName } from "../orders";
import type { CustomerState, FulfillmentOrderState, FulfillmentState, LineItemState, MailingAddress, OrderState, ProductImageState, ProductState, ShopState, Store, VariantState } from "../store";
import { gid, gidType, parseId } from "../store";
import { connection, firstOf, type ConnectionArgs } from "./connection";
import { searchFilter } from "./search";

export interface GqlContext { store: Store; shop: ShopState; now: number }
export type View = Record<string, unknown>;
type Args = ConnectionArgs & Record<string, unknown>;

export function money(amount: string, currencyCode: string): View {
  const m = { amount, currencyCode };
  return { shopMoney: m, presentmentMoney: m };
}

function times(amount: string, quantity: number): string {
  return (Number(amount) * quantity).toFixed(2);
}

export function imageView(img: ProductImageState): View {
  return { __typename: "Image", id: gid("ProductImage", img.id), url: img.url, src: img.url, originalSrc: img.url, transformedSrc: img.url, altText: img.altText, width: 1200, height: 1200 };
}

function mediaImageView(img: ProductImageState): View {
  return {
    __typename: "MediaImage", id: gid("MediaImage", img.id), alt: img.altText, mediaContentType: "IMAGE", status: "READY", fileStatus: "READY",
    image: imageView(img), preview: { image: imageView(img), status: "READY" },
  };
}

export function shopView(ctx: GqlContext): View {
  const s = ctx.shop;
  const address = { address1: "1 Gallery Street", city: "Springfield", country: countryName(s.countryCode), countryCodeV2: s.countryCode, zip: "00001", province: null, phone: null, company: s.name };
  return {
    __typename: "Shop", id: gid("Shop", s.id), name: s.name, email: s.email, contactEmail: s.email, myshopifyDomain: s.domain,
    url: `https://${s.domain}`, currencyCode: s.currencyCode, enabledPresentmentCurrencies: [s.currencyCode], ianaTimezone: "UTC", timezoneAbbreviation: "UTC",
    billingAddress: { __typename: "ShopAddress", id: gid("ShopAddress", s.id), ...address, countryCode: s.countryCode, formatted: [address.address1, address.city, address.country] },
    shipsToCountries: [s.countryCode, ...["US", "CA", "GB", "DE", "FR", "NL", "AU"].filter((c) => c !== s.countryCode)],
    plan: { displayName: "Development", partnerDevelopment: true, shopifyPlus: false, publicDisplayName: "Development" },
    weightUnit: "KILOGRAMS", primaryDomain: { host: s.domain, url: `https://${s.domain}`, id: gid("Domain", s.id) },
    createdAt: s.createdAt, updatedAt: s.createdAt,
  };
}

export function variantView(ctx: GqlContext, v: VariantState): View {
  const product = ctx.shop.products.get(v.productId);
  const image = product?.images.find((i) => i.id === v.imageId);
  return {
    __typename: "ProductVariant", id: gid("ProductVariant", v.id), legacyResourceId: String(v.id), title: v.title, sku: v.sku, price: v.price,
    compareAtPrice: null, position: v.position, availableForSale: true, taxable: true, inventoryPolicy: "DENY", inventoryQuantity: 100,
    displayName: `${product?.title ?? ""} - ${v.title}`, createdAt: product?.createdAt, updatedAt: product?.updatedAt,
    selectedOptions: v.selectedOptions.map((o) => ({ ...o, optionValue: { name: o.value, hasVariants: true, id: gid("ProductOptionValue", `${v.id}${o.name.length}`) } })),
    image: image ? imageView(image) : null,
    media: (args: Args) => connection(image ? [image] : [], args, (i) => i.id, mediaImageView),
    product: () => (product ? productView(ctx, product) : null),
    inventoryItem: { __typename: "InventoryItem", id: gid("InventoryItem", v.inventoryItemId), sku: v.sku, tracked: false, requiresShipping: true },
  };
}

export function productView(ctx: GqlContext, p: ProductState): View {
  const variants = p.variantIds.map((id) => ctx.shop.variants.get(id)).filter((v): v is VariantState => Boolean(v));
  const prices = variants.map((v) => Number(v.price));
  const range = (f: (...n: number[]) => number) => ({ amount: (prices.length ? f(...prices) : 0).toFixed(2), currencyCode: ctx.shop.currencyCode });
  return {
    __typename: "Product", id: gid("Product", p.id), legacyResourceId: String(p.id), title: p.title, handle: p.handle, vendor: p.vendor,
    productType: p.productType, status: p.status, descriptionHtml: p.descriptionHtml, description: p.descriptionHtml.replace(/<[^>]*>/g, ""),
    createdAt: p.createdAt, updatedAt: p.updatedAt, publishedAt: p.createdAt, tags: [], totalInventory: 100 * variants.length, tracksInventory: false,
    hasOnlyDefaultVariant: variants.length === 1 && variants[0].title === "Default Title", onlineStoreUrl: null,
    options: (args: Args) => firstOf(p.options, args.first as number | null).map((o, i) => ({
      __typename: "ProductOption", id: gid("ProductOption", o.id), name: o.name, position: i + 1, values: o.values,
      optionValues: o.values.map((value, vi) => ({ id: gid("ProductOptionValue", `${o.id}${vi}`), name: value, hasVariants: true })),
    })),
    featuredImage: p.images[0] ? imageView(p.images[0]) : null,
    featuredMedia: p.images[0] ? mediaImageView(p.images[0]) : null,
    images: (args: Args) => connection(p.images, args, (i) => i.id, imageView),
    media: (args: Args) => connection(p.images, args, (i) => i.id, mediaImageView),
    variants: (args: Args) => connection(variants, args, (v) => v.id, (v) => variantView(ctx, v)),
    variantsCount: { count: variants.length, precision: "EXACT" },
    priceRangeV2: { minVariantPrice: range(Math.min), maxVariantPrice: range(Math.max) },
    priceRange: { minVariantPrice: range(Math.min), maxVariantPrice: range(Math.max) },
  };
}

export function addressView(a: MailingAddress | null, id: number): View | null {
  if (!a) return null;
  const name = [a.firstName, a.lastName].filter(Boolean).join(" ");
  return {
    __typename: "MailingAddress", id: gid("MailingAddress", id), ...a, name, countryCodeV2: a.countryCode, countryCode: a.countryCode,
    formatted: [a.address1, a.address2, [a.zip, a.city].filter(Boolean).join(" "), a.country].filter(Boolean), formattedArea: [a.city, a.country].filter(Boolean).join(", "),
  };
}

function customerView(ctx: GqlContext, c: CustomerState): View {
  const orders = [...ctx.shop.orders.values()].filter((o) => o.customerId === c.id);
  return {
    __typename: "Customer", id: gid("Customer", c.id), legacyResourceId: String(c.id), email: c.email, phone: c.phone, firstName: c.firstName, lastName: c.lastName,
    displayName: [c.firstName, c.lastName].filter(Boolean).join(" ") || c.email || "", createdAt: c.createdAt, updatedAt: c.createdAt,
    defaultEmailAddress: c.email ? { emailAddress: c.email, marketingState: "NOT_SUBSCRIBED" } : null,
    defaultPhoneNumber: c.phone ? { phoneNumber: c.phone } : null, numberOfOrders: String(orders.length),
    orders: (args: Args) => connection(orders, args, (o) => o.id, (o) => orderView(ctx, o)),
  };
}

export function lineItemView(ctx: GqlContext, o: OrderState, li: LineItemState): View {
  const variant = li.variantId === null ? undefined : ctx.shop.variants.get(li.variantId);
  const product = li.productId === null ? undefined : ctx.shop.products.get(li.productId);
  const image = product?.images.find((i) => i.id === variant?.imageId) ?? product?.images[0];
  const fulfilled = fulfilledQuantity(ctx.shop, o, li.id);
  const current = o.cancelledAt ? 0 : li.quantity;
  const cur = o.currency;
  return {
    __typename: "LineItem", id: gid("LineItem", li.id), title: li.title, name: li.variantTitle ? `${li.title} - ${li.variantTitle}` : li.title,
    variantTitle: li.variantTitle, sku: li.sku, vendor: li.vendor, quantity: li.quantity, currentQuantity: current,
    unfulfilledQuantity: Math.max(0, current - fulfilled), fulfillableQuantity: Math.max(0, current - fulfilled), nonFulfillableQuantity: 0,
    refundableQuantity: current, requiresShipping: true, taxable: true, isGiftCard: false, merchantEditable: true, restockable: true, canRestock: true,
    fulfillmentStatus: fulfilled === 0 ? "unfulfilled" : fulfilled >= li.quantity ? "fulfilled" : "partial",
    customAttributes: li.properties.map((p) => ({ key: p.name, value: p.value })),
    originalUnitPrice: li.price, originalUnitPriceSet: money(li.price, cur), discountedUnitPriceSet: money(li.price, cur),
    discountedUnitPriceAfterAllDiscountsSet: money(li.price, cur), originalTotalSet: money(times(li.price, li.quantity), cur),
    discountedTotalSet: money(times(li.price, li.quantity), cur), totalDiscountSet: money("0.00", cur),
    originalTotal: times(li.price, li.quantity), discountedTotal: times(li.price, li.quantity),
    variant: variant ? () => variantView(ctx, variant) : null,
    product: product ? () => productView(ctx, product) : null,
    image: image ? imageView(image) : null,
  };
}

export function fulfillmentOrderView(ctx: GqlContext, fo: FulfillmentOrderState): View {
  const order = ctx.shop.orders.get(fo.orderId);
  const open = fo.status === "OPEN" || fo.status === "IN_PROGRESS";
  const fulfillments = [...ctx.shop.fulfillments.values()].filter((f) => f.lineItems.some((l) => l.fulfillmentOrderId === fo.id));
  return {
    __typename: "FulfillmentOrder", id: gid("FulfillmentOrder", fo.id), status: fo.status, requestStatus: "UNSUBMITTED", createdAt: fo.createdAt, updatedAt: fo.updatedAt,
    orderId: gid("Order", fo.orderId), orderName: order?.name ?? "", orderProcessedAt: order?.processedAt,
    order: order ? () => orderView(ctx, order) : null,
    assignedLocation: { name: ctx.shop.locations.get(fo.locationId)?.name ?? "", location: locationView(ctx, fo.locationId), countryCode: ctx.shop.countryCode },
    destination: order?.shippingAddress ? { ...addressView(order.shippingAddress, fo.id), __typename: "FulfillmentOrderDestination", id: gid("FulfillmentOrderDestination", fo.id), email: order.email } : null,
    deliveryMethod: { id: gid("DeliveryMethod", fo.id), methodType: "SHIPPING" },
    supportedActions: open ? [{ action: "CREATE_FULFILLMENT", externalUrl: null }, { action: "HOLD", externalUrl: null }, { action: "MOVE", externalUrl: null }] : [],
    fulfillmentHolds: [],
    lineItems: (args: Args) => connection(fo.lineItems, args, (l) => l.id, (l) => {
      const li = order?.lineItems.find((x) => x.id === l.lineItemId);
      return {
        __typename: "FulfillmentOrderLineItem", id: gid("FulfillmentOrderLineItem", l.id), totalQuantity: l.totalQuantity, remainingQuantity: l.remainingQuantity,
        sku: li?.sku ?? null, productTitle: li?.title ?? "", variantTitle: li?.variantTitle ?? null, vendor: li?.vendor ?? null, requiresShipping: true,
        lineItem: order && li ? () => lineItemView(ctx, order, li) : null,
        variant: li?.variantId != null && ctx.shop.variants.has(li.variantId) ? () => variantView(ctx, ctx.shop.variants.get(li.variantId as number) as VariantState) : null,
        originalUnitPriceSet: money(li?.price ?? "0.00", ctx.shop.currencyCode),
      };
    }),
    fulfillments: (args: Args) => connection(fulfillments, args, (f) => f.id, (f) => fulfillmentView(ctx, f)),
  };
}

export function fulfillmentView(ctx: GqlContext, f: FulfillmentState): View {
  const order = ctx.shop.orders.get(f.orderId);
  return {
    __typename: "Fulfillment", id: gid("Fulfillment", f.id), legacyResourceId: String(f.id), name: f.name, status: f.status,
    displayStatus: f.status === "CANCELLED" ? "CANCELED" : f.trackingInfo.length ? "CONFIRMED" : "FULFILLED", createdAt: f.createdAt, updatedAt: f.updatedAt,
    requiresShipping: true, totalQuantity: f.lineItems.reduce((s, l) => s + l.quantity, 0),
    trackingInfo: (args: Args) => firstOf(f.trackingInfo, args.first as number | null).map((t) => ({ ...t })),
    location: locationView(ctx, f.locationId), service: { serviceName: "Manual", handle: "manual", type: "MANUAL", id: gid("FulfillmentService", ctx.shop.id) },
    order: order ? () => orderView(ctx, order) : null,
    fulfillmentLineItems: (args: Args) => connection(f.lineItems, args, (l) => l.id, (l) => {
      const li = order?.lineItems.find((x) => x.id === l.lineItemId);
      return {
        __typename: "FulfillmentLineItem", id: gid("FulfillmentLineItem", l.id), quantity: l.quantity,
        lineItem: order && li ? () => lineItemView(ctx, order, li) : null,
        originalTotalSet: money(times(li?.price ?? "0", l.quantity), ctx.shop.currencyCode),
      };
    }),
    fulfillmentOrders: (args: Args) => connection([...new Set(f.lineItems.map((l) => l.fulfillmentOrderId))].map((id) => ctx.shop.fulfillmentOrders.get(id)).filter((x): x is FulfillmentOrderState => Boolean(x)), args, (fo) => fo.id, (fo) => fulfillmentOrderView(ctx, fo)),
  };
}

export function locationView(ctx: GqlContext, id: number): View | null {
  const location = ctx.shop.locations.get(id);
  if (!location) return null;
  return {
    __typename: "Location", id: gid("Location", id), legacyResourceId: String(id), name: location.name, isActive: true,
    fulfillsOnlineOrders: true, shipsInventory: true, hasActiveInventory: true, isPrimary: id === ctx.shop.locationId,
    address: { countryCode: ctx.shop.countryCode, country: countryName(ctx.shop.countryCode), city: "Springfield", address1: "1 Gallery Street", zip: "00001", formatted: [] },
  };
}

export function orderView(ctx: GqlContext, o: OrderState): View {
  const cur = o.currency;
  const subtotal = o.lineItems.reduce((s, li) => s + Number(li.price) * li.quantity, 0);
  const shipping = o.shippingLines.reduce((s, l) => s + Number(l.price), 0);
  const customer = o.customerId === null ? undefined : ctx.shop.customers.get(o.customerId);
  const fos = o.fulfillmentOrderIds.map((id) => ctx.shop.fulfillmentOrders.get(id)).filter((x): x is FulfillmentOrderState => Boolean(x));
  const fulfillments = o.fulfillmentIds.map((id) => ctx.shop.fulfillments.get(id)).filter((x): x is FulfillmentState => Boolean(x));
  return {
    __typename: "Order", id: gid("Order", o.id), legacyResourceId: String(o.id), name: o.name, email: o.email, phone: o.phone, note: o.note, tags: o.tags,
    createdAt: o.createdAt, processedAt: o.processedAt, updatedAt: o.updatedAt, cancelledAt: o.cancelledAt, closedAt: o.closedAt, closed: o.closedAt !== null,
    cancelReason: o.cancelReason ? o.cancelReason.toUpperCase() : null, test: o.test, confirmed: true, fullyPaid: o.financialStatus === "paid",
    currencyCode: cur, presentmentCurrencyCode: cur, displayFinancialStatus: o.financialStatus === "paid" ? "PAID" : o.financialStatus.toUpperCase(),
    displayFulfillmentStatus: displayFulfillmentStatus(ctx.shop, o), requiresShipping: true, unpaid: false, sourceName: "web",
    statusPageUrl: `https://${ctx.shop.domain}/${ctx.shop.id}/orders/${o.token}/authenticate`,
    subtotalPriceSet: money(subtotal.toFixed(2), cur), currentSubtotalPriceSet: money(subtotal.toFixed(2), cur),
    totalPriceSet: money((subtotal + shipping).toFixed(2), cur), currentTotalPriceSet: money((subtotal + shipping).toFixed(2), cur),
    totalShippingPriceSet: money(shipping.toFixed(2), cur), totalTaxSet: money("0.00", cur), totalDiscountsSet: money("0.00", cur),
    totalOutstandingSet: money("0.00", cur), totalReceivedSet: money((subtotal + shipping).toFixed(2), cur),
    customer: customer ? () => customerView(ctx, customer) : null,
    shippingAddress: addressView(o.shippingAddress, o.id), billingAddress: addressView(o.billingAddress, o.id + 1),
    shippingLine: o.shippingLines[0] ? shippingLineView(o.shippingLines[0], cur) : null,
    shippingLines: (args: Args) => connection(o.shippingLines, args, (l) => l.id, (l) => shippingLineView(l, cur)),
    lineItems: (args: Args) => connection(o.lineItems, args, (li) => li.id, (li) => lineItemView(ctx, o, li)),
    fulfillmentOrders: (args: Args) => connection(searchFilter(fos, args.query as string | null, (fo) => ({ status: fo.status.toLowerCase() })), args, (fo) => fo.id, (fo) => fulfillmentOrderView(ctx, fo)),
    fulfillments: (args: Args) => firstOf(fulfillments, args.first as number | null).map((f) => fulfillmentView(ctx, f)),
    customAttributes: [], events: { edges: [], nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: false } },
  };
}

function shippingLineView(l: OrderState["shippingLines"][number], cur: string): View {
  return {
    __typename: "ShippingLine", id: gid("ShippingLine", l.id), title: l.title, code: l.code, source: l.source, carrierIdentifier: null, custom: false,
    originalPriceSet: money(l.price, cur), discountedPriceSet: money(l.price, cur), currentDiscountedPriceSet: money(l.price, cur), isRemoved: false,
  };
}

/** Resolves any stored object by GID, as `node`/`nodes` do; unknown or foreign ids give null. */
export function nodeView(ctx: GqlContext, id: string): View | null {
  const type = gidType(id);
  const n = parseId(id);
  if (!type || n === null) return null;
  const s = ctx.shop;
  switch (type) {
    case "Product": { const p = s.products.get(n); return p ? productView(ctx, p) : null; }
    case "ProductVariant": { const v = s.variants.get(n); return v ? variantView(ctx, v) : null; }
    case "Order": { const o = s.orders.get(n); return o ? orderView(ctx, o) : null; }
    case "FulfillmentOrder": { const fo = s.fulfillmentOrders.get(n); return fo ? fulfillmentOrderView(ctx, fo) : null; }
    case "Fulfillment": { const f = s.fulfillments.get(n); return f ? fulfillmentView(ctx, f) : null; }
    case "Customer": { const c = s.customers.get(n); return c ? customerView(ctx, c) : null; }
    case "Location": return locationView(ctx, n);
    case "Shop": return n === s.id ? shopView(ctx) : null;
    case "LineItem": {
      for (const o of s.orders.values()) { const li = o.lineItems.find((x) => x.id === n); if (li) return lineItemView(ctx, o, li); }
      return null;
    }
    default: return null;
  }
}

