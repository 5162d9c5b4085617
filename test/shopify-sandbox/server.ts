// startShopifySandbox: a local stand-in for the parts of Shopify the app talks to (see README.md).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { loadAppConfig } from "./app-config";
import { createContext, type SandboxContext } from "./context";
import { handle } from "./router";

export interface ShopifySandboxOptions {
  port?: number;
  host?: string;
  apiKey: string;
  apiSecret: string;
  /** The app's config with [[webhooks.subscriptions]]; default ./shopify.app.toml. */
  appTomlPath?: string;
  /** The sandbox clock (ms); default Date.now. The bucket and token expiry read it. */
  clock?: () => number;
  /** App URL for shops auto-installed by a token exchange; default SHOPIFY_APP_URL or the toml's application_url. */
  defaultAppUrl?: string;
}

export interface ShopifySandbox {
  origin: string;
  close(): Promise<void>;
}

export async function startShopifySandbox(opts: ShopifySandboxOptions): Promise<ShopifySandbox & { context: SandboxContext }> {
  if (!opts.apiKey || !opts.apiSecret) throw new Error("startShopifySandbox needs apiKey and apiSecret");
  const host = opts.host ?? "127.0.0.1";
  if (!/^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(host)) {
    throw new Error(`the Shopify sandbox listens on loopback only (its control surface has no auth), not on ${host}`);
  }
  const config = loadAppConfig(resolve(opts.appTomlPath ?? "./shopify.app.toml"));
  const ctx = createContext(opts.apiKey, opts.apiSecret, config, opts.clock);
  if (opts.defaultAppUrl) ctx.defaultAppUrl = opts.defaultAppUrl;
  const server = createServer((req, res) => { void handle(ctx, req, res); });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(opts.port ?? 0, host, () => { server.off("error", fail); ok(); });
  });
  const { port } = server.address() as AddressInfo;
  ctx.origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    origin: ctx.origin,
    context: ctx,
    close: () => {
      closing ??= new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
