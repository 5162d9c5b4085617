// The final count, on a fresh snapshot of both control surfaces: studio orders per Shopify order,
// their lines, fulfilments per order, lines fulfilled, cancellations, webhook answers. Every rule
// broken becomes one violation line naming the orders involved.
import { errorText, type RunContext } from "./context";
import { expectsPlacement } from "./phase-place";
import { expectsFulfilment } from "./phase-ship";
import { runPool } from "./pool";
import type { StudioOrder } from "./studio-surface";
import { fulfilledQuantities, isActiveFulfilment, isMappable, matchStudioOrders, sameMap, studioQuantities, trackingNumbers, type TrackedOrder } from "./tracker";

export interface Figures {
  shopifyOrders: number;
  byKind: Record<string, number>;
  studioOrders: number;
  studioPerOrder: { mappable: Record<string, number>; unmapped: Record<string, number> };
  fulfilmentsPerOrder: Record<string, number>;
  linesExpected: number;
  linesFulfilled: number;
  otherLinesFulfilled: number;
  lost: number;
  duplicates: number;
  placementMs: number[];
  fulfilmentMs: number[];
  webhookStatuses: Record<string, number>;
  cancellations: Record<string, string[]>;
}

const bump = (h: Record<string, number>, key: string | number, by = 1) => (h[String(key)] = (h[String(key)] ?? 0) + by);
const describe = (s: StudioOrder) => `${s.orderId}${s.orderNumber ? ` ${s.orderNumber}` : ""} [${s.status}${typeof s.idempotencyKey === "string" ? `, key ${s.idempotencyKey}` : ""}]`;
const who = (t: TrackedOrder) =>
  `${t.name} (${t.orderId}, plan #${t.plan.index} ${t.plan.kind} to ${t.plan.input.shippingAddress.countryCode}${t.plan.cancel !== "none" ? `, cancel ${t.plan.cancel}` : ""})`;
const mapText = (m: Map<string, number>) => JSON.stringify(Object.fromEntries(m));

function checkStudioSide(t: TrackedOrder, studio: StudioOrder[], v: string[], f: Figures): void {
  const live = studio.filter((s) => s.status !== "cancelled");
  if (!isMappable(t)) {
    if (studio.length > 0) v.push(`${who(t)} has no print lines but reached the studio: ${studio.map(describe).join("; ")}`);
    return;
  }
  if (studio.length > 1) {
    f.duplicates += 1;
    v.push(`${who(t)}: ${studio.length} studio orders for one Shopify order (expected exactly 1): ${studio.map(describe).join("; ")}`);
  }
  if (t.plan.cancel === "before-placement") {
    if (live.length > 0) v.push(`${who(t)} was cancelled on Shopify before placement, yet has a live studio order: ${live.map(describe).join("; ")}`);
  } else if (studio.length === 0) {
    f.lost += 1;
    v.push(`${who(t)}: LOST — no studio order (expected exactly 1 with lines ${mapText(t.printLines)})`);
  }
  if (t.plan.cancel === "after-placement" && live.length > 0) v.push(`${who(t)} was cancelled on Shopify after placement; its studio order is still ${live.map(describe).join("; ")} (expected cancelled)`);
  if (t.plan.cancel === "after-printed" && studio.some((s) => s.status === "cancelled")) v.push(`${who(t)}: a printed studio order shows cancelled: ${studio.map(describe).join("; ")}`);
  for (const s of studio) {
    if (!sameMap(studioQuantities(s), t.printLines)) v.push(`${who(t)}: studio order ${describe(s)} lines ${mapText(studioQuantities(s))} differ from the print lines ${mapText(t.printLines)} (externalReference -> quantity)`);
    if (s.environment !== undefined && s.environment !== "test") v.push(`${who(t)}: studio order ${describe(s)} was placed in environment ${s.environment} (the demo wires a test key)`);
  }
}

function checkShopifySide(t: TrackedOrder, v: string[], f: Figures): void {
  const order = t.lastShopify;
  if (order === null) return;
  const fulfilled = fulfilledQuantities(order);
  for (const id of t.otherLines.keys()) {
    const q = fulfilled.get(id) ?? 0;
    f.otherLinesFulfilled += q;
    if (q > 0) v.push(`${who(t)}: line ${id} is not a print line but ${q} were fulfilled`);
  }
  const active = order.fulfillments.filter(isActiveFulfilment);
  if (expectsFulfilment(t)) {
    for (const [id, q] of t.printLines) {
      const got = fulfilled.get(id) ?? 0;
      f.linesExpected += q;
      f.linesFulfilled += Math.min(got, q);
      // An order never shipped is already reported (lost); its lines are counted, not listed again.
      if (got !== q && t.shippedAt !== null) v.push(`${who(t)}: print line ${id} ordered ${q}, fulfilled ${got}`);
    }
    if (t.shippedAt === null) return;
    bump(f.fulfilmentsPerOrder, active.length);
    if (active.length > 1) v.push(`${who(t)}: ${active.length} fulfilments (expected one fulfilment of the print lines): ${active.map((x) => x.id).join(", ")}`);
    const numbers = trackingNumbers(order);
    const parcels = [...t.parcels].sort().join(",");
    if ([...new Set(numbers)].sort().join(",") !== parcels || numbers.length !== new Set(numbers).size) v.push(`${who(t)}: tracking numbers on Shopify ${JSON.stringify(numbers)} differ from the studio parcels ${JSON.stringify(t.parcels)}`);
  } else if (t.plan.cancel !== "after-printed" && active.length > 0) {
    v.push(`${who(t)}: expected no fulfilment, found ${active.length}: ${active.map((x) => `${x.id} ${JSON.stringify(x.lineItems)}`).join("; ")}`);
  }
}

function checkWebhooks(ctx: RunContext, f: Figures): void {
  const bad = new Map<string, string[]>();
  for (const t of ctx.tracked) {
    for (const s of t.webhookStatuses) {
      bump(f.webhookStatuses, s ?? "no answer");
      if (s === null || s < 200 || s > 299) bad.set(String(s), [...(bad.get(String(s)) ?? []), t.name]);
    }
  }
  for (const [status, names] of bad) ctx.violations.push(`the app answered ${names.length} Shopify webhook deliveries with ${status} (Shopify retries and eventually drops such subscriptions); orders: ${[...new Set(names)].slice(0, 12).join(", ")}`);
}

export async function verdict(ctx: RunContext): Promise<Figures> {
  const f: Figures = {
    shopifyOrders: ctx.tracked.length, byKind: {}, studioOrders: 0, studioPerOrder: { mappable: {}, unmapped: {} }, fulfilmentsPerOrder: {},
    linesExpected: 0, linesFulfilled: 0, otherLinesFulfilled: 0, lost: 0, duplicates: 0, placementMs: [], fulfilmentMs: [], webhookStatuses: {}, cancellations: {},
  };
  // An order cancelled after its fulfilment keeps the snapshot taken when it was fulfilled.
  await runPool(ctx.tracked.filter((t) => !(t.plan.cancel === "after-shipped" && t.fulfilledAt !== null)), 8, async (t) => {
    try {
      t.lastShopify = await ctx.shopify.order(t.orderId);
    } catch (error) {
      ctx.violations.push(`harness: reading ${t.name} (${t.orderId}) failed: ${errorText(error)}`);
    }
  });
  const studioOrders = await ctx.studio.orders();
  const { byOrder, orphans, straddlers } = matchStudioOrders(studioOrders, ctx.tracked);
  f.studioOrders = studioOrders.length;
  for (const s of orphans) ctx.violations.push(`studio order ${describe(s)} names no line of any Shopify order made by the harness (externalReferences ${JSON.stringify(s.lines.map((l) => l.externalReference))})`);
  for (const { studio, shopifyOrders } of straddlers) ctx.violations.push(`studio order ${describe(studio)} mixes lines of several Shopify orders: ${shopifyOrders.join(", ")}`);
  for (const t of ctx.tracked) {
    const studio = byOrder.get(t.orderId) ?? [];
    bump(f.byKind, t.plan.kind);
    bump(isMappable(t) ? f.studioPerOrder.mappable : f.studioPerOrder.unmapped, studio.length);
    if (t.plan.cancel !== "none") (f.cancellations[t.plan.cancel] ??= []).push(`${t.name}: studio ${studio.map((s) => s.status).join("+") || "none"}, Shopify fulfilments ${t.lastShopify?.fulfillments.length ?? "?"}`);
    checkStudioSide(t, studio, ctx.violations, f);
    checkShopifySide(t, ctx.violations, f);
    if (expectsPlacement(t) && t.placedAt !== null) f.placementMs.push(t.placedAt - t.startedAt);
    if (t.fulfilledAt !== null && t.shippedAt !== null) f.fulfilmentMs.push(t.fulfilledAt - t.shippedAt);
  }
  checkWebhooks(ctx, f);
  return f;
}
