// Places a studio error from a sample quote on the field it concerns (pure). Decided by the error
// code, which is stable; `details` are used only where present, since the spec leaves their shape
// open for most codes; the message is shown, never parsed.
import { PRODUCT_SELECTIONS, type ProductSlug } from "~/models/print-products";
import type { CatalogueView } from "./catalogue-view";

export interface PlacedError { fieldErrors: Record<string, string>; formError: string | null }

const SIDES = ["top", "right", "bottom", "left"] as const;
const sideKey = (s: string) => `mat${s[0].toUpperCase()}${s.slice(1)}Mm`;

function keyFromPath(details: unknown): string | null {
  const paths: string[] = [];
  if (details && typeof details === "object") {
    const d = details as { path?: unknown; paths?: unknown };
    if (typeof d.path === "string") paths.push(d.path);
    if (Array.isArray(d.paths)) paths.push(...d.paths.filter((p): p is string => typeof p === "string"));
  }
  for (const p of paths) {
    const m = /variantSelections\.([A-Za-z]+)/.exec(p);
    if (m) return m[1];
  }
  return null;
}

export function placeStudioError(
  error: { code: string; message: string; details?: unknown },
  slug: ProductSlug,
  selections: Record<string, string>,
  catalogue: CatalogueView | null,
): PlacedError {
  const message = error.message || error.code;
  switch (error.code) {
    case "MAT_BELOW_MINIMUM": {
      const perSide = SIDES.every((s) => selections[sideKey(s)]);
      if (!perSide) return { fieldErrors: { matSizeMm: message }, formError: null };
      const d = error.details as { sides?: unknown } | undefined;
      const named = Array.isArray(d?.sides) ? d.sides.filter((s): s is string => typeof s === "string" && (SIDES as readonly string[]).includes(s)) : [];
      const sides = named.length ? named : [...SIDES];
      return { fieldErrors: Object.fromEntries(sides.map((s) => [sideKey(s), message])), formError: null };
    }
    case "PRODUCT_UNAVAILABLE": {
      const fromPath = keyFromPath(error.details);
      if (fromPath) return { fieldErrors: { [fromPath]: message }, formError: null };
      const idKeys = PRODUCT_SELECTIONS[slug].filter((k) => k.section && selections[k.key]);
      const missing = catalogue ? idKeys.filter((k) => !catalogue.sections[k.section as keyof CatalogueView["sections"]].some((o) => o.id === selections[k.key])) : [];
      const keys = missing.length ? missing.map((k) => k.key) : [idKeys.find((k) => k.key === "mediaId")?.key ?? idKeys[0]?.key ?? "mediaId"];
      return { fieldErrors: Object.fromEntries(keys.map((k) => [k, message])), formError: null };
    }
    case "VALIDATION_ERROR": {
      const key = keyFromPath(error.details);
      return key ? { fieldErrors: { [key]: message }, formError: null } : { fieldErrors: {}, formError: message };
    }
    case "INVALID_QUANTITY":
      return { fieldErrors: { quantityPerUnit: message }, formError: null };
    case "SHIPPING_ADDRESS_INCOMPLETE":
      return { fieldErrors: {}, formError: `The studio cannot ship to your shop's address, which the sample quote uses: ${message}` };
    default:
      return { fieldErrors: {}, formError: message };
  }
}
