// Step "place": POST /orders exactly once per Shopify order. The Idempotency-Key (a pure function of
// shop, Shopify order and quote) and the body are stored BEFORE the request is sent; a resumed
// worker re-sends the same bytes under the same key and the studio replays its first answer.
import {
  StudioCreditLimitExceededError,
  StudioQuoteAlreadyOrderedError,
  StudioQuoteExpiredError,
  canonicalJson,
  type Order,
  type OrderRequest,
} from "~/studio";
import { attention, attentionFields } from "../attention";
import type { StepContext, StepResult } from "../context.server";
import { idempotencyKeyFor } from "../idempotency";
import { formatCents } from "../money";
import { placedResult } from "./sync.server";

const REQUOTE = { quoteId: null, quoteTotalCents: null, quoteExpiresAt: null, idempotencyKey: null, orderRequestBody: null };

export async function placeStep(ctx: StepContext): Promise<StepResult> {
  const { po } = ctx;
  if (!po.quoteId) return { data: { state: "artwork_ready", nextAttemptAt: new Date() } };
  if (po.quoteExpiresAt && po.quoteExpiresAt.getTime() <= Date.now()) {
    return { data: { ...REQUOTE, state: "artwork_ready", nextAttemptAt: new Date() }, events: [{ type: "quote_expired", message: "The quote expired before the order was placed; pricing it again." }] };
  }
  const body: OrderRequest = { quoteId: po.quoteId, specialInstructions: `Shopify order ${po.shopifyOrderName}` };
  const key = idempotencyKeyFor(po.shopDomain, po.shopifyOrderGid, po.quoteId);
  // Recovery point before the external call.
  await ctx.save({ state: "placing", idempotencyKey: key, orderRequestBody: canonicalJson(body) }, [
    { type: "placing", message: `Placing the order with the studio (quote ${po.quoteId}).` },
  ]);
  return sendOrder({ ...ctx, po: { ...po, state: "placing", idempotencyKey: key, orderRequestBody: canonicalJson(body) } });
}

export async function sendOrder(ctx: StepContext): Promise<StepResult> {
  const { po } = ctx;
  if (!po.idempotencyKey || !po.orderRequestBody) return { data: { state: "quoted", nextAttemptAt: new Date() } };
  const studio = await ctx.deps.studio(po.shopDomain);
  let order: Order;
  try {
    order = await studio.orders.create(JSON.parse(po.orderRequestBody) as OrderRequest, { idempotencyKey: po.idempotencyKey, signal: ctx.signal });
  } catch (error) {
    if (error instanceof StudioQuoteExpiredError) {
      return { data: { ...REQUOTE, state: "artwork_ready", nextAttemptAt: new Date() }, events: [{ type: "quote_expired", message: "The studio refused the quote as expired; pricing the order again." }] };
    }
    if (error instanceof StudioQuoteAlreadyOrderedError && error.details.orderId) {
      const existing = await studio.orders.get(error.details.orderId, { signal: ctx.signal });
      const ours = existing.lines.every((l, i) => l.externalReference === po.lines[i]?.shopifyLineItemGid);
      if (!ours) {
        return {
          data: { state: "needs_attention", nextAttemptAt: null, ...attentionFields(attention("QUOTE_ALREADY_ORDERED", `The studio says this quote already became order ${existing.orderNumber}, whose lines do not match this Shopify order.`, "Check the studio order, then press Retry to price this order again.")) },
          events: [{ type: "error", message: `Quote already used by studio order ${existing.orderNumber}, which is not this order's.` }],
        };
      }
      return placedResult(existing, `Adopted studio order ${existing.orderNumber}, already made from this quote.`);
    }
    if (error instanceof StudioCreditLimitExceededError) {
      const d = error.details;
      const available = d.availableCents !== null ? formatCents(d.availableCents, po.currency) : "unknown";
      const needed = d.orderCents !== null ? formatCents(d.orderCents, po.currency) : "unknown";
      const retryAt = new Date(Date.now() + ctx.config.creditRetryMs);
      return {
        data: {
          state: "waiting_credit",
          nextAttemptAt: retryAt,
          lastError: error.code,
          ...attentionFields(attention(error.code, `The studio account's credit limit is reached: ${needed} needed, ${available} available.`, `Pay an open studio invoice or ask the studio for a higher limit. The order is tried again at ${retryAt.toISOString()}; press Retry to try now.`)),
        },
        events: [{ type: "waiting_credit", message: `Over the studio credit limit (${needed} needed, ${available} available); retrying on a schedule.`, data: d }],
      };
    }
    throw error;
  }
  return placedResult(order, `Placed with the studio as ${order.orderNumber} (${formatCents(order.totalCents, order.currency)}).`);
}
