import { z } from "zod";
import { canonicalJson } from "../canonical-json";
import { StudioResponseError, StudioUsageError } from "../errors";
import { studioCall, type StudioHttpContext } from "../http.server";
import { OrderSchema, type Order, type OrderRequest } from "../schemas";
import { idSegment, type RequestOptions } from "./options";

export interface CreateOrderOptions extends RequestOptions {
  /** Required by the studio; max 255 chars. Make it a pure function of what is being ordered. */
  idempotencyKey: string;
}
export interface ListOrdersParams extends RequestOptions {
  /** Page size, 1-100 (studio default 25). */
  limit?: number;
}
export interface OrderPage {
  data: Order[];
  /** Cursor of the next page, or null when this was the last page. */
  nextCursor: string | null;
}
/** Iterates every order (newest first) across pages; `.pages()` iterates the pages themselves. */
export interface OrderList extends AsyncIterable<Order> {
  pages(): AsyncIterable<OrderPage>;
}

const OrderListSchema = z.array(OrderSchema);

function usage(message: string): StudioUsageError {
  return new StudioUsageError({ code: "CLIENT_USAGE", status: null, message });
}

/** The last page may be marked by null, "", a missing cursor, or an empty page ("not shown" in the spec). */
function cursorOf(raw: unknown): string | null {
  return typeof raw === "string" && raw.length > 0 ? raw : null;
}

export function ordersResource(ctx: StudioHttpContext) {
  async function listPage(params: ListOrdersParams & { cursor?: string | null } = {}): Promise<OrderPage> {
    const { limit, cursor, signal } = params;
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100)) throw usage("orders.list: limit must be an integer from 1 to 100");
    const res = await studioCall(ctx, { method: "GET", path: "/orders", query: { limit, cursor: cursor ?? undefined }, schema: OrderListSchema, signal });
    return { data: res.data, nextCursor: cursorOf(res.nextCursor) };
  }

  async function* pages(params: ListOrdersParams): AsyncGenerator<OrderPage> {
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (;;) {
      const page = await listPage({ ...params, cursor });
      yield page;
      if (page.data.length === 0 || page.nextCursor === null) return;
      if (seen.has(page.nextCursor)) {
        throw new StudioResponseError({ code: "INVALID_RESPONSE", status: 200, message: "Studio GET /orders repeated a cursor; stopping to avoid an endless listing", details: { issues: ["nextCursor repeated"] }, method: "GET", path: "/orders" });
      }
      seen.add(page.nextCursor);
      cursor = page.nextCursor;
    }
  }

  return {
    /**
     * POST /orders. The body is serialised canonically once; every retry (5xx, reset, 429, in-flight
     * 409) re-sends the same bytes with the same Idempotency-Key, so the studio replays instead of
     * creating a second order.
     */
    async create(body: OrderRequest, opts: CreateOrderOptions): Promise<Order> {
      const key = opts?.idempotencyKey;
      if (typeof key !== "string" || key.length < 1 || key.length > 255) throw usage("orders.create: idempotencyKey must be a string of 1 to 255 characters");
      const call = { method: "POST" as const, path: "/orders", body: canonicalJson(body), headers: { "idempotency-key": key }, schema: OrderSchema, signal: opts.signal };
      return (await studioCall(ctx, call)).data;
    },
    async get(orderId: string, opts: RequestOptions = {}): Promise<Order> {
      return (await studioCall(ctx, { method: "GET", path: `/orders/${idSegment(orderId)}`, schema: OrderSchema, signal: opts.signal })).data;
    },
    /** POST /orders/{id}/cancel: refused with ORDER_NOT_CANCELLABLE once shipped, printed or paid. */
    async cancel(orderId: string, opts: RequestOptions = {}): Promise<Order> {
      return (await studioCall(ctx, { method: "POST", path: `/orders/${idSegment(orderId)}/cancel`, schema: OrderSchema, signal: opts.signal })).data;
    },
    listPage,
    list(params: ListOrdersParams = {}): OrderList {
      return {
        pages: () => pages(params),
        async *[Symbol.asyncIterator]() {
          for await (const page of pages(params)) yield* page.data;
        },
      };
    },
  };
}
