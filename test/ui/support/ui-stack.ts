// The whole stack the embedded UI runs in, for browser tests and screenshots: a fresh database,
// the studio simulator, the Shopify sandbox and the real app in sandbox mode, plus one installed
// shop with a few products and a studio trade account with a test key.
import { existsSync } from "node:fs";
import { createTestDatabase, type TestDatabase } from "../../support/db";
import { startUiApp, type UiApp } from "./ui-app";
import { ShopifyControl } from "../../support/shopify-control";
import { StudioControl, setupStudioAccount } from "../../support/studio-control";
import { startShopifySandbox } from "../../shopify-sandbox/server";
import { startStudioSimulator } from "../../studio-simulator/server";
import { startArtServer } from "../../e2e/harness";

export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export interface UiStack {
  db: TestDatabase;
  app: UiApp;
  shopify: ShopifyControl;
  studio: StudioControl;
  studioBaseUrl: string;
  shop: string;
  studioKey: string;
  studioAccountId: string;
  /** Secret of the studio webhook endpoint registered at the app's URL for this shop. */
  studioWebhookSecret: string;
  artOrigin: string;
  products: Array<{ productId: string; variantIds: string[] }>;
  adminUrl(path?: string): string;
  close(): Promise<void>;
}

export async function startUiStack(shop = "ui-gallery.myshopify.com"): Promise<UiStack> {
  const apiKey = process.env.SHOPIFY_API_KEY ?? "test-api-key";
  const apiSecret = process.env.SHOPIFY_API_SECRET ?? "test-api-secret-0123456789abcdef";
  const closers: Array<() => Promise<void>> = [];
  try {
    const db = await createTestDatabase();
    closers.push(() => db.cleanup());
    const art = await startArtServer();
    closers.push(() => art.close());
    const sim = await startStudioSimulator();
    closers.push(() => sim.close());
    const sandbox = await startShopifySandbox({ apiKey, apiSecret });
    closers.push(() => sandbox.close());
    const app = await startUiApp({ SANDBOX_MODE: "true", SHOPIFY_SANDBOX_URL: sandbox.origin, STUDIO_API_BASE_URL: sim.baseUrl, DATABASE_URL: db.url, WORKER_IN_PROCESS: "false", SANDBOX_ARTWORK_ORIGINS: art.origin });
    closers.push(() => app.close());
    const shopify = new ShopifyControl(sandbox.origin);
    const studio = new StudioControl(sim.origin);
    const installed = await shopify.installShop({
      shop,
      appUrl: app.origin,
      name: "UI Gallery",
      currencyCode: "AUD",
      products: [
        { title: "Harbour at Dawn", options: [{ name: "Size", values: ["A3", "A2", "50x70 cm"] }], variants: [{ title: "A3", price: "120.00", options: ["A3"], imageUrl: `${art.origin}/art/harbour-a3.png` }, { title: "A2", price: "180.00", options: ["A2"], imageUrl: `${art.origin}/art/harbour-a2.png` }, { title: "50x70 cm", price: "220.00", options: ["50x70 cm"], imageUrl: `${art.origin}/art/harbour-5070.png` }] },
        { title: "Quiet Forest (framed)", variants: [{ title: "Default Title", price: "260.00", imageUrl: `${art.origin}/art/forest.png` }] },
        { title: "Gift wrapping", variants: [{ title: "Default Title", price: "5.00" }] },
      ],
    });
    const account = await setupStudioAccount(studio, { environment: "test" });
    const endpoint = await studio.createWebhookEndpoint(account.accountId, { url: `${app.origin}/webhooks/studio/${shop}`, environment: "test" });
    return {
      db, app, shopify, studio, shop,
      studioBaseUrl: sim.baseUrl,
      studioKey: account.key,
      studioAccountId: account.accountId,
      studioWebhookSecret: endpoint.secret,
      artOrigin: art.origin,
      products: installed.products,
      adminUrl: (path = "/") => `${shopify.adminUrl(shop, apiKey)}${path === "/" ? "" : path}`,
      close: async () => {
        for (const close of closers.reverse()) await close().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
}
