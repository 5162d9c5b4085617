// npm run bench:ui — loader timings of every embedded-UI page with 10,000 print orders and 2,000
// variants (100 products × 20 in the Shopify sandbox, every one mapped in the database). Each loader
// runs through the real authenticate.admin (session token, offline session, Admin GraphQL in the
// sandbox) against a fresh SQLite database (or PostgreSQL with TEST_DATABASE_URL).
// Prints p50 / p95 / max per page and fails (exit 1) when a p95 passes BUDGET_MS (default 300).
// the same complete test environment vitest gives every test file
import "../../test/support/setup-env";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const PRODUCTS = 100;
const VARIANTS_PER_PRODUCT = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 300);
const WARMUP = 3;
const STATES = ["received", "artwork_ready", "quoted", "placing", "placed", "fulfilled", "fulfilled", "fulfilled", "nothing_to_print", "scheduled", "awaiting_approval", "needs_attention", "waiting_credit", "cancelled"];

type Route = { loader: (args: { request: Request; params: Record<string, string>; context: Record<string, never> }) => Promise<unknown> };

async function main(): Promise<void> {
  const { startRouteHarness, SHOP } = await import("../../test/ui/support/route-harness");
  const { sessionToken } = await import("../../test/shopify-sandbox/session-token");
  const h = await startRouteHarness();
  try {
    const db = (await import("../../app/db.server")).default;
    const { saveShopSettings } = await import("../../app/models/shop-settings.server");
    const t0 = Date.now();
    const installed = await h.shopify.installShop({
      shop: "bench-gallery.myshopify.com",
      appUrl: process.env.SHOPIFY_APP_URL ?? "",
      products: Array.from({ length: PRODUCTS }, (_, p) => ({
        title: `Print ${String(p).padStart(3, "0")}`,
        options: ["Size"],
        variants: Array.from({ length: VARIANTS_PER_PRODUCT }, (_, v) => ({ title: `Size ${v}`, price: `${50 + v}.00`, options: [`Size ${v}`] })),
      })),
    });
    const shop = "bench-gallery.myshopify.com";
    const { storeOfflineSession } = await import("../../app/shopify/offline-session.server");
    await storeOfflineSession(shop, installed.accessToken, process.env.SCOPES ?? null);
    // the bench measures our loaders, not Shopify's leaky bucket: give the shop a bucket that never runs dry
    await h.shopify.setThrottle(shop, { maximumAvailable: 1_000_000, restoreRate: 1_000_000, currentlyAvailable: 1_000_000 });
    const saved = await saveShopSettings(shop, { studioApiKey: h.studioKey, submissionPolicy: "immediate", shippingPolicy: { methods: {}, fallback: "cheapest" }, defaultRushTier: "standard" });
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const variantGids = installed.products.flatMap((p) => p.variantIds.map((id) => ({ id, productId: p.productId })));
    await db.variantMapping.createMany({
      data: variantGids.map((v, i) => ({
        shopDomain: shop, variantGid: v.id, productGid: v.productId, productTitle: "Print", variantTitle: `Size ${i % VARIANTS_PER_PRODUCT}`,
        productSlug: "fine-art-printing", variantSelections: JSON.stringify({ artworkWidthMm: "297", artworkHeightMm: "420", mediaId: "paper-photo-rag-308" }),
        artworkSource: "variant_image", status: i % 97 === 0 ? "invalid" : "mapped",
      })),
    });
    const now = Date.now();
    const ids: string[] = [];
    for (let start = 0; start < ORDERS; start += 500) {
      const batch = Array.from({ length: Math.min(500, ORDERS - start) }, (_, k) => {
        const n = start + k;
        const state = STATES[n % STATES.length];
        const placed = ["placed", "fulfilled"].includes(state);
        const id = `bench${String(n).padStart(6, "0")}`;
        ids.push(id);
        return {
          id, shopDomain: n % 10 === 0 ? SHOP : shop, shopifyOrderGid: `gid://shopify/Order/${9_000_000 + n}`, shopifyOrderName: `#${10_000 + n}`, state,
          studioStatus: placed ? (state === "fulfilled" ? "shipped" : "in_production") : null, studioOrderNumber: placed ? `#${500_000 + n}` : null,
          studioTotalCents: placed ? 4000 + (n % 50) * 100 : null, quoteTotalCents: placed ? 4000 + (n % 50) * 100 : null,
          placedAt: placed ? new Date(now - (n % 40) * 3_600_000 * 6) : null, environment: "test", currency: "AUD",
          attentionCode: state === "needs_attention" ? "SHIPPING_ADDRESS_INCOMPLETE" : null, attentionMessage: state === "needs_attention" ? "Postcode missing." : null,
          attentionAction: state === "needs_attention" ? "Correct the shipping address on this page and re-quote." : null,
          createdAt: new Date(now - n * 60_000),
        };
      });
      await db.printOrder.createMany({ data: batch });
      await db.printOrderLine.createMany({ data: batch.map((o) => ({ printOrderId: o.id, position: 0, shopifyLineItemGid: `gid://shopify/LineItem/${o.id}`, variantGid: variantGids[0].id, title: "Print - A3", quantity: 1, studioQuantity: 1, productSlug: "fine-art-printing", variantSelections: "{}" })) });
      await db.printOrderEvent.createMany({
        data: batch.flatMap((o) => ["received", "artwork_uploaded", "quoted", "placed", "studio_status"].map((type, i) => ({
          printOrderId: o.id, type, message: `${type} step`, at: new Date(o.createdAt.getTime() + i * 1000), data: type === "quoted" ? JSON.stringify({ currency: "AUD", totalCents: 4000 }) : null,
        }))),
      });
    }
    console.log(`seeded ${ORDERS} print orders (${ORDERS * 5} timeline rows) and ${variantGids.length} mapped variants in ${Date.now() - t0} ms`);

    const pages: Array<{ name: string; route: string; path: string; params?: Record<string, string> }> = [
      { name: "Home", route: "app._index", path: "/app" },
      { name: "Settings", route: "app.settings", path: "/app/settings" },
      { name: "Mappings (page 1)", route: "app.mappings._index", path: "/app/mappings" },
      { name: "Mappings (search)", route: "app.mappings._index", path: "/app/mappings?q=Print%2004" },
      { name: "Mapping editor", route: "app.mappings.$variantId", path: "/app/mappings/x", params: { variantId: variantGids[0].id.split("/").pop() as string } },
      { name: "Orders (page 1)", route: "app.orders._index", path: "/app/orders" },
      { name: "Orders (state filter)", route: "app.orders._index", path: "/app/orders?state=needs_attention" },
      { name: "Orders (search)", route: "app.orders._index", path: "/app/orders?q=%2315" },
      { name: "Orders (page 2)", route: "app.orders._index", path: `/app/orders?after=${ids[24 + 3]}` },
      { name: "Order detail", route: "app.orders.$id", path: "/app/orders/x", params: { id: ids[5] } },
    ];
    let failed = false;
    console.log(`${"page".padEnd(24)} ${"p50".padStart(7)} ${"p95".padStart(7)} ${"max".padStart(7)}   (ms, ${RUNS} runs after ${WARMUP} warm-up)`);
    for (const p of pages) {
      const mod = (await import(`../../app/routes/${p.route}.tsx`)) as Route;
      const times: number[] = [];
      for (let i = -WARMUP + 1; i <= RUNS; i++) {
        const token = sessionToken(shop, process.env.SHOPIFY_API_KEY ?? "", process.env.SHOPIFY_API_SECRET ?? "", Date.now());
        const request = new Request(new URL(p.path, process.env.SHOPIFY_APP_URL), { headers: { Authorization: `Bearer ${token}` } });
        const t = performance.now();
        await mod.loader({ request, params: p.params ?? {}, context: {} });
        if (i > 0) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const q = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))];
      const over = q(0.95) > BUDGET_MS;
      failed ||= over;
      console.log(`${p.name.padEnd(24)} ${q(0.5).toFixed(1).padStart(7)} ${q(0.95).toFixed(1).padStart(7)} ${times[times.length - 1].toFixed(1).padStart(7)}${over ? "   OVER BUDGET" : ""}`);
    }
    console.log(failed ? `FAIL: a page's p95 is over ${BUDGET_MS} ms` : `OK: every page's p95 is under ${BUDGET_MS} ms`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await h.close();
  }
}

await main();
