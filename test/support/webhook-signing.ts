// Signs a Shopify webhook body the way Shopify does: base64 HMAC-SHA256 of the raw body with the
// app's API secret, plus the headers Shopify sends with every delivery.
import { createHmac, randomUUID } from "node:crypto";

export function shopifyWebhookHeaders(opts: { topic: string; shop: string; body: string; secret: string; eventId?: string }): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-shopify-topic": opts.topic,
    "x-shopify-hmac-sha256": createHmac("sha256", opts.secret).update(opts.body, "utf8").digest("base64"),
    "x-shopify-shop-domain": opts.shop,
    "x-shopify-webhook-id": randomUUID(),
    "x-shopify-event-id": opts.eventId ?? randomUUID(),
    "x-shopify-triggered-at": new Date().toISOString(),
    "x-shopify-api-version": "2026-10",
  };
}
