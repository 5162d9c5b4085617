// The product mappings list: one page of Shopify products with each variant's mapping state.
import db from "~/db.server";
import { getMappingsForVariants } from "~/models/variant-mapping.server";
import { PRODUCT_NAMES, PRODUCT_SELECTIONS } from "~/models/print-products";
import type { VariantMapping } from "~/models/variant-mapping.server";
import { catalogueForShop } from "./studio.server";
import type { CatalogueView } from "./catalogue-view";
import { listProducts, type AdminGraphql, type PageInfo } from "~/shopify/products.server";
import { legacyId } from "./format";

export type MappingState = "mapped" | "not_mapped" | "invalid";

export interface MappingRow {
  variantId: string;
  productTitle: string;
  variantTitle: string;
  price: string;
  imageUrl: string | null;
  state: MappingState;
  studioProduct: string | null;
  reason: string | null;
  /** On a product's last row: variants beyond the 25 listed (reach them through bulk apply). */
  moreVariants: number;
}

/** A material of the mapping that the studio's catalogue no longer lists (withdrawn), as a reason. */
export function withdrawnMaterial(m: VariantMapping, catalogue: CatalogueView): string | null {
  for (const k of PRODUCT_SELECTIONS[m.productSlug]) {
    const id = m.variantSelections[k.key];
    if (k.section && id && !catalogue.sections[k.section].some((o) => o.id === id)) return `${k.label} “${id}” is no longer in the studio's catalogue: choose another.`;
  }
  return null;
}

export async function mappingListData(shop: string, graphql: AdminGraphql, args: { search: string; after: string | null; before: string | null }) {
  const { products, pageInfo } = await listProducts(graphql, args);
  const variantGids = products.flatMap((p) => p.variants.nodes.map((v) => v.id));
  const [mappings, counts, catalogue] = await Promise.all([
    getMappingsForVariants(shop, variantGids),
    db.variantMapping.groupBy({ by: ["status"], where: { shopDomain: shop }, _count: { _all: true } }),
    catalogueForShop(shop),
  ]);
  const rows: MappingRow[] = products.flatMap((p) =>
    p.variants.nodes.map((v, i) => {
      const m = mappings.get(v.id);
      // a material withdrawn since the mapping was saved shows as invalid before any order fails on it
      const withdrawn = m && m.status === "mapped" && catalogue.ok ? withdrawnMaterial(m, catalogue.view) : null;
      const more = i === p.variants.nodes.length - 1 ? Math.max(0, (p.variantsCount?.count ?? 0) - p.variants.nodes.length) : 0;
      return {
        variantId: legacyId(v.id),
        productTitle: p.title,
        variantTitle: v.title === "Default Title" ? "" : v.title,
        price: v.price,
        imageUrl: p.featuredImage?.url ?? null,
        state: m ? (withdrawn ? "invalid" : m.status) : "not_mapped",
        studioProduct: m ? PRODUCT_NAMES[m.productSlug] : null,
        reason: withdrawn ?? m?.invalidReason ?? null,
        moreVariants: more,
      };
    }),
  );
  const count = (s: string) => counts.find((c) => c.status === s)?._count._all ?? 0;
  return { rows, pageInfo: pageInfo satisfies PageInfo, totals: { mapped: count("mapped"), invalid: count("invalid") }, search: args.search };
}
