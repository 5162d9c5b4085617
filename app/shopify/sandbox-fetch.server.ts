// Sandbox mode only (SANDBOX_MODE=true, refused in production): every request the Shopify library
// makes to `https://{shop}/admin/...` (Admin GraphQL, token exchange) goes to the local Shopify
// sandbox at `{SHOPIFY_SANDBOX_URL}/shops/{shop}/admin/...` instead. Loaded by shopify.server.ts
// through a dynamic import, so that in normal mode nothing of it is loaded.
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";

type Fetch = typeof globalThis.fetch;

export function sandboxUrlFor(input: string, sandboxOrigin: string): string {
  const url = new URL(input);
  if (url.protocol === "https:" && /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i.test(url.hostname) && url.pathname.startsWith("/admin/")) {
    return `${sandboxOrigin.replace(/\/$/, "")}/shops/${url.hostname}${url.pathname}${url.search}`;
  }
  return input;
}

export function sandboxFetch(sandboxOrigin: string, base: Fetch = globalThis.fetch): Fetch {
  return (input, init) => {
    if (typeof input === "string" || input instanceof URL) {
      return base(sandboxUrlFor(String(input), sandboxOrigin), init);
    }
    const rewritten = sandboxUrlFor(input.url, sandboxOrigin);
    return base(rewritten === input.url ? input : new Request(rewritten, input), init);
  };
}

export function installSandboxFetch(sandboxOrigin: string): void {
  setAbstractFetchFunc(sandboxFetch(sandboxOrigin));
}

/** The App Bridge stand-in served by the sandbox, used instead of Shopify's CDN script. */
export function sandboxAppBridgeUrl(sandboxOrigin: string): string {
  return `${sandboxOrigin.replace(/\/$/, "")}/app-bridge.js`;
}

/** Rewrites Shopify's CDN App Bridge URL in an HTML response the library produced (bounce pages). */
export async function rewriteAppBridgeScript(response: Response, sandboxOrigin: string): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("text/html")) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("link");
  return new Response(html.replaceAll("https://cdn.shopify.com/shopifycloud/app-bridge.js", sandboxAppBridgeUrl(sandboxOrigin)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
