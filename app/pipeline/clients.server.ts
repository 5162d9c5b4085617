// The clients a worker uses: one studio client per shop (the shop's own key and base URL, the
// shared database pacer, the shop's logger), renewed every minute so a new key takes effect, and
// the Admin GraphQL client of the shop's offline session.
import { shopLogger } from "~/logger.server";
import { studioClientForShop } from "~/models/shop-settings.server";
import { adminClient } from "~/shopify/admin-graphql.server";
import type { Pacer, StudioClient } from "~/studio";
import type { PipelineDeps } from "./context.server";
import { DatabasePacer } from "./db-pacer.server";

export interface ClientOptions {
  pacer?: Pacer;
  studioTimeoutMs?: number;
  cacheMs?: number;
}

export function pipelineClients(opts: ClientOptions = {}): PipelineDeps & { close(): Promise<void> } {
  const pacer = opts.pacer ?? new DatabasePacer();
  const cacheMs = opts.cacheMs ?? 60_000;
  const cache = new Map<string, { client: Promise<StudioClient>; until: number }>();
  const retired: Array<Promise<StudioClient>> = [];
  return {
    studio(shop) {
      const hit = cache.get(shop);
      if (hit && hit.until > Date.now()) return hit.client;
      if (hit) {
        retired.push(hit.client);
        // Let calls in flight finish on the old client, then close it.
        setTimeout(() => void hit.client.then((c) => c.close()).catch(() => undefined), 120_000).unref();
      }
      const client = studioClientForShop(shop, {
        pacer,
        logger: shopLogger(shop, { component: "studio" }),
        fetchTimeoutMs: opts.studioTimeoutMs ?? 15_000,
        retry: { maxAttempts: 3, maxDelayMs: 2_000, maxRetryAfterSeconds: 5 },
      });
      client.catch(() => cache.delete(shop));
      cache.set(shop, { client, until: Date.now() + cacheMs });
      return client;
    },
    shopify: (shop) => adminClient(shop, { logger: shopLogger(shop, { component: "shopify" }) }),
    async close() {
      const all = [...retired, ...[...cache.values()].map((c) => c.client)];
      cache.clear();
      await Promise.all(all.map((p) => p.then((c) => c.close()).catch(() => undefined)));
    },
  };
}
