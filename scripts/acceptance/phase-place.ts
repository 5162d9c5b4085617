// Phase 2: wait (bounded) until every order with print lines has a studio order. Faults are cleared
// once most are placed; orders planned to be cancelled after placement are cancelled on Shopify as
// soon as their studio order shows (one of them after the studio recorded it as printed).
import { errorText, type RunContext } from "./context";
import { waitUntil } from "./pool";
import type { StudioOrder } from "./studio-surface";
import { isMappable, matchStudioOrders, noteDeliveries, type TrackedOrder } from "./tracker";

const FAULT_TAIL_MS = 45_000;

export const expectsPlacement = (t: TrackedOrder) => isMappable(t) && t.plan.cancel !== "before-placement";

function firstCreated(orders: StudioOrder[], offsetMs: number): number {
  return Math.min(...orders.map((s) => Date.parse(s.createdAt) - offsetMs).filter((n) => Number.isFinite(n)), Date.now());
}

async function cancelAfterPlacement(ctx: RunContext, t: TrackedOrder, studio: StudioOrder): Promise<void> {
  try {
    if (t.plan.cancel === "after-printed") await ctx.studio.markPrinted(studio.orderId);
    t.cancelledAt = Date.now();
    noteDeliveries(t, await ctx.shopify.cancelOrder(t.orderId));
  } catch (error) {
    ctx.violations.push(`harness: ${t.name} (${t.orderId}): cancelling after placement failed: ${errorText(error)}`);
  }
}

export async function awaitPlacement(ctx: RunContext): Promise<void> {
  const expected = ctx.tracked.filter(expectsPlacement);
  const deadline = Date.now() + ctx.options.placementBaseMs + ctx.options.placementPerOrderMs * expected.length;
  const creationEnded = Date.now();
  let faultsOn = ctx.options.faults;
  const cancels: Array<Promise<void>> = [];
  ctx.log(`Waiting for ${expected.length} orders with print lines to be placed at the studio…`);
  await waitUntil("placement", deadline, async () => {
    const studioOrders = await ctx.studio.orders();
    const { byOrder } = matchStudioOrders(studioOrders, ctx.tracked);
    let placed = 0;
    let multiple = 0;
    for (const t of expected) {
      const found = byOrder.get(t.orderId) ?? [];
      if (found.length === 0) continue;
      placed += 1;
      if (found.length > 1) multiple += 1;
      if (t.placedAt === null) {
        t.placedAt = firstCreated(found, ctx.clockOffsetMs);
        if ((t.plan.cancel === "after-placement" || t.plan.cancel === "after-printed") && t.cancelledAt === null) {
          t.cancelledAt = Date.now();
          cancels.push(cancelAfterPlacement(ctx, t, found[0]));
        }
      }
    }
    if (faultsOn && (placed >= expected.length * 0.6 || Date.now() - creationEnded > FAULT_TAIL_MS)) {
      await ctx.studio.clearFaults();
      faultsOn = false;
      ctx.log(`  studio faults cleared (${placed}/${expected.length} placed)`);
    }
    return { done: placed === expected.length, progress: `${placed}/${expected.length} placed, ${multiple} with more than one studio order, ${studioOrders.length} studio orders in all` };
  }, ctx.log);
  ctx.placementEndedAt = Date.now();
  if (faultsOn) await ctx.studio.clearFaults().catch((e: unknown) => ctx.violations.push(`harness: clearing faults failed: ${errorText(e)}`));
  await Promise.all(cancels);
}
