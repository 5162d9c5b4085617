// The product mappings list: one page of Shopify products with each variant's mapping state.
import db from "~/db.server";
import { getMappingsForVariants } from "~/models/variant-mapping.server";
import { PRODUCT_NAMES } from "~/models/print-products";
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

export async function mappingListData(shop: string, graphql: AdminGraphql, args: { search: string; after: string | null; before: string | null }) {
  const { products, pageInfo } = await listProducts(graphql, args);
  const variantGids = products.flatMap((p) => p.variants.nodes.map((v) => v.id));
  const [mappings, counts] = await Promise.all([
    getMappingsForVariants(shop, variantGids),
    db.variantMapping.groupBy({ by: ["status"], where: { shopDomain: shop }, _count: { _all: true } }),
  ]);
  const rows: MappingRow[] = products.flatMap((p) =>
    p.variants.nodes.map((v, i) => {
      const m = mappings.get(v.id);
      const more = i === p.variants.nodes.length - 1 ? Math.max(0, (p.variantsCount?.count ?? 0) - p.variants.nodes.length) : 0;
      return {
        variantId: legacyId(v.id),
        productTitle: p.title,
        variantTitle: v.title === "Default Title" ? "" : v.title,
        price: v.price,
        imageUrl: p.featuredImage?.url ?? null,
        state: m ? m.status : "not_mapped",
        studioProduct: m ? PRODUCT_NAMES[m.productSlug] : null,
        reason: m?.invalidReason ?? null,
        moreVariants: more,
      };
    }),
  );
  const count = (s: string) => counts.find((c) => c.status === s)?._count._all ?? 0;
  return { rows, pageInfo: pageInfo satisfies PageInfo, totals: { mapped: count("mapped"), invalid: count("invalid") }, search: args.search };
}
