// After the count: were the lost orders only slow, or stuck? Keeps watching the studio for them
// (bounded) and says which appeared and when. Figures and violations are not changed by this.
import type { RunContext } from "./context";
import { expectsPlacement } from "./phase-place";
import { waitUntil } from "./pool";
import { matchStudioOrders } from "./tracker";

export async function watchLostOrders(ctx: RunContext): Promise<string[]> {
  const byId = async () => matchStudioOrders(await ctx.studio.orders(), ctx.tracked).byOrder;
  const initial = await byId();
  const lost = ctx.tracked.filter((t) => expectsPlacement(t) && (initial.get(t.orderId) ?? []).length === 0);
  if (lost.length === 0 || ctx.options.lateWatchMs <= 0) return [];
  const since = Date.now();
  const seenAt = new Map<string, number>();
  ctx.log(`Watching ${lost.length} lost orders for up to ${Math.round(ctx.options.lateWatchMs / 1000)} s more (slow or stuck?)…`);
  await waitUntil("late placement", since + ctx.options.lateWatchMs, async () => {
    const now = await byId();
    for (const t of lost) if (!seenAt.has(t.orderId) && (now.get(t.orderId) ?? []).length > 0) seenAt.set(t.orderId, Date.now());
    return { done: seenAt.size === lost.length, progress: `${seenAt.size}/${lost.length} lost orders placed late` };
  }, ctx.log, 3_000, 15_000);
  return lost.map((t) => {
    const at = seenAt.get(t.orderId);
    const sinceCreated = (ms: number) => `${((ms - t.startedAt) / 1000).toFixed(0)} s after it was created`;
    return at === undefined
      ? `Lost ${t.name} (${t.orderId}): still no studio order ${sinceCreated(Date.now())}`
      : `Lost ${t.name} (${t.orderId}): placed late, ${sinceCreated(at)}`;
  });
}
