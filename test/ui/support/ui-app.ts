// The app as a browser sees it in development: Vite's dev server with the Remix plugin serving both
// the documents (SSR) and the client modules, on a free loopback port. (test/support/app-server.ts
// serves documents only, enough for request tests but not for hydration in a browser.)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../support/ports";

export interface UiApp { origin: string; close(): Promise<void> }

export async function startUiApp(env: Record<string, string>): Promise<UiApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  Object.assign(process.env, { SHOPIFY_APP_URL: origin, ...env });
  const { createServer } = await import("vite");
  // an own dependency cache: two dev servers sharing node_modules/.vite would re-optimise under each other
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), "print-studio-ui-vite-"));
  const vite = await createServer({
    configFile: "vite.config.ts",
    logLevel: "error",
    cacheDir,
    server: { host: "127.0.0.1", port, strictPort: true, hmr: false, watch: null },
    // pre-bundled up front: a dependency discovered during a page load would be re-optimised and the
    // page would end up with two copies of React
    optimizeDeps: { noDiscovery: true, include: ["@shopify/shopify-app-remix/server", "react", "react-dom", "react-dom/client", "react/jsx-runtime", "react/jsx-dev-runtime", "@remix-run/react", "@shopify/polaris", "@shopify/app-bridge-react", "@shopify/shopify-app-remix/react"] },
  });
  await vite.listen();
  // first document load compiles the app: warm it up so a browser test's first wait is short
  await fetch(`${origin}/healthz`).catch(() => undefined);
  return {
    origin,
    close: async () => {
      await vite.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
