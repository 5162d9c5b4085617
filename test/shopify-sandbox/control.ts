// The /__shopify control surface (no auth, loopback only): set up shops, products and orders,
// trigger and inspect webhooks, inject faults, move the sandbox clock.
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { createProduct, installInput, installShop, productInput } from "./catalog";
import type { SandboxContext } from "./context";
import { faultInput } from "./faults";
import { HttpError, isLoopback, readObject, sendJson } from "./http-util";
import { displayFulfillmentStatus, fulfilledQuantity } from "./fulfillments";
import { cancelOrder, createOrder, findOrder, orderInput } from "./orders";
import { restCompliance, restOrder, restShop } from "./rest-payloads";
import { sessionToken } from "./session-token";
import { gid, parseId, type OrderState, type ShopState } from "./store";
import { deliver, eventFor } from "./webhooks";

const webhookInput = z.object({
  topic: z.string().min(1),
  orderId: z.union([z.string(), z.number()]).optional(),
  payload: z.unknown().optional(),
  times: z.number().int().positive().max(100).optional(),
  concurrent: z.boolean().optional(),
});
/** Shopify's order cancel reasons (REST lower case; GraphQL's OrderCancelReason upper case). */
const CANCEL_REASONS = ["customer", "declined", "fraud", "inventory", "other", "staff"];
const COMPLIANCE_TOPICS = ["customers/data_request", "customers/redact", "shop/redact"] as const;
const complianceInput = z.object({ topic: z.enum(COMPLIANCE_TOPICS), customerId: z.union([z.string(), z.number()]).optional() });
const throttleInput = z.object({
  maximumAvailable: z.number().positive().optional(), restoreRate: z.number().nonnegative().optional(), currentlyAvailable: z.number().nonnegative().optional(),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new HttpError(400, r.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "));
  return r.data;
}

function shopOr404(ctx: SandboxContext, domain: string): ShopState {
  const shop = ctx.store.shop(decodeURIComponent(domain));
  if (!shop) throw new HttpError(404, `shop ${domain} is not known to the sandbox (install it with POST /__shopify/shops)`);
  return shop;
}

export function orderDetail(shop: ShopState, o: OrderState): Record<string, unknown> {
  return {
    id: gid("Order", o.id), legacyResourceId: o.id, name: o.name, email: o.email, createdAt: o.createdAt, cancelledAt: o.cancelledAt, cancelReason: o.cancelReason,
    financialStatus: o.financialStatus, displayFulfillmentStatus: displayFulfillmentStatus(shop, o),
    lineItems: o.lineItems.map((li) => ({
      id: gid("LineItem", li.id), variantId: li.variantId === null ? null : gid("ProductVariant", li.variantId), title: li.title, variantTitle: li.variantTitle,
      sku: li.sku, quantity: li.quantity, price: li.price, properties: li.properties, fulfilledQuantity: fulfilledQuantity(shop, o, li.id),
    })),
    shippingAddress: o.shippingAddress, shippingLines: o.shippingLines.map((l) => ({ title: l.title, code: l.code, price: l.price })),
    fulfillmentOrders: o.fulfillmentOrderIds.map((id) => shop.fulfillmentOrders.get(id)).filter((fo) => fo !== undefined).map((fo) => ({
      id: gid("FulfillmentOrder", fo.id), status: fo.status, locationId: gid("Location", fo.locationId), locationName: shop.locations.get(fo.locationId)?.name ?? null,
      lineItems: fo.lineItems.map((l) => ({ id: gid("FulfillmentOrderLineItem", l.id), lineItemId: gid("LineItem", l.lineItemId), totalQuantity: l.totalQuantity, remainingQuantity: l.remainingQuantity })),
    })),
    fulfillments: o.fulfillmentIds.map((id) => shop.fulfillments.get(id)).filter((f) => f !== undefined).map((f) => ({
      id: gid("Fulfillment", f.id), name: f.name, status: f.status, notifyCustomer: f.notifyCustomer, trackingInfo: f.trackingInfo, createdAt: f.createdAt, updatedAt: f.updatedAt,
      lineItems: f.lineItems.map((l) => ({
        lineItemId: gid("LineItem", l.lineItemId), fulfillmentOrderId: gid("FulfillmentOrder", l.fulfillmentOrderId),
        fulfillmentOrderLineItemId: gid("FulfillmentOrderLineItem", l.fulfillmentOrderLineItemId), quantity: l.quantity,
      })),
    })),
  };
}

function webhookBody(ctx: SandboxContext, shop: ShopState, topic: string, orderId: string | number | undefined): { body: unknown; subject: string | null } {
  if (topic.startsWith("orders/")) {
    if (orderId === undefined) throw new HttpError(400, `${topic} needs orderId (or a payload)`);
    const order = findOrder(shop, orderId);
    return { body: restOrder(shop, order), subject: `order:${order.id}` };
  }
  if (topic === "app/uninstalled") return { body: restShop(shop), subject: "shop" };
  if (topic === "app/scopes_update") {
    const scopes = shop.scope.split(",").filter(Boolean);
    return { body: { id: shop.id, previous: scopes, current: scopes, updated_at: new Date(ctx.now()).toISOString() }, subject: null };
  }
  if ((COMPLIANCE_TOPICS as readonly string[]).includes(topic)) return { body: restCompliance(shop, topic, [...shop.customers.values()][0] ?? null, ctx.store.ids.next()), subject: null };
  throw new HttpError(400, `the sandbox cannot build a ${topic} body; pass payload`);
}

type Handler = (ctx: SandboxContext, m: string[], body: Record<string, unknown>, url: URL) => Promise<unknown> | unknown;

const ROUTES: Array<[string, RegExp, Handler]> = [
  ["POST", /^\/__shopify\/reset$/, (ctx) => { ctx.store.reset(); ctx.faults.clear(); ctx.resetClock(); return { ok: true }; }],
  ["POST", /^\/__shopify\/shops$/, (ctx, _m, body) => {
    const input = parse(installInput, body);
    const before = ctx.store.shop(input.shop)?.products.size ?? 0;
    const shop = installShop(ctx.store, input, ctx.config.scopes, ctx.now());
    const products = [...shop.products.values()].slice(before).map((p) => ({ productId: gid("Product", p.id), variantIds: p.variantIds.map((id) => gid("ProductVariant", id)) }));
    return { shop: shop.domain, accessToken: shop.offlineToken, products };
  }],
  ["GET", /^\/__shopify\/shops\/([^/]+)$/, (ctx, m) => {
    const shop = shopOr404(ctx, m[1]);
    return { shop: shop.domain, installed: shop.installed, appUrl: shop.appUrl, scope: shop.scope, products: shop.products.size, orders: shop.orders.size, bucket: shop.bucket };
  }],
  ["POST", /^\/__shopify\/shops\/([^/]+)\/products$/, (ctx, m, body) => createProduct(ctx.store, shopOr404(ctx, m[1]), parse(productInput, body), ctx.now())],
  ["POST", /^\/__shopify\/shops\/([^/]+)\/orders$/, async (ctx, m, body) => {
    const shop = shopOr404(ctx, m[1]);
    const input = parse(orderInput, body);
    const order = createOrder(ctx.store, shop, input, ctx.now());
    const out: Record<string, unknown> = { orderId: gid("Order", order.id), name: order.name };
    if (input.deliver) out.deliveries = await deliver(ctx, shop, eventFor(ctx, shop, "orders/paid", `order:${order.id}`, restOrder(shop, order)));
    return out;
  }],
  ["GET", /^\/__shopify\/shops\/([^/]+)\/orders\/(gid:\/\/shopify\/Order\/\d+|[^/]+)$/, (ctx, m) => {
    const shop = shopOr404(ctx, m[1]);
    return orderDetail(shop, findOrder(shop, decodeURIComponent(m[2])));
  }],
  ["POST", /^\/__shopify\/shops\/([^/]+)\/orders\/(gid:\/\/shopify\/Order\/\d+|[^/]+)\/cancel$/, async (ctx, m, body) => {
    const shop = shopOr404(ctx, m[1]);
    const order = findOrder(shop, decodeURIComponent(m[2]));
    const reason = typeof body.reason === "string" ? body.reason.toLowerCase() : "customer";
    cancelOrder(shop, order, ctx.now(), CANCEL_REASONS.includes(reason) ? reason : "other");
    const out: Record<string, unknown> = { orderId: gid("Order", order.id), name: order.name, cancelledAt: order.cancelledAt };
    // The contract's effect is "cancels the order, sends orders/cancelled": sent unless deliver is false.
    if (body.deliver !== false) out.deliveries = await deliver(ctx, shop, eventFor(ctx, shop, "orders/cancelled", `order:${order.id}`, restOrder(shop, order)));
    return out;
  }],
  ["POST", /^\/__shopify\/shops\/([^/]+)\/webhooks$/, async (ctx, m, body) => {
    const shop = shopOr404(ctx, m[1]);
    const input = parse(webhookInput, body);
    const built = input.payload !== undefined
      ? { body: input.payload, subject: input.orderId !== undefined ? `order:${parseId(input.orderId, "Order") ?? input.orderId}` : null }
      : webhookBody(ctx, shop, input.topic, input.orderId);
    const event = eventFor(ctx, shop, input.topic, built.subject, built.body);
    return { eventId: event.eventId, deliveries: await deliver(ctx, shop, event, input.times ?? 1, input.concurrent ?? false) };
  }],
  // A plain JSON array, oldest first ("each delivery: topic, webhookId, eventId, response status, time").
  ["GET", /^\/__shopify\/shops\/([^/]+)\/webhook-deliveries$/, (ctx, m) => shopOr404(ctx, m[1]).deliveries],
  ["POST", /^\/__shopify\/shops\/([^/]+)\/uninstall$/, async (ctx, m) => {
    const shop = shopOr404(ctx, m[1]);
    shop.installed = false;
    shop.onlineTokens.clear();
    shop.refreshTokens.clear();
    return { deliveries: await deliver(ctx, shop, eventFor(ctx, shop, "app/uninstalled", null, restShop(shop))) };
  }],
  ["POST", /^\/__shopify\/shops\/([^/]+)\/compliance$/, async (ctx, m, body) => {
    const shop = shopOr404(ctx, m[1]);
    const input = parse(complianceInput, body);
    let customer = null;
    if (input.customerId !== undefined) {
      const id = parseId(input.customerId, "Customer");
      customer = id === null ? null : shop.customers.get(id) ?? null;
      if (!customer) throw new HttpError(404, `customer ${String(input.customerId)} not found on ${shop.domain}`);
    } else if (input.topic !== "shop/redact") customer = [...shop.customers.values()][0] ?? null;
    const event = eventFor(ctx, shop, input.topic, null, restCompliance(shop, input.topic, customer, ctx.store.ids.next()));
    return { eventId: event.eventId, deliveries: await deliver(ctx, shop, event) };
  }],
  ["POST", /^\/__shopify\/faults$/, (ctx, _m, body) => ({ faultId: ctx.faults.add(parse(faultInput, body)) })],
  ["DELETE", /^\/__shopify\/faults$/, (ctx) => { ctx.faults.clear(); return { ok: true }; }],
  ["POST", /^\/__shopify\/clock$/, (ctx, _m, body) => {
    const ms = parse(z.object({ advanceMs: z.number().nonnegative() }), body).advanceMs;
    ctx.advance(ms);
    return { now: new Date(ctx.now()).toISOString() };
  }],
  ["POST", /^\/__shopify\/shops\/([^/]+)\/throttle$/, (ctx, m, body) => {
    const shop = shopOr404(ctx, m[1]);
    const input = parse(throttleInput, body);
    const b = shop.bucket;
    if (input.maximumAvailable !== undefined) b.maximumAvailable = input.maximumAvailable;
    if (input.restoreRate !== undefined) b.restoreRate = input.restoreRate;
    b.currentlyAvailable = Math.min(b.maximumAvailable, input.currentlyAvailable ?? b.maximumAvailable);
    b.updatedAt = ctx.now();
    return { bucket: b };
  }],
  ["GET", /^\/__shopify\/session-token$/, (ctx, _m, _b, url) => {
    const shop = shopOr404(ctx, url.searchParams.get("shop") ?? "");
    if ((url.searchParams.get("apiKey") ?? ctx.apiKey) !== ctx.apiKey) throw new HttpError(400, "apiKey does not match the sandbox's app");
    return { token: sessionToken(shop.domain, ctx.apiKey, ctx.apiSecret, ctx.now()) };
  }],
];

/** Handles a /__shopify request; false when no route matches. */
export async function handleControl(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const cors = { "access-control-allow-origin": "*" };
  if (req.method === "OPTIONS") {
    res.writeHead(204, { ...cors, "access-control-allow-methods": "GET, POST, DELETE", "access-control-allow-headers": "content-type" });
    res.end();
    return true;
  }
  for (const [method, re, handler] of ROUTES) {
    const m = re.exec(url.pathname);
    if (!m || method !== req.method) continue;
    if (!isLoopback(req)) throw new HttpError(403, "the control surface answers loopback clients only");
    const body = req.method === "GET" || req.method === "DELETE" ? {} : await readObject(req);
    sendJson(res, 200, await handler(ctx, m, body, url), cors);
    return true;
  }
  return false;
}
