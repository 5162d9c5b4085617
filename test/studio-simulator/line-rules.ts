// variantSelections rules per product: turns one quote item into a normalised LineConfig, or throws
// the spec's error (VALIDATION_ERROR, PRODUCT_UNAVAILABLE, MAT_BELOW_MINIMUM).
import type { Catalogue } from "./catalogue";
import type { MediaStock } from "./catalogue-data";
import { ApiError, validationError, type PathIssue } from "./envelope";

export const MAT_MINIMUM_MM = 20;
export const MAT_DEFAULT_MM = 50;
export const MAT_MAXIMUM_MM = 300;
export const CANVAS_DEPTHS = ["18mm", "30mm", "45mm"] as const;
export const CANVAS_FINISHES = ["none", "matte-varnish", "satin-varnish", "gloss-varnish"] as const;
const DIMENSION_MIN_MM = 25;
const DIMENSION_MAX_MM = 5000;

export type ShippingClass = "flat" | "framed" | "stretched";

export interface MatConfig {
  matboardId: string;
  topMm: number;
  rightMm: number;
  bottomMm: number;
  leftMm: number;
  textWindow: { widthMm: number; heightMm: number } | null;
  outerWidthMm: number;
  outerHeightMm: number;
}

export interface LineConfig {
  productSlug: string;
  productName: string;
  quantity: number;
  artworkWidthMm: number;
  artworkHeightMm: number;
  printWidthMm: number;
  printHeightMm: number;
  mediaId: string;
  sleeve: string | null;
  qualityTierId: string | null;
  mat: MatConfig | null;
  frame: { mouldingId: string; glazingId: string; backingId: string } | null;
  canvas: { format: string; stretched: boolean; depth: string | null; finish: string; floatMouldingId: string | null } | null;
  outerWidthMm: number;
  outerHeightMm: number;
  shippingClass: ShippingClass;
  hasGlass: boolean;
}

type Selections = Record<string, string>;

const unavailable = (path: string, message: string): ApiError => new ApiError(400, "PRODUCT_UNAVAILABLE", message, { path });

class LineReader {
  readonly issues: PathIssue[] = [];
  constructor(readonly sel: Selections, readonly path: string) {}

  at(key: string): string {
    return `${this.path}.variantSelections.${key}`;
  }

  has(key: string): boolean {
    return this.sel[key] !== undefined && this.sel[key] !== "";
  }

  required(key: string): string | undefined {
    if (!this.has(key)) {
      this.issues.push({ path: this.at(key), message: "is required for this product" });
      return undefined;
    }
    return this.sel[key];
  }

  wholeMm(key: string, required: boolean, min: number, max: number): number | undefined {
    if (!this.has(key)) {
      if (required) this.issues.push({ path: this.at(key), message: "is required for this product" });
      return undefined;
    }
    const raw = this.sel[key];
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      this.issues.push({ path: this.at(key), message: `must be a whole number of millimetres from ${min} to ${max}, sent as a string` });
      return undefined;
    }
    return Number(raw);
  }

  dimensions(): { w: number; h: number } | undefined {
    const w = this.wholeMm("artworkWidthMm", true, DIMENSION_MIN_MM, DIMENSION_MAX_MM);
    const h = this.wholeMm("artworkHeightMm", true, DIMENSION_MIN_MM, DIMENSION_MAX_MM);
    return w !== undefined && h !== undefined ? { w, h } : undefined;
  }

  finish(): void {
    if (this.issues.length > 0) throw validationError(this.issues);
  }
}

function checkTier(qualityTierIds: string[] | null, tierId: string | null, what: string, path: string): void {
  if (qualityTierIds === null) return;
  if (tierId === null || !qualityTierIds.includes(tierId)) {
    throw unavailable(path, `${what} is only available in quality tier(s) ${qualityTierIds.join(", ")}${tierId ? `, not ${tierId}` : "; send a qualityTierId"}.`);
  }
}

function checkPrintWidth(stock: MediaStock, w: number, h: number, path: string): void {
  const shortEdge = Math.min(w, h);
  if (stock.maxPrintWidthMm !== null && shortEdge > stock.maxPrintWidthMm) {
    throw unavailable(path, `${stock.clientTitle ?? stock.name} prints at most ${stock.maxPrintWidthMm} mm on the short edge; this print's short edge is ${shortEdge} mm.`);
  }
}

function sleeveFor(cat: Catalogue, r: LineReader, w: number, h: number): string | null {
  if (!r.has("sleeve")) return null;
  const code = r.sel.sleeve;
  const sleeve = cat.sleeve(code);
  if (!sleeve) throw unavailable(r.at("sleeve"), `Sleeve size ${code} is not available.`);
  const fits = (w <= sleeve.widthMm && h <= sleeve.heightMm) || (h <= sleeve.widthMm && w <= sleeve.heightMm);
  if (!fits) throw unavailable(r.at("sleeve"), `A ${w} × ${h} mm print does not fit sleeve ${code} (${sleeve.widthMm} × ${sleeve.heightMm} mm).`);
  return code;
}

function tierOf(cat: Catalogue, r: LineReader): string | null {
  if (!r.has("qualityTierId")) return null;
  const id = r.sel.qualityTierId;
  if (!cat.qualityTier(id)) throw unavailable(r.at("qualityTierId"), `Quality tier ${id} is not available.`);
  return id;
}

/** Mat borders: uniform matSizeMm or all four per-side keys, never both; each side at least the minimum. */
function readMat(cat: Catalogue, r: LineReader, w: number, h: number, tierId: string | null): MatConfig {
  const matboardId = r.sel.matColorId;
  const board = cat.matboard(matboardId);
  if (!board) throw unavailable(r.at("matColorId"), `Matboard ${matboardId} is not available.`);
  checkTier(board.qualityTierIds, tierId, `Matboard ${matboardId}`, r.at("matColorId"));
  const sides = ["matTopMm", "matRightMm", "matBottomMm", "matLeftMm"] as const;
  const present = sides.filter((s) => r.has(s));
  const raw: Record<string, string> = {};
  if (r.has("matSizeMm") && present.length > 0) {
    throw validationError([{ path: r.at("matSizeMm"), message: "send matSizeMm or the four per-side keys, not both" }]);
  }
  if (present.length > 0 && present.length < 4) {
    const missing = sides.filter((s) => !r.has(s));
    throw validationError(missing.map((s) => ({ path: r.at(s), message: "per-side mat borders need all four sides" })));
  }
  for (const side of sides) raw[side] = present.length === 4 ? r.sel[side] : r.has("matSizeMm") ? r.sel.matSizeMm : String(MAT_DEFAULT_MM);
  const values: Record<string, number> = {};
  const issues: PathIssue[] = [];
  for (const side of sides) {
    const key = present.length === 4 ? side : "matSizeMm";
    if (!/^\d+$/.test(raw[side]) || Number(raw[side]) > MAT_MAXIMUM_MM) {
      if (!issues.some((i) => i.path === r.at(key))) issues.push({ path: r.at(key), message: `must be a whole number of millimetres up to ${MAT_MAXIMUM_MM}, sent as a string` });
    } else values[side] = Number(raw[side]);
  }
  if (issues.length > 0) throw validationError(issues);
  const below = sides.filter((s) => values[s] < MAT_MINIMUM_MM);
  if (below.length > 0) {
    throw new ApiError(400, "MAT_BELOW_MINIMUM", `Mat border under the studio minimum of ${MAT_MINIMUM_MM} mm on: ${below.map((s) => s.replace(/^mat|Mm$/g, "").toLowerCase()).join(", ")}.`, {
      path: `${r.path}.variantSelections`,
      minimumMm: MAT_MINIMUM_MM,
      sides: below.map((s) => s.replace(/^mat|Mm$/g, "").toLowerCase()),
    });
  }
  let textWindow: MatConfig["textWindow"] = null;
  if (r.has("textWindowWidthMm") || r.has("textWindowHeightMm")) {
    const tw = r.wholeMm("textWindowWidthMm", true, 10, DIMENSION_MAX_MM);
    const th = r.wholeMm("textWindowHeightMm", true, 10, DIMENSION_MAX_MM);
    r.finish();
    textWindow = { widthMm: tw as number, heightMm: th as number };
  }
  const innerW = Math.max(w, textWindow?.widthMm ?? 0);
  const innerH = h + (textWindow ? textWindow.heightMm + values.matBottomMm : 0);
  return {
    matboardId, topMm: values.matTopMm, rightMm: values.matRightMm, bottomMm: values.matBottomMm, leftMm: values.matLeftMm, textWindow,
    outerWidthMm: innerW + values.matLeftMm + values.matRightMm,
    outerHeightMm: innerH + values.matTopMm + values.matBottomMm,
  };
}

function paperStock(cat: Catalogue, r: LineReader, mediaId: string, product: string): MediaStock {
  const stock = cat.media(mediaId);
  if (stock) return stock;
  const elsewhere = cat.canvasMedia(mediaId) ? "a canvas stock" : cat.everydayArtMedia(mediaId) ? "an everyday-art stock" : null;
  throw unavailable(r.at("mediaId"), elsewhere
    ? `${mediaId} is ${elsewhere} and cannot be used for ${product}; choose one from media.`
    : `Media ${mediaId} is not available for ${product}.`);
}

export function readLine(cat: Catalogue, slug: string, productName: string, quantity: number, sel: Selections, path: string): LineConfig {
  const r = new LineReader(sel, path);
  const dims = r.dimensions();
  const base = { productSlug: slug, productName, quantity, sleeve: null, qualityTierId: null, mat: null, frame: null, canvas: null, hasGlass: false };
  switch (slug) {
    case "fine-art-printing": {
      const mediaId = r.required("mediaId");
      const border = r.wholeMm("borderMm", false, 0, 200) ?? 0;
      r.finish();
      const { w, h } = dims as { w: number; h: number };
      const inside = sel.borderMode === "inside";
      if (inside && border * 2 >= Math.min(w, h)) {
        throw validationError([{ path: r.at("borderMm"), message: "an inside border must leave some image" }]);
      }
      const pw = inside ? w : w + 2 * border;
      const ph = inside ? h : h + 2 * border;
      const stock = paperStock(cat, r, mediaId as string, slug);
      checkPrintWidth(stock, pw, ph, r.at("mediaId"));
      const sleeve = sleeveFor(cat, r, pw, ph);
      return { ...base, artworkWidthMm: w, artworkHeightMm: h, printWidthMm: pw, printHeightMm: ph, mediaId: stock.id, sleeve, outerWidthMm: pw, outerHeightMm: ph, shippingClass: "flat" };
    }
    case "everyday-art-prints": {
      const mediaId = r.required("mediaId");
      r.finish();
      const { w, h } = dims as { w: number; h: number };
      const stock = cat.everydayArtMedia(mediaId as string);
      if (!stock) throw unavailable(r.at("mediaId"), `Media ${mediaId} is not an available everyday-art stock; choose one from everydayArtMedia.`);
      checkPrintWidth(stock, w, h, r.at("mediaId"));
      const sleeve = sleeveFor(cat, r, w, h);
      return { ...base, artworkWidthMm: w, artworkHeightMm: h, printWidthMm: w, printHeightMm: h, mediaId: stock.id, sleeve, outerWidthMm: w, outerHeightMm: h, shippingClass: "flat" };
    }
    case "print-and-mat": {
      const mediaId = r.required("mediaId");
      r.required("matColorId");
      r.finish();
      const { w, h } = dims as { w: number; h: number };
      const stock = paperStock(cat, r, mediaId as string, slug);
      checkPrintWidth(stock, w, h, r.at("mediaId"));
      const tier = tierOf(cat, r);
      const mat = readMat(cat, r, w, h, tier);
      return { ...base, artworkWidthMm: w, artworkHeightMm: h, printWidthMm: w, printHeightMm: h, mediaId: stock.id, qualityTierId: tier, mat, outerWidthMm: mat.outerWidthMm, outerHeightMm: mat.outerHeightMm, shippingClass: "flat" };
    }
    case "custom-framing": {
      const mouldingId = r.required("mouldingId");
      const glazingId = r.required("glazingId");
      const mediaId = r.required("mediaId");
      r.finish();
      const { w, h } = dims as { w: number; h: number };
      const stock = paperStock(cat, r, mediaId as string, slug);
      checkPrintWidth(stock, w, h, r.at("mediaId"));
      const tier = tierOf(cat, r);
      const moulding = cat.moulding(mouldingId as string);
      if (!moulding) throw unavailable(r.at("mouldingId"), `Moulding ${mouldingId} is not available.`);
      checkTier(moulding.qualityTierIds, tier, `Moulding ${moulding.id}`, r.at("mouldingId"));
      const glazing = cat.glazing(glazingId as string);
      if (!glazing) throw unavailable(r.at("glazingId"), `Glazing ${glazingId} is not available.`);
      checkTier(glazing.qualityTierIds, tier, `Glazing ${glazing.id}`, r.at("glazingId"));
      const backingId = r.has("backingId") ? sel.backingId : "bck-foamcore-5";
      const backing = cat.backing(backingId);
      if (!backing) throw unavailable(r.at("backingId"), `Backing ${backingId} is not available.`);
      checkTier(backing.qualityTierIds, tier, `Backing ${backing.id}`, r.at("backingId"));
      const mat = r.has("matColorId") ? readMat(cat, r, w, h, tier) : null;
      const innerW = mat ? mat.outerWidthMm : w;
      const innerH = mat ? mat.outerHeightMm : h;
      const outerW = innerW + 2 * moulding.widthMm;
      const outerH = innerH + 2 * moulding.widthMm;
      if (moulding.maxLengthMm !== null && Math.max(outerW, outerH) > moulding.maxLengthMm) {
        throw unavailable(r.at("mouldingId"), `Moulding ${moulding.id} is made up to ${moulding.maxLengthMm} mm per side; this frame needs ${Math.max(outerW, outerH)} mm.`);
      }
      return {
        ...base, artworkWidthMm: w, artworkHeightMm: h, printWidthMm: w, printHeightMm: h, mediaId: stock.id, qualityTierId: tier, mat,
        frame: { mouldingId: moulding.id, glazingId: glazing.id, backingId: backing.id },
        outerWidthMm: outerW, outerHeightMm: outerH, shippingClass: "framed", hasGlass: !glazing.isAcrylic,
      };
    }
    case "canvas-printing": {
      const mediaId = r.required("mediaId");
      const format = r.required("format");
      const stretched = format !== undefined && format !== "print-only";
      let depth: string | null = null;
      if (stretched) {
        const d = r.required("depth");
        if (d !== undefined && !(CANVAS_DEPTHS as readonly string[]).includes(d)) r.issues.push({ path: r.at("depth"), message: `must be one of ${CANVAS_DEPTHS.join(", ")}` });
        else depth = d ?? null;
      }
      const finish = r.has("finish") ? sel.finish : "none";
      if (!(CANVAS_FINISHES as readonly string[]).includes(finish)) r.issues.push({ path: r.at("finish"), message: `must be one of ${CANVAS_FINISHES.join(", ")}` });
      r.finish();
      const { w, h } = dims as { w: number; h: number };
      const stock = cat.canvasMedia(mediaId as string);
      if (!stock) {
        const paper = cat.media(mediaId as string) || cat.everydayArtMedia(mediaId as string);
        throw unavailable(r.at("mediaId"), paper ? `${mediaId} is a paper stock; canvas-printing takes a stock from canvasMedia.` : `Canvas ${mediaId} is not available.`);
      }
      const wrap = stretched ? Number((depth as string).replace("mm", "")) + 20 : 50;
      const pw = w + 2 * wrap;
      const ph = h + 2 * wrap;
      checkPrintWidth(stock, pw, ph, r.at("mediaId"));
      let floatMouldingId: string | null = null;
      let outerW = stretched ? w : pw;
      let outerH = stretched ? h : ph;
      if (r.has("mouldingId")) {
        const id = sel.mouldingId;
        const moulding = cat.canvasMoulding(id);
        if (!moulding) throw unavailable(r.at("mouldingId"), `${id} is not a float frame from canvasMouldings.`);
        if (!stretched || depth !== "30mm") throw unavailable(r.at("mouldingId"), `A float frame needs a stretched canvas with depth 30mm${stretched ? `, not ${depth}` : ""}.`);
        outerW = w + 2 * (moulding.widthMm + 10);
        outerH = h + 2 * (moulding.widthMm + 10);
        if (moulding.maxLengthMm !== null && Math.max(outerW, outerH) > moulding.maxLengthMm) {
          throw unavailable(r.at("mouldingId"), `Float frame ${id} is made up to ${moulding.maxLengthMm} mm per side.`);
        }
        floatMouldingId = moulding.id;
      }
      return {
        ...base, artworkWidthMm: w, artworkHeightMm: h, printWidthMm: pw, printHeightMm: ph, mediaId: stock.id,
        canvas: { format: format as string, stretched, depth, finish, floatMouldingId },
        outerWidthMm: outerW, outerHeightMm: outerH,
        shippingClass: floatMouldingId ? "framed" : stretched ? "stretched" : "flat",
      };
    }
    default:
      throw new ApiError(400, "PRODUCT_UNSUPPORTED", `${slug} is not orderable through the partner API.`, { path: `${path}.productSlug` });
  }
}
