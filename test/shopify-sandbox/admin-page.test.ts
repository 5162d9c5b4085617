// The local admin page and the App Bridge stand-in, in Chromium: the app is embedded with shop, host,
// embedded=1 and a valid id_token; its same-origin fetches carry a fresh Bearer session token; the nav
// menu shows in the admin; toasts render; the shopify-reload bounce page gets a token.
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySessionToken } from "./session-token";
import { API_KEY, API_SECRET, startTestSandbox } from "./test-helpers";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SHOP = "admin-gallery.myshopify.com";
let env: Awaited<ReturnType<typeof startTestSandbox>>;
let browser: Browser;
let app: { url: string; authorizations: string[]; documents: URL[]; close: () => Promise<void> };

/** A stand-in embedded app page: loads the sandbox's App Bridge script, declares a nav menu, calls its own API. */
async function startFakeApp(sandboxOrigin: string) {
  const authorizations: string[] = [];
  const documents: URL[] = [];
  const page = `<!doctype html><html><head><script src="${sandboxOrigin}/app-bridge.js" data-api-key="${API_KEY}"></script></head><body>
<ui-nav-menu><a href="/app" rel="home">Home</a><a href="/app/orders">Orders</a><a href="/app/settings">Settings</a></ui-nav-menu>
<ui-title-bar title="Dashboard"></ui-title-bar>
<ui-modal id="confirm"><p>Place the order?</p></ui-modal>
<p id="state">loading</p>
<script>
  document.addEventListener("shopify:navigate", (e) => { document.getElementById("state").dataset.navigated = e.target.getAttribute("href"); });
  fetch("/api/whoami").then((r) => r.text()).then((t) => { document.getElementById("state").textContent = t; shopify.toast.show("Settings saved"); });
</script></body></html>`;
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/api/whoami") {
      authorizations.push(req.headers.authorization ?? "");
      res.writeHead(200, { "content-type": "text/plain" }).end(req.headers.authorization ? "authorized" : "anonymous");
      return;
    }
    if (url.pathname === "/favicon.ico") {
      res.writeHead(404).end();
      return;
    }
    documents.push(url);
    res.writeHead(200, { "content-type": "text/html" }).end(page);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, authorizations, documents, close: () => new Promise<void>((ok) => { server.close(() => ok()); server.closeAllConnections(); }) };
}

beforeAll(async () => {
  env = await startTestSandbox();
  app = await startFakeApp(env.sandbox.origin);
  await env.control.installShop({ shop: SHOP, appUrl: app.url });
  if (existsSync(CHROMIUM)) browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await env?.sandbox.close();
});

describe.skipIf(!existsSync(CHROMIUM))("GIVEN the app installed on a sandbox shop", () => {
  it("WHEN the admin page opens THEN the app is embedded with a valid id_token, fetch carries a Bearer token, nav and toast show", async () => {
    const page = await browser.newPage();
    await page.goto(env.control.adminUrl(SHOP, API_KEY));
    const frame = page.frameLocator("#app-iframe");
    await expect.poll(() => frame.locator("#state").textContent()).toBe("authorized");
    const doc = app.documents[0];
    expect(doc.pathname).toBe("/app");
    expect(doc.searchParams.get("shop")).toBe(SHOP);
    expect(doc.searchParams.get("embedded")).toBe("1");
    expect(Buffer.from(doc.searchParams.get("host") ?? "", "base64").toString()).toBe("admin.shopify.com/store/admin-gallery");
    expect(verifySessionToken(doc.searchParams.get("id_token") ?? "", API_KEY, API_SECRET, Date.now()).ok).toBe(true);
    const bearer = app.authorizations[0].replace(/^Bearer /, "");
    const verified = verifySessionToken(bearer, API_KEY, API_SECRET, Date.now());
    expect(verified.ok && verified.payload.dest).toBe(`https://${SHOP}`);
    await expect.poll(() => frame.locator(".sandbox-toast").textContent()).toBe("Settings saved");
    await expect.poll(() => page.locator("#app-nav a").allTextContents()).toEqual(["Orders", "Settings"]);
    await expect.poll(() => page.locator("#title").textContent()).toBe("Dashboard");
    expect(await frame.locator("ui-nav-menu").getAttribute("style")).toBeNull(); // React hydration sees the server's attributes
    await expect.poll(() => frame.locator("ui-modal#confirm").isVisible()).toBe(false);
    await page.frames()[1].evaluate(() => (window as unknown as { shopify: { modal: { show(id: string): Promise<void> } } }).shopify.modal.show("confirm"));
    await expect.poll(() => frame.locator("ui-modal#confirm").isVisible()).toBe(true);
    await page.locator("#app-nav a", { hasText: "Orders" }).click();
    await expect.poll(() => frame.locator("#state").getAttribute("data-navigated")).toBe("/app/orders");
    await page.close();
  });

  it("WHEN the app's bounce page asks for a reload THEN App Bridge returns to it with a fresh id_token", async () => {
    const page = await browser.newPage();
    const before = app.documents.length;
    await page.goto(`${app.url}/auth/session-token?shop=${SHOP}&shopify-reload=${encodeURIComponent(`${app.url}/app/orders?shop=${SHOP}`)}`);
    await expect.poll(() => app.documents.slice(before).map((u) => u.pathname)).toEqual(["/auth/session-token", "/app/orders"]);
    const reloaded = app.documents[app.documents.length - 1];
    expect(verifySessionToken(reloaded.searchParams.get("id_token") ?? "", API_KEY, API_SECRET, Date.now()).ok).toBe(true);
    await page.close();
  });
});
