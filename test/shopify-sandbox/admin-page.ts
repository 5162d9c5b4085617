// GET /admin/shops/{shop}/apps/{apiKey}[/path]: a small admin-like shell that embeds the app the way
// the Shopify admin does: an iframe to {appUrl}/app{path}?shop&host&embedded=1&id_token=<fresh token>.
// The App Bridge stand-in inside the iframe posts its nav menu and title here (postMessage).
import type { SandboxContext } from "./context";
import { sessionToken } from "./session-token";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export function hostParam(shop: string): string {
  return Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}`, "utf8").toString("base64").replace(/=+$/, "");
}

export function embeddedAppUrl(ctx: SandboxContext, shop: string, appUrl: string, path: string, extra?: URLSearchParams): string {
  const target = new URL(`${appUrl.replace(/\/+$/, "")}/app${path === "/" ? "" : path}`);
  for (const [k, v] of extra ?? []) target.searchParams.set(k, v);
  target.searchParams.set("embedded", "1");
  target.searchParams.set("host", hostParam(shop));
  target.searchParams.set("shop", shop);
  target.searchParams.set("id_token", sessionToken(shop, ctx.apiKey, ctx.apiSecret, ctx.now()));
  return target.toString();
}

export function adminPage(ctx: SandboxContext, shopDomain: string, apiKey: string, path: string, query: URLSearchParams): { status: number; html: string } {
  const shop = ctx.store.shop(shopDomain);
  if (apiKey !== ctx.apiKey) return { status: 404, html: `<!doctype html><p>No app with API key ${esc(apiKey)} in this sandbox.</p>` };
  if (!shop || !shop.installed) return { status: 404, html: `<!doctype html><p>The app is not installed on ${esc(shopDomain)}.</p>` };
  const src = embeddedAppUrl(ctx, shop.domain, shop.appUrl, path, query);
  const base = `/admin/shops/${encodeURIComponent(shop.domain)}/apps/${encodeURIComponent(apiKey)}`;
  return {
    status: 200,
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(shop.name)} · Sandbox admin</title>
<style>
  body{margin:0;font:14px/1.4 system-ui,sans-serif;background:#f1f1f1;color:#303030;display:grid;grid-template:48px 1fr/220px 1fr;height:100vh}
  header{grid-column:1/3;background:#1a1a1a;color:#fff;display:flex;align-items:center;gap:12px;padding:0 16px}
  header .badge{background:#ffd79d;color:#4f2f00;border-radius:8px;padding:2px 8px;font-size:12px}
  nav{background:#ebebeb;padding:12px 8px;overflow:auto} nav a{display:block;padding:6px 10px;border-radius:8px;color:#303030;text-decoration:none}
  nav a:hover,nav a[aria-current]{background:#fff} nav .app{font-weight:600;margin-top:8px}
  main{display:flex;flex-direction:column;min-width:0} #title{padding:10px 16px;font-weight:600;font-size:16px}
  iframe{flex:1;border:0;background:#fff;border-radius:12px 0 0 0;width:100%}
</style></head>
<body>
<header><strong>${esc(shop.name)}</strong><span>${esc(shop.domain)}</span><span class="badge">Shopify sandbox</span></header>
<nav aria-label="App navigation"><div class="app">${esc(ctx.config.clientId ?? "App")}</div><div id="app-nav"></div></nav>
<main><div id="title" role="heading" aria-level="1"></div>
<iframe id="app-iframe" title="App" src="${esc(src)}"></iframe></main>
<script>
(() => {
  const iframe = document.getElementById("app-iframe");
  const nav = document.getElementById("app-nav");
  const base = ${JSON.stringify(base)};
  window.addEventListener("message", (event) => {
    if (event.source !== iframe.contentWindow || !event.data || typeof event.data !== "object") return;
    const msg = event.data;
    if (msg.type === "sandbox:nav" && Array.isArray(msg.items)) {
      nav.replaceChildren(...msg.items.map((item) => {
        const a = document.createElement("a");
        a.textContent = item.label; a.href = base + (item.href.startsWith("/app") ? item.href.slice(4) : item.href);
        a.addEventListener("click", (e) => { e.preventDefault(); iframe.contentWindow.postMessage({ type: "sandbox:navigate", href: item.href }, "*"); });
        return a;
      }));
    }
    if (msg.type === "sandbox:title") document.getElementById("title").textContent = String(msg.title || "");
    if (msg.type === "sandbox:path" && typeof msg.path === "string") history.replaceState(null, "", msg.path === "/" ? base : base + msg.path);
  });
})();
</script>
</body></html>`,
  };
}
