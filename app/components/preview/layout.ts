// Pure geometry of the live preview: every shape in millimetres, so the SVG is drawn to scale.
// Mirrors the spec's variantSelections (moulding width and colour, mat per side or uniform, mat core
// colour in the bevel, caption window below the artwork, canvas stretcher depth, float frame gap,
// fine-art white border inside or outside the artwork).
import type { ProductSlug } from "~/models/print-products";
import { findOption, type CatalogueView } from "~/ui/catalogue-view";

export type ShapeRole = "frame" | "float-gap" | "mat" | "core" | "caption" | "paper" | "canvas-edge" | "artwork";
export interface Shape { role: ShapeRole; x: number; y: number; w: number; h: number; fill: string }

export interface PreviewLayout {
  widthMm: number;
  heightMm: number;
  shapes: Shape[];
  /** The artwork rectangle (image or placeholder goes here). */
  artwork: { x: number; y: number; w: number; h: number };
  /** Plain-language description for assistive technology and the caption under the drawing. */
  description: string;
  notes: string[];
}

export interface PreviewInput { slug: ProductSlug | ""; selections: Record<string, string>; catalogue: CatalogueView | null }

/** The studio's mat border when none is given (an assumption for drawing only; the quote decides). */
export const DEFAULT_MAT_MM = 50;
export const FLOAT_GAP_MM = 8;
const CORE_MM = 2;
const DEFAULT_ART_MM = { w: 300, h: 400 };

const mm = (v: string | undefined): number | null => (v && /^\d{1,5}$/.test(v.trim()) && Number(v) > 0 ? Number(v) : null);
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function matSides(sel: Record<string, string>): { top: number; right: number; bottom: number; left: number; assumed: boolean } {
  const sides = [mm(sel.matTopMm), mm(sel.matRightMm), mm(sel.matBottomMm), mm(sel.matLeftMm)];
  if (sides.every((s) => s !== null)) return { top: sides[0] as number, right: sides[1] as number, bottom: sides[2] as number, left: sides[3] as number, assumed: false };
  const uniform = mm(sel.matSizeMm);
  const u = uniform ?? DEFAULT_MAT_MM;
  return { top: u, right: u, bottom: u, left: u, assumed: uniform === null };
}

export function previewLayout({ slug, selections: sel, catalogue }: PreviewInput): PreviewLayout {
  const notes: string[] = [];
  const artW = clamp(mm(sel.artworkWidthMm) ?? DEFAULT_ART_MM.w, 10, 5000);
  const artH = clamp(mm(sel.artworkHeightMm) ?? DEFAULT_ART_MM.h, 10, 5000);
  if (!mm(sel.artworkWidthMm) || !mm(sel.artworkHeightMm)) notes.push(`No print size yet: drawn at ${DEFAULT_ART_MM.w} × ${DEFAULT_ART_MM.h} mm.`);
  const describe: string[] = [`Artwork ${artW} × ${artH} mm`];

  // Build from the inside out: `inner` is the content block, shapes are prepended as layers grow.
  let shapes: Shape[] = [];
  let w = artW;
  let h = artH;
  let art = { x: 0, y: 0, w: artW, h: artH };
  const shift = (dx: number, dy: number) => {
    shapes = shapes.map((s) => ({ ...s, x: s.x + dx, y: s.y + dy }));
    art = { ...art, x: art.x + dx, y: art.y + dy };
  };
  const surround = (role: ShapeRole, t: number, r: number, b: number, l: number, fill: string) => {
    shift(l, t);
    w += l + r;
    h += t + b;
    shapes.unshift({ role, x: 0, y: 0, w, h, fill });
  };

  if (slug === "fine-art-printing") {
    const border = mm(sel.borderMm) ?? 0;
    if (border > 0 && sel.borderMode === "inside") {
      const b = Math.min(border, Math.floor(Math.min(artW, artH) / 2) - 1);
      shapes.unshift({ role: "paper", x: 0, y: 0, w, h, fill: "#ffffff" });
      art = { x: b, y: b, w: artW - 2 * b, h: artH - 2 * b };
      describe.push(`${border} mm white border inside the artwork size`);
    } else if (border > 0) {
      surround("paper", border, border, border, border, "#ffffff");
      describe.push(`${border} mm white border around the artwork`);
    }
  }

  const hasMat = (slug === "print-and-mat" || slug === "custom-framing") && Boolean(sel.matColorId || slug === "print-and-mat");
  if (hasMat) {
    const board = findOption(catalogue, "matboards", sel.matColorId);
    const matHex = board?.hex ?? "#f4f1ea";
    const coreHex = board?.coreHex ?? "#fbfaf6";
    const s = matSides(sel);
    if (s.assumed) notes.push(`Mat border not set: drawn at ${DEFAULT_MAT_MM} mm.`);
    const capW = mm(sel.textWindowWidthMm);
    const capH = mm(sel.textWindowHeightMm);
    const innerW = Math.max(w, capW ?? 0);
    const artX = (innerW - w) / 2;
    // bevel core around the artwork window
    shapes.unshift({ role: "core", x: -CORE_MM, y: -CORE_MM, w: w + 2 * CORE_MM, h: h + 2 * CORE_MM, fill: coreHex });
    shift(artX, 0);
    const contentW = innerW;
    let contentH = h;
    if (capW && capH) {
      const y = h + s.bottom;
      shapes.push({ role: "core", x: (innerW - capW) / 2 - CORE_MM, y: y - CORE_MM, w: capW + 2 * CORE_MM, h: capH + 2 * CORE_MM, fill: coreHex });
      shapes.push({ role: "caption", x: (innerW - capW) / 2, y, w: capW, h: capH, fill: "#ffffff" });
      contentH = y + capH;
      describe.push(`caption window ${capW} × ${capH} mm`);
    }
    w = contentW;
    h = contentH;
    surround("mat", s.top, s.right, s.bottom, s.left, matHex);
    describe.push(`${board?.label ?? "mat"} ${s.top === s.right && s.right === s.bottom && s.bottom === s.left ? `${s.top} mm all round` : `${s.top}/${s.right}/${s.bottom}/${s.left} mm (top/right/bottom/left)`}`);
  }

  if (slug === "canvas-printing") {
    const depth = sel.format === "print-only" ? null : mm((sel.depth ?? "").replace(/mm$/, ""));
    const float = sel.mouldingId ? findOption(catalogue, "canvasMouldings", sel.mouldingId) : null;
    shapes.unshift({ role: "paper", x: 0, y: 0, w, h, fill: "#fdfcf8" });
    if (depth && !float) {
      // the stretcher's side, seen at an angle: a band right and below the face, as deep as the bars
      shapes.push({ role: "canvas-edge", x: w, y: depth / 2, w: depth / 2, h, fill: "#c9c3b6" });
      shapes.push({ role: "canvas-edge", x: depth / 2, y: h, w, h: depth / 2, fill: "#b5ae9f" });
      w += depth / 2;
      h += depth / 2;
    }
    if (depth) describe.push(`stretched on ${depth} mm bars`);
    else describe.push("rolled canvas (print only)");
    if (sel.mouldingId) {
      const mw = float?.widthMm ?? 20;
      surround("float-gap", FLOAT_GAP_MM, FLOAT_GAP_MM, FLOAT_GAP_MM, FLOAT_GAP_MM, "#2b2b2b");
      surround("frame", mw, mw, mw, mw, float?.hex ?? "#5b4636");
      describe.push(`float frame ${float?.label ?? sel.mouldingId}, ${mw} mm`);
      if (!float) notes.push("The float frame is not in the catalogue's canvasMouldings: the quote will refuse it.");
    }
  }

  if (slug === "custom-framing") {
    const moulding = findOption(catalogue, "mouldings", sel.mouldingId);
    const mw = moulding?.widthMm ?? 20;
    if (!moulding) notes.push(sel.mouldingId ? "This moulding is not in the catalogue (withdrawn?)." : "No moulding chosen yet: drawn at 20 mm.");
    surround("frame", mw, mw, mw, mw, moulding?.hex ?? "#3a3a3a");
    describe.push(`${moulding?.label ?? "frame"} ${mw} mm wide`);
  }

  shapes.push({ role: "artwork", ...art, fill: "#d9dde3" });
  return {
    widthMm: w,
    heightMm: h,
    shapes,
    artwork: art,
    description: `${describe.join(", ")}. Outside size ${Math.round(w)} × ${Math.round(h)} mm.`,
    notes,
  };
}
