// Step "cancel" (a Shopify cancellation or the merchant's Cancel): an order not yet sent to the
// studio just stops; a placed one is cancelled at the studio (POST /orders/{id}/cancel), and a
// refusal (ORDER_NOT_CANCELLABLE) is shown with the studio's reason while tracking carries on.
import { StudioOrderNotCancellableError, type Order, type StudioClient } from "~/studio";
import { attention, attentionFields } from "../attention";
import type { StepContext, StepResult } from "../context.server";

/** An order that a placement interrupted mid-request may exist: find it by its quote without creating one. */
async function findOrderForQuote(studio: StudioClient, quoteId: string, signal: AbortSignal): Promise<Order | null> {
  let pages = 0;
  for await (const page of studio.orders.list({ limit: 100, signal }).pages()) {
    const found = page.data.find((o) => o.quoteId === quoteId);
    if (found) return found;
    if (++pages >= 5) break;
  }
  return null;
}

export async function cancelStep(ctx: StepContext): Promise<StepResult> {
  const { po } = ctx;
  const studio = await ctx.deps.studio(po.shopDomain).catch(() => null);
  let studioOrderId = po.studioOrderId;
  if (!studioOrderId && po.state === "placing" && po.quoteId && studio) {
    const found = await findOrderForQuote(studio, po.quoteId, ctx.signal);
    if (found) {
      studioOrderId = found.orderId;
      await ctx.save({ studioOrderId: found.orderId, studioOrderNumber: found.orderNumber, studioTotalCents: found.totalCents, studioStatus: found.status, placedAt: new Date() }, [
        { type: "placed", message: `The interrupted placement had created studio order ${found.orderNumber}.` },
      ]);
    }
  }
  if (!studioOrderId) {
    return {
      data: { state: "cancelled", nextAttemptAt: null, ...attentionFields(null) },
      events: [{ type: "cancelled", message: "Stopped: the order was cancelled before it was placed with the studio. Nothing was ordered." }],
    };
  }
  if (!studio) throw new Error("the studio is not configured for this shop");
  try {
    const order = await studio.orders.cancel(studioOrderId, { signal: ctx.signal });
    return {
      data: { state: "cancelled", studioStatus: order.status, nextAttemptAt: null, ...attentionFields(null) },
      events: [{ type: "cancelled", message: `Cancelled at the studio (order ${order.orderNumber}); its invoice is voided.` }],
    };
  } catch (error) {
    if (error instanceof StudioOrderNotCancellableError) {
      return {
        data: {
          cancelRequestedAt: null,
          nextAttemptAt: new Date(),
          ...attentionFields(attention(error.code, `The studio could not cancel order ${po.studioOrderNumber ?? studioOrderId}: ${error.message}`, "The studio will finish and ship it. Decide in Shopify whether to refund the customer.")),
        },
        events: [{ type: "cancel_refused", message: `The studio refused the cancellation: ${error.message}` }],
      };
    }
    throw error;
  }
}
