// The demo shop's products, and how each print variant maps to a studio print configuration.
// Material ids are never written here: they are chosen from the studio's live catalogue by what
// they are (paper surface, unrestricted tier, frame colour...), as a merchant would choose them.
import type { Catalogue } from "~/studio";
import type { ProductSlug } from "~/models/print-products";
import type { SandboxProductInput } from "../../test/support/shopify-control";
import { landscape } from "./artwork";

export type PrintKind = "giclee" | "framed" | "canvas";

export interface DemoVariant {
  title: string;
  sku: string;
  price: string;
  /** null: an ordinary product the app must leave to the merchant. */
  print: { kind: PrintKind; widthMm: number; heightMm: number } | null;
}

export interface DemoProduct {
  title: string;
  productType: string;
  vendor: string;
  option: string;
  /** Name of the artwork image (served by the artwork server), or null for a non-print product. */
  artwork: string | null;
  variants: DemoVariant[];
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    title: "Harbour at Dawn — Giclée Print",
    productType: "Fine art print",
    vendor: "Mara Ellison",
    option: "Size",
    artwork: "harbour-at-dawn",
    variants: [
      { title: "A4 (21 × 29.7 cm)", sku: "HAD-A4", price: "45.00", print: { kind: "giclee", widthMm: 210, heightMm: 297 } },
      { title: "A3 (29.7 × 42 cm)", sku: "HAD-A3", price: "75.00", print: { kind: "giclee", widthMm: 297, heightMm: 420 } },
      { title: "A2 (42 × 59.4 cm)", sku: "HAD-A2", price: "120.00", print: { kind: "giclee", widthMm: 420, heightMm: 594 } },
    ],
  },
  {
    title: "Eucalyptus Morning — Framed Print",
    productType: "Framed print",
    vendor: "Mara Ellison",
    option: "Size",
    artwork: "eucalyptus-morning",
    variants: [{ title: "A3, black frame, white mat", sku: "EUM-A3-FR", price: "229.00", print: { kind: "framed", widthMm: 297, heightMm: 420 } }],
  },
  {
    title: "Desert Bloom — Stretched Canvas",
    productType: "Canvas",
    vendor: "Jonah Reyes",
    option: "Size",
    artwork: "desert-bloom",
    variants: [{ title: "50 × 70 cm", sku: "DSB-5070-CV", price: "259.00", print: { kind: "canvas", widthMm: 500, heightMm: 700 } }],
  },
  {
    title: "Gallery Tote Bag",
    productType: "Merchandise",
    vendor: "Demo Gallery",
    option: "Colour",
    artwork: null,
    variants: [{ title: "Natural canvas", sku: "TOTE-NAT", price: "29.00", print: null }],
  },
];

/** The artwork images, drawn once per run. */
export function demoArtwork(): Record<string, Buffer> {
  return {
    "harbour-at-dawn": landscape([255, 183, 130], [38, 70, 110], [255, 236, 180]),
    "eucalyptus-morning": landscape([190, 220, 200], [70, 110, 80], [250, 250, 225]),
    "desert-bloom": landscape([250, 205, 150], [190, 100, 60], [255, 120, 90]),
    "gallery-tote": landscape([235, 228, 210], [200, 190, 170], [120, 110, 100], 120, 120),
  };
}

export function sandboxProducts(artworkUrl: (name: string) => string): SandboxProductInput[] {
  return DEMO_PRODUCTS.map((p) => ({
    title: p.title,
    productType: p.productType,
    vendor: p.vendor,
    options: [p.option],
    imageUrl: artworkUrl(p.artwork ?? "gallery-tote"),
    variants: p.variants.map((v) => ({ title: v.title, sku: v.sku, price: v.price })),
  }));
}

function pick<T>(items: T[], what: string, ...preferences: Array<(item: T) => boolean>): T {
  for (const prefer of preferences) {
    const found = items.find(prefer);
    if (found) return found;
  }
  if (items[0] === undefined) throw new Error(`the studio catalogue offers no ${what}`);
  return items[0];
}

const unrestricted = <T extends { qualityTierIds: string[] | null }>(items: T[]): T[] => items.filter((i) => i.qualityTierIds === null);
// Fields the spec does not type stay `unknown` in the client's schema: read them defensively.
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const fits = (shortEdgeMm: number) => (m: { maxPrintWidthMm: unknown }) => typeof m.maxPrintWidthMm !== "number" || m.maxPrintWidthMm >= shortEdgeMm;

/** The studio product and variantSelections for one print variant, from the live catalogue. */
export function printConfiguration(catalogue: Catalogue, print: NonNullable<DemoVariant["print"]>): { productSlug: ProductSlug; variantSelections: Record<string, string> } {
  const size = { artworkWidthMm: String(print.widthMm), artworkHeightMm: String(print.heightMm) };
  const shortEdge = Math.min(print.widthMm, print.heightMm);
  const papers = catalogue.media.filter(fits(shortEdge));
  const paper = pick(papers, "fine-art paper", (m) => m.surfaceType === "matte" && m.storefrontTier === "museum", (m) => m.surfaceType === "matte");
  if (print.kind === "giclee") return { productSlug: "fine-art-printing", variantSelections: { ...size, mediaId: paper.id } };
  if (print.kind === "framed") {
    const moulding = pick(unrestricted(catalogue.mouldings).filter((m) => !m.canvasFloatSuitable), "frame moulding", (m) => /black/i.test(text(m.colour)));
    // Acrylic: the studio ships glass-glazed frames domestically only, and demo orders go abroad too.
    const glazing = pick(unrestricted(catalogue.glazing), "glazing", (g) => g.isAcrylic);
    const mat = pick(unrestricted(catalogue.matboards), "mat board", (m) => /white/i.test(text(m.colour)) && m.isAcidFree);
    return {
      productSlug: "custom-framing",
      variantSelections: { ...size, mouldingId: moulding.id, glazingId: glazing.id, mediaId: paper.id, matColorId: mat.id, matSizeMm: "50" },
    };
  }
  const canvas = pick(catalogue.canvasMedia.filter(fits(shortEdge)), "canvas", (m) => m.surfaceType === "canvas-matte");
  return { productSlug: "canvas-printing", variantSelections: { ...size, mediaId: canvas.id, format: "stretched", depth: "30mm" } };
}
