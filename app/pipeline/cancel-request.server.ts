// orders/cancelled from Shopify: the print order is asked to stop (or to be cancelled at the
// studio). The worker does it under the order's lease, so a step in progress is never overtaken.
import { z } from "zod";
import db from "~/db.server";
import type { ShopifyWebhookEvent } from "~/webhooks/handlers.server";
import { recordPaidOrder } from "./record-order.server";
import { requestWork } from "./lease.server";
import { timelineRows } from "./timeline.server";
import { wakeWorker } from "./wake.server";

const CancelledSchema = z.looseObject({ id: z.union([z.number(), z.string()]).transform(String), admin_graphql_api_id: z.string().optional(), cancel_reason: z.string().nullish() });

export async function requestCancellation(shop: string, printOrderId: string, reason: string): Promise<boolean> {
  const po = await db.printOrder.findFirst({ where: { id: printOrderId, shopDomain: shop } });
  if (!po || po.state === "cancelled" || po.state === "nothing_to_print") return false;
  await requestWork(po.id, { cancelRequestedAt: new Date() });
  await db.printOrderEvent.createMany({ data: timelineRows(po.id, [{ type: "cancel_requested", message: reason }]) });
  wakeWorker();
  return true;
}

export async function handleShopifyCancellation(event: ShopifyWebhookEvent): Promise<"requested" | "recorded_cancelled" | "invalid"> {
  const { shop, payload } = event;
  const parsed = CancelledSchema.safeParse(payload);
  if (!parsed.success) return "invalid";
  const gid = parsed.data.admin_graphql_api_id ?? `gid://shopify/Order/${parsed.data.id}`;
  const po = await db.printOrder.findUnique({ where: { shopDomain_shopifyOrderGid: { shopDomain: shop, shopifyOrderGid: gid } } });
  if (!po) {
    // orders/cancelled overtook orders/paid: record the order as cancelled, so a later orders/paid is a no-op.
    const recorded = await recordPaidOrder(event, { cancelled: true, recordEvent: false });
    if (recorded.outcome !== "duplicate") return "recorded_cancelled";
    return handleShopifyCancellation(event);
  }
  const why = parsed.data.cancel_reason ? ` (reason: ${parsed.data.cancel_reason})` : "";
  await requestCancellation(shop, po.id, `The order was cancelled in Shopify${why}.`);
  return "requested";
}
