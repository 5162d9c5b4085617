// POST /quotes and GET /quotes/{id}.
import { PRODUCTS, UNSUPPORTED_PRODUCTS } from "./catalogue-data";
import { isoOrNull } from "./clock";
import type { Caller, Sim } from "./context";
import { ApiError, dataReply, notFound, validationError, type Reply } from "./envelope";
import { readLine, type LineConfig } from "./line-rules";
import {
  CURRENCY, MINIMUM_ORDER_CENTS, PRICING_VERSION, discountFor, gstCents, promisedReadyDate, rushFeeCents, unitPriceCents, type RushTier,
} from "./pricing";
import { ISO_COUNTRIES, shippingOptions } from "./shipping";
import type { PricedLine, ShippingAddress, StoredQuote } from "./store";
import { newId } from "./ids";
import { Checker, EMAIL_PATTERN, isHttpUrl, isObject, type JsonObject } from "./validation";

export const QUOTE_HOLD_MS = 24 * 60 * 60 * 1000;
const MAX_ITEMS = 200;
const MAX_QUANTITY = 990;

interface ItemInput {
  productSlug: string;
  quantity: number;
  variantSelections: Record<string, string>;
  imageUrl: string | null;
  externalReference: string | null;
}

interface QuoteInput {
  items: ItemInput[];
  shippingMethodId: string | null;
  shippingAddress: ShippingAddress;
  rushTier: RushTier;
  whiteLabel: boolean;
}

function parseAddress(c: Checker, obj: JsonObject): ShippingAddress | undefined {
  const a = c.object(obj, "shippingAddress", "", true);
  if (!a) return undefined;
  const p = "shippingAddress";
  const address = {
    name: c.string(a, "name", p, { required: true, max: 200 }),
    company: c.string(a, "company", p, { nullable: true, max: 200 }) ?? null,
    line1: c.string(a, "line1", p, { required: true, max: 200 }),
    line2: c.string(a, "line2", p, { nullable: true, max: 200 }) ?? null,
    city: c.string(a, "city", p, { required: true, max: 100 }),
    state: c.string(a, "state", p, { required: true, max: 100 }),
    postcode: c.string(a, "postcode", p, { required: true, max: 20 }),
    country: c.string(a, "country", p, { required: true, max: 100 }),
    phone: c.string(a, "phone", p, { nullable: true, max: 50 }) ?? null,
    email: c.string(a, "email", p, { required: true, max: 320 }),
  };
  if (typeof address.email === "string" && !EMAIL_PATTERN.test(address.email)) c.add("shippingAddress.email", "must be an email address");
  return address as ShippingAddress;
}

function parseItems(c: Checker, obj: JsonObject): ItemInput[] {
  const raw = obj.items;
  if (!Array.isArray(raw)) {
    c.add("items", raw === undefined || raw === null ? "is required and must be an array" : "must be an array");
    return [];
  }
  if (raw.length < 1 || raw.length > MAX_ITEMS) c.add("items", `must hold 1 to ${MAX_ITEMS} entries`);
  return raw.map((item: unknown, i): ItemInput => {
    const p = `items[${i}]`;
    if (!isObject(item)) {
      c.add(p, "must be an object");
      return { productSlug: "", quantity: 0, variantSelections: {}, imageUrl: null, externalReference: null };
    }
    const productSlug = c.string(item, "productSlug", p, { required: true, max: 100 }) ?? "";
    const quantity = c.integer(item, "quantity", p, { required: true }) ?? 0;
    const selections: Record<string, string> = {};
    const vs = c.object(item, "variantSelections", p, true);
    if (vs) {
      for (const [key, value] of Object.entries(vs)) {
        if (typeof value === "string") selections[key] = value;
        else c.add(`${p}.variantSelections.${key}`, "must be a string (dimensions too, e.g. \"420\")");
      }
    }
    const imageUrl = c.string(item, "imageUrl", p, { nullable: true, max: 2000 }) ?? null;
    if (imageUrl !== null && !isHttpUrl(imageUrl)) c.add(`${p}.imageUrl`, "must be a URL");
    const externalReference = c.string(item, "externalReference", p, { nullable: true, max: 128 }) ?? null;
    return { productSlug, quantity, variantSelections: selections, imageUrl, externalReference };
  });
}

export function parseQuoteBody(body: unknown): QuoteInput {
  if (!isObject(body)) throw validationError([{ path: "", message: "body must be a JSON object" }]);
  const c = new Checker();
  const items = parseItems(c, body);
  const shippingMethodId = c.string(body, "shippingMethodId", "", { nullable: true, max: 100 }) ?? null;
  const shippingAddress = parseAddress(c, body);
  const rushTier = c.oneOf(body, "rushTier", "", ["standard", "express", "critical"] as const) ?? "standard";
  const whiteLabel = c.boolean(body, "whiteLabel", "") ?? true;
  c.throwIfAny();
  return { items, shippingMethodId, shippingAddress: shippingAddress as ShippingAddress, rushTier, whiteLabel };
}

function checkAddress(address: ShippingAddress): ShippingAddress {
  const country = address.country.trim().toUpperCase();
  if (country.length !== 2 || !ISO_COUNTRIES.has(country)) {
    throw new ApiError(400, "SHIPPING_ADDRESS_INCOMPLETE", `shippingAddress.country must be an ISO 3166-1 alpha-2 code (for example AU), not "${address.country}".`, { path: "shippingAddress.country" });
  }
  if (country === "AU" && !/^\d{4}$/.test(address.postcode.trim())) {
    throw new ApiError(400, "SHIPPING_ADDRESS_INCOMPLETE", `An Australian postcode has four digits; "${address.postcode}" cannot be delivered to.`, { path: "shippingAddress.postcode" });
  }
  return { ...address, country };
}

function readItem(sim: Sim, caller: Caller, item: ItemInput, i: number): LineConfig {
  const path = `items[${i}]`;
  const lineName = `Line ${i + 1} (${path}, ${item.productSlug})`;
  const product = PRODUCTS.find((p) => p.slug === item.productSlug);
  if (!product) {
    const why = UNSUPPORTED_PRODUCTS[item.productSlug] ?? "it is not a product of the studio catalogue";
    throw new ApiError(400, "PRODUCT_UNSUPPORTED", `${lineName}: ${item.productSlug} is not orderable through the partner API: ${why}.`, { path: `${path}.productSlug` });
  }
  if (item.quantity < 1 || item.quantity > MAX_QUANTITY) {
    throw new ApiError(400, "INVALID_QUANTITY", `${lineName}: quantity must be from 1 to ${MAX_QUANTITY}, got ${item.quantity}.`, { path: `${path}.quantity`, min: 1, max: MAX_QUANTITY });
  }
  if (product.requiresArtwork && item.imageUrl === null) {
    throw new ApiError(400, "ARTWORK_REQUIRED", `${lineName} needs artwork: send the url returned by POST /uploads as imageUrl.`, { path: `${path}.imageUrl` });
  }
  if (item.imageUrl !== null) {
    const upload = sim.state.uploadsByUrl.get(item.imageUrl);
    if (!upload || upload.accountId !== caller.account.accountId) {
      throw new ApiError(400, "ARTWORK_NOT_ALLOWED", `${lineName}: imageUrl was not uploaded by this account; upload the file with POST /uploads and use its url.`, { path: `${path}.imageUrl` });
    }
  }
  return readLine(sim.catalogue, product.slug, product.name, item.quantity, item.variantSelections, path);
}

export function createQuote(sim: Sim, caller: Caller, body: unknown): Reply {
  const input = parseQuoteBody(body);
  const address = checkAddress(input.shippingAddress);
  const configs = input.items.map((item, i) => readItem(sim, caller, item, i));
  const options = shippingOptions(configs, address.country);
  const chosen = options.find((o) => o.id === input.shippingMethodId);
  if (!chosen) {
    const message = input.shippingMethodId === null
      ? "No shippingMethodId was sent; choose one of details.shippingOptions."
      : options.length === 0
        ? `No shipping method can carry this basket to ${address.country}.`
        : `Shipping method ${input.shippingMethodId} is not available for this basket and destination; choose one of details.shippingOptions.`;
    throw new ApiError(400, "SHIPPING_UNAVAILABLE", message, { shippingOptions: options });
  }
  const lines: PricedLine[] = configs.map((config, i) => {
    const unit = unitPriceCents(config);
    return {
      externalReference: input.items[i].externalReference, productSlug: config.productSlug, productName: config.productName,
      quantity: config.quantity, unitPriceCents: unit, amountCents: unit * config.quantity,
    };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  const discount = discountFor(subtotalCents, units, caller.account.tradeDiscountPercent);
  const net = subtotalCents - discount.discountCents;
  const minimumTopUpCents = Math.max(0, MINIMUM_ORDER_CENTS - net);
  const rush = rushFeeCents(input.rushTier, net);
  const totalCents = net + minimumTopUpCents + rush + chosen.priceCents;
  const now = sim.clock.now();
  const quote: StoredQuote = {
    quoteId: newId("qt"), accountId: caller.account.accountId, environment: caller.key.environment,
    createdAt: now, expiresAt: now + QUOTE_HOLD_MS, consumedAt: null, orderId: null,
    lines, configs, imageUrls: input.items.map((i) => i.imageUrl), shippingAddress: address,
    subtotalCents, shippingCents: chosen.priceCents, shippingMethod: chosen.id, shippingMethodName: chosen.name,
    ...discount, rushTier: input.rushTier, rushFeeCents: rush, minimumTopUpCents,
    promisedReadyDate: promisedReadyDate(input.rushTier, now), totalCents, gstCents: gstCents(totalCents, address.country),
    whiteLabel: input.whiteLabel,
  };
  sim.state.quotes.set(quote.quoteId, quote);
  return dataReply(201, quoteView(quote));
}

export function quoteView(q: StoredQuote): Record<string, unknown> {
  return {
    quoteId: q.quoteId, currency: CURRENCY, environment: q.environment, pricingVersion: PRICING_VERSION,
    createdAt: isoOrNull(q.createdAt), expiresAt: isoOrNull(q.expiresAt), consumedAt: isoOrNull(q.consumedAt),
    lines: q.lines.map((l) => ({ ...l })),
    subtotalCents: q.subtotalCents, shippingCents: q.shippingCents, shippingMethod: q.shippingMethod, shippingMethodName: q.shippingMethodName,
    discountCents: q.discountCents, discountReason: q.discountReason, discountLabel: q.discountLabel,
    rushTier: q.rushTier, rushFeeCents: q.rushFeeCents, minimumTopUpCents: q.minimumTopUpCents, promisedReadyDate: q.promisedReadyDate,
    totalCents: q.totalCents, gstCents: q.gstCents, whiteLabel: q.whiteLabel,
  };
}

export function getQuote(sim: Sim, caller: Caller, id: string): Reply {
  const quote = sim.state.quotes.get(id);
  if (!quote || quote.accountId !== caller.account.accountId || quote.environment !== caller.key.environment) throw notFound("quote");
  return dataReply(200, quoteView(quote));
}
