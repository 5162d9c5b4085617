// Server side of the mapping editor: the page's data, sample quotes placed on fields, save (checked
// by quoting first), bulk apply across the product's variants, delete.
import { notFound } from "./responses.server";
import { z } from "zod";
import { deleteMapping, getMapping, MappingInputSchema, upsertMapping } from "~/models/variant-mapping.server";
import { isOrderableProduct, type ProductSlug } from "~/models/print-products";
import { fieldErrorsOf } from "~/models/field-errors";
import { getShopShipping, getVariant, type AdminGraphql, type VariantDetail } from "~/shopify/products.server";
import { StudioRequestError } from "~/studio";
import { getStudioCredentials } from "~/models/shop-settings.server";
import { catalogueForShop, studioMessage } from "./studio.server";
import { sampleQuote, shopShippingAddress } from "./sample-quote.server";
import { placeStudioError } from "./quote-errors";
import type { CatalogueView } from "./catalogue-view";

export const variantGidOf = (variantId: string) => `gid://shopify/ProductVariant/${variantId}`;

/** The variant of this shop, or a 404 (unknown id, another shop's variant, malformed id). */
export async function requireVariant(graphql: AdminGraphql, variantId: string | undefined): Promise<{ variant: VariantDetail; currencyCode: string }> {
  if (!variantId || !/^\d{1,20}$/.test(variantId)) throw notFound("No such variant in this shop.");
  const found = await getVariant(graphql, variantGidOf(variantId));
  if (!found) throw notFound("No such variant in this shop.");
  return found;
}

export async function editorData(shop: string, graphql: AdminGraphql, variantId: string | undefined) {
  const { variant, currencyCode } = await requireVariant(graphql, variantId);
  const [mapping, catalogue] = await Promise.all([getMapping(shop, variant.id), catalogueForShop(shop)]);
  return {
    variant,
    currencyCode,
    mapping: mapping && {
      productSlug: mapping.productSlug,
      variantSelections: mapping.variantSelections,
      quantityPerUnit: mapping.quantityPerUnit,
      artworkSource: mapping.artworkSource,
      artworkUrl: mapping.artworkUrl,
      artworkProperty: mapping.artworkProperty,
      status: mapping.status,
      invalidReason: mapping.invalidReason,
    },
    catalogue: catalogue.ok ? catalogue.view : null,
    catalogueError: catalogue.ok ? null : { reason: catalogue.reason, message: catalogue.message },
  };
}

const Config = z.object({
  productSlug: z.string(),
  variantSelections: z.record(z.string(), z.string()),
  quantityPerUnit: z.coerce.number().int().min(1).max(990).catch(1),
  artworkSource: z.string(),
  artworkUrl: z.string().nullable().optional(),
  artworkProperty: z.string().nullable().optional(),
});
export const EditorActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("quote"), config: Config }),
  z.object({ intent: z.literal("save"), config: Config }),
  z.object({ intent: z.literal("bulk"), config: Config, optionName: z.string().min(1), sizes: z.record(z.string(), z.object({ widthMm: z.string(), heightMm: z.string() })) }),
  z.object({ intent: z.literal("delete") }),
]);
type ConfigInput = z.infer<typeof Config>;

export interface QuoteSummary {
  currency: string;
  lineCents: number;
  shippingCents: number;
  totalCents: number;
  shippingMethod: string | null;
  retailCents: number;
  shopCurrency: string;
  marginPercent: number | null;
}

export type EditorActionResult =
  | { intent: "quote"; ok: true; quote: QuoteSummary }
  | { intent: "quote" | "save" | "bulk"; ok: false; fieldErrors: Record<string, string>; formError: string | null }
  | { intent: "save"; ok: true; quote: QuoteSummary | null; warning: string | null }
  | { intent: "bulk"; ok: true; saved: number }
  | { intent: "delete"; ok: true };

const clean = (s: Record<string, string>) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ""));
const stripPrefix = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^variantSelections\./, ""), v]));

type QuoteOutcome = { ok: true; quote: QuoteSummary } | { ok: false; fieldErrors: Record<string, string>; formError: string | null; blocking: boolean };

async function quoteConfig(shop: string, graphql: AdminGraphql, config: ConfigInput, variant: VariantDetail, shopCurrency: string, catalogue: CatalogueView | null): Promise<QuoteOutcome> {
  if (!isOrderableProduct(config.productSlug)) return { ok: false, fieldErrors: { productSlug: "Choose a studio product." }, formError: null, blocking: true };
  const slug: ProductSlug = config.productSlug;
  const selections = clean(config.variantSelections);
  try {
    const address = shopShippingAddress(await getShopShipping(graphql));
    const { quote } = await sampleQuote(shop, { slug, selections, quantity: config.quantityPerUnit }, address);
    const line = quote.lines[0];
    const retailCents = Math.round(Number(variant.price) * 100);
    const sameCurrency = quote.currency === shopCurrency;
    return {
      ok: true,
      quote: {
        currency: quote.currency,
        lineCents: line?.amountCents ?? quote.subtotalCents,
        shippingCents: quote.shippingCents,
        totalCents: quote.totalCents,
        shippingMethod: quote.shippingMethod,
        retailCents,
        shopCurrency,
        marginPercent: sameCurrency && retailCents > 0 ? Math.round(((retailCents - (line?.amountCents ?? 0)) / retailCents) * 1000) / 10 : null,
      },
    };
  } catch (error) {
    if (error instanceof StudioRequestError && error.code !== "UNAUTHORIZED" && error.code !== "FORBIDDEN" && error.code !== "RATE_LIMITED") {
      const placed = placeStudioError({ code: error.code, message: error.message, details: error.details }, slug, selections, catalogue);
      return { ok: false, ...placed, blocking: true };
    }
    return { ok: false, fieldErrors: {}, formError: studioMessage(error), blocking: false };
  }
}

function mappingInput(variant: VariantDetail, config: ConfigInput, selections: Record<string, string>) {
  return {
    variantGid: variant.id,
    productGid: variant.product.id,
    productTitle: variant.product.title,
    variantTitle: variant.title === "Default Title" ? "" : variant.title,
    productSlug: config.productSlug,
    variantSelections: clean(selections),
    quantityPerUnit: config.quantityPerUnit,
    artworkSource: config.artworkSource,
    artworkUrl: config.artworkSource === "fixed_url" ? config.artworkUrl?.trim() || null : null,
    artworkProperty: config.artworkSource === "line_item_property" ? config.artworkProperty?.trim() || null : null,
  };
}

export async function editorAction(shop: string, graphql: AdminGraphql, variantId: string | undefined, raw: unknown): Promise<EditorActionResult> {
  const { variant, currencyCode } = await requireVariant(graphql, variantId);
  const parsed = EditorActionSchema.safeParse(raw);
  if (!parsed.success) return { intent: "save", ok: false, fieldErrors: {}, formError: "The form could not be read; reload the page and try again." };
  const input = parsed.data;
  if (input.intent === "delete") {
    await deleteMapping(shop, variant.id);
    return { intent: "delete", ok: true };
  }
  const configured = Boolean(await getStudioCredentials(shop));
  const catalogue = configured ? await catalogueForShop(shop) : null;
  const view = catalogue?.ok ? catalogue.view : null;

  if (input.intent === "quote") {
    if (!configured) return { intent: "quote", ok: false, fieldErrors: {}, formError: "Connect your studio account in Settings to check prices." };
    const structural = MappingInputSchema.safeParse(mappingInput(variant, input.config, input.config.variantSelections));
    if (!structural.success) {
      const errors = stripPrefix(fieldErrorsOf(structural.error));
      const selectionErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith("artwork")));
      if (Object.keys(selectionErrors).length) return { intent: "quote", ok: false, fieldErrors: selectionErrors, formError: null };
    }
    const outcome = await quoteConfig(shop, graphql, input.config, variant, currencyCode, view);
    return outcome.ok ? { intent: "quote", ok: true, quote: outcome.quote } : { intent: "quote", ok: false, fieldErrors: outcome.fieldErrors, formError: outcome.formError };
  }

  if (input.intent === "save") {
    const structural = MappingInputSchema.safeParse(mappingInput(variant, input.config, input.config.variantSelections));
    if (!structural.success) return { intent: "save", ok: false, fieldErrors: stripPrefix(fieldErrorsOf(structural.error)), formError: null };
    let quote: QuoteSummary | null = null;
    let warning: string | null = configured ? null : "Saved without a price check: connect your studio account in Settings.";
    if (configured) {
      const outcome = await quoteConfig(shop, graphql, input.config, variant, currencyCode, view);
      if (outcome.ok) quote = outcome.quote;
      else if (outcome.blocking) return { intent: "save", ok: false, fieldErrors: outcome.fieldErrors, formError: outcome.formError };
      else warning = `Saved, but the studio could not price it: ${outcome.formError}`;
    }
    const saved = await upsertMapping(shop, mappingInput(variant, input.config, input.config.variantSelections));
    if (!saved.ok) return { intent: "save", ok: false, fieldErrors: stripPrefix(saved.fieldErrors), formError: null };
    return { intent: "save", ok: true, quote, warning };
  }

  // bulk: one configuration to the product's variants, the print size from the confirmed option map
  const targets = variant.product.variants.nodes.flatMap((v) => {
    const value = v.selectedOptions.find((o) => o.name === input.optionName)?.value;
    const size = value === undefined ? undefined : input.sizes[value];
    return size ? [{ v, size }] : [];
  });
  if (targets.length === 0) return { intent: "bulk", ok: false, fieldErrors: {}, formError: `No variant has a confirmed size for the option “${input.optionName}”.` };
  const inputs = targets.map(({ v, size }) =>
    mappingInput({ ...variant, id: v.id, title: v.title }, input.config, { ...input.config.variantSelections, artworkWidthMm: size.widthMm, artworkHeightMm: size.heightMm }),
  );
  const problems: Record<string, string> = {};
  inputs.forEach((m, i) => {
    const r = MappingInputSchema.safeParse(m);
    if (!r.success) for (const [k, msg] of Object.entries(stripPrefix(fieldErrorsOf(r.error)))) problems[`${targets[i].v.title}: ${k}`] ??= msg;
  });
  if (Object.keys(problems).length) {
    return { intent: "bulk", ok: false, fieldErrors: {}, formError: `Nothing was applied. ${Object.entries(problems).map(([k, v]) => `${k} — ${v}`).join(" ")}` };
  }
  for (const m of inputs) await upsertMapping(shop, m);
  return { intent: "bulk", ok: true, saved: inputs.length };
}
