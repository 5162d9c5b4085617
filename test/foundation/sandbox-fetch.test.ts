import { describe, expect, it } from "vitest";
import { rewriteAppBridgeScript, sandboxFetch, sandboxUrlFor } from "~/shopify/sandbox-fetch.server";

describe("sandbox mode routing", () => {
  it("GIVEN Admin API and token exchange URLs of a shop WHEN rewritten THEN they go to the sandbox under /shops/{shop}", () => {
    const sandbox = "http://127.0.0.1:4020";
    expect(sandboxUrlFor("https://demo.myshopify.com/admin/api/2026-10/graphql.json", sandbox)).toBe(
      "http://127.0.0.1:4020/shops/demo.myshopify.com/admin/api/2026-10/graphql.json",
    );
    expect(sandboxUrlFor("https://demo.myshopify.com/admin/oauth/access_token", sandbox)).toBe(
      "http://127.0.0.1:4020/shops/demo.myshopify.com/admin/oauth/access_token",
    );
    // Anything else is left alone.
    expect(sandboxUrlFor("https://studio.example/api/print/v1/quotes", sandbox)).toBe("https://studio.example/api/print/v1/quotes");
    expect(sandboxUrlFor("http://demo.myshopify.com/admin/x", sandbox)).toBe("http://demo.myshopify.com/admin/x");
  });

  it("GIVEN a Request object WHEN fetched through the sandbox fetch THEN method, headers and body are kept", async () => {
    const seen: Request[] = [];
    const fake = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response("{}");
    }) as typeof fetch;
    const f = sandboxFetch("http://127.0.0.1:4020", fake);
    await f(new Request("https://demo.myshopify.com/admin/api/2026-10/graphql.json", { method: "POST", headers: { "x-shopify-access-token": "t" }, body: "{}" }));
    expect(seen[0].url).toBe("http://127.0.0.1:4020/shops/demo.myshopify.com/admin/api/2026-10/graphql.json");
    expect(seen[0].method).toBe("POST");
    expect(seen[0].headers.get("x-shopify-access-token")).toBe("t");
    expect(await seen[0].text()).toBe("{}");
  });

  it("GIVEN a bounce page from the library WHEN rewritten THEN it loads the sandbox's App Bridge stand-in", async () => {
    const page = new Response('<script data-api-key="k" src="https://cdn.shopify.com/shopifycloud/app-bridge.js"></script>', {
      headers: { "content-type": "text/html;charset=utf-8" },
    });
    const out = await rewriteAppBridgeScript(page, "http://127.0.0.1:4020");
    expect(await out.text()).toBe('<script data-api-key="k" src="http://127.0.0.1:4020/app-bridge.js"></script>');
  });
});
