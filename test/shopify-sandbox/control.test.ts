// The /__shopify control surface over raw HTTP: ids as GIDs or numbers (also unencoded in the path),
// clear 4xx answers for bad input, lenient option and address shapes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADDRESS, startTestSandbox } from "./test-helpers";

const SHOP = "control-gallery.myshopify.com";
let env: Awaited<ReturnType<typeof startTestSandbox>>;

beforeAll(async () => {
  env = await startTestSandbox();
});
afterAll(async () => {
  await env.sandbox.close();
});
beforeEach(async () => {
  await env.control.reset();
  await env.control.installShop({ shop: "control-gallery", appUrl: "http://127.0.0.1:9" });
});

const raw = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${env.sandbox.origin}${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("GIVEN an order created through the control surface", () => {
  it("WHEN it is read by numeric id, encoded GID or raw GID in the path THEN the same order comes back", async () => {
    const { variantIds } = await env.control.createProduct(SHOP, { title: "Print", variants: [{ title: "A4", price: "20.00" }] });
    const { orderId } = await env.control.createOrder(SHOP, { lineItems: [{ variantId: variantIds[0], quantity: 1 }], shippingAddress: ADDRESS });
    const numeric = orderId.split("/").pop() ?? "";
    for (const id of [numeric, encodeURIComponent(orderId), orderId]) {
      const { status, body } = await raw("GET", `/__shopify/shops/${SHOP}/orders/${id}`);
      expect(status).toBe(200);
      expect(body.id).toBe(orderId);
    }
    expect((await raw("POST", `/__shopify/shops/${SHOP}/orders/${orderId}/cancel`, { deliver: false })).status).toBe(200);
    expect((await env.control.getOrder(SHOP, orderId)).cancelledAt).not.toBeNull();
  });

  it("WHEN options come by name and the country as a code THEN variants and the address are complete", async () => {
    const { variantIds } = await env.control.createProduct(SHOP, {
      title: "Canvas", options: ["Size", "Depth"],
      variants: [{ title: "Big deep", price: 90, options: { Depth: "4 cm", Size: "50x70" } }, { title: "Small", price: 40, selectedOptions: [{ name: "Size", value: "30x40" }, { name: "Depth", value: "2 cm" }] }],
    });
    const { orderId } = await env.control.createOrder(SHOP, { lineItems: [{ variantId: variantIds[1], quantity: 1 }], shippingAddress: { name: "Ann Lee", address1: "1 High St", city: "Leeds", zip: "LS1 1AA", country: "GB" } });
    const order = await env.control.getOrder(SHOP, orderId);
    expect(order.shippingAddress).toMatchObject({ firstName: "Ann", lastName: "Lee", countryCode: "GB", country: "United Kingdom" });
    const { accessToken } = await env.control.installShop({ shop: SHOP, appUrl: "http://127.0.0.1:9" });
    const { body } = await env.graphql<{ nodes: Array<{ selectedOptions: Array<{ name: string; value: string }> }> }>(SHOP, accessToken, `query($ids: [ID!]!) { nodes(ids: $ids) { ... on ProductVariant { selectedOptions { name value } } } }`, { ids: variantIds });
    expect(body.data?.nodes.map((n) => n.selectedOptions.map((o) => o.value))).toEqual([["50x70", "4 cm"], ["30x40", "2 cm"]]);
  });
});

describe("GIVEN bad control requests", () => {
  it("THEN unknown shops are 404, invalid bodies 400 naming the field, unknown variants 400", async () => {
    const unknownShop = await raw("POST", "/__shopify/shops/nobody.myshopify.com/products", { title: "x", variants: [{ title: "a", price: 1 }] });
    expect(unknownShop.status).toBe(404);
    const badBody = await raw("POST", `/__shopify/shops/${SHOP}/products`, { title: "x" });
    expect(badBody.status).toBe(400);
    expect(String(badBody.body.error)).toMatch(/variants/);
    const badVariant = await raw("POST", `/__shopify/shops/${SHOP}/orders`, { lineItems: [{ variantId: "gid://shopify/ProductVariant/1", quantity: 1 }], shippingAddress: ADDRESS });
    expect(badVariant.status).toBe(400);
    expect(String(badVariant.body.error)).toMatch(/unknown variant/);
    const badFault = await raw("POST", "/__shopify/faults", { kind: "explode" });
    expect(badFault.status).toBe(400);
    expect((await raw("POST", "/__shopify/faults", { kind: 500, operation: "shop" })).status).toBe(200);
  });
});
