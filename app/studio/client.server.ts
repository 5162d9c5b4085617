// createStudioClient: the resource-shaped Partner API client (modelled on stripe-node).
// Server-only: it holds the API key in a closure, never on an enumerable property.
import { Agent } from "undici";
import { z } from "zod";
import { environmentOfKey, keyFingerprint, makeRedactor, type StudioEnvironment } from "./api-key";
import { realClock, type StudioClock } from "./clock";
import { StudioUsageError } from "./errors";
import { studioCall, type StudioHttpContext } from "./http.server";
import { silentLogger, type StudioLogger } from "./logger";
import { InMemoryPacer, type Pacer } from "./pacer";
import { catalogueResource } from "./resources/catalogue";
import { ordersResource } from "./resources/orders";
import { quotesResource } from "./resources/quotes";
import { uploadsResource } from "./resources/uploads";
import { resolveRetryPolicy, type RetryOptions } from "./retry";
import type { RequestOptions } from "./resources/options";

export interface StudioClientOptions {
  /** `<prefix>_live_<64 hex>` or `<prefix>_test_<64 hex>`. */
  apiKey: string;
  /** Includes the version segment, e.g. `https://studio.example/api/print/v1`. */
  baseUrl: string;
  /** Per attempt: connect, headers and whole-response budget (default 15 000 ms). */
  fetchTimeoutMs?: number;
  logger?: StudioLogger;
  /** Shared pacing (default: an in-memory pacer per client using `clock`). */
  pacer?: Pacer;
  retry?: RetryOptions;
  /** Time source for the default pacer, Retry-After dates and (unless retry.sleep is given) retry waits. */
  clock?: StudioClock;
}

export interface RawRequest extends RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
}

export type StudioClient = ReturnType<typeof createStudioClient>;

function usage(message: string): StudioUsageError {
  return new StudioUsageError({ code: "CLIENT_USAGE", status: null, message });
}

export function createStudioClient(options: StudioClientOptions) {
  const { apiKey } = options;
  const environment: StudioEnvironment | null = typeof apiKey === "string" ? environmentOfKey(apiKey) : null;
  if (environment === null) throw usage("createStudioClient: apiKey must look like <prefix>_live_<64 hex> or <prefix>_test_<64 hex> (value not shown)");
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw usage(`createStudioClient: baseUrl is not a URL: ${String(options.baseUrl)}`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") throw usage("createStudioClient: baseUrl must be http(s)");
  const fetchTimeoutMs = options.fetchTimeoutMs ?? 15_000;
  if (!(fetchTimeoutMs > 0)) throw usage("createStudioClient: fetchTimeoutMs must be positive");

  const clock = options.clock ?? realClock;
  const agent = new Agent({
    connect: { timeout: Math.min(fetchTimeoutMs, 10_000) },
    headersTimeout: fetchTimeoutMs,
    bodyTimeout: fetchTimeoutMs,
    keepAliveTimeout: 4_000,
  });
  const ctx: StudioHttpContext = {
    baseUrl: base.href.replace(/\/+$/, ""),
    agent,
    fetchTimeoutMs,
    logger: options.logger ?? silentLogger,
    pacer: options.pacer ?? new InMemoryPacer({ clock }),
    retry: resolveRetryPolicy({ sleep: options.clock ? (ms, signal) => clock.sleep(ms, signal) : undefined, ...options.retry }),
    keyFingerprint: keyFingerprint(apiKey),
    authorization: () => `Bearer ${apiKey}`,
    redact: makeRedactor(apiKey),
    now: () => clock.now(),
  };

  return {
    /** From the key's `_live_` / `_test_` part. */
    environment,
    /** sha256 of the key: the identity used for pacing and logs. */
    keyFingerprint: ctx.keyFingerprint,
    catalogue: catalogueResource(ctx),
    quotes: quotesResource(ctx),
    uploads: uploadsResource(ctx),
    orders: ordersResource(ctx),
    /**
     * Any call through the same pipeline (pacing, retry, typed errors), answering the envelope's
     * data unparsed. For endpoints this client does not model yet, and for tests.
     */
    async rawRequest(method: "GET" | "POST", path: string, req: RawRequest = {}): Promise<unknown> {
      const body = req.body === undefined ? undefined : JSON.stringify(req.body);
      return (await studioCall(ctx, { method, path, body, headers: req.headers, query: req.query, schema: z.unknown(), signal: req.signal })).data;
    },
    /** Closes the connection pool. */
    async close(): Promise<void> {
      await agent.close();
    },
  };
}
