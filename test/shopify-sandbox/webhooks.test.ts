// Webhooks from the sandbox: paths from the app's shopify.app.toml, Shopify's headers and HMAC,
// REST bodies with the published sample's keys and JSON types, redelivery with stable event ids.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADDRESS, API_SECRET, startReceiver, startTestSandbox } from "./test-helpers";

const SHOP = "webhook-gallery.myshopify.com";
const SHAPE = JSON.parse(readFileSync("test/fixtures/webhooks/orders-paid.shape.json", "utf8")) as unknown;
const SHOP_SHAPE = JSON.parse(readFileSync("test/fixtures/webhooks/app-uninstalled.shape.json", "utf8")) as unknown;
let env: Awaited<ReturnType<typeof startTestSandbox>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let variantIds: string[];
let token: string;

beforeAll(async () => {
  env = await startTestSandbox();
  receiver = await startReceiver();
});
afterAll(async () => {
  await env.sandbox.close();
  await receiver.close();
});
beforeEach(async () => {
  await env.control.reset();
  receiver.received.length = 0;
  ({ accessToken: token } = await env.control.installShop({ shop: SHOP, appUrl: receiver.url }));
  ({ variantIds } = await env.control.createProduct(SHOP, { title: "Harbour at Dawn", options: ["Size"], variants: [{ title: "30x40 cm", price: "45.00", sku: "HAD-3040" }] }));
});

const jsonType = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/** Every key of `shape` exists in `actual` with the same JSON type, recursively; a null in the shape
 * means the field is nullable (any type or null); a shape array's first element is the element shape. */
function shapeMismatches(shape: unknown, actual: unknown, path = "$"): string[] {
  if (shape === null) return [];
  if (jsonType(shape) !== jsonType(actual)) return [`${path}: expected ${jsonType(shape)}, got ${jsonType(actual)}`];
  if (Array.isArray(shape)) {
    const element = shape[0];
    return element === undefined ? [] : (actual as unknown[]).flatMap((a, i) => shapeMismatches(element, a, `${path}[${i}]`));
  }
  if (shape && typeof shape === "object") {
    const obj = actual as Record<string, unknown>;
    return Object.entries(shape).flatMap(([k, v]) => (k in obj ? shapeMismatches(v, obj[k], `${path}.${k}`) : [`${path}.${k}: missing`]));
  }
  return [];
}

async function paidOrder() {
  return env.control.createOrder(SHOP, {
    lineItems: [{ variantId: variantIds[0], quantity: 2, properties: [{ name: "_artwork", value: "https://example.org/harbour.tif" }] }],
    shippingAddress: ADDRESS, shippingLine: { title: "Standard", price: "6.50" }, email: "ada@example.org", deliver: true,
  });
}

describe("GIVEN a paid order delivered to the app", () => {
  it("THEN orders/paid goes to the toml's path with every Shopify header and a verifiable HMAC", async () => {
    const { deliveries } = await paidOrder();
    expect(receiver.received).toHaveLength(1);
    const hit = receiver.received[0];
    expect(hit.path).toBe("/webhooks/orders/paid");
    expect(hit.headers["x-shopify-topic"]).toBe("orders/paid");
    expect(hit.headers["x-shopify-shop-domain"]).toBe(SHOP);
    expect(hit.headers["x-shopify-api-version"]).toBe("2026-10");
    expect(hit.headers["x-shopify-webhook-id"]).toMatch(/\S/);
    expect(hit.headers["x-shopify-event-id"]).toMatch(/\S/);
    expect(Number.isNaN(Date.parse(String(hit.headers["x-shopify-triggered-at"])))).toBe(false);
    const expected = createHmac("sha256", API_SECRET).update(hit.raw, "utf8").digest("base64");
    expect(hit.headers["x-shopify-hmac-sha256"]).toBe(expected);
    expect(deliveries?.[0]).toMatchObject({ topic: "orders/paid", status: 200, webhookId: hit.headers["x-shopify-webhook-id"] });
  });

  it("THEN the body has every key of the orders/paid shape fixture with the same JSON types, recursively", async () => {
    const { orderId } = await paidOrder();
    const body = JSON.parse(receiver.received[0].raw) as Record<string, unknown> & { line_items: Array<Record<string, unknown>> };
    expect(shapeMismatches(SHAPE, body)).toEqual([]);
    expect(body.admin_graphql_api_id).toBe(orderId);
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(body.line_items[0]).toMatchObject({ variant_id: Number(variantIds[0].split("/").pop()), admin_graphql_api_id: expect.stringMatching(/^gid:\/\/shopify\/LineItem\/\d+$/), price: "45.00", properties: [{ name: "_artwork", value: "https://example.org/harbour.tif" }] });
    expect(body).toMatchObject({ email: "ada@example.org", financial_status: "paid", total_price: "96.50", shipping_lines: [{ title: "Standard", price: "6.50" }], shipping_address: { city: "Portland", country_code: "US" } });
  });

  it("THEN the shape check itself notices a missing key or a changed type", () => {
    const bad = JSON.parse(JSON.stringify(SHAPE)) as Record<string, unknown> & { line_items: Array<Record<string, unknown>> };
    delete bad.shipping_lines;
    bad.line_items[0].price = 45;
    expect(shapeMismatches(SHAPE, bad)).toEqual(["$.line_items[0].price: expected string, got number", "$.shipping_lines: missing"]);
  });

  it("WHEN it is redelivered 3 times, concurrently THEN each delivery has a new webhook id and all share the event id", async () => {
    const first = await paidOrder();
    const { orderId } = first;
    const again = await env.control.deliverWebhook(SHOP, { topic: "orders/paid", orderId, times: 3, concurrent: true });
    const webhookIds = receiver.received.map((r) => r.headers["x-shopify-webhook-id"]);
    expect(new Set(webhookIds).size).toBe(4);
    expect(new Set(receiver.received.map((r) => r.headers["x-shopify-event-id"]))).toEqual(new Set([again.eventId]));
    expect(first.deliveries?.[0].eventId).toBe(again.eventId);
    const log = await env.control.webhookDeliveries(SHOP);
    expect(log.map((d) => [d.topic, d.status])).toEqual(Array(4).fill(["orders/paid", 200]));
  });

  it("WHEN the order is cancelled THEN orders/cancelled carries cancelled_at and cancel_reason in the same shape", async () => {
    const { orderId } = await paidOrder();
    await env.control.cancelOrder(SHOP, orderId);
    const hit = receiver.received[1];
    expect(hit.path).toBe("/webhooks/orders/cancelled");
    const body = JSON.parse(hit.raw) as Record<string, unknown>;
    expect(shapeMismatches(SHAPE, body)).toEqual([]);
    expect(body).toMatchObject({ cancel_reason: "customer", cancelled_at: expect.any(String), financial_status: "voided" });
  });
});

describe("GIVEN an order cancelled quietly", () => {
  it("WHEN deliver is false THEN no webhook goes out and its fulfillment order is CANCELLED", async () => {
    const { orderId } = await env.control.createOrder(SHOP, { lineItems: [{ variantId: variantIds[0], quantity: 1 }], shippingAddress: ADDRESS });
    const answer = await env.control.cancelOrder(SHOP, orderId, { deliver: false });
    expect(answer.deliveries).toBeUndefined();
    expect(receiver.received).toEqual([]);
    const order = await env.control.getOrder(SHOP, orderId);
    expect(order.cancelledAt).not.toBeNull();
    expect(order.fulfillmentOrders.map((fo) => fo.status)).toEqual(["CANCELLED"]);
  });
});

describe("GIVEN the app answers errors or is down", () => {
  it("WHEN the app answers 500 or refuses the connection THEN the delivery log says so", async () => {
    const failing = await startReceiver(() => 500);
    try {
      await env.control.installShop({ shop: "down-gallery", appUrl: failing.url });
      await env.control.deliverWebhook("down-gallery", { topic: "orders/paid", payload: { id: 1 } });
      await env.control.installShop({ shop: "gone-gallery", appUrl: "http://127.0.0.1:9" });
      await env.control.deliverWebhook("gone-gallery", { topic: "orders/paid", payload: { id: 1 } });
    } finally {
      await failing.close();
    }
    expect((await env.control.webhookDeliveries("down-gallery"))[0]).toMatchObject({ status: 500, error: null });
    expect((await env.control.webhookDeliveries("gone-gallery"))[0]).toMatchObject({ status: null, error: expect.stringMatching(/\S/) });
  });
});

describe("GIVEN the app is uninstalled and compliance requests arrive", () => {
  it("WHEN uninstalled THEN app/uninstalled carries the shop and the access token stops working", async () => {
    await env.control.uninstall(SHOP);
    const hit = receiver.received[0];
    expect(hit.path).toBe("/webhooks/app/uninstalled");
    const body = JSON.parse(hit.raw) as unknown;
    expect(shapeMismatches(SHOP_SHAPE, body)).toEqual([]);
    expect(body).toMatchObject({ myshopify_domain: SHOP, domain: SHOP, id: expect.any(Number), name: "Webhook Gallery" });
    expect((await env.graphql(SHOP, token, "{ shop { name } }")).status).toBe(401);
  });

  it("WHEN the three compliance topics are sent THEN bodies follow Shopify's documented fields", async () => {
    const { orderId } = await paidOrder();
    const orderNumber = Number(orderId.split("/").pop());
    await env.control.compliance(SHOP, { topic: "customers/data_request" });
    await env.control.compliance(SHOP, { topic: "customers/redact" });
    await env.control.compliance(SHOP, { topic: "shop/redact" });
    const [dataRequest, redact, shopRedact] = receiver.received.slice(1).map((r) => ({ path: r.path, body: JSON.parse(r.raw) as Record<string, unknown> }));
    expect(dataRequest.path).toBe("/webhooks/customers/data_request");
    expect(dataRequest.body).toEqual({ shop_id: expect.any(Number), shop_domain: SHOP, customer: { id: expect.any(Number), email: "ada@example.org", phone: null }, orders_requested: [orderNumber], data_request: { id: expect.any(Number) } });
    expect(redact.body).toEqual({ shop_id: expect.any(Number), shop_domain: SHOP, customer: { id: expect.any(Number), email: "ada@example.org", phone: null }, orders_to_redact: [orderNumber] });
    expect(shopRedact).toEqual({ path: "/webhooks/shop/redact", body: { shop_id: expect.any(Number), shop_domain: SHOP } });
  });
});
