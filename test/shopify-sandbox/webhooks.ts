// Delivers webhooks the way Shopify does: POST to the app's subscription URL (from its own
// shopify.app.toml), JSON body, HMAC-SHA256 of the raw body with the app secret (base64), a new
// X-Shopify-Webhook-Id per delivery and the same X-Shopify-Event-Id for every delivery of one event.
import { createHmac, randomUUID } from "node:crypto";
import { webhookUrl } from "./app-config";
import type { SandboxContext } from "./context";
import type { DeliveryRecord, ShopState } from "./store";
import { iso } from "./store";

export const DELIVERY_TIMEOUT_MS = 5000;

export interface WebhookEvent { topic: string; eventId: string; triggeredAt: string; body: unknown }

export function hmacBase64(secret: string, raw: string): string {
  return createHmac("sha256", secret).update(raw, "utf8").digest("base64");
}

/** The event for (topic, subject): the same id each time it is asked for, e.g. on redelivery. */
export function eventFor(ctx: SandboxContext, shop: ShopState, topic: string, subject: string | null, body: unknown): WebhookEvent {
  if (subject === null) return { topic, eventId: randomUUID(), triggeredAt: iso(ctx.now()), body };
  const key = `${topic}:${subject}`;
  let e = shop.events.get(key);
  if (!e) {
    e = { eventId: randomUUID(), triggeredAt: iso(ctx.now()) };
    shop.events.set(key, e);
  }
  return { topic, body, ...e };
}

export async function deliverOnce(ctx: SandboxContext, shop: ShopState, event: WebhookEvent): Promise<DeliveryRecord> {
  const url = webhookUrl(ctx.config, event.topic, shop.appUrl);
  const webhookId = randomUUID();
  const started = Date.now();
  const record: DeliveryRecord = {
    topic: event.topic, webhookId, eventId: event.eventId, url: url ?? "", status: null, responseStatus: null, error: null, time: iso(ctx.now()), durationMs: 0,
  };
  shop.deliveries.push(record);
  if (!url) {
    record.error = `the app's shopify.app.toml has no subscription for ${event.topic}`;
    return record;
  }
  const raw = JSON.stringify(event.body);
  try {
    const res = await fetch(url, {
      method: "POST",
      body: raw,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        "content-type": "application/json",
        "x-shopify-topic": event.topic,
        "x-shopify-hmac-sha256": hmacBase64(ctx.apiSecret, raw),
        "x-shopify-shop-domain": shop.domain,
        "x-shopify-webhook-id": webhookId,
        "x-shopify-event-id": event.eventId,
        "x-shopify-triggered-at": event.triggeredAt,
        "x-shopify-api-version": ctx.config.apiVersion,
        "user-agent": "Shopify-Captain-Hook",
      },
    });
    await res.arrayBuffer().catch(() => undefined);
    record.status = res.status;
    record.responseStatus = res.status;
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    record.error = e.name === "TimeoutError" ? `timeout after ${DELIVERY_TIMEOUT_MS} ms` : `${e.message}${e.cause?.code ? ` (${e.cause.code})` : ""}`;
  }
  record.durationMs = Date.now() - started;
  return record;
}

/** Delivers one event `times` times, one after another or all at once. */
export async function deliver(ctx: SandboxContext, shop: ShopState, event: WebhookEvent, times = 1, concurrent = false): Promise<DeliveryRecord[]> {
  if (concurrent) return Promise.all(Array.from({ length: times }, () => deliverOnce(ctx, shop, event)));
  const out: DeliveryRecord[] = [];
  for (let i = 0; i < times; i++) out.push(await deliverOnce(ctx, shop, event));
  return out;
}
