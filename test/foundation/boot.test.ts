import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, hasPostgres, type TestDatabase } from "../support/db";
import { bootExpectingExit, serveBuild, type ServedApp } from "../support/serve-build";
import { shopifyWebhookHeaders } from "../support/webhook-signing";

const SECRET = "boot-test-secret-0123456789";
const baseEnv = {
  SHOPIFY_API_KEY: "boot-test-key",
  SHOPIFY_API_SECRET: SECRET,
  SCOPES: "read_orders,write_orders",
  ENCRYPTION_KEY: "c".repeat(64),
  WORKER_IN_PROCESS: "false",
};
const providers: ("sqlite" | "postgresql")[] = ["sqlite", ...(hasPostgres ? (["postgresql"] as const) : [])];
const TOPICS: Record<string, string> = {
  "orders/paid": "/webhooks/orders/paid",
  "orders/cancelled": "/webhooks/orders/cancelled",
  "app/uninstalled": "/webhooks/app/uninstalled",
  "app/scopes_update": "/webhooks/app/scopes_update",
  "customers/data_request": "/webhooks/customers/data_request",
  "customers/redact": "/webhooks/customers/redact",
  "shop/redact": "/webhooks/shop/redact",
};

describe.each(providers)("the production build on %s", (provider) => {
  let database: TestDatabase;
  let app: ServedApp;

  beforeAll(async () => {
    database = await createTestDatabase({ provider });
    app = await serveBuild({ ...baseEnv, DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.cleanup();
  });

  it("GIVEN a migrated database WHEN the app boots THEN /healthz answers ok through the database", async () => {
    const res = await fetch(`${app.origin}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it.each(Object.entries(TOPICS))("GIVEN a %s webhook with a bad HMAC WHEN delivered THEN the app answers 401", async (topic, route) => {
    const body = JSON.stringify({ id: 1, shop_domain: "boot.myshopify.com" });
    const headers = shopifyWebhookHeaders({ topic, shop: "boot.myshopify.com", body, secret: "not-the-app-secret" });
    const res = await fetch(`${app.origin}${route}`, { method: "POST", headers, body });
    expect(res.status).toBe(401);
  });

  it.each(Object.entries(TOPICS))("GIVEN a %s webhook signed with the app secret WHEN delivered THEN the app answers 200", async (topic, route) => {
    const body = JSON.stringify({
      id: 820982911946154500,
      admin_graphql_api_id: "gid://shopify/Order/820982911946154508",
      shop_id: 954889,
      shop_domain: "boot.myshopify.com",
      customer: { id: 191167, email: "john@example.com", phone: "555-625-1199" },
      orders_to_redact: [],
      orders_requested: [],
      data_request: { id: 9999 },
      current: ["read_orders"],
      previous: ["read_orders"],
      line_items: [],
    });
    const headers = shopifyWebhookHeaders({ topic, shop: "boot.myshopify.com", body, secret: SECRET });
    const res = await fetch(`${app.origin}${route}`, { method: "POST", headers, body });
    expect(res.status).toBe(200);
  });
});

describe("configuration at boot", () => {
  it("GIVEN ENCRYPTION_KEY is missing WHEN the app starts THEN it exits with one line naming the variable", async () => {
    const result = await bootExpectingExit({ ...baseEnv, ENCRYPTION_KEY: "", DATABASE_URL: "file:./never-created.db" });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/^Invalid configuration: ENCRYPTION_KEY is missing$/m);
  });

  it("GIVEN SANDBOX_MODE in production WHEN the app starts THEN it refuses with a line naming SANDBOX_MODE", async () => {
    const result = await bootExpectingExit({ ...baseEnv, SANDBOX_MODE: "true", SHOPIFY_SANDBOX_URL: "http://127.0.0.1:9", DATABASE_URL: "file:./never-created.db" });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/Invalid configuration: SANDBOX_MODE is refused when NODE_ENV=production/);
  });
});
