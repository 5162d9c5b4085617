// Token exchange as Shopify answers it: a session token (JWT HS256 signed with the app secret)
// becomes an offline or online access token usable for the Admin API; bad tokens get 400.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessionToken, signJwt } from "./session-token";
import { API_KEY, API_SECRET, startTestSandbox } from "./test-helpers";

const SHOP = "token-gallery.myshopify.com";
let env: Awaited<ReturnType<typeof startTestSandbox>>;

beforeAll(async () => {
  env = await startTestSandbox();
});
afterAll(async () => {
  await env.sandbox.close();
});
beforeEach(async () => {
  await env.control.reset();
  await env.control.installShop({ shop: SHOP, appUrl: "http://127.0.0.1:9" });
});

async function exchange(shop: string, subjectToken: string, requested: "offline" | "online", form = false) {
  const fields = {
    client_id: API_KEY, client_secret: API_SECRET, grant_type: "urn:ietf:params:oauth:grant-type:token-exchange", subject_token: subjectToken,
    subject_token_type: "urn:ietf:params:oauth:token-type:id_token", requested_token_type: `urn:shopify:params:oauth:token-type:${requested}-access-token`,
  };
  const res = await fetch(`${env.sandbox.origin}/shops/${shop}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json", accept: "application/json" },
    body: form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("GIVEN a fresh session token from the sandbox's App Bridge endpoint", () => {
  it("WHEN exchanged for an offline token THEN {access_token, scope} and the token answers an Admin query", async () => {
    const sessionToken = await env.control.sessionToken(SHOP);
    const { status, body } = await exchange(SHOP, sessionToken, "offline");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["access_token", "scope"]);
    expect(body.scope).toBe("read_orders,write_orders,read_products,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_shipping");
    const q = await env.graphql<{ shop: { myshopifyDomain: string } }>(SHOP, String(body.access_token), "{ shop { myshopifyDomain } }");
    expect(q.body.data?.shop.myshopifyDomain).toBe(SHOP);
  });

  it("WHEN exchanged (form-encoded) for an online token THEN it expires and names the associated user", async () => {
    const { status, body } = await exchange(SHOP, await env.control.sessionToken(SHOP), "online", true);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      access_token: expect.any(String), scope: expect.any(String), expires_in: expect.any(Number), associated_user_scope: expect.any(String),
      associated_user: { id: expect.any(Number), first_name: expect.any(String), last_name: expect.any(String), email: expect.any(String), account_owner: true, locale: "en", collaborator: false, email_verified: true },
    });
    expect((await env.graphql(SHOP, String(body.access_token), "{ shop { name } }")).status).toBe(200);
    await env.control.advanceClock(Number(body.expires_in) * 1000 + 1000);
    expect((await env.graphql(SHOP, String(body.access_token), "{ shop { name } }")).status).toBe(401);
  });
});

describe("GIVEN session tokens Shopify would refuse", () => {
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (over: Record<string, unknown> = {}) => ({
    iss: `https://${SHOP}/admin`, dest: `https://${SHOP}`, aud: API_KEY, sub: "1", exp: now() + 60, nbf: now() - 1, iat: now() - 1, jti: "j", sid: "s", ...over,
  });

  it.each([
    ["signed with another secret", signJwt(claims(), "not-the-secret")],
    ["for another app", signJwt(claims({ aud: "other-key" }), API_SECRET)],
    ["expired", signJwt(claims({ exp: now() - 120 }), API_SECRET)],
    ["for another shop", signJwt(claims({ dest: "https://other-gallery.myshopify.com" }), API_SECRET)],
    ["not a JWT", "garbage"],
  ])("WHEN the token is %s THEN 400 invalid_subject_token", async (_name, token) => {
    const { status, body } = await exchange(SHOP, token, "offline");
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_subject_token");
  });

  it("WHEN the client secret is wrong THEN 401 invalid_client", async () => {
    const res = await fetch(`${env.sandbox.origin}/shops/${SHOP}/admin/oauth/access_token`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_id: API_KEY, client_secret: "nope", grant_type: "urn:ietf:params:oauth:grant-type:token-exchange", subject_token: signJwt(claims(), API_SECRET) }),
    });
    expect(res.status).toBe(401);
  });
});

describe("GIVEN a fault on the token endpoint", () => {
  it("WHEN only the named tokenExchange fault exists THEN the exchange answers 500 once and GraphQL is untouched", async () => {
    await env.control.addFault({ operation: "tokenExchange", kind: "500" });
    const sessionToken = await env.control.sessionToken(SHOP);
    expect((await exchange(SHOP, sessionToken, "offline")).status).toBe(500);
    const { status, body } = await exchange(SHOP, sessionToken, "offline");
    expect(status).toBe(200);
    await env.control.addFault({ kind: "500" });
    expect((await exchange(SHOP, sessionToken, "offline")).status).toBe(200);
    expect((await env.graphql(SHOP, String(body.access_token), "{ shop { name } }")).status).toBe(500);
  });
});

describe("GIVEN a shop nobody installed through the control surface", () => {
  it("WHEN its first valid token exchange arrives THEN the app is installed on it (managed install) and the token works", async () => {
    const shop = "new-gallery.myshopify.com";
    const { status, body } = await exchange(shop, sessionToken(shop, API_KEY, API_SECRET, Date.now()), "offline");
    expect(status).toBe(200);
    expect((await env.graphql(shop, String(body.access_token), "{ shop { myshopifyDomain } }")).body.data).toEqual({ shop: { myshopifyDomain: shop } });
  });

  it("WHEN the app was uninstalled THEN token exchange is refused until the shop is installed again", async () => {
    await env.control.uninstall(SHOP);
    const refused = await exchange(SHOP, await env.control.sessionToken(SHOP), "offline");
    expect(refused).toMatchObject({ status: 400, body: { error: "invalid_subject_token" } });
    await env.control.installShop({ shop: SHOP, appUrl: "http://127.0.0.1:9" });
    expect((await exchange(SHOP, await env.control.sessionToken(SHOP), "offline")).status).toBe(200);
  });
});
