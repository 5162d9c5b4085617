// Step "quote": POST /quotes with positional items (the Shopify line id as externalReference), the
// mapped address, and a shipping method from the shop's policy, discovered through
// SHIPPING_UNAVAILABLE when none is known yet. The quote is the recovery point.
import { z } from "zod";
import db from "~/db.server";
import { getShopSettings } from "~/models/shop-settings.server";
import { StudioArtworkNotAllowedError, StudioShippingUnavailableError, type QuoteItem } from "~/studio";
import { parseStoredAddress, toStudioAddress } from "../address";
import { attention, attentionFields } from "../attention";
import type { StepContext, StepResult } from "../context.server";
import { formatCents } from "../money";
import { chooseShippingOption, mappedMethod } from "../shipping-choice";

const ShippingLineSchema = z.object({ title: z.string().nullish() });

function shopifyShippingTitle(json: string | null): string | null {
  if (!json) return null;
  try {
    return ShippingLineSchema.parse(JSON.parse(json)).title ?? null;
  } catch {
    return null;
  }
}

export async function quoteStep(ctx: StepContext): Promise<StepResult> {
  const { po } = ctx;
  const address = toStudioAddress(parseStoredAddress(po.shippingAddress), po.email);
  if (!address.ok) {
    return {
      data: {
        state: "needs_attention",
        nextAttemptAt: null,
        ...attentionFields(attention("ADDRESS_INCOMPLETE", `The shipping address lacks: ${address.missing.join(", ")}.`, "Complete the shipping address on this page and re-quote.")),
      },
      events: [{ type: "error", message: `Shipping address incomplete (${address.missing.join(", ")}).` }],
    };
  }
  const settings = await getShopSettings(po.shopDomain);
  const title = shopifyShippingTitle(po.shippingLine);
  const items: QuoteItem[] = po.lines.map((l) => ({
    productSlug: l.productSlug,
    quantity: l.studioQuantity,
    variantSelections: JSON.parse(l.variantSelections) as Record<string, string>,
    imageUrl: l.artworkUploadUrl,
    externalReference: l.shopifyLineItemGid,
  }));
  const studio = await ctx.deps.studio(po.shopDomain);
  let methodId = po.shippingMethodId ?? mappedMethod(settings.shippingPolicy, title);
  for (let round = 0; ; round++) {
    try {
      const quote = await studio.quotes.create(
        { items, shippingAddress: address.address, shippingMethodId: methodId, rushTier: settings.defaultRushTier, whiteLabel: settings.whiteLabel },
        { signal: ctx.signal },
      );
      if (quote.lines.length !== po.lines.length) throw new Error(`the studio priced ${quote.lines.length} lines for ${po.lines.length} items`);
      for (const [i, line] of po.lines.entries()) {
        await db.printOrderLine.update({ where: { id: line.id }, data: { unitPriceCents: quote.lines[i].unitPriceCents, amountCents: quote.lines[i].amountCents } });
      }
      return {
        data: {
          state: "quoted",
          quoteId: quote.quoteId,
          quoteTotalCents: quote.totalCents,
          quoteExpiresAt: new Date(quote.expiresAt),
          shippingMethodId: methodId,
          nextAttemptAt: new Date(),
          ...attentionFields(null),
        },
        events: [
          {
            type: "quoted",
            message: `Quoted ${formatCents(quote.totalCents, quote.currency)} (shipping ${quote.shippingMethod ?? methodId ?? "?"} ${formatCents(quote.shippingCents, quote.currency)}).`,
            data: { quoteId: quote.quoteId, totalCents: quote.totalCents, currency: quote.currency, shippingMethodId: methodId, expiresAt: quote.expiresAt },
          },
        ],
      };
    } catch (error) {
      if (error instanceof StudioShippingUnavailableError && round === 0) {
        const choice = chooseShippingOption(error.details.shippingOptions, settings.shippingPolicy, title);
        if (choice && choice.id !== methodId) {
          methodId = choice.id;
          await ctx.save({ shippingMethodId: choice.id }, [
            { type: "shipping_chosen", message: `Shipping by ${choice.name} (${choice.estimatedDelivery}), chosen by the shop's policy (${settings.shippingPolicy.methods[title ?? ""] ? "mapped" : settings.shippingPolicy.fallback}).`, data: { methodId: choice.id } },
          ]);
          continue;
        }
        const names = error.details.shippingOptions.map((o) => o.name).join(", ");
        const where = address.address.country;
        const message = names
          ? `The studio offers no shipping method to ${where} that the shop's policy can use (offered: ${names}; collection and "quote only" methods are never chosen).`
          : `The studio cannot ship this basket to ${where}: it offers no shipping method at all (framed glass and oversize pieces, for example, are not sent abroad).`;
        return {
          data: {
            state: "needs_attention",
            nextAttemptAt: null,
            shippingMethodId: null,
            ...attentionFields(attention("SHIPPING_UNAVAILABLE", message, "Correct the address if it is wrong, or change the order with the customer (e.g. without the framed piece), then press Retry; otherwise cancel and refund it in Shopify.")),
          },
          events: [{ type: "error", message }],
        };
      }
      if (error instanceof StudioArtworkNotAllowedError && po.lastError !== "ARTWORK_NOT_ALLOWED") {
        // Uploads made with another studio account: forget them and upload again, once.
        const sources = po.lines.map((l) => l.artworkSourceUrl).filter((s): s is string => Boolean(s));
        await db.artworkUpload.deleteMany({ where: { shopDomain: po.shopDomain, sourceUrl: { in: sources } } });
        await db.printOrderLine.updateMany({ where: { printOrderId: po.id }, data: { artworkUploadUrl: null } });
        return {
          data: { state: "received", nextAttemptAt: new Date(), lastError: "ARTWORK_NOT_ALLOWED" },
          events: [{ type: "artwork_reupload", message: "The studio did not recognise the uploaded artwork (another studio account?); uploading it again." }],
        };
      }
      throw error;
    }
  }
}
