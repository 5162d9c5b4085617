// What each Shopify topic does. Every delivery is deduplicated on its event id first, in the same
// database as the work it triggers, so that a redelivered event is a no-op that still answers 200.
// orders/paid records its event id in the same transaction as the print order it creates.
import { z } from "zod";
import db from "~/db.server";

const ScopesUpdateSchema = z.looseObject({ current: z.array(z.string()) });

export interface ShopifyWebhookEvent {
  topic: string;
  shop: string;
  webhookId: string;
  eventId: string;
  apiVersion: string;
  payload: unknown;
}

export type WebhookOutcome = "duplicate" | "handled" | "ignored" | "invalid";

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

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

/** Topic names arrive as "orders/paid" or "ORDERS_PAID" depending on the library. */
export function normalizeTopic(topic: string): string {
  return topic.includes("/") ? topic.toLowerCase() : topic.toLowerCase().replace("_", "/");
}

export async function handleShopifyWebhook(event: ShopifyWebhookEvent): Promise<WebhookOutcome> {
  const topic = normalizeTopic(event.topic);
  // Loaded lazily: the pipeline imports this module's helpers.
  if (topic === "orders/paid") {
    const { recordPaidOrder } = await import("~/pipeline/record-order.server");
    const { wakeWorker } = await import("~/pipeline/wake.server");
    const result = await recordPaidOrder(event);
    if (result.outcome === "recorded") wakeWorker();
    return result.outcome === "duplicate" ? "duplicate" : result.outcome === "invalid" ? "invalid" : "handled";
  }
  if (!(await recordShopifyEvent(event))) return "duplicate";
  switch (topic) {
    case "orders/cancelled": {
      const { handleShopifyCancellation } = await import("~/pipeline/cancel-request.server");
      const outcome = await handleShopifyCancellation(event);
      return outcome === "invalid" ? "invalid" : "handled";
    }
    case "app/uninstalled": {
      const { stopShop } = await import("./compliance.server");
      await stopShop(event.shop);
      return "handled";
    }
    case "app/scopes_update":
    case "app/scopes/update": {
      const parsed = ScopesUpdateSchema.safeParse(event.payload);
      if (!parsed.success) return "invalid";
      await db.session.updateMany({ where: { shop: event.shop }, data: { scope: parsed.data.current.join(",") } });
      return "handled";
    }
    case "shop/redact": {
      const { redactShop } = await import("./compliance.server");
      await redactShop(event.shop);
      return "handled";
    }
    case "customers/redact": {
      const { redactCustomer } = await import("./compliance.server");
      await redactCustomer(event.shop, event.payload);
      return "handled";
    }
    case "customers/data_request": {
      const { answerDataRequest } = await import("./compliance.server");
      const { shopLogger } = await import("~/logger.server");
      const answer = await answerDataRequest(event.shop, event.payload);
      // Counts and field names only: the merchant passes the data on from the Shopify admin.
      shopLogger(event.shop).info({ topic, printOrders: answer.printOrders, fields: answer.fields }, "customers/data_request answered");
      return "handled";
    }
    default:
      return "ignored";
  }
}
