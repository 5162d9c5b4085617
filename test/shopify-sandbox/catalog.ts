// Shops and their products: installing the app on a shop and creating products with variants.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { DEFAULT_BUCKET, gid, isValidShopDomain, normalizeShopDomain, type ProductState, type ShopState, type Store, type VariantState, iso } from "./store";

export const productInput = z.object({
  title: z.string().min(1),
  handle: z.string().optional(),
  vendor: z.string().optional(),
  productType: z.string().optional(),
  descriptionHtml: z.string().optional(),
  status: z.enum(["ACTIVE", "DRAFT", "ARCHIVED"]).optional(),
  /** Option names (["Size", "Paper"]) or {name, values}. Without options there is one option "Title". */
  options: z.array(z.union([z.string(), z.object({ name: z.string(), values: z.array(z.string()).optional() })])).optional(),
  imageUrl: z.string().optional(),
  /** The location (by name) that ships it; default the shop's primary location. */
  location: z.string().min(1).optional(),
  variants: z.array(z.object({
    title: z.string().min(1),
    sku: z.string().nullable().optional(),
    price: z.union([z.string(), z.number()]),
    imageUrl: z.string().optional(),
    /** Option values in option order ({name: value} works too); by default the title split on " / ". */
    options: z.union([z.array(z.string()), z.record(z.string(), z.string())]).optional(),
    selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
    grams: z.number().int().nonnegative().optional(),
  })).min(1),
});
export type ProductInput = z.infer<typeof productInput>;

export const installInput = z.object({
  shop: z.string().min(1),
  appUrl: z.string().url(),
  name: z.string().optional(),
  email: z.string().optional(),
  currencyCode: z.string().length(3).optional(),
  countryCode: z.string().length(2).optional(),
  products: z.array(productInput).optional(),
});
export type InstallInput = z.infer<typeof installInput>;

export function formatMoney(value: string | number): string {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`invalid price: ${String(value)}`);
  return n.toFixed(2);
}

function titleFromDomain(domain: string): string {
  return domain.replace(/\.myshopify\.com$/, "").split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

export function newAccessToken(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString("hex")}`;
}

/** Installs the app on a shop; installing again keeps the data, refreshes appUrl and re-enables tokens. */
export function installShop(store: Store, input: InstallInput, scope: string, now: number): ShopState {
  const domain = normalizeShopDomain(input.shop);
  if (!isValidShopDomain(domain)) throw new Error(`invalid shop domain: ${input.shop}`);
  const existing = store.shops.get(domain);
  if (existing) {
    existing.appUrl = input.appUrl;
    if (!existing.installed) existing.offlineToken = newAccessToken("shpat");
    existing.installed = true;
    existing.scope = scope;
    for (const p of input.products ?? []) createProduct(store, existing, p, now);
    return existing;
  }
  const locationId = store.ids.next();
  const shop: ShopState = {
    id: store.ids.next(),
    domain,
    name: input.name ?? titleFromDomain(domain),
    email: input.email ?? `owner@${domain.replace(/\.myshopify\.com$/, "")}.example`,
    currencyCode: (input.currencyCode ?? "USD").toUpperCase(),
    countryCode: (input.countryCode ?? "US").toUpperCase(),
    appUrl: input.appUrl,
    installed: true,
    scope,
    offlineToken: newAccessToken("shpat"),
    offlineTokenExpiresAt: null,
    refreshTokens: new Map(),
    onlineTokens: new Map(),
    locationId,
    locations: new Map([[locationId, { id: locationId, name: "Shop location" }]]),
    products: new Map(),
    variants: new Map(),
    orders: new Map(),
    fulfillmentOrders: new Map(),
    fulfillments: new Map(),
    customers: new Map(),
    nextOrderNumber: 1001,
    events: new Map(),
    deliveries: [],
    bucket: { ...DEFAULT_BUCKET, currentlyAvailable: DEFAULT_BUCKET.maximumAvailable, updatedAt: now },
    createdAt: iso(now),
  };
  store.shops.set(domain, shop);
  for (const p of input.products ?? []) createProduct(store, shop, p, now);
  return shop;
}

function handleize(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "product";
}

function locationNamed(store: Store, shop: ShopState, name: string | undefined): number {
  if (!name) return shop.locationId;
  const found = [...shop.locations.values()].find((l) => l.name === name);
  if (found) return found.id;
  const id = store.ids.next();
  shop.locations.set(id, { id, name });
  return id;
}

export function createProduct(store: Store, shop: ShopState, input: ProductInput, now: number): { productId: string; variantIds: string[] } {
  const at = iso(now);
  const locationId = locationNamed(store, shop, input.location);
  const optionNames = (input.options ?? ["Title"]).map((o) => (typeof o === "string" ? o : o.name));
  const product: ProductState = {
    id: store.ids.next(),
    title: input.title,
    handle: input.handle ?? handleize(input.title),
    vendor: input.vendor ?? shop.name,
    productType: input.productType ?? "",
    status: input.status ?? "ACTIVE",
    descriptionHtml: input.descriptionHtml ?? "",
    options: optionNames.map((name) => ({ id: store.ids.next(), name, values: [] })),
    images: [],
    variantIds: [],
    createdAt: at,
    updatedAt: at,
  };
  const imageFor = (url: string | undefined): number | null => {
    if (!url) return null;
    const found = product.images.find((i) => i.url === url);
    if (found) return found.id;
    const image = { id: store.ids.next(), url, altText: input.title };
    product.images.push(image);
    return image.id;
  };
  imageFor(input.imageUrl);
  input.variants.forEach((v, index) => {
    const named: Record<string, string> | undefined = v.selectedOptions
      ? Object.fromEntries(v.selectedOptions.map((o) => [o.name, o.value]))
      : v.options && !Array.isArray(v.options) ? v.options : undefined;
    const values = named ? optionNames.map((n) => named[n] ?? v.title)
      : Array.isArray(v.options) ? v.options : optionNames.length === 1 ? [v.title] : v.title.split(" / ").map((s) => s.trim());
    const selectedOptions = optionNames.map((name, i) => ({ name, value: values[i] ?? v.title }));
    selectedOptions.forEach((so, i) => {
      if (!product.options[i].values.includes(so.value)) product.options[i].values.push(so.value);
    });
    const variant: VariantState = {
      id: store.ids.next(),
      productId: product.id,
      title: v.title,
      sku: v.sku ?? null,
      price: formatMoney(v.price),
      imageId: imageFor(v.imageUrl ?? input.imageUrl),
      position: index + 1,
      selectedOptions,
      inventoryItemId: store.ids.next(),
      grams: v.grams ?? 0,
      locationId,
    };
    shop.variants.set(variant.id, variant);
    product.variantIds.push(variant.id);
  });
  shop.products.set(product.id, product);
  return { productId: gid("Product", product.id), variantIds: product.variantIds.map((id) => gid("ProductVariant", id)) };
}
