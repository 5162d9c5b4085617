// One wired-up world for end-to-end tests: a fresh database, the studio simulator with a trade
// account (test key) and a webhook endpoint at the app's per-shop URL, the Shopify sandbox with a
// shop that installed the app, a local artwork server (allowed by SANDBOX_ARTWORK_ORIGINS), the
// real app over HTTP in sandbox mode, and the shop's settings and mappings saved through the models.
import http from "node:http";
import type { AddressInfo } from "node:net";
import db from "~/db.server";
import { saveShopSettings } from "~/models/shop-settings.server";
import { upsertMapping } from "~/models/variant-mapping.server";
import { storeOfflineSession } from "~/shopify/offline-session.server";
import { startShopifySandbox } from "../shopify-sandbox/server";
import { startStudioSimulator } from "../studio-simulator/server";
import { startApp, type StartedApp } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { ShopifyControl } from "../support/shopify-control";
import { StudioControl, setupStudioAccount } from "../support/studio-control";
import { startWorker, type Worker, type WorkerOptions } from "~/pipeline/worker.server";

// A 1x1 PNG: the simulator stores bytes, it does not decode them.
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

export interface ArtServer {
  origin: string;
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** Serves /art/*.png; /redirect?to=URL answers 302 to it; counts hits per path. */
export async function startArtServer(): Promise<ArtServer> {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    if (url.pathname === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
    } else if (url.pathname.startsWith("/art/")) {
      res.writeHead(200, { "content-type": "image/png", "content-length": PNG.length }).end(PNG);
    } else if (url.pathname.startsWith("/chunked/")) {
      res.writeHead(200, { "content-type": "image/png" });
      res.write(PNG.subarray(0, 10));
      res.end(PNG.subarray(10));
    } else if (url.pathname.startsWith("/huge/")) {
      res.writeHead(200, { "content-type": "image/png" });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => (sent = Number.POSITIVE_INFINITY));
      pump();
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const SHOP = "print-e2e.myshopify.com";
export const ADDRESS = { firstName: "Ada", lastName: "Lovelace", address1: "12 Gallery Lane", city: "Melbourne", province: "Victoria", provinceCode: "VIC", zip: "3000", country: "Australia", countryCode: "AU", phone: "+61 3 5550 0000" };

export const FINE_ART = { artworkWidthMm: "297", artworkHeightMm: "420", mediaId: "paper-photo-rag-308" };

export interface Harness {
  tdb: TestDatabase;
  app: StartedApp;
  art: ArtServer;
  studio: StudioControl;
  studioAccountId: string;
  studioBaseUrl: string;
  /** The studio webhook endpoint's secret (as saved in the shop's settings). */
  studioWebhookSecret: string;
  shopify: ShopifyControl;
  shop: string;
  /** Variants mapped to prints (artwork from the variant image). */
  printVariants: string[];
  /** A variant mapped with artwork from the line item property "Artwork". */
  propertyVariant: string;
  /** An ordinary product the app must leave alone. */
  plainVariant: string;
  startWorker(opts?: WorkerOptions): Worker;
  close(): Promise<void>;
}

export async function startHarness(opts: { creditLimitCents?: number | null; settings?: Record<string, unknown> } = {}): Promise<Harness> {
  const tdb = await createTestDatabase();
  const art = await startArtServer();
  const sim = await startStudioSimulator();
  const studio = new StudioControl(sim.origin);
  const sandbox = await startShopifySandbox({ apiKey: process.env.SHOPIFY_API_KEY ?? "test-api-key", apiSecret: process.env.SHOPIFY_API_SECRET ?? "" });
  const shopify = new ShopifyControl(sandbox.origin);
  const app = await startApp({
    env: { DATABASE_URL: tdb.url, SANDBOX_MODE: "true", SHOPIFY_SANDBOX_URL: sandbox.origin, SANDBOX_ARTWORK_ORIGINS: art.origin },
  });
  const workers: Worker[] = [];

  const account = await setupStudioAccount(studio, { creditLimitCents: opts.creditLimitCents ?? null, environment: "test" });
  const endpoint = await studio.createWebhookEndpoint(account.accountId, { url: `${app.origin}/webhooks/studio/${SHOP}`, environment: "test" });
  const installed = await shopify.installShop({
    shop: SHOP,
    appUrl: app.origin,
    products: [
      { title: "Harbour at Dawn", options: ["Size"], variants: [{ title: "A3", price: "120.00", imageUrl: `${art.origin}/art/harbour.png` }, { title: "A2", price: "180.00", imageUrl: `${art.origin}/art/harbour-a2.png` }] },
      { title: "Your Photo, Printed", variants: [{ title: "A3", price: "95.00" }] },
      { title: "Gift Wrap", variants: [{ title: "Default", price: "5.00" }] },
    ],
  });
  await storeOfflineSession(SHOP, installed.accessToken, process.env.SCOPES ?? null);
  const saved = await saveShopSettings(SHOP, {
    studioApiKey: account.key,
    studioWebhookSecret: endpoint.secret,
    studioBaseUrl: sim.baseUrl,
    submissionPolicy: "immediate",
    // "Standard" is mapped; orders without a shipping line go through discovery.
    shippingPolicy: { methods: { Standard: "au-standard" }, fallback: "cheapest" },
    defaultRushTier: "standard",
    whiteLabel: true,
    notifyCustomer: true,
    ...opts.settings,
  });
  if (!saved.ok) throw new Error(`settings refused: ${JSON.stringify(saved)}`);
  const [harbour, photo, wrap] = installed.products;
  for (const [i, variantGid] of harbour.variantIds.entries()) {
    const r = await upsertMapping(SHOP, {
      variantGid,
      productGid: harbour.productId,
      productTitle: "Harbour at Dawn",
      variantTitle: i === 0 ? "A3" : "A2",
      productSlug: "fine-art-printing",
      variantSelections: i === 0 ? FINE_ART : { ...FINE_ART, artworkWidthMm: "420", artworkHeightMm: "594" },
      quantityPerUnit: 1,
      artworkSource: "variant_image",
    });
    if (!r.ok) throw new Error(`mapping refused: ${JSON.stringify(r)}`);
  }
  const r = await upsertMapping(SHOP, {
    variantGid: photo.variantIds[0],
    productGid: photo.productId,
    productTitle: "Your Photo, Printed",
    variantTitle: "A3",
    productSlug: "fine-art-printing",
    variantSelections: FINE_ART,
    quantityPerUnit: 1,
    artworkSource: "line_item_property",
    artworkProperty: "Artwork",
  });
  if (!r.ok) throw new Error(`mapping refused: ${JSON.stringify(r)}`);

  return {
    tdb,
    app,
    art,
    studio,
    studioAccountId: account.accountId,
    studioBaseUrl: sim.baseUrl,
    studioWebhookSecret: endpoint.secret,
    shopify,
    shop: SHOP,
    printVariants: harbour.variantIds,
    propertyVariant: photo.variantIds[0],
    plainVariant: wrap.variantIds[0],
    startWorker(workerOpts: WorkerOptions = {}) {
      // The worker reads its configuration when started: after startApp() set the environment.
      const w = startWorker({ idlePollMs: 100, studioTimeoutMs: 3_000, ...workerOpts, config: { pollIntervalMs: 60_000, creditRetryMs: 60_000, maxBackoffMs: 1_000, ...workerOpts.config } });
      workers.push(w);
      return w;
    },
    async close() {
      await Promise.all(workers.map((w) => w.stop().catch(() => undefined)));
      await app.close();
      await sandbox.close();
      await sim.close();
      await art.close();
      await tdb.cleanup();
    },
  };
}

/** Polls until `check` returns a value (not a timed assertion: the test fails on its own expectations). */
export async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    let value: T | null | undefined | false;
    try {
      value = await check();
    } catch (error) {
      const e = error as { code?: unknown; meta?: unknown; message?: string };
      throw new Error(`while waiting for ${what}: ${String(e.code ?? "")} ${JSON.stringify(e.meta ?? null)} ${(e.message ?? String(error)).split("\n").slice(-3).join(" ")}`);
    }
    if (value) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}\n${await timelines()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function printOrderFor(shop: string, orderId: string) {
  return db.printOrder.findUnique({ where: { shopDomain_shopifyOrderGid: { shopDomain: shop, shopifyOrderGid: orderId } }, include: { lines: true, shipments: true, events: { orderBy: { at: "asc" } } } });
}

/** Every print order's state and timeline, for failure messages. */
export async function timelines(): Promise<string> {
  const all = await db.printOrder.findMany({ include: { events: { orderBy: { at: "asc" } } }, orderBy: { createdAt: "asc" } });
  // The unfinished ones first: they are what a failure is about.
  const done = (state: string) => ["placed", "fulfilled", "cancelled", "nothing_to_print"].includes(state);
  all.sort((a, b) => Number(done(a.state)) - Number(done(b.state)));
  return all
    .map((po) => `${po.shopifyOrderName} ${po.state} studio=${po.studioStatus ?? "-"} attention=${po.attentionCode ?? "-"} next=${po.nextAttemptAt?.toISOString() ?? "-"}\n${po.events.map((e) => `   ${e.type}: ${e.message}`).join("\n")}`)
    .join("\n");
}
