// Shopify webhook routes are thin: verify the HMAC (the library answers 401 to a bad one), parse,
// hand the typed event to the domain, answer fast. The work itself happens in the pipeline.
import { authenticate } from "~/shopify.server";
import { shopLogger } from "~/logger.server";
import { handleShopifyWebhook, type ShopifyWebhookEvent } from "./handlers.server";

export async function receiveShopifyWebhook(request: Request): Promise<Response> {
  const context = await authenticate.webhook(request);
  const event: ShopifyWebhookEvent = {
    topic: String(context.topic),
    shop: context.shop,
    webhookId: context.webhookId,
    // Shopify's event id is stable across redeliveries of one event; the webhook id is not.
    eventId: context.eventId ?? request.headers.get("x-shopify-event-id") ?? context.webhookId,
    apiVersion: context.apiVersion,
    payload: context.payload as unknown,
  };
  const log = shopLogger(event.shop, { topic: event.topic, webhookId: event.webhookId });
  const outcome = await handleShopifyWebhook(event);
  log.info({ outcome }, "shopify webhook handled");
  return new Response(null, { status: 200 });
}
