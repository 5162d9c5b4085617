// The request pipeline shared by every resource: pacing -> undici request with timeouts ->
// envelope parsing (zod) -> typed errors (errors.ts) -> retry policy (retry.ts) -> logging.
import { performance } from "node:perf_hooks";
import { request, type Agent } from "undici";
import type { z } from "zod";
import { redactValue } from "./api-key";
import {
  StudioConnectionError,
  StudioError,
  StudioIdempotencyKeyReusedError,
  StudioIdempotencyKeyInFlightError,
  StudioRateLimitError,
  StudioResponseError,
  studioErrorFromResponse,
  type ConnectionFailure,
} from "./errors";
import type { StudioLogger } from "./logger";
import { endpointOf, type Pacer } from "./pacer";
import { withRetry, type RetryPolicy } from "./retry";
import { EnvelopeSchema, type ErrorBody } from "./schemas";

export interface StudioHttpContext {
  baseUrl: string;
  agent: Agent;
  fetchTimeoutMs: number;
  logger: StudioLogger;
  pacer: Pacer;
  retry: RetryPolicy;
  keyFingerprint: string;
  authorization: () => string;
  redact: (text: string) => string;
  now: () => number;
}

export interface StudioCall<T> {
  method: "GET" | "POST";
  /** Relative to the base URL, ids already encoded, e.g. `/orders/ord_1/cancel`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Serialised once by the caller, so every retry sends the same bytes. */
  body?: string;
  headers?: Record<string, string>;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

export interface StudioResult<T> {
  data: T;
  nextCursor: unknown;
  status: number;
}

export async function studioCall<T>(ctx: StudioHttpContext, call: StudioCall<T>): Promise<StudioResult<T>> {
  const endpoint = endpointOf(call.method, call.path);
  return withRetry(
    ctx.retry,
    async (attempt) => {
      if (endpoint) await ctx.pacer.acquire(ctx.keyFingerprint, endpoint, call.signal);
      try {
        return await attemptOnce(ctx, call, attempt);
      } finally {
        if (endpoint) await ctx.pacer.release?.(ctx.keyFingerprint, endpoint);
      }
    },
    {
      signal: call.signal,
      onRetry: (error, attempt, delayMs, reason) => {
        ctx.logger.warn({ method: call.method, path: call.path, attempt, status: error.status, code: error.code, delayMs, reason }, "studio request will be retried");
      },
    },
  ).catch((error: unknown) => {
    if (error instanceof StudioIdempotencyKeyReusedError && !(error instanceof StudioIdempotencyKeyInFlightError)) {
      ctx.logger.error(
        { method: call.method, path: call.path, status: error.status, code: error.code },
        "studio refused an Idempotency-Key reused with a different body: this is a bug in the caller",
      );
    }
    throw error;
  });
}

async function attemptOnce<T>(ctx: StudioHttpContext, call: StudioCall<T>, attempt: number): Promise<StudioResult<T>> {
  const started = performance.now();
  const log = (fields: Record<string, unknown>, level: "debug" | "info" | "warn" = "info") =>
    ctx.logger[level]({ method: call.method, path: call.path, attempt, durationMs: Math.round(performance.now() - started), ...fields }, "studio request");
  const timeout = AbortSignal.timeout(ctx.fetchTimeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  let status: number;
  let text: string;
  let retryAfterHeader: string | string[] | undefined;
  try {
    const res = await request(urlOf(ctx.baseUrl, call.path, call.query), {
      dispatcher: ctx.agent,
      method: call.method,
      headers: {
        authorization: ctx.authorization(),
        accept: "application/json",
        ...(call.body !== undefined ? { "content-type": "application/json" } : {}),
        ...call.headers,
      },
      body: call.body,
      signal,
    });
    status = res.statusCode;
    retryAfterHeader = res.headers["retry-after"];
    text = await res.body.text();
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason;
    const failure = connectionError(ctx, call, error, timeout.aborted);
    log({ status: null, code: failure.code, kind: failure.details.kind }, "warn");
    throw failure;
  }
  const retryAfter = parseRetryAfter(retryAfterHeader, ctx.now());
  const outcome = parseResponse(ctx, call, status, text, retryAfter);
  if (outcome instanceof StudioError) {
    if (outcome instanceof StudioRateLimitError && retryAfter !== null) {
      await ctx.pacer.penalize(ctx.keyFingerprint, endpointOf(call.method, call.path) ?? call.path, retryAfter);
    }
    log({ status, code: outcome.code, retryAfter }, status >= 500 || status === 429 ? "warn" : "info");
    throw outcome;
  }
  log({ status });
  return outcome;
}

function urlOf(baseUrl: string, path: string, query?: StudioCall<unknown>["query"]): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ""}`;
}

/** Retry-After in seconds (spec), tolerating the HTTP-date form; null when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

const RESET_CODES = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE", "UND_ERR_CLOSED", "ECONNABORTED"]);
const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);

function connectionError(ctx: StudioHttpContext, call: StudioCall<unknown>, error: unknown, timedOut: boolean): StudioConnectionError {
  const e = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  const kind: ConnectionFailure =
    timedOut || TIMEOUT_CODES.has(code) || e.name === "TimeoutError" ? "timeout" : RESET_CODES.has(code) ? "reset" : code === "ECONNREFUSED" ? "refused" : "other";
  const detail = ctx.redact(typeof e.message === "string" ? e.message : String(error));
  return new StudioConnectionError({
    code: "CONNECTION_ERROR",
    status: null,
    message: `Studio ${call.method} ${call.path}: connection ${kind} (${detail})`,
    details: { kind },
    method: call.method,
    path: call.path,
    // A plain, redacted copy: the original error object never leaves this module.
    cause: { name: typeof e.name === "string" ? e.name : "Error", code: code || null, message: detail },
  });
}

function responseError(call: StudioCall<unknown>, status: number, issues: string[]): StudioResponseError {
  return new StudioResponseError({
    code: "INVALID_RESPONSE",
    status,
    message: `Studio ${call.method} ${call.path} answered ${status} with a body that is not the documented envelope: ${issues.slice(0, 5).join("; ")}`,
    details: { issues },
    method: call.method,
    path: call.path,
  });
}

/** Issue list without the offending values (bodies may carry addresses and emails). */
function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
}

function parseResponse<T>(ctx: StudioHttpContext, call: StudioCall<T>, status: number, text: string, retryAfter: number | null): StudioResult<T> | StudioError {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return responseError(call, status, ["body is not JSON"]);
  }
  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    // Not the envelope: a StudioResponseError, retryable when the status is 5xx.
    return responseError(call, status, issuesOf(envelope.error));
  }
  const { data, error, nextCursor } = envelope.data;
  if (status >= 200 && status < 300 && !error) {
    const parsed = call.schema.safeParse(data);
    if (!parsed.success) return responseError(call, status, issuesOf(parsed.error));
    return { data: parsed.data, nextCursor, status };
  }
  const redacted = error ? (redactValue(error, ctx.redact) as ErrorBody) : null;
  if (status < 400) return responseError(call, status, [`error ${redacted?.code ?? "?"} with status ${status}`]);
  return studioErrorFromResponse({ status, error: redacted, retryAfter, method: call.method, path: call.path });
}
