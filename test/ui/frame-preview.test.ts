// The preview is drawn to scale from the catalogue: GIVEN a configuration WHEN it is laid out THEN
// the outer size and the layers follow the moulding, the mat sides, the caption window and the canvas depth.
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { previewLayout, DEFAULT_MAT_MM, FLOAT_GAP_MM } from "~/components/preview/layout";
import { FramePreview } from "~/components/preview/FramePreview";
import type { CatalogueView, MaterialOption } from "~/ui/catalogue-view";

const opt = (id: string, extra: Partial<MaterialOption> = {}): MaterialOption => ({ id, label: id, hex: null, coreHex: null, widthMm: null, depthMm: null, maxPrintWidthMm: null, tiers: null, ...extra });
const catalogue: CatalogueView = {
  products: [],
  sizes: [],
  sections: {
    media: [opt("paper-1")], canvasMedia: [opt("canvas-1")], everydayArtMedia: [], glazing: [opt("glz")], backing: [], qualityTiers: [], sleeves: [],
    mouldings: [opt("oak-30", { widthMm: 30, hex: "#8b5a2b", label: "Oak" })],
    canvasMouldings: [opt("float-15", { widthMm: 15, hex: "#111111", label: "Black float" })],
    matboards: [opt("white", { hex: "#fafafa", coreHex: "#ffffff", label: "Arctic white" }), opt("black", { hex: "#111111", coreHex: "#eeeeee" })],
  },
};
const A3 = { artworkWidthMm: "297", artworkHeightMm: "420" };

describe("previewLayout", () => {
  it("GIVEN a framed print with a uniform mat THEN the outside size is artwork + 2 × mat + 2 × moulding, with the catalogue's colours", () => {
    const l = previewLayout({ slug: "custom-framing", selections: { ...A3, mouldingId: "oak-30", matColorId: "black", matSizeMm: "60" }, catalogue });
    expect([l.widthMm, l.heightMm]).toEqual([297 + 120 + 60, 420 + 120 + 60]);
    expect(l.shapes.find((s) => s.role === "frame")?.fill).toBe("#8b5a2b");
    expect(l.shapes.find((s) => s.role === "mat")?.fill).toBe("#111111");
    expect(l.shapes.find((s) => s.role === "core")?.fill).toBe("#eeeeee");
    expect(l.artwork).toEqual({ x: 90, y: 90, w: 297, h: 420 });
  });

  it("GIVEN four different mat sides and a caption window THEN the window sits below the artwork, one bottom border apart", () => {
    const l = previewLayout({ slug: "print-and-mat", selections: { ...A3, matColorId: "white", matTopMm: "40", matRightMm: "30", matBottomMm: "70", matLeftMm: "30", textWindowWidthMm: "200", textWindowHeightMm: "30" }, catalogue });
    expect(l.widthMm).toBe(297 + 60);
    expect(l.heightMm).toBe(40 + 420 + 70 + 30 + 70);
    const caption = l.shapes.find((s) => s.role === "caption");
    expect(caption).toMatchObject({ y: 40 + 420 + 70, w: 200, h: 30 });
    expect(l.description).toContain("40/30/70/30 mm");
  });

  it("GIVEN a mat with no border THEN it is drawn at the default and the note says so", () => {
    const l = previewLayout({ slug: "print-and-mat", selections: { ...A3, matColorId: "white" }, catalogue });
    expect(l.widthMm).toBe(297 + 2 * DEFAULT_MAT_MM);
    expect(l.notes.join(" ")).toContain(`${DEFAULT_MAT_MM} mm`);
  });

  it("GIVEN a stretched canvas THEN its depth shows as an edge; WITH a float frame THEN the gap and the moulding surround it", () => {
    const plain = previewLayout({ slug: "canvas-printing", selections: { ...A3, mediaId: "canvas-1", format: "stretched", depth: "30mm" }, catalogue });
    expect(plain.shapes.filter((s) => s.role === "canvas-edge")).toHaveLength(2);
    expect(plain.widthMm).toBe(297 + 15);
    const floated = previewLayout({ slug: "canvas-printing", selections: { ...A3, mediaId: "canvas-1", format: "stretched", depth: "30mm", mouldingId: "float-15" }, catalogue });
    expect(floated.widthMm).toBe(297 + 2 * FLOAT_GAP_MM + 30);
    expect(floated.shapes.find((s) => s.role === "frame")?.fill).toBe("#111111");
  });

  it("GIVEN a fine-art border inside THEN the paper keeps the size and the image shrinks; outside THEN the paper grows", () => {
    const inside = previewLayout({ slug: "fine-art-printing", selections: { ...A3, borderMm: "20", borderMode: "inside" }, catalogue });
    expect([inside.widthMm, inside.artwork.w]).toEqual([297, 257]);
    const outside = previewLayout({ slug: "fine-art-printing", selections: { ...A3, borderMm: "20", borderMode: "outside" }, catalogue });
    expect([outside.widthMm, outside.artwork.w]).toEqual([337, 297]);
  });

  it("GIVEN a withdrawn moulding THEN it is still drawn and a note warns", () => {
    const l = previewLayout({ slug: "custom-framing", selections: { ...A3, mouldingId: "gone" }, catalogue });
    expect(l.notes.join(" ")).toMatch(/not in the catalogue/);
  });
});

describe("FramePreview", () => {
  it("GIVEN an artwork URL THEN the SVG embeds it, labelled; WITHOUT one THEN a placeholder says Artwork", () => {
    const withImage = renderToStaticMarkup(createElement(FramePreview, { slug: "custom-framing", selections: { ...A3, mouldingId: "oak-30" }, catalogue, imageUrl: "https://cdn.example/a.jpg" }));
    expect(withImage).toContain('href="https://cdn.example/a.jpg"');
    expect(withImage).toMatch(/role="img"/);
    expect(withImage).toContain('data-width-mm="357"');
    const placeholder = renderToStaticMarkup(createElement(FramePreview, { slug: "fine-art-printing", selections: A3, catalogue: null, imageUrl: null }));
    expect(placeholder).toContain(">Artwork<");
  });
});
