// Shared setup for the sandbox's own tests: a sandbox on port 0, its control client, an Admin
// GraphQL caller, and a local HTTP receiver standing in for the app's webhook endpoints.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { ShopifyControl } from "../support/shopify-control";
import { startShopifySandbox } from "./server";

export const API_KEY = "sandbox-test-key";
export const API_SECRET = "sandbox-test-secret-0123456789";

export interface GqlError { message: string; locations?: Array<{ line: number; column: number }>; path?: string[]; extensions?: { code?: string; [k: string]: unknown } }
export interface GqlCost { requestedQueryCost: number; actualQueryCost: number | null; throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number } }
export interface GqlAnswer<T> { data?: T; errors?: GqlError[]; extensions?: { cost: GqlCost } }

export async function startTestSandbox() {
  const sandbox = await startShopifySandbox({ port: 0, apiKey: API_KEY, apiSecret: API_SECRET, appTomlPath: "./shopify.app.toml" });
  const control = new ShopifyControl(sandbox.origin);
  const graphql = async <T = Record<string, unknown>>(shop: string, token: string, query: string, variables?: Record<string, unknown>) => {
    const res = await fetch(`${sandbox.origin}/shops/${shop}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": token },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as GqlAnswer<T> };
  };
  return { sandbox, control, graphql };
}

export interface ReceivedWebhook { path: string; headers: IncomingHttpHeaders; raw: string }

/** An HTTP server recording every request; answers `status()` (200 by default). */
export async function startReceiver(status: () => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, raw: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status()).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((ok) => { server.close(() => ok()); server.closeAllConnections(); }),
  };
}

export const ADDRESS = { firstName: "Ada", lastName: "Moreau", address1: "12 Quay Street", city: "Portland", provinceCode: "ME", zip: "04101", countryCode: "US" };
