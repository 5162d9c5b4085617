// The Admin GraphQL client the pipeline uses: one POST per document to the shop's offline session,
// THROTTLED answers waited out by the bucket's restore rate, 5xx/429/connection faults retried a
// few times, and every other refusal turned into a typed error (errors.ts). GraphQL only.
import { z } from "zod";
import db from "~/db.server";
import { env } from "~/env.server";
import type { Logger } from "~/logger.server";
import { ShopifyAuthError, ShopifyGraphqlError, ShopifyUnavailableError } from "./errors";

export const ADMIN_API_VERSION = "2026-10";

const ResponseSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(z.looseObject({ message: z.string().catch("error"), extensions: z.looseObject({ code: z.string().optional() }).optional() }))
    .optional(),
  extensions: z
    .looseObject({
      cost: z
        .looseObject({
          requestedQueryCost: z.number().optional(),
          throttleStatus: z.looseObject({ maximumAvailable: z.number(), currentlyAvailable: z.number(), restoreRate: z.number() }).optional(),
        })
        .optional(),
    })
    .optional(),
});

export interface AdminClientOptions {
  /** Waits for THROTTLED answers are capped by this total (default 60 s); past it the call fails retryably. */
  maxThrottleWaitMs?: number;
  maxAttempts?: number;
  fetchTimeoutMs?: number;
  logger?: Pick<Logger, "warn" | "debug">;
  sleep?: (ms: number) => Promise<void>;
}

export interface AdminClient {
  shop: string;
  request<T>(operation: string, query: string, variables?: Record<string, unknown>): Promise<T>;
}

const sleepReal = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The Admin API endpoint of a shop; in sandbox mode the local Shopify sandbox's. */
export function adminEndpoint(shop: string): string {
  const config = env();
  if (config.SANDBOX_MODE && config.SHOPIFY_SANDBOX_URL) {
    return `${config.SHOPIFY_SANDBOX_URL.replace(/\/$/, "")}/shops/${shop}/admin/api/${ADMIN_API_VERSION}/graphql.json`;
  }
  return `https://${shop}/admin/api/${ADMIN_API_VERSION}/graphql.json`;
}

async function offlineToken(shop: string): Promise<string> {
  const session = await db.session.findFirst({ where: { shop, isOnline: false }, orderBy: { id: "asc" } });
  if (!session?.accessToken) throw new ShopifyAuthError(`no offline session for ${shop}: the app must be installed (open it once from the Shopify admin)`);
  return session.accessToken;
}

export async function adminClient(shop: string, options: AdminClientOptions = {}): Promise<AdminClient> {
  const token = await offlineToken(shop);
  const url = adminEndpoint(shop);
  const sleep = options.sleep ?? sleepReal;
  const maxAttempts = options.maxAttempts ?? 4;
  const maxThrottleWaitMs = options.maxThrottleWaitMs ?? 60_000;

  async function request<T>(operation: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
    let throttledFor = 0;
    let failures = 0;
    for (;;) {
      let status: number;
      let json: unknown;
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json", "x-shopify-access-token": token },
          body: JSON.stringify({ query, variables, operationName: operation }),
          signal: AbortSignal.timeout(options.fetchTimeoutMs ?? 20_000),
        });
        status = res.status;
        const text = await res.text();
        try {
          json = JSON.parse(text);
        } catch {
          json = null;
        }
      } catch (error) {
        failures++;
        const reason = error instanceof Error ? error.message : String(error);
        if (failures >= maxAttempts) throw new ShopifyUnavailableError(`Shopify ${operation}: connection failed (${reason})`);
        options.logger?.warn({ operation, failures }, "shopify request failed; retrying");
        await sleep(250 * 2 ** failures);
        continue;
      }
      if (status === 401 || status === 403) throw new ShopifyAuthError(`Shopify ${operation} answered ${status}: the app's access was revoked or it is uninstalled`);
      if (status === 429 || status >= 500) {
        failures++;
        if (failures >= maxAttempts) throw new ShopifyUnavailableError(`Shopify ${operation} answered ${status}`, 5_000);
        await sleep(500 * 2 ** failures);
        continue;
      }
      const parsed = ResponseSchema.safeParse(json);
      if (!parsed.success) throw new ShopifyUnavailableError(`Shopify ${operation} answered ${status} with an unreadable body`);
      const body = parsed.data;
      const errors = body.errors ?? [];
      if (errors.some((e) => e.extensions?.code === "THROTTLED")) {
        const cost = body.extensions?.cost;
        const bucket = cost?.throttleStatus;
        const needed = (cost?.requestedQueryCost ?? 50) - (bucket?.currentlyAvailable ?? 0);
        const waitMs = Math.max(250, Math.ceil((Math.max(needed, 1) / Math.max(bucket?.restoreRate ?? 50, 1)) * 1000));
        if (throttledFor + waitMs > maxThrottleWaitMs) throw new ShopifyUnavailableError(`Shopify ${operation} stayed THROTTLED`, waitMs);
        options.logger?.debug({ operation, waitMs }, "shopify THROTTLED; waiting for the bucket to refill");
        throttledFor += waitMs;
        await sleep(waitMs);
        continue;
      }
      if (errors.length > 0) {
        throw new ShopifyGraphqlError(operation, errors.map((e) => ({ message: e.message, code: e.extensions?.code ?? null })));
      }
      if (status !== 200) throw new ShopifyUnavailableError(`Shopify ${operation} answered ${status}`);
      return body.data as T;
    }
  }

  return { shop, request };
}
