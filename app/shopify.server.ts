// The one place that configures the Shopify app library. Everything else imports `authenticate`,
// `unauthenticated` and friends from here.
import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import db from "./db.server";
import { loadEnvOrExit } from "./env.server";

// The first module to read the configuration at boot: a bad variable ends the process here.
const config = loadEnvOrExit();

// Sandbox mode: Admin API calls and token exchange go to the local Shopify sandbox. In normal mode
// the module is never imported.
const sandbox = config.SANDBOX_MODE && config.SHOPIFY_SANDBOX_URL
  ? await import("./shopify/sandbox-fetch.server")
  : undefined;
if (sandbox && config.SHOPIFY_SANDBOX_URL) sandbox.installSandboxFetch(config.SHOPIFY_SANDBOX_URL);

export const apiVersion = ApiVersion.October26;

const shopify = shopifyApp({
  apiKey: config.SHOPIFY_API_KEY,
  apiSecretKey: config.SHOPIFY_API_SECRET,
  apiVersion,
  scopes: config.SCOPES,
  appUrl: config.SHOPIFY_APP_URL,
  authPathPrefix: "/auth",
  sessionStorage: new PrismaSessionStorage(db),
  distribution: AppDistribution.AppStore,
  future: { unstable_newEmbeddedAuthStrategy: true },
  hooks: {
    // A (re)install: the shop's row exists and any work app/uninstalled stopped resumes.
    // Imported here, not at the top, because the pipeline itself imports this module.
    afterAuth: async ({ session }) => {
      const { ensureShop } = await import("./models/shop-settings.server");
      const { resumeShopWork } = await import("./pipeline/shop-work.server");
      await ensureShop(session.shop);
      await resumeShopWork(session.shop);
    },
  },
  ...(config.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [config.SHOP_CUSTOM_DOMAIN] } : {}),
});

export default shopify;

/** In sandbox mode the library's bounce pages load the sandbox's App Bridge stand-in, not the CDN. */
async function sandboxed<T>(request: Request, work: () => Promise<T>): Promise<T> {
  if (!sandbox || !config.SHOPIFY_SANDBOX_URL) return work();
  // The library answers 410 to user agents that look like bots, and headless Chromium says
  // "HeadlessChrome": the local admin is driven by exactly that (people and browser tests).
  const agent = request.headers.get("user-agent");
  if (agent?.includes("HeadlessChrome")) request.headers.set("user-agent", agent.replaceAll("HeadlessChrome", "Chrome"));
  try {
    return await work();
  } catch (thrown) {
    if (thrown instanceof Response) throw await sandbox.rewriteAppBridgeScript(thrown, config.SHOPIFY_SANDBOX_URL);
    throw thrown;
  }
}

export const authenticate = {
  ...shopify.authenticate,
  admin: (request: Request) => sandboxed(request, () => shopify.authenticate.admin(request)),
} as typeof shopify.authenticate;

/** The App Bridge script the embedded UI loads: Shopify's CDN, or the sandbox's stand-in. */
export const appBridgeUrl: string | undefined = sandbox && config.SHOPIFY_SANDBOX_URL
  ? sandbox.sandboxAppBridgeUrl(config.SHOPIFY_SANDBOX_URL)
  : undefined;

/**
 * Shopify's document headers; in sandbox mode the sandbox's local admin page is also allowed to frame
 * the app (frame-ancestors), as admin.shopify.com is in production.
 */
export const addDocumentResponseHeaders: typeof shopify.addDocumentResponseHeaders = (request, headers) => {
  shopify.addDocumentResponseHeaders(request, headers);
  const csp = headers.get("Content-Security-Policy");
  if (sandbox && config.SHOPIFY_SANDBOX_URL && csp?.includes("frame-ancestors ")) {
    headers.set("Content-Security-Policy", csp.replace("frame-ancestors ", `frame-ancestors ${new URL(config.SHOPIFY_SANDBOX_URL).origin} `));
  }
};
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
export const sessionStorage = shopify.sessionStorage;
