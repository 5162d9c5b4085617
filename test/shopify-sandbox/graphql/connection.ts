// Relay connections over in-memory lists: first/after, last/before, reverse.
export interface ConnectionArgs { first?: number | null; after?: string | null; last?: number | null; before?: string | null; reverse?: boolean | null }

export class PagingError extends Error {}

function cursorOf(key: string | number): string {
  return Buffer.from(JSON.stringify({ last_id: key }), "utf8").toString("base64");
}

function keyOf(cursor: string): string | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as { last_id?: unknown };
    return parsed.last_id === undefined ? null : String(parsed.last_id);
  } catch {
    return null;
  }
}

export function connection<T>(items: T[], args: ConnectionArgs, key: (item: T) => string | number, view: (item: T) => unknown): Record<string, unknown> {
  if (args.first == null && args.last == null) throw new PagingError("you must provide one of first or last");
  if ((args.first ?? 0) > 250 || (args.last ?? 0) > 250) throw new PagingError("The first or last argument must be at most 250");
  let list = args.reverse ? [...items].reverse() : [...items];
  const start = args.after ? list.findIndex((i) => String(key(i)) === keyOf(args.after ?? "")) + 1 : 0;
  let end = list.length;
  if (args.before) {
    const idx = list.findIndex((i) => String(key(i)) === keyOf(args.before ?? ""));
    if (idx >= 0) end = idx;
  }
  list = list.slice(start, end);
  const windowSize = list.length;
  if (args.first != null) list = list.slice(0, Math.max(0, args.first));
  if (args.last != null) list = list.slice(Math.max(0, list.length - args.last));
  const edges = list.map((item) => ({ cursor: cursorOf(key(item)), node: view(item) }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasNextPage: args.first != null ? windowSize > list.length : end < items.length,
      hasPreviousPage: args.last != null ? windowSize > list.length : start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/** Lists that Shopify exposes as a plain list with `first` (e.g. Order.fulfillments, trackingInfo). */
export function firstOf<T>(items: T[], first: number | null | undefined): T[] {
  return first == null ? items : items.slice(0, Math.max(0, first));
}
