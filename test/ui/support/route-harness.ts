// Loader and action tests call a route module directly with a real Request carrying a session token
// (JWT HS256 signed with the app secret, as App Bridge sends it), so the real `authenticate.admin`
// runs: token checked, offline session read from the database, Admin GraphQL sent to the sandbox.
// Two shops are installed so that every test can ask for the other shop's data.
import { createTestDatabase, type TestDatabase } from "../../support/db";
import { ShopifyControl } from "../../support/shopify-control";
import { StudioControl, setupStudioAccount } from "../../support/studio-control";
import { startShopifySandbox } from "../../shopify-sandbox/server";
import { startStudioSimulator } from "../../studio-simulator/server";

export const SHOP = "ui-routes.myshopify.com";
export const OTHER_SHOP = "ui-other.myshopify.com";

type RouteArgs = { request: Request; params: Record<string, string>; context: Record<string, never> };
export type RouteFn = (args: RouteArgs) => Promise<unknown>;

export interface RouteHarness {
  tdb: TestDatabase;
  shopify: ShopifyControl;
  studio: StudioControl;
  studioKey: string;
  products: Record<string, Array<{ productId: string; variantIds: string[] }>>;
  /** Calls a loader or action as the given shop's embedded admin would. */
  call(fn: RouteFn, path: string, opts?: { shop?: string; params?: Record<string, string>; method?: string; json?: unknown; token?: string | null }): Promise<unknown>;
  close(): Promise<void>;
}

/** What a thrown `data(...)`/Response says: its status and body. */
export async function thrownStatus(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text() };
    const t = thrown as { init?: { status?: number } | null; data?: unknown; type?: string };
    if (t && typeof t === "object" && "init" in t) return { status: t.init?.status ?? 200, body: t.data };
    throw thrown;
  }
  throw new Error("expected the route to throw a response");
}

/** The body of a `data(...)` answer or a plain object. */
export function body<T>(value: unknown): T {
  const v = value as { data?: unknown; init?: unknown; type?: string };
  return (v && typeof v === "object" && "init" in v && "data" in v ? v.data : value) as T;
}

export async function startRouteHarness(): Promise<RouteHarness> {
  const apiKey = process.env.SHOPIFY_API_KEY ?? "test-api-key";
  const apiSecret = process.env.SHOPIFY_API_SECRET ?? "test-api-secret-0123456789abcdef";
  const tdb = await createTestDatabase();
  const sim = await startStudioSimulator();
  const sandbox = await startShopifySandbox({ apiKey, apiSecret });
  // the app modules read these when first loaded (dynamic imports in the test files come after)
  Object.assign(process.env, { SANDBOX_MODE: "true", SHOPIFY_SANDBOX_URL: sandbox.origin, STUDIO_API_BASE_URL: sim.baseUrl });
  const shopify = new ShopifyControl(sandbox.origin);
  const studio = new StudioControl(sim.origin);
  const { storeOfflineSession } = await import("~/shopify/offline-session.server");
  const products: RouteHarness["products"] = {};
  for (const shop of [SHOP, OTHER_SHOP]) {
    const installed = await shopify.installShop({
      shop,
      appUrl: process.env.SHOPIFY_APP_URL ?? "http://127.0.0.1:3000",
      products: [
        { title: `Harbour at Dawn (${shop.split(".")[0]})`, options: [{ name: "Size", values: ["A3", "50x70 cm"] }], variants: [{ title: "A3", price: "120.00", options: ["A3"] }, { title: "50x70 cm", price: "220.00", options: ["50x70 cm"] }] },
        { title: "Gift wrap", variants: [{ title: "Default Title", price: "5.00" }] },
      ],
    });
    products[shop] = installed.products;
    await storeOfflineSession(shop, installed.accessToken, process.env.SCOPES ?? null);
  }
  const account = await setupStudioAccount(studio, { environment: "test" });
  return {
    tdb,
    shopify,
    studio,
    studioKey: account.key,
    products,
    async call(fn, path, opts = {}) {
      const shop = opts.shop ?? SHOP;
      const token = opts.token === undefined ? await shopify.sessionToken(shop) : opts.token;
      const headers = new Headers();
      if (token) headers.set("Authorization", `Bearer ${token}`);
      if (opts.json !== undefined) headers.set("Content-Type", "application/json");
      const url = new URL(path, process.env.SHOPIFY_APP_URL ?? "http://127.0.0.1:3000");
      const request = new Request(url, { method: opts.method ?? (opts.json === undefined ? "GET" : "POST"), headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
      const result = await fn({ request, params: opts.params ?? {}, context: {} });
      // a returned Response is read into the same shape as a plain answer: { data, init: { status } }
      if (result instanceof Response) return { type: "Response", data: await result.json(), init: { status: result.status } };
      return result;
    },
    async close() {
      await sandbox.close();
      await sim.close();
      await tdb.cleanup();
    },
  };
}
