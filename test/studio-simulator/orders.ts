// POST /orders, GET /orders, GET /orders/{id}, POST /orders/{id}/cancel.
import { isoOrNull } from "./clock";
import type { Caller, Sim } from "./context";
import { ApiError, dataReply, notFound, validationError, type Reply } from "./envelope";
import { newId } from "./ids";
import { cancel, cancelRefusals, orderView } from "./order-lifecycle";
import type { StoredOrder } from "./store";
import { Checker, isObject } from "./validation";

export function placeOrder(sim: Sim, caller: Caller, body: unknown, idempotencyKey: string): Reply {
  if (!isObject(body)) throw validationError([{ path: "", message: "body must be a JSON object" }]);
  const c = new Checker();
  const quoteId = c.string(body, "quoteId", "", { required: true, max: 64 });
  const specialInstructions = c.string(body, "specialInstructions", "", { nullable: true, max: 2000 }) ?? null;
  c.throwIfAny();
  const { state, clock } = sim;
  const { account, key } = caller;
  const quote = state.quotes.get(quoteId as string);
  if (!quote || quote.accountId !== account.accountId) throw notFound("quote");
  if (quote.environment !== key.environment) {
    throw new ApiError(400, "QUOTE_ENVIRONMENT_MISMATCH", `Quote ${quote.quoteId} was priced by a ${quote.environment} key and cannot be ordered with a ${key.environment} key.`);
  }
  if (quote.consumedAt !== null) {
    throw new ApiError(409, "QUOTE_ALREADY_ORDERED", `Quote ${quote.quoteId} has already produced an order.`, { orderId: quote.orderId });
  }
  const now = clock.now();
  if (now >= quote.expiresAt) {
    throw new ApiError(409, "QUOTE_EXPIRED", `Quote ${quote.quoteId} expired at ${isoOrNull(quote.expiresAt)}; price the basket again.`, { expiresAt: isoOrNull(quote.expiresAt) });
  }
  if (account.creditLimitCents !== null) {
    const outstandingCents = state.outstandingCents(account.accountId, key.environment);
    if (outstandingCents + quote.totalCents > account.creditLimitCents) {
      throw new ApiError(402, "CREDIT_LIMIT_EXCEEDED", "This order would take the trade account past its credit limit.", {
        outstandingCents, limitCents: account.creditLimitCents,
        availableCents: Math.max(0, account.creditLimitCents - outstandingCents), orderCents: quote.totalCents,
      });
    }
  }
  const orderId = newId("ord");
  const invoiceId = newId("inv", 8);
  const order: StoredOrder = {
    orderId, orderNumber: `#${state.orderNumberNext++}`, seq: ++state.orderSeq, accountId: account.accountId, environment: key.environment,
    status: "received", quote, specialInstructions, idempotencyKey, shipments: [], printed: false, printedAt: null, payments: [],
    invoiceId, createdAt: now, updatedAt: now,
  };
  state.invoices.set(invoiceId, { invoiceId, orderId, accountId: account.accountId, environment: key.environment, amountCents: quote.totalCents, voided: false, createdAt: now });
  state.orders.set(orderId, order);
  quote.consumedAt = now;
  quote.orderId = orderId;
  sim.events.emit(order, "order.received");
  return dataReply(201, orderView(order));
}

function ownOrder(sim: Sim, caller: Caller, id: string): StoredOrder {
  const order = sim.state.orders.get(id);
  if (!order || order.accountId !== caller.account.accountId || order.environment !== caller.key.environment) throw notFound("order");
  return order;
}

export function getOrder(sim: Sim, caller: Caller, id: string): Reply {
  return dataReply(200, orderView(ownOrder(sim, caller, id)));
}

const encodeCursor = (seq: number): string => Buffer.from(JSON.stringify({ v: 1, before: seq })).toString("base64url");

function decodeCursor(cursor: string): number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (isObject(parsed) && parsed.v === 1 && Number.isSafeInteger(parsed.before)) return parsed.before as number;
  } catch {
    // fall through to the validation error
  }
  throw validationError([{ path: "cursor", message: "is not a cursor returned by GET /orders" }]);
}

export function listOrders(sim: Sim, caller: Caller, query: URLSearchParams): Reply {
  let limit = 25;
  const rawLimit = query.get("limit");
  if (rawLimit !== null) {
    if (!/^\d+$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > 100) {
      throw validationError([{ path: "limit", message: "must be an integer from 1 to 100" }]);
    }
    limit = Number(rawLimit);
  }
  const cursor = query.get("cursor");
  const before = cursor ? decodeCursor(cursor) : Number.MAX_SAFE_INTEGER;
  const mine = [...sim.state.orders.values()]
    .filter((o) => o.accountId === caller.account.accountId && o.environment === caller.key.environment && o.seq < before)
    .sort((a, b) => b.seq - a.seq);
  const page = mine.slice(0, limit);
  const nextCursor = mine.length > limit ? encodeCursor(page[page.length - 1].seq) : null;
  return dataReply(200, page.map(orderView), { nextCursor });
}

const REASON_TEXT: Record<string, string> = {
  shipped: "the studio has already shipped it",
  printed: "the studio has already printed the artwork",
  payment_recorded: "money has been recorded against its invoice",
};

export function cancelOrder(sim: Sim, caller: Caller, id: string): Reply {
  const order = ownOrder(sim, caller, id);
  if (order.status !== "cancelled") {
    const reasons = cancelRefusals(order);
    if (reasons.length > 0) {
      throw new ApiError(409, "ORDER_NOT_CANCELLABLE", `Order ${order.orderNumber} cannot be cancelled: ${reasons.map((r) => REASON_TEXT[r]).join("; ")}.`, { reasons });
    }
    cancel(sim, order);
  }
  return dataReply(200, orderView(order));
}
