import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { getMappingsForVariants, upsertMapping } from "~/models/variant-mapping.server";

const SHOP = "mapping.myshopify.com";
const framed = {
  variantGid: "gid://shopify/ProductVariant/11",
  productGid: "gid://shopify/Product/1",
  productTitle: "Harbour at dusk",
  variantTitle: "A3 framed",
  productSlug: "custom-framing",
  variantSelections: { artworkWidthMm: "297", artworkHeightMm: "420", mouldingId: "m1", glazingId: "g1", mediaId: "p1", matColorId: "mat1", matSizeMm: "50" },
  quantityPerUnit: 1,
  artworkSource: "fixed_url",
  artworkUrl: "https://cdn.example.com/harbour.jpg",
};

describe("variant mappings", () => {
  let t: TestDatabase;
  beforeAll(async () => (t = await createTestDatabase()));
  afterAll(async () => t.cleanup());

  it("GIVEN a valid framed print WHEN saved twice THEN one mapping exists with the latest configuration", async () => {
    expect((await upsertMapping(SHOP, framed)).ok).toBe(true);
    expect((await upsertMapping(SHOP, { ...framed, quantityPerUnit: 2 })).ok).toBe(true);
    const mappings = await getMappingsForVariants(SHOP, [framed.variantGid, "gid://shopify/ProductVariant/999"]);
    expect(mappings.size).toBe(1);
    expect(mappings.get(framed.variantGid)).toMatchObject({ quantityPerUnit: 2, status: "mapped", variantSelections: framed.variantSelections });
    // Another shop sees nothing of it.
    expect((await getMappingsForVariants("other.myshopify.com", [framed.variantGid])).size).toBe(0);
  });

  it("GIVEN the spec's structural rules broken WHEN saved THEN each offending field is named", async () => {
    const result = await upsertMapping(SHOP, {
      ...framed,
      variantSelections: { artworkWidthMm: "29.7", mouldingId: "m1", glazingId: "g1", mediaId: "p1", matSizeMm: "50", matTopMm: "40" },
      artworkSource: "line_item_property",
      artworkUrl: null,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toMatchObject({
      "variantSelections.artworkWidthMm": expect.stringContaining("whole number"),
      "variantSelections.artworkHeightMm": expect.stringContaining("required"),
      "variantSelections.matSizeMm": expect.stringContaining("not both"),
      "variantSelections.matRightMm": expect.stringContaining("all four"),
      artworkProperty: expect.stringContaining("property"),
    });
  });

  it("GIVEN a canvas with a float frame WHEN the depth is not 30mm THEN the float frame is refused", async () => {
    const result = await upsertMapping(SHOP, {
      ...framed,
      productSlug: "canvas-printing",
      variantSelections: { artworkWidthMm: "400", artworkHeightMm: "500", mediaId: "c1", format: "stretched", depth: "18mm", mouldingId: "f1" },
    });
    expect(result).toMatchObject({ ok: false, fieldErrors: { "variantSelections.mouldingId": "A float frame needs the 30mm stretcher depth." } });
  });

  it("GIVEN a product the API cannot order or a non-https artwork WHEN saved THEN it is refused with a reason", async () => {
    const result = await upsertMapping(SHOP, { ...framed, productSlug: "gift-card", artworkUrl: "http://cdn.example.com/a.jpg" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.productSlug).toMatch(/cannot|Choose/);
  });
});
