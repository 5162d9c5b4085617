// npm run demo: the whole product offline. Starts the studio simulator, the Shopify sandbox and the
// app (sandbox mode, embedded SQLite at prisma/demo.db, reset every run), wires them together like
// a merchant after installing the app, runs a few paid orders through (unless DEMO_ORDERS=0), then
// prints one `demo ready {...}` line and keeps running until SIGINT/SIGTERM.
// Contract: /work/shared/contracts/demo.md; decisions: docs/decisions/050-offline-demo.md.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { startShopifySandbox } from "../test/shopify-sandbox/server";
import { startStudioSimulator } from "../test/studio-simulator/server";
import { ShopifyControl } from "../test/support/shopify-control";
import { StudioControl } from "../test/support/studio-control";
import { startDemoApp } from "./demo/app-server";
import { startArtworkServer } from "./demo/artwork";
import { watchLauncher } from "./demo/parent-watch";
import { demoOrders, runDemoOrders } from "./demo/orders";
import { demoArtwork } from "./demo/shop-catalogue";
import { configureShop, DEMO_SHOP, installDemoShop, recordInstall, wireStudio } from "./demo/wire";

const API_KEY = "print-studio-local-dev";
const API_SECRET = "print-studio-local-dev-secret";
const SCOPES = "read_orders,write_orders,read_products,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_shipping";
/** Reset at every start. DEMO_DB_FILE lets two demos (e.g. a test beside a person's demo) not share it. */
const DB_FILE = path.resolve(process.env.DEMO_DB_FILE || path.join("prisma", "demo.db"));

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  const port = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${name} must be a port number from 1 to 65535, got ${raw}`);
    process.exit(2);
  }
  return port;
}

const ports = { app: portFrom("PORT", 3000), studio: portFrom("STUDIO_PORT", 4010), shopify: portFrom("SHOPIFY_SANDBOX_PORT", 4020) };
const withOrders = process.env.DEMO_ORDERS !== "0";
const orderTimeoutMs = Number(process.env.DEMO_ORDER_TIMEOUT_MS ?? 90_000);
const log = (line: string) => console.log(line);

const stops: Array<{ name: string; stop: () => Promise<unknown> }> = [];
let stopping: Promise<never> | undefined;

/** Stops everything started so far, newest first, then exits; later calls wait for the first. */
function shutdown(code: number): Promise<never> {
  stopping ??= (async () => {
    log("demo: stopping…");
    for (const { name, stop } of stops.reverse()) {
      await stop().catch((error: unknown) => console.error(`demo: stopping ${name} failed:`, error));
    }
    log("demo: stopped");
    return process.exit(code);
  })();
  return stopping;
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
watchLauncher(() => {
  log("demo: the process that started the demo went away");
  void shutdown(0);
});

function resetDatabase(): void {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(`${DB_FILE}${suffix}`, { force: true });
}

function inUse(error: unknown, what: string, port: number): never {
  const code = (error as { code?: string }).code;
  console.error(code === "EADDRINUSE" ? `demo: port ${port} for the ${what} is in use; set another with the env shown in the README` : `demo: the ${what} did not start: ${String(error)}`);
  return process.exit(1);
}

async function main(): Promise<void> {
  const appOrigin = `http://127.0.0.1:${ports.app}`;
  log("Print Studio for Shopify — offline demo");

  resetDatabase();
  const { migrate } = await import("~/lib/migrate.server");
  await migrate(`file:${DB_FILE}`);
  log(`  database: ${path.relative(process.cwd(), DB_FILE)} (fresh, migrated)`);

  const images = demoArtwork();
  const artwork = await startArtworkServer(images);
  stops.push({ name: "artwork server", stop: () => artwork.close() });
  log(`  artwork images served at ${artwork.origin}/artwork/`);

  const studioServer = await startStudioSimulator({ port: ports.studio, host: "127.0.0.1" }).catch((e: unknown) => inUse(e, "studio simulator", ports.studio));
  stops.push({ name: "studio simulator", stop: () => studioServer.close() });
  const studio = new StudioControl(studioServer.origin);
  await studio.reset();
  log(`  studio simulator at ${studioServer.baseUrl}`);

  const sandbox = await startShopifySandbox({ port: ports.shopify, host: "127.0.0.1", apiKey: API_KEY, apiSecret: API_SECRET, defaultAppUrl: appOrigin })
    .catch((e: unknown) => inUse(e, "Shopify sandbox", ports.shopify));
  stops.push({ name: "Shopify sandbox", stop: () => sandbox.close() });
  const shopify = new ShopifyControl(sandbox.origin);
  await shopify.reset();
  log(`  Shopify sandbox at ${sandbox.origin}`);

  Object.assign(process.env, {
    NODE_ENV: "development",
    SANDBOX_MODE: "true",
    SHOPIFY_SANDBOX_URL: sandbox.origin,
    SHOPIFY_APP_URL: appOrigin,
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    SCOPES,
    DATABASE_URL: `file:${DB_FILE}`,
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    STUDIO_API_BASE_URL: studioServer.baseUrl,
    SANDBOX_ARTWORK_ORIGINS: artwork.origin,
    WORKER_IN_PROCESS: "true",
    LOG_LEVEL: process.env.LOG_LEVEL || "warn",
  });
  const app = await startDemoApp({ port: ports.app }).catch((e: unknown) => inUse(e, "app", ports.app));
  stops.push({ name: "app", stop: () => app.close() });
  stops.push({ name: "database", stop: async () => globalThis.__printStudioDb?.$disconnect() });
  log(`  app (sandbox mode, in-process worker) at ${app.origin}`);

  log("Wiring them together as a merchant would:");
  const studioWiring = await wireStudio(studio, app.origin, DEMO_SHOP);
  log(`  studio trade account ${studioWiring.accountId}: test key with all scopes, webhooks -> ${app.origin}/webhooks/studio/${DEMO_SHOP}`);
  const shopWiring = await installDemoShop(shopify, app.origin, artwork.urlOf);
  await recordInstall(DEMO_SHOP, shopWiring.accessToken, SCOPES);
  log(`  shop ${DEMO_SHOP}: ${shopWiring.variants.length} variants, app installed (offline session stored)`);
  const mapping = await configureShop(DEMO_SHOP, studioServer.baseUrl, studioWiring, shopWiring, images, log);

  if (withOrders) {
    log("Demo orders:");
    const outcomes = await runDemoOrders(
      { shop: DEMO_SHOP, shopify, studio, accountId: studioWiring.accountId, mappedVariantIds: mapping.mappedVariantIds, timeoutMs: orderTimeoutMs, log },
      demoOrders(shopWiring),
    );
    const done = outcomes.filter((o) => o.fulfilled).length;
    log(done === outcomes.length
      ? `  all ${done} demo orders went to the studio once and came back to Shopify as fulfilments of their print lines`
      : `  ${done} of ${outcomes.length} demo orders completed; not completed: ${outcomes.filter((o) => !o.fulfilled).map((o) => `${o.name} (${o.problem})`).join("; ")}`);
  }

  const ready = {
    app: app.origin,
    studio: studioServer.origin,
    shopify: sandbox.origin,
    shop: DEMO_SHOP,
    studioAccountId: studioWiring.accountId,
    adminUrl: `${sandbox.origin}/admin/shops/${DEMO_SHOP}/apps/${API_KEY}`,
    mappedVariantIds: mapping.mappedVariantIds,
    unmappedVariantIds: mapping.unmappedVariantIds,
  };
  log(`Open ${ready.adminUrl} to click through the app embedded in the sandbox admin. Ctrl-C stops everything.`);
  console.log(`demo ready ${JSON.stringify(ready)}`);
}

main().catch(async (error: unknown) => {
  if (stopping) return; // interrupted while starting: what failed is what the signal stopped
  console.error("demo: failed:", error instanceof Error ? error.stack ?? error.message : error);
  await shutdown(1);
});
