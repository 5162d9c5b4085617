// `npm run demo` end to end, as a child process on free ports, the way the outside suite runs it.
// Both runs use the same database file: the second proves that a run starts from nothing.
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../scripts/demo/orders";
import { ShopifyControl, type SandboxOrder } from "../support/shopify-control";
import { StudioControl, type StudioOrder } from "../support/studio-control";
import { portIsFree, startDemo, type RunningDemo } from "./run-demo";

const READY_WITHIN_MS = 90_000;
const DB_FILE = path.join(os.tmpdir(), `print-studio-demo-test-${process.pid}.db`);
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FLOW_WITHIN_MS = 45_000;

const ordersFor = (orders: StudioOrder[], lineIds: string[]) =>
  orders.filter((o) => o.lines.some((l) => l.externalReference !== null && lineIds.includes(l.externalReference)));

describe("npm run demo with DEMO_ORDERS=0", () => {
  let demo: RunningDemo;

  beforeAll(async () => {
    demo = await startDemo({ DEMO_ORDERS: "0", DEMO_DB_FILE: DB_FILE }, READY_WITHIN_MS);
  }, READY_WITHIN_MS + 10_000);
  afterAll(async () => {
    await demo?.cleanup();
  });

  it("GIVEN free ports WHEN the demo starts THEN it prints one parseable ready line whose URLs answer", async () => {
    expect(demo.output().match(/^demo ready /gm)).toHaveLength(1);
    const { ready, ports } = demo;
    expect(ready).toMatchObject({
      app: `http://127.0.0.1:${ports.app}`,
      studio: `http://127.0.0.1:${ports.studio}`,
      shopify: `http://127.0.0.1:${ports.shopify}`,
      shop: "demo-gallery.myshopify.com",
    });
    expect(ready.studioAccountId).toMatch(/\S/);
    expect(ready.mappedVariantIds.length).toBeGreaterThanOrEqual(3);
    expect(ready.unmappedVariantIds.length).toBeGreaterThanOrEqual(1);
    for (const id of [...ready.mappedVariantIds, ...ready.unmappedVariantIds]) expect(id).toMatch(/^gid:\/\/shopify\/ProductVariant\/\d+$/);

    expect((await fetch(`${ready.app}/healthz`)).status).toBe(200);
    expect((await fetch(`${ready.studio}/api/print/v1/catalogue`)).status).toBe(401); // alive, and wants a key
    const account = await new StudioControl(ready.studio).account(ready.studioAccountId);
    expect(account.creditLimitCents).toBeGreaterThan(0);
    const admin = await fetch(ready.adminUrl);
    expect(admin.status).toBe(200);
    const iframe = /<iframe[^>]* src="([^"]+)"/.exec(await admin.text());
    expect(iframe?.[1]).toContain(`${ready.app}/app?`);
    const embedded = await fetch((iframe?.[1] ?? "").replaceAll("&amp;", "&"), { headers: { "user-agent": BROWSER_UA } });
    expect(embedded.status).toBe(200); // the app accepted the sandbox's session token for the shop
    expect(embedded.headers.get("content-type")).toContain("text/html");
  });

  it("GIVEN the wired demo WHEN a paid order with a print and a non-print line is delivered THEN one studio order carries the print line, and its shipment fulfils only that line", async () => {
    const { ready } = demo;
    const shopify = new ShopifyControl(ready.shopify);
    const studio = new StudioControl(ready.studio);
    const created = await shopify.createOrder(ready.shop, {
      lineItems: [
        { variantId: ready.mappedVariantIds[0], quantity: 2 },
        { variantId: ready.mappedVariantIds[1], quantity: 1 },
        { variantId: ready.unmappedVariantIds[0], quantity: 1 },
      ],
      shippingAddress: { name: "Test Buyer", address1: "1 George St", city: "Sydney", provinceCode: "NSW", zip: "2000", countryCode: "AU" },
      shippingLine: { title: "Standard Shipping", price: "12.00" },
      email: "buyer@example.com",
      deliver: true,
    });
    const order = await shopify.getOrder(ready.shop, created.orderId);
    const mapped = new Set(ready.mappedVariantIds);
    const printLines = order.lineItems.filter((l) => l.variantId !== null && mapped.has(l.variantId)).map((l) => l.id);
    const otherLine = order.lineItems.find((l) => l.variantId === ready.unmappedVariantIds[0]);
    expect(printLines).toHaveLength(2);

    const placed = await waitFor(async () => {
      const found = ordersFor(await studio.orders(ready.studioAccountId), order.lineItems.map((l) => l.id));
      return found.length > 0 ? found : null;
    }, Date.now() + FLOW_WITHIN_MS);
    expect(placed, `no studio order appeared:\n${demo.output()}`).not.toBeNull();
    expect(placed).toHaveLength(1);
    const studioOrder = (placed as StudioOrder[])[0];
    expect(studioOrder.lines.map((l) => l.externalReference).sort()).toEqual([...printLines].sort());

    await studio.addShipment(studioOrder.orderId, { carrier: "Australia Post", trackingNumber: "TEST123456789AU", trackingUrl: "https://auspost.com.au/mypost/track/details/TEST123456789AU" });
    const fulfilled = await waitFor(async () => {
      const current = await shopify.getOrder(ready.shop, created.orderId);
      return current.fulfillments.length > 0 ? current : null;
    }, Date.now() + FLOW_WITHIN_MS);
    expect(fulfilled, `no fulfilment appeared:\n${demo.output()}`).not.toBeNull();
    const after = fulfilled as SandboxOrder;
    expect(after.fulfillments).toHaveLength(1);
    expect(after.fulfillments[0].lineItems.map((l) => l.lineItemId).sort()).toEqual([...printLines].sort());
    expect(after.fulfillments[0].trackingInfo.map((t) => t.number)).toEqual(["TEST123456789AU"]);
    expect(after.lineItems.find((l) => l.id === otherLine?.id)?.fulfilledQuantity).toBe(0);
    expect(after.displayFulfillmentStatus).toBe("PARTIALLY_FULFILLED");
  }, 2 * FLOW_WITHIN_MS + 10_000);

  it("GIVEN the running demo WHEN it gets SIGTERM THEN it exits 0 and frees its ports", async () => {
    expect(await demo.stop("SIGTERM")).toBe(0);
    const { ports } = demo;
    expect(await Promise.all([portIsFree(ports.app), portIsFree(ports.studio), portIsFree(ports.shopify)])).toEqual([true, true, true]);
  }, 30_000);
});

describe("npm run demo with its demo orders", () => {
  let demo: RunningDemo;

  beforeAll(async () => {
    demo = await startDemo({ DEMO_ORDER_TIMEOUT_MS: String(FLOW_WITHIN_MS), DEMO_DB_FILE: DB_FILE }, READY_WITHIN_MS + 2 * FLOW_WITHIN_MS);
  }, READY_WITHIN_MS + 2 * FLOW_WITHIN_MS + 10_000);
  afterAll(async () => {
    await demo?.cleanup();
    for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(`${DB_FILE}${suffix}`, { force: true });
  });

  it("GIVEN the default demo WHEN it is ready THEN each demo order became exactly one studio order, shipped and fulfilled on Shopify", async () => {
    const { ready } = demo;
    expect(demo.output()).toMatch(/all 3 demo orders went to the studio once and came back to Shopify/);
    const studioOrders = await new StudioControl(ready.studio).orders(ready.studioAccountId);
    expect(studioOrders).toHaveLength(3);
    for (const o of studioOrders) {
      expect(o.status).toBe("shipped");
      for (const line of o.lines) expect(line.externalReference).toMatch(/^gid:\/\/shopify\/LineItem\/\d+$/);
    }
    expect(studioOrders.map((o) => o.lines.length).sort()).toEqual([1, 1, 3]);
    expect(await demo.stop("SIGINT")).toBe(0);
  });
});
