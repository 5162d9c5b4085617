// Phase 1: create the planned orders through the sandbox (orders/paid delivered to the app),
// cancel the "before placement" ones straight away, and redeliver orders/paid three times at once
// for many of them: right after creation for some, after all orders exist for others.
import { burstFaults } from "./fault-plan";
import { errorText, type RunContext } from "./context";
import type { PlannedOrder } from "./plan";
import { runPool } from "./pool";
import { noteDeliveries, track, type TrackedOrder } from "./tracker";

const REDELIVERIES = 3;

async function createOne(ctx: RunContext, plan: PlannedOrder, mapped: Set<string>): Promise<void> {
  const startedAt = Date.now();
  let tracked: TrackedOrder;
  try {
    const created = await ctx.shopify.createOrder(plan.input);
    tracked = track(plan, created.orderId, created.name, startedAt, await ctx.shopify.order(created.orderId), mapped);
    noteDeliveries(tracked, created.deliveries ?? []);
    if ((created.deliveries ?? []).length === 0) tracked.notes.push("the sandbox reported no orders/paid delivery for deliver: true");
    ctx.tracked.push(tracked);
  } catch (error) {
    ctx.violations.push(`harness: planned order #${plan.index} (${plan.kind}) could not be created in the sandbox: ${errorText(error)}`);
    return;
  }
  try {
    if (plan.cancel === "before-placement") {
      tracked.cancelledAt = Date.now();
      noteDeliveries(tracked, await ctx.shopify.cancelOrder(tracked.orderId));
    }
    if (plan.redeliver === "early") noteDeliveries(tracked, await ctx.shopify.redeliverPaid(tracked.orderId, REDELIVERIES));
  } catch (error) {
    ctx.violations.push(`harness: ${tracked.name} (${tracked.orderId}): cancel/redelivery call failed: ${errorText(error)}`);
  }
}

export async function createOrders(ctx: RunContext, plans: PlannedOrder[]): Promise<void> {
  const mapped = new Set(ctx.ready.mappedVariantIds);
  const half = Math.floor(plans.length / 2);
  let started = 0;
  ctx.log(`Creating ${plans.length} orders (${ctx.options.concurrency} at a time, orders/paid delivered to the app)…`);
  await runPool(plans, ctx.options.concurrency, async (plan) => {
    started += 1;
    if (started === half && ctx.options.faults) {
      for (const f of burstFaults()) await ctx.studio.addFault(f).catch((e: unknown) => ctx.violations.push(`harness: could not add burst fault ${JSON.stringify(f)}: ${errorText(e)}`));
      ctx.log(`  bursts of studio faults added after ${half} orders`);
    }
    await createOne(ctx, plan, mapped);
    if (ctx.tracked.length % 25 === 0) ctx.log(`  ${ctx.tracked.length}/${plans.length} orders created`);
  });
  ctx.tracked.sort((a, b) => a.plan.index - b.plan.index);
  const late = ctx.tracked.filter((t) => t.plan.redeliver === "late");
  ctx.log(`Redelivering orders/paid ${REDELIVERIES}× concurrently for ${late.length} more orders (including every cancelled one)…`);
  await runPool(late, ctx.options.concurrency, async (t) => {
    try {
      noteDeliveries(t, await ctx.shopify.redeliverPaid(t.orderId, REDELIVERIES));
    } catch (error) {
      ctx.violations.push(`harness: ${t.name} (${t.orderId}): redelivery failed: ${errorText(error)}`);
    }
  });
}
