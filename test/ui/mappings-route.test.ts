// Product mappings: list and editor loaders, sample-quote validation, save, bulk apply, delete,
// through the real authenticate.admin, the sandbox's Admin GraphQL and the studio simulator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRouteHarness, thrownStatus, body, SHOP, OTHER_SHOP, type RouteHarness, type RouteFn } from "./support/route-harness";

let h: RouteHarness;
let list: { loader: RouteFn };
let editor: { loader: RouteFn; action: RouteFn };
let mappings: typeof import("~/models/variant-mapping.server");
const idOf = (gid: string) => gid.split("/").pop() as string;
let a3: string;
let cm5070: string;

const FRAMED = { artworkWidthMm: "297", artworkHeightMm: "420", mouldingId: "mld-satin-black-20", glazingId: "glz-acrylic-clear", mediaId: "paper-photo-rag-308", matColorId: "mat-arctic-white" };
const config = (selections: Record<string, string>, over: Record<string, unknown> = {}) => ({ productSlug: "custom-framing", variantSelections: selections, quantityPerUnit: 1, artworkSource: "variant_image", artworkUrl: "", artworkProperty: "", ...over });

beforeAll(async () => {
  h = await startRouteHarness();
  list = (await import("~/routes/app.mappings._index")) as unknown as typeof list;
  editor = (await import("~/routes/app.mappings.$variantId")) as unknown as typeof editor;
  mappings = await import("~/models/variant-mapping.server");
  const { saveShopSettings } = await import("~/models/shop-settings.server");
  const saved = await saveShopSettings(SHOP, { studioApiKey: h.studioKey, submissionPolicy: "immediate", shippingPolicy: { methods: {}, fallback: "cheapest" }, defaultRushTier: "standard" });
  if (!saved.ok) throw new Error(JSON.stringify(saved));
  [a3, cm5070] = h.products[SHOP][0].variantIds.map(idOf);
});
afterAll(async () => h?.close());

const editorCall = (variantId: string, json?: unknown, shop?: string) =>
  json === undefined ? h.call(editor.loader, `/app/mappings/${variantId}`, { params: { variantId }, shop }) : h.call(editor.action, `/app/mappings/${variantId}`, { params: { variantId }, json, shop });

describe("Product mappings list", () => {
  it("GIVEN a shop with two products WHEN the list loads THEN every variant of this shop is listed, not mapped, and none of the other shop's", async () => {
    const data = body<{ rows: Array<{ productTitle: string; variantTitle: string; state: string }> }>(await h.call(list.loader, "/app/mappings"));
    expect(data.rows.map((r) => `${r.productTitle}/${r.variantTitle}/${r.state}`).sort()).toEqual(["Gift wrap//not_mapped", "Harbour at Dawn (ui-routes)/50x70 cm/not_mapped", "Harbour at Dawn (ui-routes)/A3/not_mapped"]);
  });

  it("GIVEN a search WHEN the list loads THEN only matching products are listed", async () => {
    const data = body<{ rows: Array<{ productTitle: string }> }>(await h.call(list.loader, "/app/mappings?q=gift"));
    expect(data.rows.map((r) => r.productTitle)).toEqual(["Gift wrap"]);
  });
});

describe("Mapping editor", () => {
  it("GIVEN another shop's variant or a malformed id WHEN the editor loads or acts THEN 404", async () => {
    const foreign = idOf(h.products[OTHER_SHOP][0].variantIds[0]);
    expect((await thrownStatus(editorCall(foreign))).status).toBe(404);
    expect((await thrownStatus(editorCall(foreign, { intent: "save", config: config(FRAMED) }))).status).toBe(404);
    expect((await thrownStatus(editorCall("not-a-number"))).status).toBe(404);
  });

  it("GIVEN a variant WHEN the editor loads THEN it carries the product's options and the studio's catalogue for the form", async () => {
    const data = body<{ variant: { title: string; product: { options: Array<{ name: string }> } }; catalogue: { sections: { mouldings: unknown[] }; sizes: unknown[] } | null; mapping: unknown }>(await editorCall(a3));
    expect(data.variant.title).toBe("A3");
    expect(data.variant.product.options.map((o) => o.name)).toEqual(["Size"]);
    expect(data.catalogue?.sections.mouldings.length).toBeGreaterThan(0);
    expect(data.mapping).toBeNull();
  });

  it("GIVEN a mat under the studio's minimum WHEN priced THEN MAT_BELOW_MINIMUM is placed on the mat field", async () => {
    const r = body<{ ok: boolean; fieldErrors: Record<string, string> }>(await editorCall(a3, { intent: "quote", config: config({ ...FRAMED, matSizeMm: "10" }) }));
    expect(r.ok).toBe(false);
    expect(Object.keys(r.fieldErrors)).toEqual(["matSizeMm"]);
    expect(r.fieldErrors.matSizeMm).toMatch(/minimum/i);
  });

  it("GIVEN per-side mat borders with one side too small WHEN priced THEN the error lands on the per-side fields, not the uniform one", async () => {
    const r = body<{ ok: boolean; fieldErrors: Record<string, string> }>(await editorCall(a3, { intent: "quote", config: config({ ...FRAMED, matTopMm: "50", matRightMm: "50", matBottomMm: "10", matLeftMm: "50" }) }));
    expect(r.ok).toBe(false);
    expect(r.fieldErrors.matSizeMm).toBeUndefined();
    expect(r.fieldErrors.matBottomMm).toMatch(/minimum/i);
  });

  it("GIVEN a valid framed print WHEN priced THEN the studio's price, the retail price and the margin in percent are shown", async () => {
    const r = body<{ ok: boolean; quote: { lineCents: number; retailCents: number; marginPercent: number | null; currency: string; shopCurrency: string } }>(await editorCall(a3, { intent: "quote", config: config({ ...FRAMED, matSizeMm: "50" }) }));
    expect(r.ok).toBe(true);
    expect(r.quote.lineCents).toBeGreaterThan(0);
    expect(r.quote.retailCents).toBe(12000);
    if (r.quote.currency === r.quote.shopCurrency) expect(r.quote.marginPercent).toBeCloseTo(((12000 - r.quote.lineCents) / 12000) * 100, 0);
    else expect(r.quote.marginPercent).toBeNull();
  });

  it("GIVEN a missing required material WHEN saved THEN nothing is saved and the field says it is required", async () => {
    const { mediaId: _omit, ...noPaper } = FRAMED;
    const r = body<{ ok: boolean; fieldErrors: Record<string, string> }>(await editorCall(a3, { intent: "save", config: config(noPaper) }));
    expect(r.ok).toBe(false);
    expect(r.fieldErrors.mediaId).toMatch(/required/);
    expect(await mappings.getMapping(SHOP, `gid://shopify/ProductVariant/${a3}`)).toBeNull();
  });

  it("GIVEN a withdrawn moulding WHEN saved THEN the studio's PRODUCT_UNAVAILABLE is on the moulding field and nothing is saved", async () => {
    await h.studio.withdraw({ section: "mouldings", id: "mld-satin-white-20" });
    const r = body<{ ok: boolean; fieldErrors: Record<string, string> }>(await editorCall(a3, { intent: "save", config: config({ ...FRAMED, mouldingId: "mld-satin-white-20" }) }));
    expect(r.ok).toBe(false);
    expect(Object.keys(r.fieldErrors)).toEqual(["mouldingId"]);
    expect(await mappings.getMapping(SHOP, `gid://shopify/ProductVariant/${a3}`)).toBeNull();
  });

  it("GIVEN glass the studio cannot ship to the shop's country WHEN saved THEN it is saved with a warning that no price could be checked", async () => {
    const gift = idOf(h.products[SHOP][1].variantIds[0]);
    const r = body<{ ok: boolean; quote: unknown; warning: string | null }>(await editorCall(gift, { intent: "save", config: config({ ...FRAMED, glazingId: "glz-clear-2mm", matSizeMm: "50" }) }));
    expect(r.ok).toBe(true);
    expect(r.quote).toBeNull();
    expect(r.warning).toMatch(/no shipping method/i);
    expect(await mappings.getMapping(SHOP, `gid://shopify/ProductVariant/${gift}`)).not.toBeNull();
  });

  it("GIVEN a valid configuration WHEN saved THEN it is mapped, priced, and the list shows it mapped", async () => {
    const r = body<{ ok: boolean; quote: { lineCents: number } | null }>(await editorCall(a3, { intent: "save", config: config({ ...FRAMED, matSizeMm: "50" }) }));
    expect(r.ok).toBe(true);
    expect(r.quote?.lineCents).toBeGreaterThan(0);
    const m = await mappings.getMapping(SHOP, `gid://shopify/ProductVariant/${a3}`);
    expect(m?.variantSelections).toMatchObject({ matSizeMm: "50", mouldingId: "mld-satin-black-20" });
    const rows = body<{ rows: Array<{ variantTitle: string; state: string }> }>(await h.call(list.loader, "/app/mappings")).rows;
    expect(rows.find((x) => x.variantTitle === "A3")?.state).toBe("mapped");
  });

  it("GIVEN a confirmed size per option value WHEN bulk applied THEN every size of the product is mapped with its own print size", async () => {
    const r = body<{ ok: boolean; saved: number }>(await editorCall(a3, { intent: "bulk", config: config({ ...FRAMED, matSizeMm: "50" }), optionName: "Size", sizes: { A3: { widthMm: "297", heightMm: "420" }, "50x70 cm": { widthMm: "500", heightMm: "700" } } }));
    expect(r).toMatchObject({ ok: true, saved: 2 });
    const m = await mappings.getMapping(SHOP, `gid://shopify/ProductVariant/${cm5070}`);
    expect(m?.variantSelections).toMatchObject({ artworkWidthMm: "500", artworkHeightMm: "700", mouldingId: "mld-satin-black-20" });
  });

  it("GIVEN one size row is not a number WHEN bulk applied THEN nothing is applied", async () => {
    await mappings.deleteMapping(SHOP, `gid://shopify/ProductVariant/${cm5070}`);
    const r = body<{ ok: boolean; formError: string }>(await editorCall(a3, { intent: "bulk", config: config({ ...FRAMED, matSizeMm: "50" }), optionName: "Size", sizes: { A3: { widthMm: "297", heightMm: "420" }, "50x70 cm": { widthMm: "50cm", heightMm: "700" } } }));
    expect(r.ok).toBe(false);
    expect(r.formError).toMatch(/Nothing was applied/);
    expect(await mappings.getMapping(SHOP, `gid://shopify/ProductVariant/${cm5070}`)).toBeNull();
  });

  it("GIVEN a saved mapping whose moulding the studio withdraws WHEN the list loads THEN it shows invalid, naming the material", async () => {
    await h.studio.withdraw({ section: "mouldings", id: "mld-tas-oak-flat-20" });
    const gift = idOf(h.products[SHOP][1].variantIds[0]);
    await mappings.upsertMapping(SHOP, { variantGid: `gid://shopify/ProductVariant/${gift}`, productGid: h.products[SHOP][1].productId, productTitle: "Gift wrap", productSlug: "custom-framing", variantSelections: { ...FRAMED, mouldingId: "mld-tas-oak-flat-20" }, quantityPerUnit: 1, artworkSource: "variant_image" });
    (await import("~/ui/studio.server")).forgetCatalogue(SHOP);
    const rows = body<{ rows: Array<{ productTitle: string; state: string; reason: string | null }> }>(await h.call(list.loader, "/app/mappings")).rows;
    expect(rows.find((r) => r.productTitle === "Gift wrap")).toMatchObject({ state: "invalid", reason: expect.stringContaining("mld-tas-oak-flat-20") });
    await mappings.deleteMapping(SHOP, `gid://shopify/ProductVariant/${gift}`);
  });

  it("GIVEN a mapping marked invalid (material withdrawn) WHEN the list loads THEN it shows invalid with the reason", async () => {
    await mappings.markMappingsInvalid(SHOP, new Map([[`gid://shopify/ProductVariant/${a3}`, "The moulding mld-satin-black-20 was withdrawn."]]));
    const data = body<{ rows: Array<{ variantTitle: string; state: string; reason: string | null }>; totals: { invalid: number } }>(await h.call(list.loader, "/app/mappings"));
    expect(data.rows.find((x) => x.variantTitle === "A3")).toMatchObject({ state: "invalid", reason: "The moulding mld-satin-black-20 was withdrawn." });
    expect(data.totals.invalid).toBe(1);
  });

  it("GIVEN a mapping WHEN removed THEN the variant is not mapped any more; the other shop cannot remove it", async () => {
    expect((await thrownStatus(editorCall(a3, { intent: "delete" }, OTHER_SHOP))).status).toBe(404);
    expect(await mappings.getMapping(SHOP, `gid://shopify/ProductVariant/${a3}`)).not.toBeNull();
    expect(body<{ ok: boolean }>(await editorCall(a3, { intent: "delete" })).ok).toBe(true);
    expect(await mappings.getMapping(SHOP, `gid://shopify/ProductVariant/${a3}`)).toBeNull();
  });
});
