// The studio's catalogue as the simulator serves it: a realistic fine-art print studio (Sydney).
// Public records carry exactly the spec's fields; prices live in the separate *_RATES tables, since
// the catalogue never includes prices.

export interface Product {
  slug: string;
  name: string;
  description: string;
  category: string | null;
  requiresArtwork: boolean;
}

export interface MediaStock {
  id: string;
  name: string;
  clientTitle: string | null;
  description: string | null;
  imageUrl: string | null;
  storefrontTier: "essential" | "gallery" | "museum";
  surfaceType: "matte" | "textured-matte" | "satin" | "lustre" | "gloss" | "metallic" | "baryta" | "canvas-matte" | "canvas-satin";
  gramsPerSqm: number | null;
  maxPrintWidthMm: number | null;
}

export interface Size {
  id: string;
  label: string;
  sizeCategory: "iso-a" | "imperial" | "square" | "panoramic";
  widthMm: number;
  heightMm: number;
}

export interface Moulding {
  id: string;
  name: string;
  clientTitle: string | null;
  widthMm: number;
  depthMm: number | null;
  maxLengthMm: number | null;
  colour: string | null;
  colourHex: string | null;
  imageUrl: string | null;
  canvasFloatSuitable: boolean;
  qualityTierIds: string[] | null;
}

export interface Matboard {
  id: string;
  name: string;
  clientTitle: string | null;
  colour: string | null;
  colourHex: string | null;
  coreColour: string | null;
  coreColourHex: string | null;
  isAcidFree: boolean;
  isMuseumGrade: boolean;
  qualityTierIds: string[] | null;
}

export interface Glazing {
  id: string;
  name: string;
  clientTitle: string | null;
  description: string | null;
  imageUrl: string | null;
  isUvProtective: boolean;
  isAntiReflective: boolean;
  isAcrylic: boolean;
  qualityTierIds: string[] | null;
}

export interface Backing {
  id: string;
  name: string;
  clientTitle: string | null;
  description: string | null;
  imageUrl: string | null;
  isAcidFree: boolean;
  qualityTierIds: string[] | null;
}

export interface QualityTier {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  imageUrl: string | null;
}

export interface Sleeve {
  sizeCode: string;
  widthMm: number;
  heightMm: number;
}

const IMG = "https://assets.studio.example/catalogue";

export const PRODUCTS: Product[] = [
  { slug: "fine-art-printing", name: "Fine Art Giclée Print", description: "Archival pigment print on museum and photographic papers, shipped flat or rolled.", category: "prints", requiresArtwork: true },
  { slug: "everyday-art-prints", name: "Everyday Art Print", description: "Affordable pigment prints on everyday art stocks for posters and open editions.", category: "prints", requiresArtwork: true },
  { slug: "print-and-mat", name: "Print & Mat", description: "Fine art print hinged behind a bevel-cut window mount, ready to frame.", category: "matted-prints", requiresArtwork: true },
  { slug: "custom-framing", name: "Custom Framed Print", description: "Print, optional window mount, glazing and backing in a hand-joined timber or aluminium frame.", category: "framing", requiresArtwork: true },
  { slug: "canvas-printing", name: "Canvas Print", description: "Pigment print on artist canvas, rolled or gallery-wrapped over kiln-dried stretcher bars.", category: "canvas", requiresArtwork: true },
];

/** Non-orderable products and why (PRODUCT_UNSUPPORTED). */
export const UNSUPPORTED_PRODUCTS: Record<string, string> = {
  "multi-window-matboard": "the aperture layout cannot be sent through the partner API; it is sold on the storefront only",
  "gift-card": "gift cards are not sold through the partner API",
  "paper-samples": "paper samples are sold on the storefront only",
  "pro-batch-upload": "submit each file as an individual fine-art-printing line instead",
  "photo-restoration": "photo restoration is quoted manually by the studio",
};

export const MEDIA: MediaStock[] = [
  { id: "paper-photo-rag-308", name: "HFA Photo Rag 308", clientTitle: "Hahnemühle Photo Rag 308gsm", description: "100% cotton rag, smooth matte, the classic museum paper.", imageUrl: `${IMG}/photo-rag-308.jpg`, storefrontTier: "museum", surfaceType: "matte", gramsPerSqm: 308, maxPrintWidthMm: 1580 },
  { id: "paper-german-etching-310", name: "HFA German Etching 310", clientTitle: "Hahnemühle German Etching 310gsm", description: "Mould-made etching paper with a pronounced felt texture.", imageUrl: `${IMG}/german-etching-310.jpg`, storefrontTier: "museum", surfaceType: "textured-matte", gramsPerSqm: 310, maxPrintWidthMm: 1100 },
  { id: "paper-photo-rag-baryta-315", name: "HFA Photo Rag Baryta 315", clientTitle: "Hahnemühle Photo Rag Baryta", description: "Cotton baryta with a high-gloss surface for deep blacks.", imageUrl: `${IMG}/photo-rag-baryta.jpg`, storefrontTier: "museum", surfaceType: "baryta", gramsPerSqm: 315, maxPrintWidthMm: 1100 },
  { id: "paper-platine-fibre-rag-310", name: "Canson Platine 310", clientTitle: "Canson Infinity Platine Fibre Rag", description: "Satin cotton fibre paper in the look of traditional darkroom prints.", imageUrl: `${IMG}/platine.jpg`, storefrontTier: "gallery", surfaceType: "satin", gramsPerSqm: 310, maxPrintWidthMm: 1100 },
  { id: "paper-hot-press-natural-330", name: "Epson HP Natural 330", clientTitle: "Epson Hot Press Natural", description: "Smooth warm-white cotton for illustration and watercolour reproductions.", imageUrl: `${IMG}/hot-press-natural.jpg`, storefrontTier: "gallery", surfaceType: "matte", gramsPerSqm: 330, maxPrintWidthMm: 1580 },
  { id: "paper-premium-lustre-260", name: "Epson Lustre 260", clientTitle: "Epson Premium Lustre Photo Paper", description: "Resin-coated lustre photo paper, the workhorse for photographic prints.", imageUrl: `${IMG}/premium-lustre.jpg`, storefrontTier: "essential", surfaceType: "lustre", gramsPerSqm: 260, maxPrintWidthMm: 1580 },
  { id: "paper-metallic-gloss-255", name: "Metallic Gloss 255", clientTitle: "Ilford Galerie Metallic Gloss", description: "Pearlescent metallic base for high-impact colour.", imageUrl: `${IMG}/metallic-gloss.jpg`, storefrontTier: "gallery", surfaceType: "metallic", gramsPerSqm: 255, maxPrintWidthMm: 1100 },
];

export const CANVAS_MEDIA: MediaStock[] = [
  { id: "canvas-lyve-matte-430", name: "BC Lyve Matte Canvas", clientTitle: "Breathing Color Lyve Canvas", description: "Poly-cotton gallery canvas with a matte finish.", imageUrl: `${IMG}/lyve.jpg`, storefrontTier: "gallery", surfaceType: "canvas-matte", gramsPerSqm: 430, maxPrintWidthMm: 1500 },
  { id: "canvas-monet-410", name: "HFA Monet Canvas 410", clientTitle: "Hahnemühle Monet Canvas", description: "Bright-white cotton-poly blend with a natural weave.", imageUrl: `${IMG}/monet.jpg`, storefrontTier: "museum", surfaceType: "canvas-matte", gramsPerSqm: 410, maxPrintWidthMm: 1500 },
  { id: "canvas-exhibition-satin-395", name: "Epson Exhibition Satin Canvas", clientTitle: "Exhibition Canvas Satin", description: "Satin canvas for photographic work.", imageUrl: `${IMG}/exhibition-satin.jpg`, storefrontTier: "essential", surfaceType: "canvas-satin", gramsPerSqm: 395, maxPrintWidthMm: 1100 },
];

export const EVERYDAY_ART_MEDIA: MediaStock[] = [
  { id: "everyday-matte-200", name: "Everyday Matte 200", clientTitle: "Everyday Art Matte", description: "Bright matte poster stock.", imageUrl: `${IMG}/everyday-matte.jpg`, storefrontTier: "essential", surfaceType: "matte", gramsPerSqm: 200, maxPrintWidthMm: 1066 },
  { id: "everyday-satin-240", name: "Everyday Satin 240", clientTitle: "Everyday Art Satin", description: "Satin photo-base stock for open editions.", imageUrl: `${IMG}/everyday-satin.jpg`, storefrontTier: "essential", surfaceType: "satin", gramsPerSqm: 240, maxPrintWidthMm: 1066 },
  { id: "everyday-lustre-250", name: "Everyday Lustre 250", clientTitle: null, description: null, imageUrl: null, storefrontTier: "essential", surfaceType: "lustre", gramsPerSqm: 250, maxPrintWidthMm: 610 },
];

export const SIZES: Size[] = [
  { id: "a4", label: "A4 (210 × 297 mm)", sizeCategory: "iso-a", widthMm: 210, heightMm: 297 },
  { id: "a3", label: "A3 (297 × 420 mm)", sizeCategory: "iso-a", widthMm: 297, heightMm: 420 },
  { id: "a2", label: "A2 (420 × 594 mm)", sizeCategory: "iso-a", widthMm: 420, heightMm: 594 },
  { id: "a1", label: "A1 (594 × 841 mm)", sizeCategory: "iso-a", widthMm: 594, heightMm: 841 },
  { id: "a0", label: "A0 (841 × 1189 mm)", sizeCategory: "iso-a", widthMm: 841, heightMm: 1189 },
  { id: "8x10", label: "8 × 10 in (203 × 254 mm)", sizeCategory: "imperial", widthMm: 203, heightMm: 254 },
  { id: "11x14", label: "11 × 14 in (279 × 356 mm)", sizeCategory: "imperial", widthMm: 279, heightMm: 356 },
  { id: "16x20", label: "16 × 20 in (406 × 508 mm)", sizeCategory: "imperial", widthMm: 406, heightMm: 508 },
  { id: "20x30", label: "20 × 30 in (508 × 762 mm)", sizeCategory: "imperial", widthMm: 508, heightMm: 762 },
  { id: "sq-300", label: "Square 300 × 300 mm", sizeCategory: "square", widthMm: 300, heightMm: 300 },
  { id: "sq-500", label: "Square 500 × 500 mm", sizeCategory: "square", widthMm: 500, heightMm: 500 },
  { id: "pano-300x900", label: "Panoramic 300 × 900 mm", sizeCategory: "panoramic", widthMm: 300, heightMm: 900 },
];

export const QUALITY_TIERS: QualityTier[] = [
  { id: "tier-studio", name: "Studio", slug: "studio", description: "Sound materials for decorative work.", imageUrl: null },
  { id: "tier-gallery", name: "Gallery", slug: "gallery", description: "Conservation materials: acid-free mounts, UV-filtering glazing.", imageUrl: `${IMG}/tier-gallery.jpg` },
  { id: "tier-museum", name: "Museum", slug: "museum", description: "Museum-grade rag mounts, anti-reflective UV glazing and archival backing.", imageUrl: `${IMG}/tier-museum.jpg` },
];

export const MOULDINGS: Moulding[] = [
  { id: "mld-tas-oak-flat-20", name: "TO-20 Flat", clientTitle: "Tasmanian Oak, natural", widthMm: 20, depthMm: 30, maxLengthMm: 2400, colour: "Natural oak", colourHex: "#C8A27A", imageUrl: `${IMG}/mld-tas-oak-20.jpg`, canvasFloatSuitable: false, qualityTierIds: null },
  { id: "mld-satin-black-20", name: "SB-20 Flat", clientTitle: "Satin Black", widthMm: 20, depthMm: 30, maxLengthMm: 2400, colour: "Black", colourHex: "#1C1C1C", imageUrl: `${IMG}/mld-black-20.jpg`, canvasFloatSuitable: false, qualityTierIds: null },
  { id: "mld-satin-white-20", name: "SW-20 Flat", clientTitle: "Satin White", widthMm: 20, depthMm: 30, maxLengthMm: 2400, colour: "White", colourHex: "#F4F2EE", imageUrl: `${IMG}/mld-white-20.jpg`, canvasFloatSuitable: false, qualityTierIds: null },
  { id: "mld-walnut-box-32", name: "AW-32 Box", clientTitle: "American Walnut Box", widthMm: 32, depthMm: 45, maxLengthMm: 1800, colour: "Walnut", colourHex: "#5A3B26", imageUrl: `${IMG}/mld-walnut-32.jpg`, canvasFloatSuitable: false, qualityTierIds: ["tier-gallery", "tier-museum"] },
  { id: "mld-antique-gilt-65", name: "AG-65 Ornate", clientTitle: "Antique Gilt Ornate", widthMm: 65, depthMm: 38, maxLengthMm: 1500, colour: "Gold", colourHex: "#B8923A", imageUrl: `${IMG}/mld-gilt-65.jpg`, canvasFloatSuitable: false, qualityTierIds: ["tier-museum"] },
  { id: "mld-brushed-silver-12", name: "AL-12 Aluminium", clientTitle: "Brushed Silver Aluminium", widthMm: 12, depthMm: 25, maxLengthMm: 2000, colour: "Silver", colourHex: "#B5B7B9", imageUrl: null, canvasFloatSuitable: false, qualityTierIds: null },
  { id: "mld-float-black-35", name: "FL-35 Black", clientTitle: "Black Float Frame", widthMm: 35, depthMm: 42, maxLengthMm: null, colour: "Black", colourHex: "#141414", imageUrl: `${IMG}/float-black.jpg`, canvasFloatSuitable: true, qualityTierIds: null },
  { id: "mld-float-oak-35", name: "FL-35 Oak", clientTitle: "Oak Float Frame", widthMm: 35, depthMm: 42, maxLengthMm: 2400, colour: "Natural oak", colourHex: "#C9A57B", imageUrl: `${IMG}/float-oak.jpg`, canvasFloatSuitable: true, qualityTierIds: null },
  { id: "mld-float-white-35", name: "FL-35 White", clientTitle: "White Float Frame", widthMm: 35, depthMm: 42, maxLengthMm: 2400, colour: "White", colourHex: "#F5F5F2", imageUrl: null, canvasFloatSuitable: true, qualityTierIds: null },
];

export const MATBOARDS: Matboard[] = [
  { id: "mat-arctic-white", name: "Bainbridge 8-ply Arctic", clientTitle: "Arctic White", colour: "White", colourHex: "#F7F7F2", coreColour: "White", coreColourHex: "#FFFFFF", isAcidFree: true, isMuseumGrade: false, qualityTierIds: null },
  { id: "mat-antique-white", name: "Bainbridge Antique White", clientTitle: "Antique White", colour: "Antique white", colourHex: "#F1EBDD", coreColour: "White", coreColourHex: "#FFFFFF", isAcidFree: true, isMuseumGrade: false, qualityTierIds: null },
  { id: "mat-black-core", name: "Black Core Black", clientTitle: "Black (black core)", colour: "Black", colourHex: "#111111", coreColour: "Black", coreColourHex: "#111111", isAcidFree: true, isMuseumGrade: false, qualityTierIds: null },
  { id: "mat-warm-grey", name: "Warm Grey", clientTitle: "Warm Grey", colour: "Grey", colourHex: "#A9A39B", coreColour: "White", coreColourHex: "#FFFFFF", isAcidFree: true, isMuseumGrade: false, qualityTierIds: null },
  { id: "mat-museum-rag-white", name: "Museum Rag 4-ply", clientTitle: "Museum Rag White", colour: "White", colourHex: "#FAF9F5", coreColour: "White", coreColourHex: "#FAF9F5", isAcidFree: true, isMuseumGrade: true, qualityTierIds: ["tier-museum"] },
  { id: "mat-standard-ivory", name: "Standard Ivory", clientTitle: "Ivory", colour: "Ivory", colourHex: "#FFFFF0", coreColour: "Cream", coreColourHex: "#FFFDD0", isAcidFree: false, isMuseumGrade: false, qualityTierIds: ["tier-studio"] },
];

export const GLAZING: Glazing[] = [
  { id: "glz-clear-2mm", name: "Clear float glass 2 mm", clientTitle: "Clear Glass", description: "Standard picture glass.", imageUrl: null, isUvProtective: false, isAntiReflective: false, isAcrylic: false, qualityTierIds: null },
  { id: "glz-acrylic-clear", name: "Clear acrylic 2.5 mm", clientTitle: "Clear Acrylic", description: "Shatter-resistant, lighter than glass; required for large or international frames.", imageUrl: null, isUvProtective: false, isAntiReflective: false, isAcrylic: true, qualityTierIds: null },
  { id: "glz-uv70-glass", name: "Conservation Clear UV70", clientTitle: "UV Protective Glass", description: "Blocks 70% of UV light.", imageUrl: `${IMG}/uv70.jpg`, isUvProtective: true, isAntiReflective: false, isAcrylic: false, qualityTierIds: ["tier-gallery", "tier-museum"] },
  { id: "glz-museum-glass", name: "Tru Vue Museum Glass", clientTitle: "Museum Glass", description: "Anti-reflective, 99% UV protection.", imageUrl: `${IMG}/museum-glass.jpg`, isUvProtective: true, isAntiReflective: true, isAcrylic: false, qualityTierIds: ["tier-museum"] },
  { id: "glz-optium-acrylic", name: "Tru Vue Optium Museum Acrylic", clientTitle: "Museum Acrylic", description: "Anti-reflective, anti-static acrylic with 99% UV protection.", imageUrl: `${IMG}/optium.jpg`, isUvProtective: true, isAntiReflective: true, isAcrylic: true, qualityTierIds: ["tier-museum"] },
];

export const BACKING: Backing[] = [
  { id: "bck-foamcore-5", name: "Acid-free foamcore 5 mm", clientTitle: "Foamcore", description: "Default backing: rigid, light and acid-free.", imageUrl: null, isAcidFree: true, qualityTierIds: null },
  { id: "bck-coroplast-archival", name: "Archival fluted polypropylene", clientTitle: "Archival Backing", description: "Moisture-resistant inert backing.", imageUrl: null, isAcidFree: true, qualityTierIds: ["tier-gallery", "tier-museum"] },
  { id: "bck-mdf-3", name: "Sealed MDF 3 mm", clientTitle: "MDF", description: "Economy backing board.", imageUrl: null, isAcidFree: false, qualityTierIds: ["tier-studio"] },
];

export const SLEEVES: Sleeve[] = [
  { sizeCode: "A4", widthMm: 225, heightMm: 310 },
  { sizeCode: "A3", widthMm: 310, heightMm: 435 },
  { sizeCode: "A2", widthMm: 435, heightMm: 610 },
  { sizeCode: "8X10", widthMm: 215, heightMm: 265 },
  { sizeCode: "11X14", widthMm: 290, heightMm: 365 },
  { sizeCode: "16X20", widthMm: 420, heightMm: 520 },
];

/** Prices (cents) are private to the studio; the README documents them. */
export const MEDIA_RATE_CENTS_PER_SQM: Record<string, number> = {
  "paper-photo-rag-308": 14000,
  "paper-german-etching-310": 15000,
  "paper-photo-rag-baryta-315": 16000,
  "paper-platine-fibre-rag-310": 15000,
  "paper-hot-press-natural-330": 13000,
  "paper-premium-lustre-260": 9000,
  "paper-metallic-gloss-255": 11000,
  "canvas-lyve-matte-430": 11000,
  "canvas-monet-410": 12000,
  "canvas-exhibition-satin-395": 9500,
  "everyday-matte-200": 4500,
  "everyday-satin-240": 5000,
  "everyday-lustre-250": 5500,
};

export const MOULDING_RATE_CENTS_PER_M: Record<string, number> = {
  "mld-tas-oak-flat-20": 3200,
  "mld-satin-black-20": 2800,
  "mld-satin-white-20": 2800,
  "mld-walnut-box-32": 6400,
  "mld-antique-gilt-65": 9800,
  "mld-brushed-silver-12": 3600,
  "mld-float-black-35": 4200,
  "mld-float-oak-35": 4800,
  "mld-float-white-35": 4200,
};

export const GLAZING_RATE_CENTS_PER_SQM: Record<string, number> = {
  "glz-clear-2mm": 7000,
  "glz-acrylic-clear": 9000,
  "glz-uv70-glass": 16000,
  "glz-museum-glass": 42000,
  "glz-optium-acrylic": 52000,
};

export const BACKING_RATE_CENTS_PER_SQM: Record<string, number> = {
  "bck-foamcore-5": 2500,
  "bck-coroplast-archival": 3500,
  "bck-mdf-3": 1500,
};

export const SLEEVE_PRICE_CENTS: Record<string, number> = { A4: 150, A3: 250, A2: 400, "8X10": 150, "11X14": 250, "16X20": 400 };

export const MAT_RATE_CENTS_PER_SQM = { museum: 11000, acidFree: 6000, standard: 4000 };
