// What each Shopify topic does. Every delivery is deduplicated on its event id first, in the same
// database as the work it triggers, so that a redelivered event is a no-op that still answers 200.
import db from "~/db.server";

export interface ShopifyWebhookEvent {
  topic: string;
  shop: string;
  webhookId: string;
  eventId: string;
  apiVersion: string;
  payload: unknown;
}

export type WebhookOutcome = "duplicate" | "handled" | "ignored";

/** Records the event id; false when this event was already recorded (a redelivery). */
export async function recordShopifyEvent(event: ShopifyWebhookEvent): Promise<boolean> {
  try {
    await db.webhookEvent.create({
      data: { source: "shopify", shopDomain: event.shop, eventId: event.eventId, topic: event.topic },
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

export async function handleShopifyWebhook(event: ShopifyWebhookEvent): Promise<WebhookOutcome> {
  if (!(await recordShopifyEvent(event))) return "duplicate";
  switch (event.topic) {
    case "APP_UNINSTALLED":
    case "app/uninstalled":
      await db.session.deleteMany({ where: { shop: event.shop } });
      await db.shop.updateMany({ where: { domain: event.shop }, data: { uninstalledAt: new Date() } });
      return "handled";
    case "APP_SCOPES_UPDATE":
    case "app/scopes_update": {
      const current = (event.payload as { current?: unknown } | null)?.current;
      const scopes = Array.isArray(current) ? current.map(String).join(",") : null;
      if (scopes !== null) await db.session.updateMany({ where: { shop: event.shop }, data: { scope: scopes } });
      return "handled";
    }
    default:
      return "ignored";
  }
}
