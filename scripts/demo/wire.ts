// Wires the studio, the Shopify sandbox and the app together the way a merchant would after
// installing the app: a studio trade account and test key, a studio webhook endpoint pointing at
// the app, the shop with its products and the app installed, the shop's settings, and its print
// variants mapped to configurations the studio accepts (each verified with a real quote).
import { Readable } from "node:stream";
import { ensureShop, saveShopSettings } from "~/models/shop-settings.server";
import { upsertMapping } from "~/models/variant-mapping.server";
import { storeOfflineSession } from "~/shopify/offline-session.server";
import { createStudioClient, StudioShippingUnavailableError, type Catalogue, type ShippingAddress, type StudioClient } from "~/studio";
import { ALL_STUDIO_SCOPES, type StudioControl } from "../../test/support/studio-control";
import type { ShopifyControl } from "../../test/support/shopify-control";
import { DEMO_PRODUCTS, printConfiguration, sandboxProducts } from "./shop-catalogue";

export const DEMO_SHOP = "demo-gallery.myshopify.com";
/** Generous enough that hundreds of demo orders never wait for credit. */
const CREDIT_LIMIT_CENTS = 100_000_000;

export const SAMPLE_ADDRESS: ShippingAddress = {
  name: "Ada Lovelace",
  line1: "12 Circular Quay West",
  city: "Sydney",
  state: "NSW",
  postcode: "2000",
  country: "AU",
  email: "ada@example.com",
};

export interface StudioWiring {
  accountId: string;
  key: string;
  webhookSecret: string;
}

export async function wireStudio(studio: StudioControl, appOrigin: string, shop: string): Promise<StudioWiring> {
  const { accountId } = await studio.createAccount({ name: "Demo Gallery Pty Ltd", creditLimitCents: CREDIT_LIMIT_CENTS });
  const { key } = await studio.createKey(accountId, { environment: "test", scopes: ALL_STUDIO_SCOPES });
  const endpoint = await studio.createWebhookEndpoint(accountId, { url: `${appOrigin}/webhooks/studio/${shop}`, environment: "test" });
  return { accountId, key, webhookSecret: endpoint.secret };
}

export interface ShopWiring {
  accessToken: string;
  /** Per demo variant, in DEMO_PRODUCTS order: its Shopify ids. */
  variants: Array<{ productIndex: number; variantIndex: number; productGid: string; variantGid: string }>;
}

export async function installDemoShop(shopify: ShopifyControl, appOrigin: string, artworkUrl: (name: string) => string): Promise<ShopWiring> {
  const installed = await shopify.installShop({
    shop: DEMO_SHOP,
    appUrl: appOrigin,
    name: "Demo Gallery",
    email: "hello@demo-gallery.example",
    currencyCode: "AUD",
    countryCode: "AU",
    products: sandboxProducts(artworkUrl),
  });
  const variants = installed.products.flatMap((p, productIndex) =>
    p.variantIds.map((variantGid, variantIndex) => ({ productIndex, variantIndex, productGid: p.productId, variantGid })),
  );
  return { accessToken: installed.accessToken, variants };
}

/** What the app's install flow leaves behind: the shop row and its offline Admin API session. */
export async function recordInstall(shop: string, accessToken: string, scopes: string): Promise<void> {
  await ensureShop(shop);
  await storeOfflineSession(shop, accessToken, scopes);
}

async function uploadArtwork(client: StudioClient, name: string, bytes: Buffer): Promise<string> {
  const target = await client.uploads.create({ filename: `${name}.png`, contentType: "image/png", sizeBytes: bytes.length });
  return (await client.uploads.put(target, Readable.from([bytes]), { sizeBytes: bytes.length, contentType: "image/png" })).url;
}

async function shippingOptions(client: StudioClient, item: Parameters<StudioClient["quotes"]["create"]>[0]["items"][number]) {
  try {
    await client.quotes.create({ items: [item], shippingAddress: SAMPLE_ADDRESS });
  } catch (error) {
    if (error instanceof StudioShippingUnavailableError && error.details) return error.details.shippingOptions;
    throw error;
  }
  throw new Error("the studio priced a quote without a shipping method; expected shipping discovery");
}

export interface MappingWiring {
  mappedVariantIds: string[];
  unmappedVariantIds: string[];
  shippingMethods: Record<string, string>;
}

/** Saves settings and mappings, and proves each mapping with a sample quote on real uploaded artwork. */
export async function configureShop(
  shop: string,
  studioBaseUrl: string,
  studio: StudioWiring,
  shopWiring: ShopWiring,
  artwork: Record<string, Buffer>,
  log: (line: string) => void,
): Promise<MappingWiring> {
  const client = createStudioClient({ apiKey: studio.key, baseUrl: studioBaseUrl });
  const catalogue: Catalogue = await client.catalogue.get();
  log(`  studio catalogue: ${catalogue.products.length} products, ${catalogue.media.length} papers, ${catalogue.mouldings.length} mouldings`);

  const uploaded = new Map<string, string>();
  const artworkUrlFor = async (name: string) => {
    if (!uploaded.has(name)) uploaded.set(name, await uploadArtwork(client, name, artwork[name]));
    return uploaded.get(name) as string;
  };
  const firstPrint = DEMO_PRODUCTS.find((p) => p.artwork && p.variants[0].print);
  if (!firstPrint?.artwork || !firstPrint.variants[0].print) throw new Error("the demo shop has no print product");
  const options = await shippingOptions(client, {
    ...printConfiguration(catalogue, firstPrint.variants[0].print),
    quantity: 1,
    imageUrl: await artworkUrlFor(firstPrint.artwork),
  });
  const delivery = options.filter((o) => !o.isCollection).sort((a, b) => a.priceCents - b.priceCents);
  const standard = delivery[0];
  if (!standard) throw new Error("the studio offers no delivery method to the sample address");
  const express = delivery.find((o) => /express|priority/i.test(`${o.name} ${o.description ?? ""}`)) ?? delivery[delivery.length - 1];
  const shippingMethods = { "Standard Shipping": standard.id, "Express Shipping": express.id };

  const saved = await saveShopSettings(
    shop,
    {
      studioApiKey: studio.key,
      studioWebhookSecret: studio.webhookSecret,
      studioBaseUrl,
      submissionPolicy: "immediate",
      shippingPolicy: { methods: shippingMethods, fallback: "cheapest" },
      defaultRushTier: "standard",
      whiteLabel: true,
      notifyCustomer: true,
    },
    { verifyKey: async (apiKey, baseUrl) => void (await createStudioClient({ apiKey, baseUrl }).catalogue.get()) },
  );
  if (!saved.ok) throw new Error(`the shop settings were refused: ${JSON.stringify(saved.fieldErrors)}`);
  log(`  settings saved: test key …${saved.value.studioApiKeyHint}, submit immediately, shipping ${Object.keys(shippingMethods).join(" / ")} -> ${standard.name} / ${express.name}`);

  const mappedVariantIds: string[] = [];
  const unmappedVariantIds: string[] = [];
  for (const v of shopWiring.variants) {
    const product = DEMO_PRODUCTS[v.productIndex];
    const variant = product.variants[v.variantIndex];
    if (!variant.print || !product.artwork) {
      unmappedVariantIds.push(v.variantGid);
      continue;
    }
    const config = printConfiguration(catalogue, variant.print);
    const quote = await client.quotes.create({
      items: [{ ...config, quantity: 1, imageUrl: await artworkUrlFor(product.artwork) }],
      shippingMethodId: standard.id,
      shippingAddress: SAMPLE_ADDRESS,
    });
    const result = await upsertMapping(shop, {
      variantGid: v.variantGid,
      productGid: v.productGid,
      productTitle: product.title,
      variantTitle: variant.title,
      ...config,
      quantityPerUnit: 1,
      artworkSource: "variant_image",
    });
    if (!result.ok) throw new Error(`mapping ${product.title} / ${variant.title} was refused: ${JSON.stringify(result.fieldErrors)}`);
    mappedVariantIds.push(v.variantGid);
    const total = (quote.totalCents / 100).toFixed(2);
    log(`  mapped ${product.title} / ${variant.title} -> ${config.productSlug} (sample quote ${quote.currency ?? ""} ${total})`);
  }
  return { mappedVariantIds, unmappedVariantIds, shippingMethods };
}
