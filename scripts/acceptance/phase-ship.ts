// Phase 3: the studio ships every placed order that was not cancelled (a quarter in two parcels);
// then wait (bounded) until each Shopify order shows fulfilments of exactly its print lines with
// the parcels' tracking numbers, and until the orders cancelled after placement are cancelled at
// the studio. Orders planned "after-shipped" are cancelled on Shopify once fulfilled.
import { errorText, type RunContext } from "./context";
import { runPool, waitUntil } from "./pool";
import type { ParcelInput, StudioOrder } from "./studio-surface";
import { fulfilmentComplete, matchStudioOrders, noteDeliveries, type TrackedOrder } from "./tracker";

const CARRIERS: Record<string, { carrier: string; url: string }> = {
  AU: { carrier: "Australia Post", url: "https://auspost.com.au/mypost/track/details/" },
  NZ: { carrier: "NZ Post", url: "https://www.nzpost.co.nz/tools/tracking/item/" },
  GB: { carrier: "Royal Mail", url: "https://www.royalmail.com/track-your-item#/tracking-results/" },
  US: { carrier: "USPS", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=" },
};

export const expectsShipment = (t: TrackedOrder) => t.printLines.size > 0 && ["none", "after-printed", "after-shipped"].includes(t.plan.cancel);
export const expectsFulfilment = (t: TrackedOrder) => t.printLines.size > 0 && ["none", "after-shipped"].includes(t.plan.cancel);

function parcel(t: TrackedOrder, n: number, runTag: string): ParcelInput {
  const country = t.plan.input.shippingAddress.countryCode;
  const c = CARRIERS[country] ?? CARRIERS.AU;
  const trackingNumber = `PS${runTag}${String(t.plan.index).padStart(4, "0")}${n}${country}`;
  return { carrier: c.carrier, trackingNumber, trackingUrl: `${c.url}${trackingNumber}` };
}

/** The studio order to ship: the first one not cancelled (duplicates are reported elsewhere). */
const shippable = (orders: StudioOrder[]) => orders.find((s) => s.status !== "cancelled") ?? null;

async function shipAll(ctx: RunContext): Promise<void> {
  const { byOrder } = matchStudioOrders(await ctx.studio.orders(), ctx.tracked);
  const runTag = String(Date.now() % 100_000).padStart(5, "0");
  const toShip = ctx.tracked.filter(expectsShipment).filter((t) => shippable(byOrder.get(t.orderId) ?? []) !== null);
  ctx.log(`Shipping ${toShip.length} studio orders (${toShip.filter((t) => t.plan.parcels === 2).length} in two parcels)…`);
  await runPool(toShip, 4, async (t) => {
    const studio = shippable(byOrder.get(t.orderId) ?? []);
    if (studio === null) return;
    try {
      for (let n = 1; n <= t.plan.parcels; n += 1) {
        const p = parcel(t, n, runTag);
        await ctx.studio.ship(studio.orderId, p);
        t.parcels.push(p.trackingNumber);
      }
      t.shippedAt = Date.now();
    } catch (error) {
      ctx.violations.push(`harness: ${t.name}: shipping studio order ${studio.orderId} failed: ${errorText(error)}`);
    }
  });
}

async function cancelShipped(ctx: RunContext, t: TrackedOrder): Promise<void> {
  try {
    noteDeliveries(t, await ctx.shopify.cancelOrder(t.orderId));
  } catch (error) {
    ctx.violations.push(`harness: ${t.name} (${t.orderId}): cancelling after shipment failed: ${errorText(error)}`);
  }
}

export async function shipAndAwaitFulfilment(ctx: RunContext): Promise<void> {
  await shipAll(ctx);
  const waiting = ctx.tracked.filter((t) => expectsFulfilment(t) && t.shippedAt !== null);
  const cancelling = ctx.tracked.filter((t) => t.plan.cancel === "after-placement" && t.placedAt !== null);
  const deadline = Date.now() + ctx.options.fulfilmentBaseMs + ctx.options.fulfilmentPerOrderMs * waiting.length;
  const cancels: Array<Promise<void>> = [];
  ctx.log(`Waiting for ${waiting.length} Shopify orders to show their fulfilments, and ${cancelling.length} studio orders to be cancelled…`);
  await waitUntil("fulfilment", deadline, async () => {
    await runPool(waiting.filter((t) => t.fulfilledAt === null), 8, async (t) => {
      t.lastShopify = await ctx.shopify.order(t.orderId);
      if (!fulfilmentComplete(t, t.lastShopify)) return;
      t.fulfilledAt = Date.now();
      if (t.plan.cancel === "after-shipped" && t.cancelledAt === null) {
        t.cancelledAt = Date.now();
        cancels.push(cancelShipped(ctx, t));
      }
    });
    const { byOrder } = matchStudioOrders(await ctx.studio.orders(), ctx.tracked);
    const cancelled = cancelling.filter((t) => (byOrder.get(t.orderId) ?? []).every((s) => s.status === "cancelled")).length;
    const fulfilled = waiting.filter((t) => t.fulfilledAt !== null).length;
    return { done: fulfilled === waiting.length && cancelled === cancelling.length, progress: `${fulfilled}/${waiting.length} fulfilled on Shopify, ${cancelled}/${cancelling.length} cancelled at the studio` };
  }, ctx.log, 2_000);
  await Promise.all(cancels);
}
