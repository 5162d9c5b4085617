// Read-side Shopify Admin GraphQL for the embedded UI: products and variants (paged, searchable),
// one variant with its product's siblings, the shop's address and shipping rate names, recent paid
// orders (setup doctor). Every document is `#graphql`-tagged and validated against the 2026-10
// schema in test/ui/graphql-documents.test.ts.

/** `admin.graphql` of `authenticate.admin(request)`, narrowed to what these reads use. */
export type AdminGraphql = (query: string, options?: { variables?: Record<string, unknown> }) => Promise<Response>;

export const PRODUCTS_QUERY = `#graphql
  query UiProducts($first: Int, $last: Int, $after: String, $before: String, $query: String) {
    products(first: $first, last: $last, after: $after, before: $before, query: $query, sortKey: TITLE) {
      nodes {
        id
        title
        featuredImage { url altText }
        variantsCount { count }
        variants(first: 25) { nodes { id title price sku } }
      }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }`;

export const VARIANT_QUERY = `#graphql
  query UiVariant($id: ID!) {
    productVariant(id: $id) {
      id
      title
      price
      sku
      selectedOptions { name value }
      image { url altText }
      product {
        id
        title
        featuredImage { url altText }
        options { name values }
        variants(first: 100) { nodes { id title price selectedOptions { name value } } }
      }
    }
    shop { currencyCode }
  }`;

export const SHOP_SHIPPING_QUERY = `#graphql
  query UiShopShipping {
    shop {
      name
      email
      currencyCode
      billingAddress { address1 address2 city province provinceCode zip countryCodeV2 phone company }
    }
    deliveryProfiles(first: 3) {
      nodes {
        profileLocationGroups {
          locationGroupZones(first: 5) {
            nodes { methodDefinitions(first: 20) { nodes { name active } } }
          }
        }
      }
    }
  }`;

export const RECENT_ORDERS_QUERY = `#graphql
  query UiRecentOrders($query: String) {
    orders(first: 20, sortKey: CREATED_AT, reverse: true, query: $query) {
      nodes {
        id
        name
        lineItems(first: 10) { nodes { title variantTitle variant { id } } }
      }
    }
  }`;

export const GRAPHQL_DOCUMENTS = { PRODUCTS_QUERY, VARIANT_QUERY, SHOP_SHIPPING_QUERY, RECENT_ORDERS_QUERY };

export interface SelectedOption { name: string; value: string }
export interface VariantSummary { id: string; title: string; price: string; sku?: string | null }
export interface VariantWithOptions extends VariantSummary { selectedOptions: SelectedOption[] }
export interface ProductSummary {
  id: string;
  title: string;
  featuredImage: { url: string; altText: string | null } | null;
  variantsCount: { count: number } | null;
  variants: { nodes: VariantSummary[] };
}
export interface PageInfo { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null }
export interface VariantDetail extends VariantWithOptions {
  image: { url: string; altText: string | null } | null;
  product: {
    id: string;
    title: string;
    featuredImage: { url: string; altText: string | null } | null;
    options: Array<{ name: string; values: string[] }>;
    variants: { nodes: VariantWithOptions[] };
  };
}
export interface ShopAddress {
  address1: string | null; address2: string | null; city: string | null; province: string | null; provinceCode: string | null;
  zip: string | null; countryCodeV2: string | null; phone: string | null; company: string | null;
}
export interface ShopShipping { name: string; email: string; currencyCode: string; address: ShopAddress | null; rateNames: string[] }
export interface RecentOrderLine { title: string; variantTitle: string | null; variantId: string | null }
export interface RecentOrder { id: string; name: string; lines: RecentOrderLine[] }

export class ShopifyQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ShopifyQueryError";
  }
}

async function run<T>(graphql: AdminGraphql, query: string, variables?: Record<string, unknown>): Promise<T> {
  let res: Response;
  try {
    res = await graphql(query, variables ? { variables } : undefined);
  } catch (error) {
    // the library throws on GraphQL errors (THROTTLED included) and network failures
    if (error instanceof Response) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ShopifyQueryError(/throttl/i.test(message) ? "Shopify is busy right now (rate limit); reload the page in a moment." : `Shopify did not answer: ${message}`);
  }
  const body = (await res.json()) as { data?: T; errors?: Array<{ message?: string }> };
  if (body.errors?.length || !body.data) {
    throw new ShopifyQueryError(`Shopify did not answer the product query: ${body.errors?.map((e) => e.message).join("; ") || `HTTP ${res.status}`}`);
  }
  return body.data;
}

export const PRODUCT_PAGE_SIZE = 20;

export interface ProductPageArgs { after?: string | null; before?: string | null; search?: string | null }

/** One page of products (20) with up to 25 variants each (the query stays under Shopify's 1000-point cost limit); `search` uses Shopify's query syntax on the title. */
export async function listProducts(graphql: AdminGraphql, args: ProductPageArgs): Promise<{ products: ProductSummary[]; pageInfo: PageInfo }> {
  const search = args.search?.trim();
  const variables = {
    ...(args.before ? { last: PRODUCT_PAGE_SIZE, before: args.before } : { first: PRODUCT_PAGE_SIZE, after: args.after ?? null }),
    // free text (each word must match; Shopify looks at the title, SKU and tags); search syntax is stripped
    query: search ? search.replace(/[":\\()*]/g, " ").trim() || null : null,
  };
  const data = await run<{ products: { nodes: ProductSummary[]; pageInfo: PageInfo } }>(graphql, PRODUCTS_QUERY, variables);
  return { products: data.products.nodes, pageInfo: data.products.pageInfo };
}

/** A variant with its product's options and sibling variants, or null when the shop has no such variant. */
export async function getVariant(graphql: AdminGraphql, variantGid: string): Promise<{ variant: VariantDetail; currencyCode: string } | null> {
  const data = await run<{ productVariant: VariantDetail | null; shop: { currencyCode: string } }>(graphql, VARIANT_QUERY, { id: variantGid });
  return data.productVariant ? { variant: data.productVariant, currencyCode: data.shop.currencyCode } : null;
}

interface ShopShippingData {
  shop: { name: string; email: string; currencyCode: string; billingAddress: ShopAddress | null };
  deliveryProfiles: { nodes: Array<{ profileLocationGroups: Array<{ locationGroupZones: { nodes: Array<{ methodDefinitions: { nodes: Array<{ name: string; active: boolean }> } }> } }> }> };
}

/** The shop's own address (for discovering the studio's methods) and the names of its active shipping rates. */
export async function getShopShipping(graphql: AdminGraphql): Promise<ShopShipping> {
  const data = await run<ShopShippingData>(graphql, SHOP_SHIPPING_QUERY);
  const names = new Set<string>();
  for (const profile of data.deliveryProfiles.nodes)
    for (const group of profile.profileLocationGroups)
      for (const zone of group.locationGroupZones.nodes)
        for (const method of zone.methodDefinitions.nodes) if (method.active && method.name) names.add(method.name);
  const s = data.shop;
  return { name: s.name, email: s.email, currencyCode: s.currencyCode, address: s.billingAddress, rateNames: [...names].sort() };
}

interface RecentOrdersData {
  orders: { nodes: Array<{ id: string; name: string; lineItems: { nodes: Array<{ title: string; variantTitle: string | null; variant: { id: string } | null }> } }> };
}

/** The 20 newest paid orders with their lines (setup doctor: what sold without a print configuration). */
export async function getRecentPaidOrders(graphql: AdminGraphql, sinceIso: string): Promise<RecentOrder[]> {
  const data = await run<RecentOrdersData>(graphql, RECENT_ORDERS_QUERY, { query: `financial_status:paid created_at:>=${sinceIso.slice(0, 10)}` });
  return data.orders.nodes.map((o) => ({
    id: o.id,
    name: o.name,
    lines: o.lineItems.nodes.map((l) => ({ title: l.title, variantTitle: l.variantTitle, variantId: l.variant?.id ?? null })),
  }));
}
