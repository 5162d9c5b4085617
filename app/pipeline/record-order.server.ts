// orders/paid -> a PrintOrder with what the print needs (mapped lines, address, shipping line,
// email). The webhook's event id and the PrintOrder are written in one transaction: a redelivery
// (same event id) or a second event for the same order (same shop + order) is a no-op.
import { z } from "zod";
import db from "~/db.server";
import { isUniqueViolation, type ShopifyWebhookEvent } from "~/webhooks/handlers.server";
import { getMappingsForVariants, type VariantMapping } from "~/models/variant-mapping.server";
import { fromShopifyAddress } from "./address";
import { timelineRows } from "./timeline.server";

const id = z.union([z.number(), z.string()]).transform(String);
const text = z.string().nullish().transform((v) => v ?? null);

const PaidLineSchema = z.looseObject({
  id,
  admin_graphql_api_id: z.string().optional(),
  variant_id: id.nullish(),
  quantity: z.number().int(),
  current_quantity: z.number().int().nullish(),
  title: text,
  name: text,
  variant_title: text,
  properties: z.array(z.looseObject({ name: z.string(), value: z.unknown() })).nullish(),
});

export const PaidOrderSchema = z.looseObject({
  id,
  admin_graphql_api_id: z.string().optional(),
  name: z.string(),
  cancelled_at: text,
  email: text,
  contact_email: text,
  currency: text,
  line_items: z.array(PaidLineSchema),
  shipping_address: z.unknown().optional(),
  shipping_lines: z.array(z.looseObject({ title: text, code: text, source: text })).nullish(),
  customer: z.looseObject({ id: id.nullish(), admin_graphql_api_id: z.string().nullish() }).nullish(),
});
export type PaidOrder = z.infer<typeof PaidOrderSchema>;
type PaidLine = z.infer<typeof PaidLineSchema>;

export type RecordOutcome = { outcome: "recorded" | "nothing_to_print"; printOrderId: string } | { outcome: "duplicate" } | { outcome: "invalid"; reason: string };

const lineGid = (l: PaidLine) => l.admin_graphql_api_id ?? `gid://shopify/LineItem/${l.id}`;
const variantGid = (l: PaidLine) => (l.variant_id ? `gid://shopify/ProductVariant/${l.variant_id}` : null);

function propertyValue(line: PaidLine, name: string | null): string | null {
  if (!name) return null;
  const found = (line.properties ?? []).find((p) => p.name === name);
  return found && typeof found.value === "string" && found.value.trim() ? found.value.trim() : null;
}

export function artworkSourceFor(mapping: VariantMapping, line: PaidLine): string | null {
  switch (mapping.artworkSource) {
    case "fixed_url":
      return mapping.artworkUrl;
    case "line_item_property":
      return propertyValue(line, mapping.artworkProperty);
    default:
      return null; // variant_image: resolved from Shopify in the artwork step
  }
}

export interface RecordOptions {
  /** The order is known to be cancelled already (orders/cancelled came first): record it, print nothing. */
  cancelled?: boolean;
  /** orders/cancelled records its own event id. */
  recordEvent?: boolean;
}

export async function recordPaidOrder(event: ShopifyWebhookEvent, opts: RecordOptions = {}): Promise<RecordOutcome> {
  const webhookRow = { source: "shopify", shopDomain: event.shop, eventId: event.eventId, topic: event.topic };
  const recordEvent = opts.recordEvent ?? true;
  const parsed = PaidOrderSchema.safeParse(event.payload);
  if (!parsed.success) {
    const reason = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    if (recordEvent) {
      try {
        await db.webhookEvent.create({ data: webhookRow });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return { outcome: "invalid", reason };
  }
  const order = parsed.data;
  const orderGid = order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`;
  const gids = order.line_items.map(variantGid).filter((g): g is string => g !== null);
  const mappings = await getMappingsForVariants(event.shop, gids);
  const shop = await db.shop.findUnique({ where: { domain: event.shop }, select: { studioEnvironment: true } });

  const lines = order.line_items.flatMap((l) => {
    const gid = variantGid(l);
    const mapping = gid ? mappings.get(gid) : undefined;
    const quantity = l.current_quantity ?? l.quantity;
    if (!gid || !mapping || quantity < 1) return [];
    return [{ line: l, gid, mapping, quantity }];
  });
  const invalid = lines.filter((l) => l.mapping.status !== "mapped");
  const shippingLine = order.shipping_lines?.[0];
  const email = order.email || order.contact_email;
  const nothing = lines.length === 0;
  const cancelled = Boolean(opts.cancelled || order.cancelled_at);
  const state = nothing ? "nothing_to_print" : cancelled ? "cancelled" : invalid.length > 0 ? "needs_attention" : "received";
  const events = [
    {
      type: "received",
      message: nothing
        ? `Order ${order.name} paid: no line is mapped to a print, nothing to print.`
        : `Order ${order.name} paid: ${lines.length} print line(s) of ${order.line_items.length}.`,
      data: { printLines: lines.length, lines: order.line_items.length },
    },
    ...(cancelled && !nothing ? [{ type: "cancelled", message: "The order was already cancelled in Shopify: nothing is sent to the studio." }] : []),
  ];
  const invalidNames = invalid.map((l) => l.line.name ?? l.line.title ?? l.gid).join(", ");
  try {
    const [created] = await db.$transaction([
      db.printOrder.create({
        data: {
          shopDomain: event.shop,
          shopifyOrderGid: orderGid,
          shopifyOrderName: order.name,
          state,
          customerGid: order.customer?.admin_graphql_api_id ?? (order.customer?.id ? `gid://shopify/Customer/${order.customer.id}` : null),
          email: email ?? null,
          shippingAddress: JSON.stringify(fromShopifyAddress(order.shipping_address)),
          shippingLine: shippingLine ? JSON.stringify({ title: shippingLine.title, code: shippingLine.code, source: shippingLine.source }) : null,
          currency: order.currency,
          environment: shop?.studioEnvironment ?? null,
          nextAttemptAt: state === "received" ? new Date() : null,
          ...(invalid.length > 0 && !cancelled
            ? {
                attentionCode: "MAPPING_INVALID",
                attentionMessage: `The print mapping of ${invalidNames} is marked invalid: ${invalid.map((l) => l.mapping.invalidReason ?? "no reason given").join("; ")}`,
                attentionAction: "Fix the mapping (Products), then press Retry.",
              }
            : {}),
          events: { create: timelineRows("", events).map(({ printOrderId: _, ...row }) => row) },
          lines: {
            create: lines.map((l, position) => ({
              position,
              shopifyLineItemGid: lineGid(l.line),
              variantGid: l.gid,
              title: [l.line.title ?? l.mapping.productTitle, l.line.variant_title].filter(Boolean).join(" - "),
              quantity: l.quantity,
              studioQuantity: l.quantity * l.mapping.quantityPerUnit,
              productSlug: l.mapping.productSlug,
              variantSelections: JSON.stringify(l.mapping.variantSelections),
              artworkSourceUrl: artworkSourceFor(l.mapping, l.line),
            })),
          },
        },
      }),
      ...(recordEvent ? [db.webhookEvent.create({ data: webhookRow })] : []),
    ]);
    return { outcome: nothing ? "nothing_to_print" : "recorded", printOrderId: created.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: "duplicate" };
    throw error;
  }
}
