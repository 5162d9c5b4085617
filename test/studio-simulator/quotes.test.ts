// GIVEN a running studio simulator WHEN partners read the catalogue and price baskets THEN it behaves as
// the Partner API spec says: sections, caching, validation codes, shipping discovery and price invariants.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_AU, FINE_ART, apiClient, partner, quoteBody, startHarness, type Api, type Harness } from "./test-helpers";

let h: Harness;
let api: Api;
let imageUrl: string;

beforeAll(async () => {
  h = await startHarness();
  ({ api, imageUrl } = await partner(h));
});
afterAll(() => h.close());

const quote = (overrides: Record<string, unknown> = {}, item: Record<string, unknown> = {}) => api("POST", "/quotes", quoteBody(imageUrl, overrides, item));

describe("GET /catalogue", () => {
  it("THEN returns every section, orderable products only, cached privately for 60 s", async () => {
    const res = await api("GET", "/catalogue");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=60");
    expect(res.body.error).toBeNull();
    const data = res.body.data;
    for (const section of ["products", "media", "canvasMedia", "everydayArtMedia", "sizes", "mouldings", "canvasMouldings", "matboards", "glazing", "backing", "qualityTiers", "sleeves"]) {
      expect(Array.isArray(data[section]), section).toBe(true);
      expect(data[section].length, section).toBeGreaterThan(0);
    }
    expect(data.products.map((p: { slug: string }) => p.slug).sort()).toEqual(["canvas-printing", "custom-framing", "everyday-art-prints", "fine-art-printing", "print-and-mat"]);
    expect(JSON.stringify(data)).not.toMatch(/price/i);
    const canvasIds = new Set(data.canvasMouldings.map((m: { id: string }) => m.id));
    for (const m of data.mouldings) expect(canvasIds.has(m.id)).toBe(m.canvasFloatSuitable);
    const pools = [data.media, data.canvasMedia, data.everydayArtMedia].map((p) => p.map((m: { id: string }) => m.id));
    expect(new Set(pools.flat()).size).toBe(pools.flat().length);
  });

  it("WHEN the studio withdraws a moulding THEN it disappears and lines naming it get PRODUCT_UNAVAILABLE", async () => {
    const own = await partner(h);
    const framing = { ...FINE_ART, mouldingId: "mld-satin-white-20", glazingId: "glz-acrylic-clear" };
    const before = await own.api("POST", "/quotes", quoteBody(own.imageUrl, {}, { productSlug: "custom-framing", variantSelections: framing }));
    expect(before.status).toBe(201);
    await h.control.withdraw({ section: "mouldings", id: "mld-satin-white-20" });
    const cat = await own.api("GET", "/catalogue");
    expect(cat.body.data.mouldings.some((m: { id: string }) => m.id === "mld-satin-white-20")).toBe(false);
    const after = await own.api("POST", "/quotes", quoteBody(own.imageUrl, {}, { productSlug: "custom-framing", variantSelections: framing }));
    expect(after.status).toBe(400);
    expect(after.body.error?.code).toBe("PRODUCT_UNAVAILABLE");
  });
});

describe("POST /quotes pricing", () => {
  it("THEN a quote holds the invariants and echoes externalReference positionally", async () => {
    const items = [
      { productSlug: "fine-art-printing", quantity: 3, imageUrl, externalReference: "ref-a", variantSelections: { ...FINE_ART, borderMm: "20", sleeve: "A2" } },
      { productSlug: "canvas-printing", quantity: 1, imageUrl, externalReference: null, variantSelections: { artworkWidthMm: "500", artworkHeightMm: "500", mediaId: "canvas-monet-410", format: "stretched", depth: "30mm", mouldingId: "mld-float-oak-35" } },
      { productSlug: "print-and-mat", quantity: 2, imageUrl, externalReference: "ref-c", variantSelections: { ...FINE_ART, matColorId: "mat-black-core", matTopMm: "50", matRightMm: "50", matBottomMm: "70", matLeftMm: "50" } },
    ];
    const res = await api("POST", "/quotes", { items, shippingAddress: ADDRESS_AU, shippingMethodId: "au-art-courier", rushTier: "critical" });
    expect(res.status).toBe(201);
    const q = res.body.data;
    expect(q.lines.map((l: { externalReference: string | null }) => l.externalReference)).toEqual(["ref-a", null, "ref-c"]);
    expect(q.lines.map((l: { productSlug: string }) => l.productSlug)).toEqual(items.map((i) => i.productSlug));
    for (const line of q.lines) expect(line.amountCents).toBe(line.unitPriceCents * line.quantity);
    expect(q.subtotalCents).toBe(q.lines.reduce((s: number, l: { amountCents: number }) => s + l.amountCents, 0));
    expect(q.gstCents).toBeGreaterThanOrEqual(0);
    expect(q.gstCents).toBeLessThan(q.totalCents);
    expect(q.totalCents).toBe(q.subtotalCents - q.discountCents + q.shippingCents + q.rushFeeCents + q.minimumTopUpCents);
    expect(q.rushFeeCents).toBeGreaterThan(0);
    expect(q.promisedReadyDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(q.consumedAt).toBeNull();
    expect(Date.parse(q.expiresAt) - Date.parse(q.createdAt)).toBe(24 * 3600 * 1000);
    expect(q.environment).toBe("test");
  });

  it("THEN pricing is deterministic and a small basket is topped up to the minimum", async () => {
    const tiny = { artworkWidthMm: "100", artworkHeightMm: "100", mediaId: "everyday-matte-200" };
    const a = await quote({}, { productSlug: "everyday-art-prints", variantSelections: tiny });
    const b = await quote({}, { productSlug: "everyday-art-prints", variantSelections: tiny });
    expect(a.body.data.totalCents).toBe(b.body.data.totalCents);
    expect(a.body.data.minimumTopUpCents).toBeGreaterThan(0);
    expect(a.body.data.promisedReadyDate).toBeNull();
  });

  it("THEN unknown fields are ignored and a misspelt required field shows up as missing", async () => {
    const ok = await quote({ colour: "blue" }, { flavour: "x" });
    expect(ok.status).toBe(201);
    const typo = await quote({}, { variantSelections: { artworkWidthMm: "297", artworkHieghtMm: "420", mediaId: "paper-photo-rag-308" } });
    expect(typo.status).toBe(400);
    expect(typo.body.error?.code).toBe("VALIDATION_ERROR");
    expect(typo.body.error?.details.errors.map((e: { path: string }) => e.path)).toEqual(["items[0].variantSelections.artworkHeightMm"]);
  });
});

describe("POST /quotes refusals", () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, string]> = [
    ["schema: missing address fields", { shippingAddress: { name: "x" } }, {}, "VALIDATION_ERROR"],
    ["schema: number instead of string dimension", {}, { variantSelections: { ...FINE_ART, artworkWidthMm: 297 } }, "VALIDATION_ERROR"],
    ["non-orderable product", {}, { productSlug: "gift-card" }, "PRODUCT_UNSUPPORTED"],
    ["quantity 0", {}, { quantity: 0 }, "INVALID_QUANTITY"],
    ["quantity 991", {}, { quantity: 991 }, "INVALID_QUANTITY"],
    ["no artwork", {}, { imageUrl: null }, "ARTWORK_REQUIRED"],
    ["artwork from elsewhere", {}, { imageUrl: "https://cdn.example.com/a.png" }, "ARTWORK_NOT_ALLOWED"],
    ["canvas id on a fine-art line", {}, { variantSelections: { ...FINE_ART, mediaId: "canvas-monet-410" } }, "PRODUCT_UNAVAILABLE"],
    ["paper id on a canvas line", {}, { productSlug: "canvas-printing", variantSelections: { ...FINE_ART, format: "print-only" } }, "PRODUCT_UNAVAILABLE"],
    ["float frame on 45mm depth", {}, { productSlug: "canvas-printing", variantSelections: { ...FINE_ART, mediaId: "canvas-monet-410", format: "stretched", depth: "45mm", mouldingId: "mld-float-black-35" } }, "PRODUCT_UNAVAILABLE"],
    ["ordinary moulding as float frame", {}, { productSlug: "canvas-printing", variantSelections: { ...FINE_ART, mediaId: "canvas-monet-410", format: "stretched", depth: "30mm", mouldingId: "mld-satin-black-20" } }, "PRODUCT_UNAVAILABLE"],
    ["stretched canvas without depth", {}, { productSlug: "canvas-printing", variantSelections: { ...FINE_ART, mediaId: "canvas-monet-410", format: "stretched" } }, "VALIDATION_ERROR"],
    ["short edge over the stock's width", {}, { variantSelections: { artworkWidthMm: "1200", artworkHeightMm: "1500", mediaId: "paper-german-etching-310" } }, "PRODUCT_UNAVAILABLE"],
    ["museum glazing without its tier", {}, { productSlug: "custom-framing", variantSelections: { ...FINE_ART, mouldingId: "mld-satin-black-20", glazingId: "glz-museum-glass" } }, "PRODUCT_UNAVAILABLE"],
    ["mat under the minimum", {}, { productSlug: "print-and-mat", variantSelections: { ...FINE_ART, matColorId: "mat-arctic-white", matSizeMm: "10" } }, "MAT_BELOW_MINIMUM"],
    ["uniform and per-side mat together", {}, { productSlug: "print-and-mat", variantSelections: { ...FINE_ART, matColorId: "mat-arctic-white", matSizeMm: "50", matTopMm: "40" } }, "VALIDATION_ERROR"],
    ["country name", { shippingAddress: { ...ADDRESS_AU, country: "Australia" } }, {}, "SHIPPING_ADDRESS_INCOMPLETE"],
    ["no shipping method", { shippingMethodId: undefined }, {}, "SHIPPING_UNAVAILABLE"],
  ];
  for (const [name, overrides, item, code] of cases) {
    it(`WHEN ${name} THEN 400 ${code}`, async () => {
      const res = await quote(overrides, item);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeNull();
      expect(res.body.error?.code).toBe(code);
    });
  }

  it("THEN ARTWORK_REQUIRED names the line and a mat refusal says which sides", async () => {
    const items = [
      { productSlug: "fine-art-printing", quantity: 1, imageUrl, variantSelections: FINE_ART },
      { productSlug: "fine-art-printing", quantity: 1, variantSelections: FINE_ART },
    ];
    const res = await api("POST", "/quotes", { items, shippingAddress: ADDRESS_AU, shippingMethodId: "au-standard" });
    expect(res.body.error?.code).toBe("ARTWORK_REQUIRED");
    expect(res.body.error?.message).toContain("Line 2");
    const mat = await quote({}, { productSlug: "print-and-mat", variantSelections: { ...FINE_ART, matColorId: "mat-arctic-white", matTopMm: "40", matRightMm: "40", matBottomMm: "15", matLeftMm: "40" } });
    expect(mat.body.error?.details.sides).toEqual(["bottom"]);
  });

  it("THEN another account's uploaded artwork is refused", async () => {
    const other = await partner(h);
    const res = await quote({}, { imageUrl: other.imageUrl });
    expect(res.body.error?.code).toBe("ARTWORK_NOT_ALLOWED");
  });

  it("THEN shipping options depend on destination and basket", async () => {
    const framed = { productSlug: "custom-framing", variantSelections: { ...FINE_ART, mouldingId: "mld-satin-black-20", glazingId: "glz-clear-2mm" } };
    const ids = async (country: string, item: Record<string, unknown>) => {
      const res = await quote({ shippingMethodId: null, shippingAddress: { ...ADDRESS_AU, country, postcode: country === "AU" ? "2042" : "10001" } }, item);
      expect(res.body.error?.code).toBe("SHIPPING_UNAVAILABLE");
      for (const o of res.body.error!.details.shippingOptions) {
        expect(Object.keys(o).sort()).toEqual(["description", "estimatedDelivery", "id", "isCollection", "name", "priceCents", "requiresQuote"]);
      }
      return res.body.error?.details.shippingOptions.map((o: { id: string }) => o.id);
    };
    expect(await ids("AU", {})).toEqual(["au-standard", "au-express", "studio-collection"]);
    expect(await ids("AU", framed)).toContain("au-art-courier");
    expect(await ids("US", {})).toEqual(["intl-standard", "intl-express"]);
    expect(await ids("US", framed)).toEqual([]);
    const unusable = await quote({ shippingMethodId: "intl-express" });
    expect(unusable.body.error?.code).toBe("SHIPPING_UNAVAILABLE");
  });
});

describe("GET /quotes/{id}", () => {
  it("THEN an expired quote is still readable; other accounts and malformed ids get 404", async () => {
    const created = await quote();
    const id = created.body.data.quoteId;
    await h.control.advanceClock(25 * 3600);
    const read = await api("GET", `/quotes/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.quoteId).toBe(id);
    const other = await partner(h);
    expect((await other.api("GET", `/quotes/${id}`)).status).toBe(404);
    const malformed = await api("GET", "/quotes/%%%not-an-id");
    expect(malformed.status).toBe(404);
    expect(malformed.body.error?.code).toBe("NOT_FOUND");
    expect((await apiClient(h.studio.baseUrl, null)("GET", `/quotes/${id}`)).status).toBe(401);
  });
});
