// The sandbox against Shopify's own Node library (@shopify/shopify-api, the one shopify-app-remix
// uses): it decodes the sandbox's session tokens, validates its webhooks, exchanges tokens with it and
// queries it with its GraphQL client. Requests to https://{shop}/admin/... are rewritten to the sandbox,
// as the app does in sandbox mode.
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import "@shopify/shopify-api/adapters/node";
import { ApiVersion, RequestedTokenType, shopifyApi } from "@shopify/shopify-api";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS, API_KEY, API_SECRET, startReceiver, startTestSandbox } from "./test-helpers";

const SHOP = "library-gallery.myshopify.com";
let env: Awaited<ReturnType<typeof startTestSandbox>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const api = shopifyApi({
  apiKey: API_KEY, apiSecretKey: API_SECRET, apiVersion: ApiVersion.October26, hostName: "127.0.0.1:3000", hostScheme: "http",
  isEmbeddedApp: true, scopes: ["read_orders"], logger: { level: 0 },
});

/** The node adapter reads only the headers of the incoming request. */
const asRequest = (headers: IncomingHttpHeaders) => ({ headers }) as unknown as IncomingMessage;

beforeAll(async () => {
  env = await startTestSandbox();
  receiver = await startReceiver();
  const base = globalThis.fetch;
  setAbstractFetchFunc((input, init) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? String(input) : input.url);
    const target = url.hostname.endsWith(".myshopify.com") ? `${env.sandbox.origin}/shops/${url.hostname}${url.pathname}${url.search}` : url.toString();
    return base(target, init as RequestInit);
  });
  await env.control.installShop({ shop: SHOP, appUrl: receiver.url });
});
afterAll(async () => {
  await env.sandbox.close();
  await receiver.close();
});

describe("GIVEN Shopify's Node library configured with the app's key and secret", () => {
  it("WHEN it decodes a sandbox session token THEN the claims are the shop's", async () => {
    const payload = await api.session.decodeSessionToken(await env.control.sessionToken(SHOP));
    expect(payload).toMatchObject({ dest: `https://${SHOP}`, iss: `https://${SHOP}/admin`, aud: API_KEY });
  });

  it("WHEN it exchanges the token (offline and online) THEN sessions come back and its GraphQL client reads the shop", async () => {
    const sessionToken = await env.control.sessionToken(SHOP);
    const { session } = await api.auth.tokenExchange({ shop: SHOP, sessionToken, requestedTokenType: RequestedTokenType.OfflineAccessToken });
    expect(session).toMatchObject({ shop: SHOP, isOnline: false, id: `offline_${SHOP}` });
    const client = new api.clients.Graphql({ session });
    const answer = await client.request<{ shop: { myshopifyDomain: string } }>("query ShopDomain { shop { myshopifyDomain } }");
    expect(answer.data?.shop.myshopifyDomain).toBe(SHOP);
    expect(answer.extensions?.cost).toMatchObject({ throttleStatus: { maximumAvailable: 2000, restoreRate: 100 } });
    const online = await api.auth.tokenExchange({ shop: SHOP, sessionToken, requestedTokenType: RequestedTokenType.OnlineAccessToken });
    expect(online.session.isOnline).toBe(true);
    expect(online.session.onlineAccessInfo?.associated_user.id).toEqual(expect.any(Number));
  });

  it("WHEN the sandbox refuses a document THEN the library surfaces the errors", async () => {
    const { session } = await api.auth.tokenExchange({ shop: SHOP, sessionToken: await env.control.sessionToken(SHOP), requestedTokenType: RequestedTokenType.OfflineAccessToken });
    const client = new api.clients.Graphql({ session });
    await expect(client.request("{ shop { nickname } }")).rejects.toThrow(/Field 'nickname' doesn't exist on type 'Shop'/);
  });

  it("WHEN a sandbox orders/paid webhook arrives THEN the library validates it", async () => {
    const { variantIds } = await env.control.createProduct(SHOP, { title: "Harbour at Dawn", variants: [{ title: "30x40 cm", price: "45.00" }] });
    await env.control.createOrder(SHOP, { lineItems: [{ variantId: variantIds[0], quantity: 1 }], shippingAddress: ADDRESS, email: "ada@example.org", deliver: true });
    const hit = receiver.received.at(-1);
    if (!hit) throw new Error("no webhook received");
    const check = await api.webhooks.validate({ rawBody: hit.raw, rawRequest: asRequest(hit.headers) });
    expect(check).toMatchObject({ valid: true, topic: "ORDERS_PAID", domain: SHOP, apiVersion: "2026-10" });
    const tampered = await api.webhooks.validate({ rawBody: `${hit.raw} `, rawRequest: asRequest(hit.headers) });
    expect(tampered.valid).toBe(false);
  });
});
