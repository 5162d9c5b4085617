// Admin GraphQL of the sandbox: validation against the real schema, orders and fulfillment orders,
// fulfillmentCreate (partial, over-fulfilment, closed fulfillment order), tracking updates, cost.
import { getNamedType, isEnumType, isNonNullType, isObjectType, isScalarType } from "graphql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminSchema } from "./schema";
import { ADDRESS, startTestSandbox, type GqlError } from "./test-helpers";

const SHOP = "graphql-gallery.myshopify.com";
let env: Awaited<ReturnType<typeof startTestSandbox>>;
let token: string;
let variantIds: string[];

beforeAll(async () => {
  env = await startTestSandbox();
});
afterAll(async () => {
  await env.sandbox.close();
});
beforeEach(async () => {
  await env.control.reset();
  ({ accessToken: token } = await env.control.installShop({ shop: SHOP, appUrl: "http://127.0.0.1:9" }));
  ({ variantIds } = await env.control.createProduct(SHOP, {
    title: "Harbour at Dawn", options: ["Size", "Paper"],
    variants: [{ title: "30x40 / Matte", price: "45.00", sku: "HAD-3040-M", imageUrl: "https://example.org/harbour.jpg" }, { title: "50x70 / Gloss", price: 80, sku: "HAD-5070-G" }],
  }));
});

interface FoData {
  order: {
    id: string; displayFulfillmentStatus: string;
    lineItems: { nodes: Array<{ id: string; quantity: number; sku: string | null; variant: { id: string } | null }> };
    fulfillmentOrders: { nodes: Array<{ id: string; status: string; lineItems: { nodes: Array<{ id: string; remainingQuantity: number; totalQuantity: number; lineItem: { id: string } }> } }> };
  } | null;
}
const ORDER_QUERY = `query OrderForPrint($id: ID!) {
  order(id: $id) {
    id displayFulfillmentStatus
    lineItems(first: 20) { nodes { id quantity sku variant { id } } }
    fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 20) { nodes { id remainingQuantity totalQuantity lineItem { id } } } } }
  }
}`;
const CREATE = `mutation Ship($f: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $f) { fulfillment { id status trackingInfo { company number url } } userErrors { field message } }
}`;
interface CreateData { fulfillmentCreate: { fulfillment: { id: string; status: string; trackingInfo: Array<{ company: string; number: string; url: string }> } | null; userErrors: Array<{ field: string[] | null; message: string }> } }

async function twoLineOrder() {
  const { orderId } = await env.control.createOrder(SHOP, {
    lineItems: [{ variantId: variantIds[0], quantity: 2 }, { variantId: variantIds[1], quantity: 1 }], shippingAddress: ADDRESS, email: "ada@example.org",
  });
  const { body } = await env.graphql<FoData>(SHOP, token, ORDER_QUERY, { id: orderId });
  const order = body.data?.order;
  if (!order) throw new Error(`order query failed: ${JSON.stringify(body)}`);
  return { orderId, order, fo: order.fulfillmentOrders.nodes[0] };
}

describe("GIVEN documents that the real Admin schema refuses", () => {
  it("WHEN a field does not exist THEN HTTP 200 with Shopify's undefinedField error and no data", async () => {
    const { status, body } = await env.graphql(SHOP, token, "query ShopName { shop { name nickname } }");
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([expect.objectContaining({
      message: "Field 'nickname' doesn't exist on type 'Shop'",
      locations: [{ line: 1, column: 30 }],
      path: ["query ShopName", "shop", "nickname"],
      extensions: expect.objectContaining({ code: "undefinedField", typeName: "Shop", fieldName: "nickname" }),
    })]);
  });

  it("WHEN an argument is unknown or a required one is missing THEN graphql-ruby's codes", async () => {
    const unknown = await env.graphql(SHOP, token, `{ order(id: "gid://shopify/Order/1", color: 1) { id } }`);
    expect(unknown.body.errors?.[0]).toMatchObject({ message: "Field 'order' doesn't accept argument 'color'", extensions: { code: "argumentNotAccepted" } });
    const missing = await env.graphql(SHOP, token, "{ order { id } }");
    expect(missing.body.errors?.[0]).toMatchObject({ message: "Field 'order' is missing required arguments: id", extensions: { code: "missingRequiredArguments" } });
    const literal = await env.graphql(SHOP, token, `{ products(first: "a") { nodes { id } } }`);
    expect(literal.body.errors?.[0]).toMatchObject({ message: `Argument 'first' on Field 'products' has an invalid value ("a"). Expected type 'Int'.`, extensions: { code: "argumentLiteralsIncompatible" } });
    const badVar = await env.graphql(SHOP, token, "query($n: Int) { products(first: $n) { nodes { id } } }", { n: "ten" });
    expect(badVar.body.errors?.[0]).toMatchObject({ message: "Variable $n of type Int was provided invalid value", extensions: { value: "ten" } });
  });

  it("WHEN the document does not parse or a variable is missing THEN errors, never data", async () => {
    const broken = await env.graphql(SHOP, token, "{ shop { name ");
    expect(broken.status).toBe(200);
    expect(broken.body.errors?.[0].message).toMatch(/^Parse error/);
    const noVar = await env.graphql(SHOP, token, ORDER_QUERY, {});
    expect(noVar.body.data).toBeUndefined();
    expect(noVar.body.errors?.[0].message).toBe("Variable $id of type ID! was provided invalid value");
  });

  it("WHEN the access token is unknown THEN 401", async () => {
    const { status } = await env.graphql(SHOP, "shpat_not-a-token", "{ shop { name } }");
    expect(status).toBe(401);
  });
});

describe("GIVEN a paid order with two lines", () => {
  it("THEN it has one open fulfillment order covering every line, and valid fields the sandbox does not store answer null/empty", async () => {
    const { order, fo } = await twoLineOrder();
    expect(order.displayFulfillmentStatus).toBe("UNFULFILLED");
    expect(fo.status).toBe("OPEN");
    expect(fo.lineItems.nodes.map((l) => [l.lineItem.id, l.totalQuantity, l.remainingQuantity])).toEqual(order.lineItems.nodes.map((l) => [l.id, l.quantity, l.quantity]));
    expect(order.lineItems.nodes.map((l) => l.variant?.id)).toEqual(variantIds);
    const { body } = await env.graphql<{ order: { merchantOfRecordApp: unknown; risk: unknown; paymentTerms: unknown } }>(SHOP, token, `query($id: ID!) { order(id: $id) { merchantOfRecordApp { id } paymentTerms { id } } }`, { id: order.id });
    expect(body.errors).toBeUndefined();
    expect(body.data?.order).toEqual({ merchantOfRecordApp: null, paymentTerms: null });
  });

  it("WHEN one line is fulfilled THEN the order is PARTIALLY_FULFILLED and the tracking is stored with notifyCustomer", async () => {
    const { orderId, fo } = await twoLineOrder();
    const first = fo.lineItems.nodes[0];
    const { body } = await env.graphql<CreateData>(SHOP, token, CREATE, { f: {
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: first.id, quantity: 2 }] }],
      trackingInfo: { company: "DHL Express", numbers: ["JD014600003828"], urls: ["https://www.dhl.com/track?id=JD014600003828"] }, notifyCustomer: true,
    } });
    expect(body.data?.fulfillmentCreate.userErrors).toEqual([]);
    expect(body.data?.fulfillmentCreate.fulfillment?.trackingInfo).toEqual([{ company: "DHL Express", number: "JD014600003828", url: "https://www.dhl.com/track?id=JD014600003828" }]);
    const after = await env.graphql<FoData>(SHOP, token, ORDER_QUERY, { id: orderId });
    expect(after.body.data?.order?.displayFulfillmentStatus).toBe("PARTIALLY_FULFILLED");
    expect(after.body.data?.order?.fulfillmentOrders.nodes[0].status).toBe("IN_PROGRESS");
    const stored = await env.control.getOrder(SHOP, orderId);
    expect(stored.displayFulfillmentStatus).toBe("PARTIALLY_FULFILLED");
    expect(stored.fulfillments).toHaveLength(1);
    expect(stored.fulfillments[0]).toMatchObject({ notifyCustomer: true, status: "SUCCESS", trackingInfo: [{ company: "DHL Express", number: "JD014600003828" }] });
    expect(stored.fulfillments[0].lineItems).toEqual([expect.objectContaining({ lineItemId: first.lineItem.id, quantity: 2 })]);
  });

  it("WHEN more than the remaining quantity is requested THEN userErrors and nothing is fulfilled", async () => {
    const { orderId, fo } = await twoLineOrder();
    const { body } = await env.graphql<CreateData>(SHOP, token, CREATE, { f: {
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: fo.lineItems.nodes[1].id, quantity: 3 }] }],
    } });
    expect(body.data?.fulfillmentCreate.fulfillment).toBeNull();
    expect(body.data?.fulfillmentCreate.userErrors).toEqual([expect.objectContaining({ message: expect.stringMatching(/quantity/i) })]);
    expect((await env.control.getOrder(SHOP, orderId)).fulfillments).toEqual([]);
  });

  it("WHEN everything is fulfilled THEN the fulfillment order is CLOSED, the order FULFILLED, and a further fulfilment gets userErrors", async () => {
    const { orderId, fo } = await twoLineOrder();
    const all = { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }], trackingInfo: { company: "UPS", number: "1Z999AA10123456784" } };
    const ok = await env.graphql<CreateData>(SHOP, token, CREATE, { f: all });
    expect(ok.body.data?.fulfillmentCreate.userErrors).toEqual([]);
    const order = await env.control.getOrder(SHOP, orderId);
    expect(order.displayFulfillmentStatus).toBe("FULFILLED");
    expect(order.fulfillmentOrders[0].status).toBe("CLOSED");
    const again = await env.graphql<CreateData>(SHOP, token, CREATE, { f: all });
    expect(again.body.data?.fulfillmentCreate.fulfillment).toBeNull();
    expect(again.body.data?.fulfillmentCreate.userErrors[0].message).toMatch(/closed/i);
  });

  it("WHEN the tracking is updated THEN the fulfilment carries the new numbers", async () => {
    const { orderId, fo } = await twoLineOrder();
    const created = await env.graphql<CreateData>(SHOP, token, CREATE, { f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }] } });
    const fulfillmentId = created.body.data?.fulfillmentCreate.fulfillment?.id;
    const { body } = await env.graphql<{ fulfillmentTrackingInfoUpdate: { userErrors: unknown[]; fulfillment: { trackingInfo: Array<{ number: string }> } } }>(SHOP, token,
      `mutation($id: ID!, $t: FulfillmentTrackingInput!) { fulfillmentTrackingInfoUpdate(fulfillmentId: $id, trackingInfoInput: $t, notifyCustomer: false) { fulfillment { trackingInfo(first: 5) { number } } userErrors { message } } }`,
      { id: fulfillmentId, t: { company: "Royal Mail", numbers: ["RM1", "RM2"] } });
    expect(body.data?.fulfillmentTrackingInfoUpdate.userErrors).toEqual([]);
    expect(body.data?.fulfillmentTrackingInfoUpdate.fulfillment.trackingInfo.map((t) => t.number)).toEqual(["RM1", "RM2"]);
    const stored = await env.control.getOrder(SHOP, orderId.replace(/^gid:\/\/shopify\/Order\//, ""));
    expect(stored.fulfillments[0].trackingInfo.map((t) => t.company)).toEqual(["Royal Mail", "Royal Mail"]);
  });
});

/** Every scalar and enum field of a type that needs no argument: what a careless client might select. */
function allScalars(typeName: string): string {
  const type = adminSchema().getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  return Object.values(type.getFields())
    .filter((f) => !f.args.some((a) => isNonNullType(a.type)) && (isScalarType(getNamedType(f.type)) || isEnumType(getNamedType(f.type))))
    .map((f) => f.name).join(" ");
}

describe("GIVEN a valid document selecting every scalar field, stored or not", () => {
  it("THEN every field answers (null or an empty value of its type) without errors", async () => {
    const { orderId } = await env.control.createOrder(SHOP, { lineItems: [{ variantId: variantIds[0], quantity: 1, properties: { note: "x" } }], shippingAddress: ADDRESS, email: "ada@example.org" });
    const { order } = await twoLineOrder();
    const fo = order.fulfillmentOrders.nodes[0];
    await env.graphql(SHOP, token, CREATE, { f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: fo.lineItems.nodes[0].id, quantity: 1 }] }], trackingInfo: { number: "T1" } } });
    const query = `query Everything($order: ID!, $fulfilled: ID!, $variant: ID!) {
      shop { ${allScalars("Shop")} billingAddress { ${allScalars("ShopAddress")} } }
      productVariant(id: $variant) { ${allScalars("ProductVariant")} product { ${allScalars("Product")} } }
      a: order(id: $order) { ${allScalars("Order")} customer { ${allScalars("Customer")} } shippingAddress { ${allScalars("MailingAddress")} } }
      b: order(id: $fulfilled) {
        lineItems(first: 5) { nodes { ${allScalars("LineItem")} } }
        shippingLines(first: 2) { nodes { ${allScalars("ShippingLine")} } }
        fulfillmentOrders(first: 2) { nodes { ${allScalars("FulfillmentOrder")} lineItems(first: 5) { nodes { ${allScalars("FulfillmentOrderLineItem")} } } } }
        fulfillments(first: 2) { ${allScalars("Fulfillment")} trackingInfo { ${allScalars("FulfillmentTrackingInfo")} } location { ${allScalars("Location")} } }
      }
    }`;
    const { status, body } = await env.graphql<{ a: { email: string }; b: { fulfillments: Array<{ status: string }> } }>(SHOP, token, query, { order: orderId, fulfilled: order.id, variant: variantIds[0] });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data?.a.email).toBe("ada@example.org");
    expect(body.data?.b.fulfillments.map((f) => f.status)).toEqual(["SUCCESS"]);
  });
});

describe("GIVEN an order whose lines ship from two locations", () => {
  it("THEN it has one fulfillment order per location, and fulfilling one leaves the order partially fulfilled", async () => {
    const { variantIds: studio } = await env.control.createProduct(SHOP, { title: "Giclée print", location: "Print studio", variants: [{ title: "A3", price: 40 }] });
    const { orderId } = await env.control.createOrder(SHOP, { lineItems: [{ variantId: variantIds[0], quantity: 1 }, { variantId: studio[0], quantity: 2 }], shippingAddress: ADDRESS });
    type Fos = { order: { fulfillmentOrders: { nodes: Array<{ id: string; assignedLocation: { name: string }; lineItems: { nodes: Array<{ totalQuantity: number }> } }> } } };
    const { body } = await env.graphql<Fos>(SHOP, token, `query($id: ID!) { order(id: $id) { fulfillmentOrders(first: 5) { nodes { id assignedLocation { name } lineItems(first: 5) { nodes { totalQuantity } } } } } }`, { id: orderId });
    const fos = body.data?.order.fulfillmentOrders.nodes ?? [];
    expect(fos.map((fo) => [fo.assignedLocation.name, fo.lineItems.nodes.map((l) => l.totalQuantity)])).toEqual([["Shop location", [1]], ["Print studio", [2]]]);
    const created = await env.graphql<CreateData>(SHOP, token, CREATE, { f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fos[1].id }], trackingInfo: { number: "PS-1" } } });
    expect(created.body.data?.fulfillmentCreate.userErrors).toEqual([]);
    const order = await env.control.getOrder(SHOP, orderId);
    expect(order.displayFulfillmentStatus).toBe("PARTIALLY_FULFILLED");
    expect(order.fulfillmentOrders.map((fo) => [fo.locationName, fo.status])).toEqual([["Shop location", "OPEN"], ["Print studio", "CLOSED"]]);
  });
});

describe("GIVEN products with options and images", () => {
  it("WHEN they are listed with paging and a title search THEN pages follow the cursor and the search filters", async () => {
    await env.control.createProduct(SHOP, { title: "Mug", variants: [{ title: "Default Title", price: 12 }] });
    await env.control.createProduct(SHOP, { title: "Harbour at Dusk", variants: [{ title: "A3", price: 30 }] });
    type Page = { products: { nodes: Array<{ title: string; options: Array<{ name: string; values: string[] }>; variants: { nodes: Array<{ price: string; selectedOptions: Array<{ name: string; value: string }>; image: { url: string } | null }> } }>; pageInfo: { hasNextPage: boolean; endCursor: string } } };
    const q = `query($after: String, $q: String) { products(first: 1, after: $after, query: $q) { nodes { title options { name values } variants(first: 5) { nodes { price selectedOptions { name value } image { url } } } } pageInfo { hasNextPage endCursor } } }`;
    const p1 = await env.graphql<Page>(SHOP, token, q, { q: "title:Harbour*" });
    expect(p1.body.data?.products.nodes[0].title).toBe("Harbour at Dawn");
    expect(p1.body.data?.products.nodes[0].options).toEqual([{ name: "Size", values: ["30x40", "50x70"] }, { name: "Paper", values: ["Matte", "Gloss"] }]);
    expect(p1.body.data?.products.nodes[0].variants.nodes[0]).toEqual({ price: "45.00", selectedOptions: [{ name: "Size", value: "30x40" }, { name: "Paper", value: "Matte" }], image: { url: "https://example.org/harbour.jpg" } });
    expect(p1.body.data?.products.pageInfo.hasNextPage).toBe(true);
    const p2 = await env.graphql<Page>(SHOP, token, q, { q: "title:Harbour*", after: p1.body.data?.products.pageInfo.endCursor });
    expect(p2.body.data?.products.nodes.map((n) => n.title)).toEqual(["Harbour at Dusk"]);
    expect(p2.body.data?.products.pageInfo.hasNextPage).toBe(false);
  });

  it("WHEN they are sorted by TITLE, or orders newest first THEN the order follows the key", async () => {
    await env.control.createProduct(SHOP, { title: "Alpine Lake", variants: [{ title: "A3", price: 30 }] });
    const { body } = await env.graphql<{ products: { nodes: Array<{ title: string }> } }>(SHOP, token, "{ products(first: 5, sortKey: TITLE) { nodes { title } } }");
    expect(body.data?.products.nodes.map((n) => n.title)).toEqual(["Alpine Lake", "Harbour at Dawn"]);
    const first = await env.control.createOrder(SHOP, { lineItems: [{ variantId: variantIds[0], quantity: 1 }], shippingAddress: ADDRESS });
    const second = await env.control.createOrder(SHOP, { lineItems: [{ variantId: variantIds[0], quantity: 1 }], shippingAddress: ADDRESS });
    const recent = await env.graphql<{ orders: { nodes: Array<{ name: string }> } }>(SHOP, token, "{ orders(first: 5, sortKey: ORDER_NUMBER, reverse: true) { nodes { name } } }");
    expect(recent.body.data?.orders.nodes.map((n) => n.name)).toEqual([second.name, first.name]);
  });

  it("WHEN variants are fetched by nodes THEN each resolves by GID and unknown ids give null", async () => {
    const { body } = await env.graphql<{ nodes: Array<{ id: string; sku: string } | null> }>(SHOP, token,
      `query($ids: [ID!]!) { nodes(ids: $ids) { ... on ProductVariant { id sku } } }`, { ids: [...variantIds, "gid://shopify/ProductVariant/1"] });
    expect(body.data?.nodes).toEqual([{ id: variantIds[0], sku: "HAD-3040-M" }, { id: variantIds[1], sku: "HAD-5070-G" }, null]);
  });
});

describe("GIVEN the cost of queries and a small bucket", () => {
  it("WHEN the bucket empties THEN THROTTLED with HTTP 200, and it refills at the restore rate", async () => {
    await env.control.setThrottle(SHOP, { maximumAvailable: 60, restoreRate: 10 });
    const q = "{ products(first: 10) { nodes { id } } }"; // requested 2 + 10 x 1 = 12; actual 2 (the connection and its one node), so each call nets 2
    const answers = [];
    for (let i = 0; i < 40; i++) {
      const a = await env.graphql(SHOP, token, q);
      answers.push(a);
      if (a.body.errors) break;
    }
    const last = answers[answers.length - 1];
    expect(last.status).toBe(200);
    expect(last.body.errors?.[0]).toMatchObject({ message: "Throttled", extensions: { code: "THROTTLED" } } satisfies Partial<GqlError>);
    expect(last.body.extensions?.cost.requestedQueryCost).toBe(12);
    const available = last.body.extensions?.cost.throttleStatus.currentlyAvailable ?? 0;
    expect(available).toBeLessThan(12);
    expect(answers[0].body.extensions?.cost.throttleStatus).toMatchObject({ maximumAvailable: 60, restoreRate: 10 });
    await env.control.advanceClock(1000); // + restoreRate (10) points
    const after = await env.graphql(SHOP, token, q);
    expect(after.body.errors).toBeUndefined();
    const cost = after.body.extensions?.cost;
    expect(cost?.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(available + 10 - 12);
    expect(cost?.throttleStatus.currentlyAvailable).toBeLessThanOrEqual(available + 11);
  });

  it("WHEN costs are computed THEN objects cost 1, connections 2 + first x node, fragments on other types count the dearest, and > 1000 is refused", async () => {
    const cheap = await env.graphql(SHOP, token, "{ shop { name } products(first: 5) { nodes { id variants(first: 3) { nodes { id } } } } }");
    expect(cheap.body.extensions?.cost.requestedQueryCost).toBe(1 + 2 + 5 * (1 + 2 + 3));
    const nodes = await env.graphql(SHOP, token, `query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Product { featuredImage { url } } ... on ProductVariant { product { id } image { url } } } }`, { ids: variantIds });
    expect(nodes.body.extensions?.cost.requestedQueryCost).toBe(1 + 2);
    const nested = await env.graphql(SHOP, token, "{ orders(first: 50) { nodes { lineItems(first: 250) { nodes { id } } } } }");
    expect(nested.status).toBe(200);
    expect(nested.body.data).toBeUndefined();
    expect(nested.body.errors?.[0].extensions?.code).toBe("MAX_COST_EXCEEDED");
    expect(nested.body.extensions?.cost.requestedQueryCost).toBe(2 + 50 * (1 + 2 + 250));
  });

  it("WHEN a timeout fault is injected THEN the request gets no answer until the client gives up, and the next one is answered", async () => {
    await env.control.addFault({ kind: "timeout", count: 1 });
    const call = (signal?: AbortSignal) => fetch(`${env.sandbox.origin}/shops/${SHOP}/admin/api/2026-10/graphql.json`, {
      method: "POST", headers: { "content-type": "application/json", "x-shopify-access-token": token }, body: JSON.stringify({ query: "{ shop { name } }" }), signal,
    });
    const controller = new AbortController();
    const pending = call(controller.signal);
    const raced = await Promise.race([pending.then(() => "answered", () => "aborted"), new Promise((ok) => setTimeout(() => ok("no answer yet"), 300))]);
    expect(raced).toBe("no answer yet");
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect((await call()).status).toBe(200);
  });

  it("WHEN faults are injected for an operation THEN that operation gets THROTTLED or a 500 and others do not", async () => {
    await env.control.addFault({ operation: "OrderForPrint", kind: "throttled", count: 1 });
    await env.control.addFault({ operation: "shop", kind: "500", count: 1 });
    const fo = await env.graphql(SHOP, token, ORDER_QUERY, { id: "gid://shopify/Order/1" });
    expect(fo.body.errors?.[0].extensions?.code).toBe("THROTTLED");
    const shop = await env.graphql(SHOP, token, "{ shop { name } }");
    expect(shop.status).toBe(500);
    const again = await env.graphql(SHOP, token, "{ shop { name } }");
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ shop: { name: "Graphql Gallery" } });
  });
});
