// What the Partner API spec says about each orderable product's variantSelections (keys, required
// ones, which catalogue section a material id comes from). Material ids themselves are never
// hard-coded: they come from the live catalogue.
export const ORDERABLE_PRODUCTS = ["fine-art-printing", "everyday-art-prints", "print-and-mat", "custom-framing", "canvas-printing"] as const;
export type ProductSlug = (typeof ORDERABLE_PRODUCTS)[number];

export type CatalogueSection =
  | "media"
  | "canvasMedia"
  | "everydayArtMedia"
  | "mouldings"
  | "canvasMouldings"
  | "matboards"
  | "glazing"
  | "backing"
  | "qualityTiers"
  | "sleeves";

export interface SelectionKey {
  key: string;
  label: string;
  required: boolean;
  /** Catalogue section the value is an id from, if any. */
  section?: CatalogueSection;
  kind: "mm" | "id" | "text" | "choice";
  choices?: readonly string[];
  help?: string;
}

const size: SelectionKey[] = [
  { key: "artworkWidthMm", label: "Artwork width (mm)", required: true, kind: "mm" },
  { key: "artworkHeightMm", label: "Artwork height (mm)", required: true, kind: "mm" },
];
const mat: SelectionKey[] = [
  { key: "matSizeMm", label: "Mat border, all sides (mm)", required: false, kind: "mm", help: "Use this or the four sides, not both." },
  { key: "matTopMm", label: "Mat top (mm)", required: false, kind: "mm" },
  { key: "matRightMm", label: "Mat right (mm)", required: false, kind: "mm" },
  { key: "matBottomMm", label: "Mat bottom (mm)", required: false, kind: "mm" },
  { key: "matLeftMm", label: "Mat left (mm)", required: false, kind: "mm" },
  { key: "textWindowWidthMm", label: "Caption window width (mm)", required: false, kind: "mm" },
  { key: "textWindowHeightMm", label: "Caption window height (mm)", required: false, kind: "mm" },
];

export const PRODUCT_SELECTIONS: Record<ProductSlug, SelectionKey[]> = {
  "fine-art-printing": [
    ...size,
    { key: "mediaId", label: "Paper", required: true, kind: "id", section: "media" },
    { key: "borderMm", label: "White border (mm)", required: false, kind: "mm" },
    { key: "borderMode", label: "Border mode", required: false, kind: "choice", choices: ["inside", "outside"] },
    { key: "sleeve", label: "Clear sleeve", required: false, kind: "id", section: "sleeves" },
  ],
  "everyday-art-prints": [
    ...size,
    { key: "mediaId", label: "Paper", required: true, kind: "id", section: "everydayArtMedia" },
    { key: "sleeve", label: "Clear sleeve", required: false, kind: "id", section: "sleeves" },
  ],
  "print-and-mat": [
    ...size,
    { key: "mediaId", label: "Paper", required: true, kind: "id", section: "media" },
    { key: "matColorId", label: "Mat board", required: true, kind: "id", section: "matboards" },
    { key: "qualityTierId", label: "Quality tier", required: false, kind: "id", section: "qualityTiers" },
    ...mat,
  ],
  "custom-framing": [
    ...size,
    { key: "mouldingId", label: "Frame moulding", required: true, kind: "id", section: "mouldings" },
    { key: "glazingId", label: "Glazing", required: true, kind: "id", section: "glazing" },
    { key: "mediaId", label: "Paper", required: true, kind: "id", section: "media" },
    { key: "matColorId", label: "Mat board (optional window mount)", required: false, kind: "id", section: "matboards" },
    { key: "backingId", label: "Backing", required: false, kind: "id", section: "backing" },
    { key: "qualityTierId", label: "Quality tier", required: false, kind: "id", section: "qualityTiers" },
    ...mat,
  ],
  "canvas-printing": [
    ...size,
    { key: "mediaId", label: "Canvas", required: true, kind: "id", section: "canvasMedia" },
    { key: "format", label: "Format", required: true, kind: "choice", choices: ["stretched", "print-only"] },
    { key: "depth", label: "Stretcher depth", required: false, kind: "text", help: "For example 30mm. Required unless the format is print-only. Only 30mm takes a float frame." },
    { key: "finish", label: "Finish", required: false, kind: "text" },
    { key: "mouldingId", label: "Float frame", required: false, kind: "id", section: "canvasMouldings", help: "Needs depth 30mm." },
  ],
};

export const PRODUCT_NAMES: Record<ProductSlug, string> = {
  "fine-art-printing": "Fine art print",
  "everyday-art-prints": "Everyday art print",
  "print-and-mat": "Print and mat",
  "custom-framing": "Custom framing",
  "canvas-printing": "Canvas",
};

export function isOrderableProduct(slug: string): slug is ProductSlug {
  return (ORDERABLE_PRODUCTS as readonly string[]).includes(slug);
}

/**
 * The spec's structural rules for one product's selections, as field -> message. Catalogue-dependent
 * rules (withdrawn materials, tiers, maximum widths, mat minimum) are the studio's to judge: the UI
 * validates them by quoting.
 */
export function selectionProblems(slug: ProductSlug, selections: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const k of PRODUCT_SELECTIONS[slug]) {
    const v = selections[k.key];
    if (k.required && (v === undefined || v.trim() === "")) problems[k.key] = `${k.label} is required.`;
    if (v !== undefined && v !== "" && k.kind === "mm" && !/^[1-9]\d{0,4}$/.test(v)) problems[k.key] = `${k.label} must be a whole number of millimetres.`;
  }
  const sides = ["matTopMm", "matRightMm", "matBottomMm", "matLeftMm"];
  const given = sides.filter((s) => selections[s]);
  if (selections.matSizeMm && given.length > 0) problems.matSizeMm = "Use a uniform mat border or the four sides, not both.";
  if (given.length > 0 && given.length < 4) {
    for (const s of sides.filter((x) => !selections[x])) problems[s] = "Give all four sides when they differ.";
  }
  if (Boolean(selections.textWindowWidthMm) !== Boolean(selections.textWindowHeightMm)) {
    problems[selections.textWindowWidthMm ? "textWindowHeightMm" : "textWindowWidthMm"] = "A caption window needs both width and height.";
  }
  if (slug === "canvas-printing") {
    if (selections.format && selections.format !== "print-only" && !selections.depth) problems.depth = "Stretched canvas needs a stretcher depth.";
    if (selections.mouldingId && selections.depth !== "30mm") problems.mouldingId = "A float frame needs the 30mm stretcher depth.";
  }
  return problems;
}
