// Public API dispatch under /api/print/v1: auth -> failed-auth limit -> rate limit -> scope -> faults -> handler.
import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticate } from "./auth";
import type { Caller } from "./context";
import { ApiError, dataReply, errorReply, internalError, validationError, writeReply, type Reply } from "./envelope";
import type { Fault } from "./faults";
import { canonicalJson } from "./idempotency";
import { safeDecode } from "./ids";
import { cancelOrder, getOrder, listOrders, placeOrder } from "./orders";
import { createQuote, getQuote } from "./quotes";
import type { Simulator } from "./simulator";
import type { ApiKey, Scope } from "./store";

export const API_BASE = "/api/print/v1";
const FAILED_AUTH_LIMIT = 20;
const MAX_IDEMPOTENCY_KEY = 255;

interface Route {
  method: string;
  pattern: string[];
  name: string;
  scope: Scope;
  limit: number;
}

const ROUTES: Route[] = [
  { method: "GET", pattern: ["catalogue"], name: "GET /catalogue", scope: "price:read", limit: 120 },
  { method: "POST", pattern: ["quotes"], name: "POST /quotes", scope: "price:read", limit: 60 },
  { method: "GET", pattern: ["quotes", ":id"], name: "GET /quotes/{id}", scope: "price:read", limit: 120 },
  { method: "POST", pattern: ["uploads"], name: "POST /uploads", scope: "orders:write", limit: 60 },
  { method: "POST", pattern: ["orders"], name: "POST /orders", scope: "orders:write", limit: 30 },
  { method: "GET", pattern: ["orders"], name: "GET /orders", scope: "orders:read", limit: 120 },
  { method: "GET", pattern: ["orders", ":id"], name: "GET /orders/{id}", scope: "orders:read", limit: 120 },
  { method: "POST", pattern: ["orders", ":id", "cancel"], name: "POST /orders/{id}/cancel", scope: "orders:write", limit: 30 },
];

function matchRoute(method: string, relPath: string): { route: Route; id: string } | null {
  const segments = relPath.split("/").filter((s) => s.length > 0);
  for (const route of ROUTES) {
    if (route.method !== method || route.pattern.length !== segments.length) continue;
    let id = "";
    const ok = route.pattern.every((p, i) => {
      if (p !== ":id") return p === segments[i];
      id = safeDecode(segments[i]);
      return true;
    });
    if (ok) return { route, id };
  }
  return null;
}

const UNAUTHORIZED = new ApiError(401, "UNAUTHORIZED", "Unauthorized.", undefined, { "www-authenticate": 'Bearer realm="print-partner-api"' });

const rateLimited = (seconds: number): ApiError =>
  new ApiError(429, "RATE_LIMITED", `Rate limit exceeded; retry after ${seconds} s.`, undefined, { "retry-after": String(seconds) });

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw validationError([{ path: "", message: "body is not valid JSON" }]);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class PublicApi {
  constructor(private readonly sim: Simulator) {}

  private log(key: ApiKey | null, method: string, relPath: string, reply: Reply | null, fault: string | null): void {
    if (!key) return;
    const now = this.sim.clock.now();
    this.sim.state.requestLog.push({
      accountId: key.accountId, at: new Date(now).toISOString(), atMs: now, wallAt: new Date().toISOString(), keyId: key.keyId,
      environment: key.environment, method, path: relPath, status: reply?.status ?? null, errorCode: reply?.errorCode ?? null, fault,
    });
  }

  async handle(req: IncomingMessage, res: ServerResponse, relPath: string, query: URLSearchParams, rawBody: Buffer): Promise<void> {
    const method = (req.method ?? "GET").toUpperCase();
    const sim = this.sim;
    const now = sim.clock.now();
    const auth = authenticate(sim.state, now, req.headers.authorization);
    if (!auth.ok) {
      const address = req.socket.remoteAddress ?? "unknown";
      const retry = sim.authFailures.retryAfter(address, FAILED_AUTH_LIMIT, now);
      if (retry === null) sim.authFailures.record(address, now);
      const reply = errorReply(retry === null ? UNAUTHORIZED : rateLimited(retry));
      this.log(auth.key, method, relPath, reply, null);
      return writeReply(res, reply);
    }
    const caller = auth.caller;
    const finish = (reply: Reply, fault: string | null = null): void => {
      this.log(caller.key, method, relPath, reply, fault);
      writeReply(res, reply);
    };
    const matched = matchRoute(method, relPath);
    if (!matched) return finish(errorReply(new ApiError(404, "NOT_FOUND", `No endpoint ${method} ${relPath}.`)));
    const { route, id } = matched;
    const retry = sim.keyWindows.take(`${caller.key.keyId} ${route.name}`, route.limit, now);
    if (retry !== null) return finish(errorReply(rateLimited(retry)));
    if (!caller.key.scopes.includes(route.scope)) {
      return finish(errorReply(new ApiError(403, "FORBIDDEN", `This key lacks the ${route.scope} scope.`)));
    }
    const fault = sim.faults.take(method, relPath);
    if (fault?.kind === "500") return finish(errorReply(internalError()), fault.kind);
    if (fault?.kind === "429") return finish(errorReply(rateLimited(fault.retryAfterSeconds)), fault.kind);
    if (fault?.kind === "reset") {
      this.log(caller.key, method, relPath, null, fault.kind);
      req.socket.destroy();
      return;
    }
    let reply: Reply;
    try {
      reply = await this.run(route, id, caller, query, rawBody, req, fault);
    } catch (err) {
      if (!(err instanceof ApiError)) console.error("studio simulator: handler failed", err);
      reply = errorReply(err instanceof ApiError ? err : internalError());
    }
    if (fault?.kind === "commit-then-500") return finish(errorReply(internalError()), fault.kind);
    if (fault?.kind === "commit-then-reset") {
      this.log(caller.key, method, relPath, null, fault.kind);
      req.socket.destroy();
      return;
    }
    finish(reply, fault?.kind ?? null);
  }

  private async run(route: Route, id: string, caller: Caller, query: URLSearchParams, rawBody: Buffer, req: IncomingMessage, fault: Fault | null): Promise<Reply> {
    const sim = this.sim;
    const delayMs = fault?.kind === "timeout" ? fault.delayMs : 0;
    if (route.name === "POST /orders") return this.runOrder(caller, rawBody, req, delayMs);
    if (delayMs > 0) await sleep(delayMs);
    switch (route.name) {
      case "GET /catalogue":
        return dataReply(200, sim.catalogue.view(), { headers: { "cache-control": "private, max-age=60" } });
      case "POST /quotes":
        return createQuote(sim, caller, parseJson(rawBody));
      case "GET /quotes/{id}":
        return getQuote(sim, caller, id);
      case "POST /uploads":
        return sim.uploads.create(caller, parseJson(rawBody));
      case "GET /orders":
        return listOrders(sim, caller, query);
      case "GET /orders/{id}":
        return getOrder(sim, caller, id);
      case "POST /orders/{id}/cancel":
        return cancelOrder(sim, caller, id);
      default:
        throw internalError();
    }
  }

  /** POST /orders with Idempotency-Key semantics; a timeout fault keeps the key in flight while it waits. */
  private async runOrder(caller: Caller, rawBody: Buffer, req: IncomingMessage, delayMs: number): Promise<Reply> {
    const sim = this.sim;
    const header = req.headers["idempotency-key"];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || key.trim() === "") {
      throw new ApiError(400, "IDEMPOTENCY_KEY_REQUIRED", "POST /orders needs an Idempotency-Key header.");
    }
    if (key.length > MAX_IDEMPOTENCY_KEY) {
      throw validationError([{ path: "headers.Idempotency-Key", message: `must be at most ${MAX_IDEMPOTENCY_KEY} characters` }]);
    }
    const body = parseJson(rawBody);
    const accountId = caller.account.accountId;
    const begun = sim.idempotency.begin(accountId, key, canonicalJson(body), sim.clock.now(), delayMs);
    if (begun.kind === "replay") return begun.reply;
    if (begun.kind === "mismatch") {
      throw new ApiError(409, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body.");
    }
    if (begun.kind === "in_flight") {
      throw new ApiError(409, "IDEMPOTENCY_KEY_REUSED", "The first request with this Idempotency-Key is still in flight; retry later.", undefined, {
        "retry-after": String(begun.retryAfterSeconds),
      });
    }
    let reply: Reply;
    try {
      if (delayMs > 0) await sleep(delayMs);
      reply = placeOrder(sim, caller, body, key);
    } catch (err) {
      if (!(err instanceof ApiError)) console.error("studio simulator: order failed", err);
      reply = errorReply(err instanceof ApiError ? err : internalError());
    }
    sim.idempotency.finish(accountId, key, reply);
    return reply;
  }
}
