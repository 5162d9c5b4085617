// Read side of the Orders pages: a keyset-paged list (newest first, filter by state, search by the
// Shopify order name) and one order's detail with its timeline, lines, parcels and totals. Every
// query is scoped by the session's shop: another shop's id reads as not found.
import { notFound } from "./responses.server";
import db from "~/db.server";
import { isKnownState, PRINT_ORDER_STATES } from "./format";

export const ORDER_PAGE_SIZE = 25;

export interface OrderListArgs { state: string | null; search: string; after: string | null; before: string | null }

/** The studio's currency of each order, from its quote (the print order row keeps Shopify's currency). */
async function studioCurrencies(ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const events = await db.printOrderEvent.findMany({ where: { printOrderId: { in: ids }, type: { in: ["quoted", "placed"] } }, select: { printOrderId: true, data: true } });
  const out = new Map<string, string>();
  for (const e of events) {
    try {
      const currency = (JSON.parse(e.data ?? "{}") as { currency?: unknown }).currency;
      if (typeof currency === "string") out.set(e.printOrderId, currency);
    } catch {
      /* a row without readable data has no currency */
    }
  }
  return out;
}

export async function listPrintOrders(shop: string, args: OrderListArgs) {
  const search = args.search.trim().replace(/^#/, "");
  const where = {
    shopDomain: shop,
    ...(args.state ? { state: args.state } : {}),
    ...(search ? { shopifyOrderName: { contains: search } } : {}),
  };
  const backwards = Boolean(args.before);
  const cursor = args.before ?? args.after;
  const rows = await db.printOrder.findMany({
    where,
    orderBy: [{ createdAt: backwards ? "asc" : "desc" }, { id: backwards ? "asc" : "desc" }],
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    take: ORDER_PAGE_SIZE + 1,
    select: {
      id: true, shopifyOrderName: true, state: true, studioStatus: true, studioOrderNumber: true, attentionCode: true, attentionMessage: true,
      quoteTotalCents: true, studioTotalCents: true, createdAt: true, environment: true, _count: { select: { lines: true } },
    },
  });
  const more = rows.length > ORDER_PAGE_SIZE;
  const page = rows.slice(0, ORDER_PAGE_SIZE);
  if (backwards) page.reverse();
  const [counts, currencies] = await Promise.all([
    db.printOrder.groupBy({ by: ["state"], where: { shopDomain: shop }, _count: { _all: true } }),
    studioCurrencies(page.map((r) => r.id)),
  ]);
  return {
    orders: page.map((r) => ({
      id: r.id,
      name: r.shopifyOrderName,
      state: r.state,
      studioStatus: r.studioStatus,
      studioOrderNumber: r.studioOrderNumber,
      attention: r.attentionCode ? (r.attentionMessage ?? r.attentionCode) : null,
      totalCents: r.studioTotalCents ?? r.quoteTotalCents,
      currency: currencies.get(r.id) ?? null,
      lines: r._count.lines,
      createdAt: r.createdAt.toISOString(),
      test: r.environment === "test",
    })),
    pageInfo: {
      hasNextPage: backwards ? Boolean(cursor) : more,
      hasPreviousPage: backwards ? more : Boolean(cursor),
      startCursor: page[0]?.id ?? null,
      endCursor: page[page.length - 1]?.id ?? null,
    },
    stateCounts: Object.fromEntries(counts.map((c) => [c.state, c._count._all])) as Record<string, number>,
    knownStates: PRINT_ORDER_STATES,
  };
}

const json = <T>(raw: string | null, fallback: T): T => {
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
};

/** Throws a 404 unless the print order exists in this shop. */
export async function requirePrintOrder(shop: string, id: string | undefined): Promise<string> {
  const found = id && id.length <= 64 ? await db.printOrder.findFirst({ where: { id, shopDomain: shop }, select: { id: true } }) : null;
  if (!found) throw notFound("No such print order in this shop.");
  return found.id;
}

/** One print order of this shop, or a 404 (unknown id or another shop's order). */
export async function getPrintOrderDetail(shop: string, id: string | undefined) {
  if (!id || id.length > 64) throw notFound("No such print order in this shop.");
  const po = await db.printOrder.findFirst({
    where: { id, shopDomain: shop },
    include: { lines: { orderBy: { position: "asc" } }, events: { orderBy: { at: "asc" } }, shipments: { orderBy: { createdAt: "asc" } } },
  });
  if (!po) throw notFound("No such print order in this shop.");
  const currency = (await studioCurrencies([po.id])).get(po.id) ?? null;
  return {
    id: po.id,
    name: po.shopifyOrderName,
    shopifyOrderId: po.shopifyOrderGid.slice(po.shopifyOrderGid.lastIndexOf("/") + 1),
    state: po.state,
    knownState: isKnownState(po.state),
    studioStatus: po.studioStatus,
    studioOrderNumber: po.studioOrderNumber,
    attention: po.attentionCode ? { code: po.attentionCode, message: po.attentionMessage, action: po.attentionAction } : null,
    refundDecision: po.refundDecision,
    environment: po.environment,
    email: po.email,
    shippingAddress: json<Record<string, string | null> | null>(po.shippingAddress, null),
    shippingLine: json<{ title?: string } | null>(po.shippingLine, null),
    currency,
    quoteTotalCents: po.quoteTotalCents,
    studioTotalCents: po.studioTotalCents,
    cancelRequestedAt: po.cancelRequestedAt?.toISOString() ?? null,
    submitAfter: po.submitAfter?.toISOString() ?? null,
    nextAttemptAt: po.nextAttemptAt?.toISOString() ?? null,
    lastError: po.lastError,
    createdAt: po.createdAt.toISOString(),
    lines: po.lines.map((l) => ({
      id: l.id, title: l.title, quantity: l.quantity, studioQuantity: l.studioQuantity, productSlug: l.productSlug,
      selections: json<Record<string, string>>(l.variantSelections, {}), unitPriceCents: l.unitPriceCents, amountCents: l.amountCents,
      artworkUploaded: Boolean(l.artworkUploadUrl), fulfilledByHand: l.fulfilledByHand,
    })),
    events: po.events.map((e) => ({ id: e.id, at: e.at.toISOString(), type: e.type, message: e.message, data: json<Record<string, unknown>>(e.data, {}) })),
    shipments: po.shipments.map((s) => ({ id: s.id, trackingNumber: s.trackingNumber, carrier: s.carrier, trackingUrl: s.trackingUrl, shippedAt: s.shippedAt, written: Boolean(s.writtenAt) })),
  };
}
export type PrintOrderDetail = Awaited<ReturnType<typeof getPrintOrderDetail>>;
