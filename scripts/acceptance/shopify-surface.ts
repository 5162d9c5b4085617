// The Shopify sandbox's /__shopify control surface, as the contract (shopify-sandbox.md) lists it.
import { z } from "zod";
import { callJson } from "./http-json";

export interface OrderLineInput {
  variantId: string;
  quantity: number;
}

export interface AddressInput {
  firstName: string;
  lastName: string;
  address1: string;
  address2?: string;
  city: string;
  provinceCode?: string;
  zip: string;
  countryCode: string;
  phone?: string;
}

export interface OrderInput {
  lineItems: OrderLineInput[];
  shippingAddress: AddressInput;
  shippingLine?: { title: string; price: string };
  email: string;
  deliver: true;
}

const delivery = z.looseObject({ responseStatus: z.number().nullish(), status: z.number().nullish(), error: z.string().nullish() });
export type Delivery = z.infer<typeof delivery>;

const created = z.looseObject({ orderId: z.string().min(1), name: z.string(), deliveries: z.array(delivery).optional() });
const redelivered = z.looseObject({ deliveries: z.array(delivery).optional() });

const shopifyOrder = z.looseObject({
  id: z.string(),
  name: z.string(),
  cancelledAt: z.string().nullable(),
  lineItems: z.array(z.looseObject({ id: z.string(), variantId: z.string().nullable(), quantity: z.number().int(), fulfilledQuantity: z.number().int().optional() })),
  fulfillments: z.array(z.looseObject({
    id: z.string(),
    status: z.string(),
    trackingInfo: z.array(z.looseObject({ company: z.string().nullable().optional(), number: z.string().nullable().optional(), url: z.string().nullable().optional() })),
    lineItems: z.array(z.looseObject({ lineItemId: z.string(), quantity: z.number().int() })),
  })),
});
export type ShopifyOrder = z.infer<typeof shopifyOrder>;

function parsed<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`${what} answered an unexpected shape: ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return r.data;
}

/** HTTP status the app answered to a webhook delivery, or null when there was no answer. */
export const deliveryStatus = (d: Delivery): number | null => d.responseStatus ?? d.status ?? null;

export class ShopifySurface {
  constructor(readonly origin: string, readonly shop: string) {}

  private url(rest: string): string {
    return `${this.origin}/__shopify/shops/${encodeURIComponent(this.shop)}${rest}`;
  }

  async createOrder(input: OrderInput): Promise<z.infer<typeof created>> {
    return parsed(created, (await callJson("POST", this.url("/orders"), input, 120_000)).body, "POST /__shopify/shops/{shop}/orders");
  }

  async redeliverPaid(orderId: string, times: number): Promise<Delivery[]> {
    const body = { topic: "orders/paid", orderId, times, concurrent: true };
    return parsed(redelivered, (await callJson("POST", this.url("/webhooks"), body, 120_000)).body, "POST /__shopify/shops/{shop}/webhooks").deliveries ?? [];
  }

  async cancelOrder(orderId: string): Promise<Delivery[]> {
    const answer = await callJson("POST", this.url(`/orders/${encodeURIComponent(orderId)}/cancel`), { deliver: true }, 120_000);
    return parsed(redelivered, answer.body, "POST /__shopify/shops/{shop}/orders/{orderId}/cancel").deliveries ?? [];
  }

  async order(orderId: string): Promise<ShopifyOrder> {
    return parsed(shopifyOrder, (await callJson("GET", this.url(`/orders/${encodeURIComponent(orderId)}`))).body, "GET /__shopify/shops/{shop}/orders/{orderId}");
  }

  /** The admin page answers HTML that embeds the app. */
  async adminPage(adminUrl: string): Promise<{ status: number; html: string }> {
    const res = await fetch(adminUrl, { signal: AbortSignal.timeout(30_000) });
    return { status: res.status, html: await res.text() };
  }
}
