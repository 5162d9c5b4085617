// Root Query fields the app uses. Anything else on Query resolves to null/empty.
import { parseId, type OrderState, type ProductState, type VariantState } from "../store";
import { connection, type ConnectionArgs } from "./connection";
import { searchFilter } from "./search";
import { fulfillmentOrderView, fulfillmentView, locationView, nodeView, orderView, productView, shopView, variantView, type GqlContext, type View } from "./views";

type Args = ConnectionArgs & { id?: string; ids?: string[]; query?: string | null; sortKey?: string | null };

/** Orders a list by a sortKey (TITLE, CREATED_AT, ...); unknown keys (RELEVANCE, ...) keep id order. */
function sorted<T>(items: T[], sortKey: string | null | undefined, keys: Record<string, (item: T) => string | number | null>): T[] {
  const key = sortKey ? keys[sortKey] : undefined;
  if (!key) return items;
  return [...items].sort((a, b) => {
    const x = key(a) ?? "";
    const y = key(b) ?? "";
    return typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
  });
}

function byId<T>(map: Map<number, T>, id: string | undefined, type: string): T | null {
  const n = parseId(id, type);
  return n === null ? null : map.get(n) ?? null;
}

export function queryRoot(ctx: GqlContext): View {
  const s = ctx.shop;
  const products = (): ProductState[] => [...s.products.values()];
  const variants = (): VariantState[] => [...s.variants.values()];
  const orders = (): OrderState[] => [...s.orders.values()];
  return {
    shop: () => shopView(ctx),
    product: (a: Args) => { const p = byId(s.products, a.id, "Product"); return p ? productView(ctx, p) : null; },
    productVariant: (a: Args) => { const v = byId(s.variants, a.id, "ProductVariant"); return v ? variantView(ctx, v) : null; },
    order: (a: Args) => { const o = byId(s.orders, a.id, "Order"); return o ? orderView(ctx, o) : null; },
    fulfillmentOrder: (a: Args) => { const fo = byId(s.fulfillmentOrders, a.id, "FulfillmentOrder"); return fo ? fulfillmentOrderView(ctx, fo) : null; },
    fulfillment: (a: Args) => { const f = byId(s.fulfillments, a.id, "Fulfillment"); return f ? fulfillmentView(ctx, f) : null; },
    location: (a: Args) => locationView(ctx, a.id ? parseId(a.id, "Location") ?? 0 : s.locationId),
    node: (a: Args) => (a.id ? nodeView(ctx, a.id) : null),
    nodes: (a: Args) => (a.ids ?? []).map((id) => nodeView(ctx, id)),
    products: (a: Args) => connection(
      searchFilter(sorted(products(), a.sortKey, { TITLE: (p) => p.title.toLowerCase(), CREATED_AT: (p) => p.createdAt, UPDATED_AT: (p) => p.updatedAt, ID: (p) => p.id, VENDOR: (p) => p.vendor, PRODUCT_TYPE: (p) => p.productType }), a.query, (p) => ({ title: p.title, handle: p.handle, status: p.status.toLowerCase(), id: p.id, vendor: p.vendor, product_type: p.productType, sku: p.variantIds.map((id) => s.variants.get(id)?.sku ?? "").join(" ") })),
      a, (p) => p.id, (p) => productView(ctx, p)),
    productVariants: (a: Args) => connection(
      searchFilter(sorted(variants(), a.sortKey, { TITLE: (v) => v.title.toLowerCase(), SKU: (v) => v.sku, ID: (v) => v.id, POSITION: (v) => v.position }), a.query, (v) => ({ title: `${s.products.get(v.productId)?.title ?? ""} ${v.title}`, sku: v.sku, id: v.id, product_id: v.productId })),
      a, (v) => v.id, (v) => variantView(ctx, v)),
    orders: (a: Args) => connection(
      searchFilter(sorted(orders(), a.sortKey, { CREATED_AT: (o) => o.createdAt, PROCESSED_AT: (o) => o.processedAt, UPDATED_AT: (o) => o.updatedAt, ORDER_NUMBER: (o) => o.orderNumber, ID: (o) => o.id }), a.query, (o) => ({ title: o.name, name: o.name, email: o.email, id: o.id, financial_status: o.financialStatus, status: o.cancelledAt ? "cancelled" : o.closedAt ? "closed" : "open" })),
      a, (o) => o.id, (o) => orderView(ctx, o)),
    productsCount: () => ({ count: s.products.size, precision: "EXACT" }),
    ordersCount: () => ({ count: s.orders.size, precision: "EXACT" }),
    locations: (a: Args) => connection([...s.locations.keys()], a, (id) => id, (id) => locationView(ctx, id)),
    deliveryProfiles: (a: Args) => connection([s.id], a, (id) => id, () => deliveryProfileView(ctx)),
    currentAppInstallation: () => ({ id: `gid://shopify/AppInstallation/${s.id}`, accessScopes: s.scope.split(",").map((handle) => ({ handle, description: handle })) }),
  };
}

const RATES = [
  { name: "Standard", price: "5.00" },
  { name: "Express", price: "15.00" },
];

/** One general profile with one zone (the shop's countries) and two rates: enough to list rate names. */
function deliveryProfileView(ctx: GqlContext): View {
  const s = ctx.shop;
  const methods = RATES.map((r, i) => ({
    __typename: "DeliveryMethodDefinition", id: `gid://shopify/DeliveryMethodDefinition/${s.id + i}`, name: r.name, active: true, description: null,
    rateProvider: { __typename: "DeliveryRateDefinition", id: `gid://shopify/DeliveryRateDefinition/${s.id + i}`, price: { amount: r.price, currencyCode: s.currencyCode } },
  }));
  const zone = {
    zone: { id: `gid://shopify/DeliveryZone/${s.id}`, name: "Domestic and international", countries: shopView(ctx).shipsToCountries },
    methodDefinitions: (a: ConnectionArgs) => connection(methods, a, (m) => m.id, (m) => m),
  };
  return {
    __typename: "DeliveryProfile", id: `gid://shopify/DeliveryProfile/${s.id}`, name: "General profile", default: true, activeMethodDefinitionsCount: methods.length,
    profileLocationGroups: [{
      locationGroup: { id: `gid://shopify/DeliveryLocationGroup/${s.id}` },
      locationGroupZones: (a: ConnectionArgs) => connection([zone], a, () => s.id, (z) => z),
    }],
  };
}
