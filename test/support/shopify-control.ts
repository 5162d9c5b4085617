// Typed client for the Shopify sandbox's /__shopify control surface (test/shopify-sandbox).
// Every method throws an Error naming the call and the sandbox's answer on a non-2xx status.
import type { DeliveryRecord } from "../shopify-sandbox/store";

export interface SandboxProductInput {
  title: string;
  handle?: string;
  vendor?: string;
  productType?: string;
  descriptionHtml?: string;
  status?: "ACTIVE" | "DRAFT" | "ARCHIVED";
  /** Option names, or {name, values}; default one option "Title". */
  options?: Array<string | { name: string; values?: string[] }>;
  imageUrl?: string;
  /** The location (by name) that ships it; an order gets one fulfillment order per location. Default: the primary. */
  location?: string;
  /** Option values by position or by name (default: the title split on " / "). */
  variants: Array<{ title: string; sku?: string | null; price: string | number; imageUrl?: string; options?: string[] | Record<string, string>; selectedOptions?: Array<{ name: string; value: string }>; grams?: number }>;
}

export interface SandboxAddress {
  firstName?: string; lastName?: string; name?: string; company?: string; address1?: string; address2?: string; city?: string;
  province?: string; provinceCode?: string; zip?: string; country?: string; countryCode?: string; phone?: string;
}

export interface SandboxLineItemInput {
  /** A ProductVariant GID (or numeric id); or a custom item with title and price. */
  variantId?: string;
  title?: string;
  price?: string | number;
  sku?: string;
  quantity: number;
  properties?: Array<{ name: string; value: string }> | Record<string, string>;
}

export interface SandboxOrderInput {
  lineItems: SandboxLineItemInput[];
  shippingAddress?: SandboxAddress;
  billingAddress?: SandboxAddress;
  shippingLine?: { title: string; price: string | number; code?: string };
  email?: string;
  phone?: string;
  note?: string;
  tags?: string[];
  /** Send orders/paid to the app (awaited; the answer carries the deliveries). */
  deliver?: boolean;
}

/** One webhook delivery as GET /__shopify/shops/{shop}/webhook-deliveries lists it (the sandbox's own record). */
export type WebhookDelivery = DeliveryRecord;

export interface SandboxTrackingInfo { company: string | null; number: string | null; url: string | null }

export interface SandboxOrder {
  id: string;
  legacyResourceId: number;
  name: string;
  email: string | null;
  createdAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  financialStatus: string;
  displayFulfillmentStatus: "UNFULFILLED" | "PARTIALLY_FULFILLED" | "FULFILLED";
  lineItems: Array<{ id: string; variantId: string | null; title: string; variantTitle: string | null; sku: string | null; quantity: number; price: string; properties: Array<{ name: string; value: string }>; fulfilledQuantity: number }>;
  shippingAddress: Record<string, string | null> | null;
  shippingLines: Array<{ title: string; code: string; price: string }>;
  fulfillmentOrders: Array<{ id: string; status: string; locationId: string; locationName: string | null; lineItems: Array<{ id: string; lineItemId: string; totalQuantity: number; remainingQuantity: number }> }>;
  fulfillments: Array<{
    id: string; name: string; status: string; notifyCustomer: boolean; trackingInfo: SandboxTrackingInfo[]; createdAt: string; updatedAt: string;
    lineItems: Array<{ lineItemId: string; fulfillmentOrderId: string; fulfillmentOrderLineItemId: string; quantity: number }>;
  }>;
}

export interface SandboxFault {
  /** A GraphQL operation name or root field name ("tokenExchange" for the token endpoint); all requests when absent. */
  operation?: string;
  kind: "throttled" | "500" | "timeout";
  count?: number;
  probability?: number;
}

export class ShopifyControl {
  constructor(readonly origin: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`shopify sandbox ${method} ${path} -> ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  private shopPath(shop: string, rest = ""): string {
    return `/__shopify/shops/${encodeURIComponent(shop)}${rest}`;
  }

  reset(): Promise<{ ok: true }> {
    return this.call("POST", "/__shopify/reset");
  }

  installShop(input: { shop: string; appUrl: string; products?: SandboxProductInput[]; name?: string; email?: string; currencyCode?: string; countryCode?: string }): Promise<{ shop: string; accessToken: string; products: Array<{ productId: string; variantIds: string[] }> }> {
    return this.call("POST", "/__shopify/shops", input);
  }

  createProduct(shop: string, input: SandboxProductInput): Promise<{ productId: string; variantIds: string[] }> {
    return this.call("POST", this.shopPath(shop, "/products"), input);
  }

  createOrder(shop: string, input: SandboxOrderInput): Promise<{ orderId: string; name: string; deliveries?: WebhookDelivery[] }> {
    return this.call("POST", this.shopPath(shop, "/orders"), input);
  }

  /** Cancels the order and sends orders/cancelled (unless `deliver: false`). */
  cancelOrder(shop: string, orderId: string, opts: { deliver?: boolean; reason?: string } = {}): Promise<{ orderId: string; name: string; cancelledAt: string; deliveries?: WebhookDelivery[] }> {
    return this.call("POST", this.shopPath(shop, `/orders/${encodeURIComponent(orderId)}/cancel`), opts);
  }

  deliverWebhook(shop: string, input: { topic: string; orderId?: string; payload?: unknown; times?: number; concurrent?: boolean }): Promise<{ eventId: string; deliveries: WebhookDelivery[] }> {
    return this.call("POST", this.shopPath(shop, "/webhooks"), input);
  }

  /** Every delivery to the shop's app, oldest first. */
  webhookDeliveries(shop: string): Promise<WebhookDelivery[]> {
    return this.call("GET", this.shopPath(shop, "/webhook-deliveries"));
  }

  getOrder(shop: string, orderId: string): Promise<SandboxOrder> {
    return this.call("GET", this.shopPath(shop, `/orders/${encodeURIComponent(orderId)}`));
  }

  uninstall(shop: string): Promise<{ deliveries: WebhookDelivery[] }> {
    return this.call("POST", this.shopPath(shop, "/uninstall"));
  }

  compliance(shop: string, input: { topic: "customers/data_request" | "customers/redact" | "shop/redact"; customerId?: string }): Promise<{ eventId: string; deliveries: WebhookDelivery[] }> {
    return this.call("POST", this.shopPath(shop, "/compliance"), input);
  }

  addFault(fault: SandboxFault): Promise<{ faultId: string }> {
    return this.call("POST", "/__shopify/faults", fault);
  }

  clearFaults(): Promise<{ ok: true }> {
    return this.call("DELETE", "/__shopify/faults");
  }

  /** Moves the sandbox clock forward (leaky bucket refill, token expiry) without waiting. */
  advanceClock(ms: number): Promise<{ now: string }> {
    return this.call("POST", "/__shopify/clock", { advanceMs: ms });
  }

  /** Resizes a shop's leaky bucket and refills it (to currentlyAvailable when given). */
  setThrottle(shop: string, bucket: { maximumAvailable?: number; restoreRate?: number; currentlyAvailable?: number }): Promise<{ bucket: { maximumAvailable: number; restoreRate: number; currentlyAvailable: number } }> {
    return this.call("POST", this.shopPath(shop, "/throttle"), bucket);
  }

  /** A fresh session token (App Bridge id token) for the shop, signed with the app secret. */
  async sessionToken(shop: string): Promise<string> {
    return (await this.call<{ token: string }>("GET", `/__shopify/session-token?shop=${encodeURIComponent(shop)}`)).token;
  }

  adminUrl(shop: string, apiKey: string): string {
    return `${this.origin}/admin/shops/${encodeURIComponent(shop)}/apps/${encodeURIComponent(apiKey)}`;
  }
}
