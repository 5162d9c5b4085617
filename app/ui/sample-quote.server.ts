// Sample quotes for the UI: the mapping editor validates a configuration by pricing one unit sent to
// the shop's own address; Settings discovers the studio's shipping methods for that address.
// The quote needs artwork this account uploaded (ARTWORK_REQUIRED / ARTWORK_NOT_ALLOWED otherwise),
// so a 1-pixel sample image is uploaded once per shop and environment and reused (ArtworkUpload).
import { Readable } from "node:stream";
import db from "~/db.server";
import { getShopSettings } from "~/models/shop-settings.server";
import type { ProductSlug } from "~/models/print-products";
import type { ShopShipping } from "~/shopify/products.server";
import { StudioShippingUnavailableError, type Quote, type QuoteRequest, type ShippingAddress, type ShippingOption, type StudioClient } from "~/studio";
import { withStudio } from "./studio.server";

const SAMPLE_SOURCE = "urn:print-studio:sample-artwork";
const SAMPLE_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

export class ShopAddressMissingError extends Error {
  constructor(missing: string[]) {
    super(`The sample quote ships to your shop's address, which lacks: ${missing.join(", ")}. Complete it in Shopify Settings > General.`);
    this.name = "ShopAddressMissingError";
  }
}

/** The shop's own address as the studio's shippingAddress, or an error naming what is missing. */
export function shopShippingAddress(shop: ShopShipping): ShippingAddress {
  const a = shop.address;
  const address = {
    name: shop.name,
    company: a?.company ?? null,
    line1: a?.address1 ?? "",
    line2: a?.address2 ?? null,
    city: a?.city ?? "",
    state: a?.province ?? a?.provinceCode ?? a?.city ?? "",
    postcode: a?.zip ?? "",
    country: a?.countryCodeV2 ?? "",
    phone: a?.phone ?? null,
    email: shop.email,
  };
  const missing = (["line1", "city", "postcode", "country", "email"] as const).filter((k) => !address[k]);
  if (missing.length) throw new ShopAddressMissingError(missing.map((m) => (m === "line1" ? "street address" : m)));
  return address;
}

async function sampleArtworkUrl(shop: string, client: StudioClient): Promise<string> {
  const key = { shopDomain: shop, environment: client.environment, sourceUrl: SAMPLE_SOURCE };
  const stored = await db.artworkUpload.findUnique({ where: { shopDomain_environment_sourceUrl: key } });
  if (stored) return stored.studioUrl;
  const target = await client.uploads.create({ filename: "sample.png", contentType: "image/png", sizeBytes: SAMPLE_PNG.length });
  await client.uploads.put(target, Readable.from([SAMPLE_PNG]), { sizeBytes: SAMPLE_PNG.length, contentType: target.contentType });
  await db.artworkUpload.upsert({
    where: { shopDomain_environment_sourceUrl: key },
    create: { ...key, studioUrl: target.url, contentType: target.contentType, sizeBytes: SAMPLE_PNG.length },
    update: { studioUrl: target.url },
  });
  return target.url;
}

function pickMethod(options: ShippingOption[], fallback: "cheapest" | "fastest"): ShippingOption | null {
  const usable = options.filter((o) => !o.isCollection && !o.requiresQuote);
  const list = usable.length ? usable : options;
  if (!list.length) return null;
  const days = (o: ShippingOption) => Number(/\d+/.exec(o.estimatedDelivery)?.[0] ?? 99);
  return [...list].sort((a, b) => (fallback === "fastest" ? days(a) - days(b) || a.priceCents - b.priceCents : a.priceCents - b.priceCents))[0];
}

export interface SampleLine { slug: ProductSlug | string; selections: Record<string, string>; quantity: number }
export interface SampleQuoteResult { quote: Quote; shippingOptions: ShippingOption[]; method: ShippingOption | null }

/**
 * Prices one line to the shop's address: first without a method (the studio lists the usable ones),
 * then with the policy's fallback choice. Studio errors are thrown as the client's typed errors.
 */
export async function sampleQuote(shop: string, line: SampleLine, address: ShippingAddress): Promise<SampleQuoteResult> {
  const settings = await getShopSettings(shop);
  return withStudio(shop, async (client) => {
    const imageUrl = await sampleArtworkUrl(shop, client);
    const body: QuoteRequest = {
      items: [{ productSlug: line.slug, quantity: line.quantity, variantSelections: line.selections, imageUrl, externalReference: "sample-quote" }],
      shippingAddress: address,
      rushTier: settings.defaultRushTier,
      whiteLabel: settings.whiteLabel,
    };
    let options: ShippingOption[] = [];
    try {
      return { quote: await client.quotes.create(body), shippingOptions: [], method: null };
    } catch (error) {
      if (!(error instanceof StudioShippingUnavailableError)) throw error;
      options = error.details?.shippingOptions ?? [];
    }
    const method = pickMethod(options, settings.shippingPolicy.fallback);
    if (!method) throw new Error("The studio offers no shipping method to your shop's address for this configuration.");
    const quote = await client.quotes.create({ ...body, shippingMethodId: method.id });
    return { quote, shippingOptions: options, method };
  });
}

const discovered = new Map<string, { at: number; options: ShippingOption[]; currency: string }>();
const DISCOVERY_TTL_MS = 10 * 60_000;

/** The studio's shipping methods for the shop's address, found by pricing a small fine-art print. */
export async function discoverShippingMethods(shop: string, address: ShippingAddress, mediaId: string): Promise<{ options: ShippingOption[]; currency: string }> {
  const hit = discovered.get(shop);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit;
  const { shippingOptions, quote } = await sampleQuote(shop, { slug: "fine-art-printing", selections: { artworkWidthMm: "210", artworkHeightMm: "297", mediaId }, quantity: 1 }, address);
  const found = { at: Date.now(), options: shippingOptions, currency: quote.currency };
  discovered.set(shop, found);
  return found;
}
