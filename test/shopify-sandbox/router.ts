// Request routing for the sandbox: Admin GraphQL, token exchange, the local admin page, the App
// Bridge stand-in and the /__shopify control surface.
import type { IncomingMessage, ServerResponse } from "node:http";
import { adminPage } from "./admin-page";
import { appBridgeScript } from "./app-bridge-script";
import { SANDBOX_API_VERSION } from "./app-config";
import type { SandboxContext } from "./context";
import { handleControl } from "./control";
import { handleGraphql } from "./graphql/handler";
import { HttpError, readBody, readObject, sendJson, sendText } from "./http-util";
import { InputError, NotFound } from "./orders";
import { normalizeShopDomain } from "./store";
import { tokenExchange } from "./token-exchange";

const HANG_MS = 60_000;

function hang(req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { res.destroy(); resolve(); }, HANG_MS);
    timer.unref();
    req.socket.once("close", () => { clearTimeout(timer); resolve(); });
  });
}

/** `/shops/{shop}/admin/...`, or `/admin/...` with the shop in Host / X-Shopify-Shop-Domain. */
function adminTarget(req: IncomingMessage, url: URL): { shop: string; rest: string } | null {
  const m = /^\/shops\/([^/]+)(\/admin\/.*)$/.exec(url.pathname);
  if (m) return { shop: normalizeShopDomain(decodeURIComponent(m[1])), rest: m[2] };
  if (!url.pathname.startsWith("/admin/api/") && url.pathname !== "/admin/oauth/access_token") return null;
  const header = req.headers["x-shopify-shop-domain"];
  const host = typeof header === "string" ? header : (req.headers.host ?? "").replace(/:\d+$/, "");
  return host.endsWith(".myshopify.com") ? { shop: host, rest: url.pathname } : null;
}

async function route(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (url.pathname.startsWith("/__shopify/")) {
    if (await handleControl(ctx, req, res, url)) return;
    throw new HttpError(404, `no control route ${req.method} ${url.pathname}`);
  }
  if (req.method === "GET" && url.pathname === "/app-bridge.js") {
    return sendText(res, 200, "text/javascript; charset=utf-8", appBridgeScript(ctx.origin), { "access-control-allow-origin": "*", "cache-control": "no-store" });
  }
  const admin = /^\/admin\/shops\/([^/]+)\/apps\/([^/]+)(\/.*)?$/.exec(url.pathname);
  if (req.method === "GET" && admin) {
    const page = adminPage(ctx, normalizeShopDomain(decodeURIComponent(admin[1])), decodeURIComponent(admin[2]), admin[3] ?? "", url.searchParams);
    return sendText(res, page.status, "text/html; charset=utf-8", page.html);
  }
  const target = adminTarget(req, url);
  if (target && req.method === "POST" && target.rest === "/admin/oauth/access_token") {
    const fault = ctx.faults.take(["tokenExchange"], true);
    if (fault === "timeout") return hang(req, res);
    if (fault === "500") return sendJson(res, 500, { errors: "Internal Server Error" });
    if (fault === "throttled") return sendJson(res, 429, { errors: "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service." }, { "retry-after": "1" });
    return sendJson(res, 200, tokenExchange(ctx, target.shop, await readObject(req)));
  }
  const gql = target && /^\/admin\/api\/([\w-]+)\/graphql\.json$/.exec(target.rest);
  if (target && gql && req.method === "POST") {
    const token = req.headers["x-shopify-access-token"];
    const shop = ctx.store.shopForToken(target.shop, typeof token === "string" ? token : "", ctx.now());
    if (!shop) return sendJson(res, 401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      const type = req.headers["content-type"] ?? "";
      body = type.includes("application/graphql") ? { query: raw } : null;
    }
    if (!body || typeof body !== "object") return sendJson(res, 400, { errors: { query: "Required parameter missing or invalid" } });
    const answer = handleGraphql(ctx, shop, body as Record<string, unknown>);
    if (answer.fault === "timeout") return hang(req, res);
    return sendJson(res, answer.status, answer.body, { "x-shopify-api-version": SANDBOX_API_VERSION, "x-request-id": crypto.randomUUID() });
  }
  if (req.method === "GET" && url.pathname === "/") {
    return sendJson(res, 200, { sandbox: "shopify", apiVersion: SANDBOX_API_VERSION, shops: [...ctx.store.shops.keys()] });
  }
  throw new HttpError(404, `no route ${req.method} ${url.pathname}`);
}

export async function handle(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await route(ctx, req, res);
  } catch (err) {
    if (res.headersSent) { res.destroy(); return; }
    if (err instanceof HttpError) return sendJson(res, err.status, err.body ?? { error: err.message }, { "access-control-allow-origin": "*" });
    if (err instanceof NotFound) return sendJson(res, 404, { error: err.message });
    if (err instanceof InputError) return sendJson(res, 400, { error: err.message });
    console.error("shopify sandbox: unexpected error", err);
    sendJson(res, 500, { error: `sandbox error: ${(err as Error).message}` });
  }
}
