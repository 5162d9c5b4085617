// The demo's paid orders: created in the Shopify sandbox and delivered to the app (orders/paid),
// followed until each became one studio order, then shipped by the studio and followed until the
// tracking shows on the Shopify order as a fulfilment of its print lines. Every wait is bounded;
// what did not complete is reported, not hidden.
import type { SandboxOrder, SandboxOrderInput, ShopifyControl } from "../../test/support/shopify-control";
import type { StudioControl, StudioOrder } from "../../test/support/studio-control";
import { DEMO_PRODUCTS } from "./shop-catalogue";
import type { ShopWiring } from "./wire";

export interface DemoOrderOutcome {
  name: string;
  orderId: string;
  studioOrder: StudioOrder | null;
  fulfilled: boolean;
  problem: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value or the deadline passes (then null). */
export async function waitFor<T>(probe: () => Promise<T | null>, deadline: number, everyMs = 250): Promise<T | null> {
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) return null;
    await sleep(everyMs);
  }
}

function variantOf(shop: ShopWiring, sku: string): string {
  for (const v of shop.variants) {
    if (DEMO_PRODUCTS[v.productIndex].variants[v.variantIndex].sku === sku) return v.variantGid;
  }
  throw new Error(`the demo shop has no variant ${sku}`);
}

/** Three orders: one print plus a non-print item, one with several print lines, one single print. */
export function demoOrders(shop: ShopWiring): SandboxOrderInput[] {
  const address = (name: string, address1: string, city: string, provinceCode: string, zip: string) => ({
    name, address1, city, provinceCode, zip, countryCode: "AU", phone: "+61 2 9000 0000",
  });
  return [
    {
      email: "ada@example.com",
      lineItems: [{ variantId: variantOf(shop, "HAD-A3"), quantity: 1 }, { variantId: variantOf(shop, "TOTE-NAT"), quantity: 1 }],
      shippingAddress: address("Ada Lovelace", "12 Circular Quay West", "Sydney", "NSW", "2000"),
      shippingLine: { title: "Standard Shipping", price: "12.00" },
      deliver: true,
    },
    {
      email: "grace@example.com",
      lineItems: [
        { variantId: variantOf(shop, "HAD-A4"), quantity: 2 },
        { variantId: variantOf(shop, "EUM-A3-FR"), quantity: 1 },
        { variantId: variantOf(shop, "DSB-5070-CV"), quantity: 1 },
      ],
      shippingAddress: address("Grace Hopper", "88 Flinders Lane", "Melbourne", "VIC", "3000"),
      shippingLine: { title: "Express Shipping", price: "24.00" },
      deliver: true,
    },
    {
      email: "katherine@example.com",
      lineItems: [{ variantId: variantOf(shop, "HAD-A2"), quantity: 1 }],
      shippingAddress: address("Katherine Johnson", "3 Hay Street", "Perth", "WA", "6000"),
      shippingLine: { title: "Standard Shipping", price: "12.00" },
      deliver: true,
    },
  ];
}

const printLineIds = (order: SandboxOrder, mapped: Set<string>) =>
  order.lineItems.filter((li) => li.variantId !== null && mapped.has(li.variantId)).map((li) => li.id);

function studioOrderFor(orders: StudioOrder[], lineIds: string[]): StudioOrder[] {
  return orders.filter((o) => o.lines.some((l) => l.externalReference !== null && lineIds.includes(l.externalReference)));
}

export interface DemoOrderContext {
  shop: string;
  shopify: ShopifyControl;
  studio: StudioControl;
  accountId: string;
  mappedVariantIds: string[];
  timeoutMs: number;
  log: (line: string) => void;
}

/** Creates the orders, waits for them at the studio, ships them, waits for the Shopify fulfilments. */
export async function runDemoOrders(ctx: DemoOrderContext, inputs: SandboxOrderInput[]): Promise<DemoOrderOutcome[]> {
  const mapped = new Set(ctx.mappedVariantIds);
  const outcomes: Array<DemoOrderOutcome & { lineIds: string[] }> = [];
  for (const input of inputs) {
    const created = await ctx.shopify.createOrder(ctx.shop, input);
    const order = await ctx.shopify.getOrder(ctx.shop, created.orderId);
    const lineIds = printLineIds(order, mapped);
    const status = created.deliveries?.map((d) => d.responseStatus ?? d.status ?? d.error).join(",") ?? "not delivered";
    ctx.log(`  ${order.name}: paid, ${order.lineItems.length} line(s), ${lineIds.length} to print; orders/paid delivered to the app (HTTP ${status})`);
    outcomes.push({ name: order.name, orderId: created.orderId, studioOrder: null, fulfilled: false, problem: null, lineIds });
  }

  const placedBy = Date.now() + ctx.timeoutMs;
  for (const o of outcomes) {
    const found = await waitFor(async () => {
      const matches = studioOrderFor(await ctx.studio.orders(ctx.accountId), o.lineIds);
      return matches.length > 0 ? matches : null;
    }, placedBy);
    if (!found) {
      o.problem = `no studio order within ${Math.round(ctx.timeoutMs / 1000)} s (upload, quote or order did not complete in the app)`;
      ctx.log(`  ${o.name}: NOT placed — ${o.problem}`);
      continue;
    }
    o.studioOrder = found[0];
    const total = (found[0].totalCents / 100).toFixed(2);
    const extra = found.length > 1 ? ` — WARNING: ${found.length} studio orders for one Shopify order` : "";
    ctx.log(`  ${o.name}: uploaded, quoted and placed as studio order ${found[0].orderNumber} (${found[0].lines.length} line(s), ${total})${extra}`);
  }

  for (const [i, o] of outcomes.entries()) {
    if (!o.studioOrder) continue;
    const trackingNumber = `DEMO${String(7_100_000 + i * 7919).padStart(9, "0")}AU`;
    await ctx.studio.addShipment(o.studioOrder.orderId, {
      carrier: "Australia Post",
      trackingNumber,
      trackingUrl: `https://auspost.com.au/mypost/track/details/${trackingNumber}`,
    });
    ctx.log(`  studio shipped ${o.studioOrder.orderNumber} (${o.name}) with Australia Post ${trackingNumber}`);
  }

  const fulfilledBy = Date.now() + ctx.timeoutMs;
  for (const o of outcomes) {
    if (!o.studioOrder) continue;
    const order = await waitFor(async () => {
      const current = await ctx.shopify.getOrder(ctx.shop, o.orderId);
      return current.fulfillments.length > 0 ? current : null;
    }, fulfilledBy);
    if (!order) {
      o.problem = `no Shopify fulfilment within ${Math.round(ctx.timeoutMs / 1000)} s of the studio shipment`;
      ctx.log(`  ${o.name}: NOT fulfilled — ${o.problem}`);
      continue;
    }
    const fulfilledLines = new Set(order.fulfillments.flatMap((f) => f.lineItems.map((l) => l.lineItemId)));
    const printOnly = [...fulfilledLines].every((id) => o.lineIds.includes(id)) && o.lineIds.every((id) => fulfilledLines.has(id));
    const tracking = order.fulfillments.flatMap((f) => f.trackingInfo.map((t) => `${t.company ?? ""} ${t.number ?? ""}`.trim())).join(", ");
    o.fulfilled = printOnly;
    if (!printOnly) o.problem = "the fulfilment does not cover exactly the print lines";
    ctx.log(`  ${o.name}: ${order.displayFulfillmentStatus.toLowerCase().replace("_", " ")} on Shopify — tracking ${tracking}${printOnly ? "" : ` — WARNING: ${o.problem}`}`);
  }
  return outcomes.map(({ lineIds: _lineIds, ...rest }) => rest);
}
