// Shopify variants mapped to studio print configurations, with where each sold unit's artwork
// comes from. Structural rules of the spec are checked here; catalogue rules by quoting (UI).
import { z } from "zod";
import db from "~/db.server";
import { fieldErrorsOf, type SaveResult } from "./field-errors";
import { isOrderableProduct, selectionProblems, ORDERABLE_PRODUCTS, type ProductSlug } from "./print-products";

export const ARTWORK_SOURCES = ["fixed_url", "variant_image", "line_item_property"] as const;
export type ArtworkSource = (typeof ARTWORK_SOURCES)[number];

const gid = (type: string) => z.string().regex(new RegExp(`^gid://shopify/${type}/\\d+$`), `Must be a Shopify ${type} id.`);

export const MappingInputSchema = z
  .object({
    variantGid: gid("ProductVariant"),
    productGid: gid("Product"),
    productTitle: z.string().min(1).max(500),
    variantTitle: z.string().max(500).default(""),
    productSlug: z.enum(ORDERABLE_PRODUCTS, "Choose a studio product that can be ordered through the API."),
    variantSelections: z.record(z.string(), z.string().max(100)),
    quantityPerUnit: z.coerce.number().int("Enter a whole number.").min(1, "At least 1 print per unit sold.").max(990, "At most 990 prints per unit sold."),
    artworkSource: z.enum(ARTWORK_SOURCES, "Choose where the artwork comes from."),
    artworkUrl: z.url("Enter the artwork's full https address.").max(2000).nullable().optional(),
    artworkProperty: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .superRefine((m, ctx) => {
    if (m.artworkSource === "fixed_url" && !m.artworkUrl) ctx.addIssue({ code: "custom", path: ["artworkUrl"], message: "Enter the artwork's address." });
    if (m.artworkUrl && !m.artworkUrl.startsWith("https://")) ctx.addIssue({ code: "custom", path: ["artworkUrl"], message: "The artwork address must start with https://." });
    if (m.artworkSource === "line_item_property" && !m.artworkProperty) {
      ctx.addIssue({ code: "custom", path: ["artworkProperty"], message: "Name the line item property that carries the customer's artwork URL." });
    }
    for (const [key, message] of Object.entries(selectionProblems(m.productSlug, m.variantSelections))) {
      ctx.addIssue({ code: "custom", path: ["variantSelections", key], message });
    }
  });
export type MappingInput = z.input<typeof MappingInputSchema>;

export interface VariantMapping {
  id: string;
  shopDomain: string;
  variantGid: string;
  productGid: string;
  productTitle: string;
  variantTitle: string;
  productSlug: ProductSlug;
  variantSelections: Record<string, string>;
  quantityPerUnit: number;
  artworkSource: ArtworkSource;
  artworkUrl: string | null;
  artworkProperty: string | null;
  status: "mapped" | "invalid";
  invalidReason: string | null;
  updatedAt: Date;
}

type Row = Awaited<ReturnType<typeof db.variantMapping.findFirstOrThrow>>;

const SelectionsSchema = z.record(z.string(), z.string());

/** Parses a stored row; a row that no longer parses is reported as invalid rather than thrown. */
export function toVariantMapping(row: Row): VariantMapping {
  let selections: Record<string, string> = {};
  let problem: string | null = null;
  try {
    selections = SelectionsSchema.parse(JSON.parse(row.variantSelections));
  } catch {
    problem = "The stored print configuration is unreadable: edit and save the mapping again.";
  }
  const slugOk = isOrderableProduct(row.productSlug);
  const source = (ARTWORK_SOURCES as readonly string[]).includes(row.artworkSource) ? (row.artworkSource as ArtworkSource) : "variant_image";
  return {
    id: row.id,
    shopDomain: row.shopDomain,
    variantGid: row.variantGid,
    productGid: row.productGid,
    productTitle: row.productTitle,
    variantTitle: row.variantTitle,
    productSlug: (slugOk ? row.productSlug : "fine-art-printing") as ProductSlug,
    variantSelections: selections,
    quantityPerUnit: row.quantityPerUnit,
    artworkSource: source,
    artworkUrl: row.artworkUrl,
    artworkProperty: row.artworkProperty,
    status: problem || !slugOk || row.status === "invalid" ? "invalid" : "mapped",
    invalidReason: problem ?? (slugOk ? row.invalidReason : `The studio product “${row.productSlug}” cannot be ordered through the API.`),
    updatedAt: row.updatedAt,
  };
}

export async function upsertMapping(shop: string, input: unknown): Promise<SaveResult<VariantMapping>> {
  const parsed = MappingInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const m = parsed.data;
  const data = {
    productGid: m.productGid,
    productTitle: m.productTitle,
    variantTitle: m.variantTitle,
    productSlug: m.productSlug,
    variantSelections: JSON.stringify(m.variantSelections),
    quantityPerUnit: m.quantityPerUnit,
    artworkSource: m.artworkSource,
    artworkUrl: m.artworkSource === "fixed_url" ? (m.artworkUrl ?? null) : null,
    artworkProperty: m.artworkSource === "line_item_property" ? (m.artworkProperty ?? null) : null,
    status: "mapped",
    invalidReason: null,
  };
  const row = await db.variantMapping.upsert({
    where: { shopDomain_variantGid: { shopDomain: shop, variantGid: m.variantGid } },
    create: { shopDomain: shop, variantGid: m.variantGid, ...data },
    update: data,
  });
  return { ok: true, value: toVariantMapping(row) };
}

export async function getMappingsForVariants(shop: string, variantGids: string[]): Promise<Map<string, VariantMapping>> {
  if (variantGids.length === 0) return new Map();
  const rows = await db.variantMapping.findMany({ where: { shopDomain: shop, variantGid: { in: [...new Set(variantGids)] } } });
  return new Map(rows.map((r) => [r.variantGid, toVariantMapping(r)]));
}

export async function getMapping(shop: string, variantGid: string): Promise<VariantMapping | null> {
  const row = await db.variantMapping.findUnique({ where: { shopDomain_variantGid: { shopDomain: shop, variantGid } } });
  return row ? toVariantMapping(row) : null;
}

export async function deleteMapping(shop: string, variantGid: string): Promise<boolean> {
  const { count } = await db.variantMapping.deleteMany({ where: { shopDomain: shop, variantGid } });
  return count > 0;
}

/** Marks mappings invalid (for example a material withdrawn from the catalogue), with the reason. */
export async function markMappingsInvalid(shop: string, reasons: Map<string, string>): Promise<void> {
  for (const [variantGid, reason] of reasons) {
    await db.variantMapping.updateMany({ where: { shopDomain: shop, variantGid }, data: { status: "invalid", invalidReason: reason } });
  }
}
