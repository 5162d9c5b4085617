// In a real browser, through the Shopify sandbox's admin page, with the real pipeline worker: a paid
// order flows to shipped and its page shows every step with the tracking link; under the manual
// policy an order is approved from its page, then cancelled at the studio from it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import db from "~/db.server";
import type { Worker } from "~/pipeline/worker.server";
import { hasChromium, startUiStack, type UiStack } from "../support/ui-stack";
import { goto, launchBrowser, openAdmin, screenshot, seriousAxeViolations, type AppPage } from "./browser";

if (!hasChromium) console.warn("skipping browser tests: /usr/bin/chromium is not installed");

const ADDRESS = { firstName: "Ada", lastName: "Moreau", address1: "12 Quay Street", city: "Portland", provinceCode: "ME", zip: "04101", countryCode: "US" };

/** Polls the database (not a timed assertion: the expectations that follow decide). */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!hasChromium)("Print orders, in the embedded admin", () => {
  let stack: UiStack;
  let browser: Browser;
  let ap: AppPage;
  let worker: Worker;
  const printOrder = (orderGid: string) => db.printOrder.findFirst({ where: { shopDomain: stack.shop, shopifyOrderGid: orderGid } });

  beforeAll(async () => {
    stack = await startUiStack("orders-ui.myshopify.com");
    const { saveShopSettings } = await import("~/models/shop-settings.server");
    const { upsertMapping } = await import("~/models/variant-mapping.server");
    const saved = await saveShopSettings(stack.shop, { studioApiKey: stack.studioKey, studioWebhookSecret: stack.studioWebhookSecret, submissionPolicy: "immediate", shippingPolicy: { methods: {}, fallback: "cheapest" }, defaultRushTier: "standard" });
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const [harbour] = stack.products;
    const mapped = await upsertMapping(stack.shop, {
      variantGid: harbour.variantIds[0], productGid: harbour.productId, productTitle: "Harbour at Dawn", variantTitle: "A3",
      productSlug: "fine-art-printing", variantSelections: { artworkWidthMm: "297", artworkHeightMm: "420", mediaId: "paper-photo-rag-308" }, quantityPerUnit: 1, artworkSource: "variant_image",
    });
    if (!mapped.ok) throw new Error(JSON.stringify(mapped));
    const { startWorker } = await import("~/pipeline/worker.server");
    worker = startWorker({ idlePollMs: 100, studioTimeoutMs: 5_000, config: { pollIntervalMs: 60_000, creditRetryMs: 60_000, maxBackoffMs: 1_000 } });
    browser = await launchBrowser();
    ap = await openAdmin(browser, stack.adminUrl("/orders"));
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await browser?.close();
    await stack?.close();
  });

  it("GIVEN a paid order of a mapped print WHEN the studio ships it THEN its page shows every step, the parcel's tracking link and the fulfilment", async () => {
    const { orderId, name } = await stack.shopify.createOrder(stack.shop, { lineItems: [{ variantId: stack.products[0].variantIds[0], quantity: 1 }], shippingAddress: ADDRESS, email: "ada@example.com", deliver: true });
    const placed = await until("the order placed with the studio", async () => { const po = await printOrder(orderId); return po?.studioOrderId ? po : null; });
    await stack.studio.setOrderStatus(placed.studioOrderId as string, "in_production");
    await stack.studio.addShipment(placed.studioOrderId as string, { carrier: "AusPost", trackingNumber: "AP123456789AU", trackingUrl: "https://auspost.example/track/AP123456789AU" });
    await until("the fulfilment written to Shopify", async () => (await printOrder(orderId))?.state === "fulfilled");

    await goto(ap, stack.adminUrl("/orders"));
    await ap.app.getByRole("link", { name }).waitFor();
    await screenshot(ap, "08-orders-list");
    expect(await seriousAxeViolations(ap)).toEqual([]);

    await goto(ap, stack.adminUrl(`/orders/${placed.id}`));
    const types = await ap.app.locator("ol[aria-label='Order timeline'] > li").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-event-type")));
    for (const step of ["received", "artwork_uploaded", "quoted", "placed", "studio_status", "parcel", "fulfilment_written"]) expect(types).toContain(step);
    expect(types.indexOf("received")).toBeLessThan(types.indexOf("placed"));
    expect(types.indexOf("parcel")).toBeLessThan(types.indexOf("fulfilment_written"));
    const track = ap.app.getByRole("link", { name: /Track parcel AP123456789AU/ });
    expect(await track.getAttribute("href")).toBe("https://auspost.example/track/AP123456789AU");
    await expect(ap.app.getByText("Fulfilled", { exact: true }).first().isVisible()).resolves.toBe(true);
    await screenshot(ap, "09-order-shipped");
    expect(await seriousAxeViolations(ap)).toEqual([]);
  });

  it("GIVEN the manual policy WHEN the merchant approves an order on its page THEN it is placed with the studio", async () => {
    const { saveShopSettings } = await import("~/models/shop-settings.server");
    await saveShopSettings(stack.shop, { submissionPolicy: "manual", shippingPolicy: { methods: {}, fallback: "cheapest" }, defaultRushTier: "standard" });
    const { orderId } = await stack.shopify.createOrder(stack.shop, { lineItems: [{ variantId: stack.products[0].variantIds[0], quantity: 2 }], shippingAddress: ADDRESS, email: "ada@example.com", deliver: true });
    const waiting = await until("the order awaiting approval", async () => { const po = await printOrder(orderId); return po?.state === "awaiting_approval" ? po : null; });

    await goto(ap, stack.adminUrl(`/orders/${waiting.id}`));
    await screenshot(ap, "10-order-awaiting-approval");
    expect(await seriousAxeViolations(ap)).toEqual([]);
    await ap.app.getByRole("button", { name: "Approve and send to the studio" }).click();
    await ap.app.locator("#sandbox-toasts").getByText(/Approved/).waitFor();
    await until("the approved order placed", async () => (await printOrder(orderId))?.studioOrderId);
    await ap.app.getByText("Placed with studio", { exact: true }).first().waitFor({ timeout: 20_000 });
    await screenshot(ap, "11-order-approved");
  });

  it("GIVEN a placed order the studio has not printed WHEN cancelled at the studio from its page THEN it ends cancelled", async () => {
    await ap.app.getByRole("button", { name: "Cancel at the studio" }).click();
    await ap.app.getByRole("dialog").getByRole("button", { name: "Cancel order" }).click();
    await ap.app.locator("#sandbox-toasts").getByText("Cancellation requested").waitFor();
    await ap.app.getByText("Cancelled", { exact: true }).first().waitFor({ timeout: 20_000 });
    const po = await db.printOrder.findFirstOrThrow({ where: { shopDomain: stack.shop, state: "cancelled" } });
    expect(po.studioOrderId).not.toBeNull();
    // The confirmation modal fades out: judge contrast once it is gone, not half-transparent.
    await ap.app.getByRole("dialog").waitFor({ state: "detached", timeout: 10_000 });
    await screenshot(ap, "12-order-cancelled");
    expect(await seriousAxeViolations(ap)).toEqual([]);
  });

  it("GIVEN orders this week WHEN Home opens THEN it counts them by state and shows this month's studio spend", async () => {
    await goto(ap, stack.adminUrl("/"));
    await ap.app.getByText("2 print orders").waitFor();
    expect(await ap.app.getByTestId("spend-chart").getAttribute("aria-label")).toMatch(/highest on day/);
    await screenshot(ap, "13-home-with-orders");
    expect(await seriousAxeViolations(ap)).toEqual([]);
  });
});
