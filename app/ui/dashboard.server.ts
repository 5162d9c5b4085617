// Home: health at a glance. Print orders by state over the last 7 days, the needs-attention queue,
// the setup doctor (key, webhook secret, first studio webhook, invalid mappings, variants that sold
// without a print configuration) and studio spend this month by day.
import db from "~/db.server";
import { getShopSettings } from "~/models/shop-settings.server";
import { getMappingsForVariants } from "~/models/variant-mapping.server";
import { getRecentPaidOrders, type AdminGraphql } from "~/shopify/products.server";
import { legacyId } from "./format";

const ATTENTION_STATES = ["needs_attention", "awaiting_approval", "waiting_credit"];
const DAY_MS = 86_400_000;

async function unmappedSold(shop: string, graphql: AdminGraphql, since: Date) {
  try {
    const orders = await getRecentPaidOrders(graphql, since.toISOString());
    const sold = new Map<string, { variantId: string; title: string; orders: string[] }>();
    for (const o of orders)
      for (const l of o.lines) {
        if (!l.variantId) continue;
        const entry = sold.get(l.variantId) ?? { variantId: legacyId(l.variantId), title: [l.title, l.variantTitle].filter((t) => t && t !== "Default Title").join(" — "), orders: [] };
        if (!entry.orders.includes(o.name)) entry.orders.push(o.name);
        sold.set(l.variantId, entry);
      }
    const mapped = await getMappingsForVariants(shop, [...sold.keys()]);
    return { ok: true as const, variants: [...sold.entries()].filter(([gid]) => !mapped.has(gid)).map(([, v]) => v).slice(0, 10) };
  } catch (error) {
    return { ok: false as const, message: error instanceof Error ? error.message : "Shopify's recent orders could not be read." };
  }
}

export async function dashboardData(shop: string, graphql: AdminGraphql, now = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [settings, byState, queue, queueCount, placed, mappingCounts, nothingToPrint, sold] = await Promise.all([
    getShopSettings(shop),
    db.printOrder.groupBy({ by: ["state"], where: { shopDomain: shop, createdAt: { gte: weekAgo } }, _count: { _all: true } }),
    db.printOrder.findMany({
      where: { shopDomain: shop, OR: [{ state: { in: ATTENTION_STATES } }, { refundDecision: "pending" }] },
      orderBy: [{ createdAt: "desc" }],
      take: 10,
      select: { id: true, shopifyOrderName: true, state: true, attentionCode: true, attentionMessage: true, attentionAction: true, refundDecision: true, createdAt: true },
    }),
    db.printOrder.count({ where: { shopDomain: shop, OR: [{ state: { in: ATTENTION_STATES } }, { refundDecision: "pending" }] } }),
    db.printOrder.findMany({
      where: { shopDomain: shop, placedAt: { gte: monthStart }, studioTotalCents: { not: null }, state: { not: "cancelled" } },
      select: { id: true, placedAt: true, studioTotalCents: true },
    }),
    db.variantMapping.groupBy({ by: ["status"], where: { shopDomain: shop }, _count: { _all: true } }),
    db.printOrder.count({ where: { shopDomain: shop, state: "nothing_to_print", createdAt: { gte: weekAgo } } }),
    unmappedSold(shop, graphql, new Date(now.getTime() - 30 * DAY_MS)),
  ]);

  const days = now.getUTCDate();
  const perDay = Array.from({ length: days }, () => 0);
  for (const p of placed) if (p.placedAt) perDay[p.placedAt.getUTCDate() - 1] += p.studioTotalCents ?? 0;
  let currency: string | null = null;
  if (placed.length) {
    const e = await db.printOrderEvent.findFirst({ where: { printOrderId: { in: placed.slice(0, 20).map((p) => p.id) }, type: { in: ["quoted", "placed"] }, data: { contains: "currency" } }, select: { data: true } });
    try {
      const c = (JSON.parse(e?.data ?? "{}") as { currency?: unknown }).currency;
      currency = typeof c === "string" ? c : null;
    } catch {
      currency = null;
    }
  }
  const count = (s: string) => mappingCounts.find((c) => c.status === s)?._count._all ?? 0;
  return {
    environment: settings.studioEnvironment,
    byState: Object.fromEntries(byState.map((b) => [b.state, b._count._all])) as Record<string, number>,
    queue: queue.map((q) => ({
      id: q.id, name: q.shopifyOrderName, state: q.state, createdAt: q.createdAt.toISOString(),
      reason: q.refundDecision === "pending" ? "The studio cancelled this order." : q.attentionMessage ?? (q.state === "awaiting_approval" ? "Waiting for your approval (manual submission)." : q.state === "waiting_credit" ? "The studio account is over its credit limit." : q.attentionCode ?? "Needs a look."),
      action: q.refundDecision === "pending" ? "Record whether you refunded or reprinted." : q.attentionAction ?? (q.state === "awaiting_approval" ? "Approve it to send it to the studio." : "Open the order."),
    })),
    queueCount,
    spend: { currency, totalCents: perDay.reduce((a, b) => a + b, 0), perDay, orders: placed.length },
    doctor: {
      hasKey: settings.hasStudioKey,
      hasWebhookSecret: settings.hasWebhookSecret,
      lastStudioWebhookAt: settings.lastStudioWebhookAt?.toISOString() ?? null,
      mapped: count("mapped"),
      invalid: count("invalid"),
      nothingToPrint,
      unmappedSold: sold,
    },
  };
}
