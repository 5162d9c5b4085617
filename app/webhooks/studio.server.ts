// Studio webhooks at the per-shop URL /webhooks/studio/{shop}: verified with that shop's secret on
// the raw body, deduplicated on the event id, and treated as a notification: the print order is
// made due at once and the worker reads the studio order back (never applies the event's copy).
import db from "~/db.server";
import { shopLogger } from "~/logger.server";
import { getStudioWebhookSecret } from "~/models/shop-settings.server";
import { requestWork } from "~/pipeline/lease.server";
import { wakeWorker } from "~/pipeline/wake.server";
import { parseStudioEvent, verifyStudioWebhook, StudioEventParseError, StudioSignatureError, STUDIO_SIGNATURE_HEADER } from "~/studio";
import { isUniqueViolation } from "./handlers.server";

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

const answer = (status: number, message: string) => new Response(message, { status, headers: { "content-type": "text/plain" } });

export async function receiveStudioWebhook(request: Request, shopParam: string | undefined): Promise<Response> {
  if (request.method !== "POST") return answer(405, "POST only");
  const shop = (shopParam ?? "").toLowerCase();
  if (!SHOP_DOMAIN.test(shop)) return answer(404, "unknown shop");
  const secret = await getStudioWebhookSecret(shop);
  if (!secret) return answer(404, "this shop has no studio webhook secret configured");
  const raw = Buffer.from(await request.arrayBuffer());
  const log = shopLogger(shop, { component: "studio-webhook" });
  try {
    verifyStudioWebhook(raw, request.headers.get(STUDIO_SIGNATURE_HEADER), secret, new Date());
  } catch (error) {
    if (error instanceof StudioSignatureError) {
      log.warn({ reason: error.reason }, "studio webhook refused: bad signature");
      return answer(401, `signature refused: ${error.reason}`);
    }
    throw error;
  }
  let event;
  try {
    event = parseStudioEvent(raw);
  } catch (error) {
    if (error instanceof StudioEventParseError) return answer(400, error.message);
    throw error;
  }
  try {
    await db.webhookEvent.create({ data: { source: "studio", shopDomain: shop, eventId: event.id, topic: event.type } });
  } catch (error) {
    if (isUniqueViolation(error)) return answer(200, "duplicate");
    throw error;
  }
  await db.shop.updateMany({ where: { domain: shop }, data: { lastStudioWebhookAt: new Date() } });
  const refs = event.data.lines.map((l) => l.externalReference).filter((r): r is string => Boolean(r));
  const po =
    (await db.printOrder.findFirst({ where: { shopDomain: shop, studioOrderId: event.data.orderId }, select: { id: true } })) ??
    (refs.length > 0 ? await db.printOrder.findFirst({ where: { shopDomain: shop, lines: { some: { shopifyLineItemGid: { in: refs } } } }, select: { id: true } }) : null);
  if (po) {
    await requestWork(po.id);
    wakeWorker();
  }
  log.info({ eventType: event.type, printOrderId: po?.id ?? null }, "studio webhook recorded");
  return answer(200, "ok");
}
