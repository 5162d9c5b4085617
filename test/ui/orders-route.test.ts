// Orders list and detail loaders and the detail's actions (approve, retry, cancel, address re-quote)
// through the real authenticate.admin; another shop's order answers 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import db from "~/db.server";
import { startRouteHarness, thrownStatus, body, SHOP, OTHER_SHOP, type RouteHarness, type RouteFn } from "./support/route-harness";
import { seedOrder } from "./support/seed-orders";

let h: RouteHarness;
let list: { loader: RouteFn };
let detail: { loader: RouteFn; action: RouteFn };
let home: { loader: RouteFn };
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startRouteHarness();
  list = (await import("~/routes/app.orders._index")) as unknown as typeof list;
  detail = (await import("~/routes/app.orders.$id")) as unknown as typeof detail;
  home = (await import("~/routes/app._index")) as unknown as typeof home;
  const day = 86_400_000;
  const now = Date.now();
  ids.shipped = await seedOrder({
    shop: SHOP, name: "#1001", state: "fulfilled", studioStatus: "shipped", studioOrderNumber: "#50001", studioTotalCents: 4590, placedAt: new Date(), createdAt: new Date(now - 3 * day),
    events: [
      { type: "received", message: "Order #1001 paid: 1 print line(s) of 1." },
      { type: "artwork_uploaded", message: "Artwork uploaded for 1 line(s)." },
      { type: "quoted", message: "Quoted AUD 45.90.", data: { totalCents: 4590, currency: "AUD" } },
      { type: "placed", message: "Placed with the studio as #50001." },
      { type: "studio_status", message: "The studio started production." },
      { type: "parcel", message: "Parcel shipped: AusPost TRK1.", data: { trackingNumber: "TRK1", carrier: "AusPost", trackingUrl: "https://track.example/TRK1" } },
      { type: "fulfilment_written", message: "Fulfilment written in Shopify for 1 print line(s), tracking TRK1." },
    ],
    parcels: [{ trackingNumber: "TRK1", carrier: "AusPost", trackingUrl: "https://track.example/TRK1" }],
  });
  ids.approval = await seedOrder({ shop: SHOP, name: "#1002", state: "awaiting_approval", createdAt: new Date(now - 2 * day) });
  ids.address = await seedOrder({
    shop: SHOP, name: "#1003", state: "needs_attention", createdAt: new Date(now - day),
    attention: { code: "SHIPPING_ADDRESS_INCOMPLETE", message: "shippingAddress.country must be an ISO 3166-1 alpha-2 code.", action: "Correct the shipping address on this page and re-quote." },
  });
  ids.retry = await seedOrder({
    shop: SHOP, name: "#1005", state: "needs_attention", createdAt: new Date(now - 5 * day),
    attention: { code: "INTERNAL_ERROR", message: "The studio had a problem.", action: "The studio had a problem. Press Retry later." },
  });
  ids.weird = await seedOrder({ shop: SHOP, name: "#1004", state: "teleporting", createdAt: new Date(now - 1000) });
  ids.foreign = await seedOrder({ shop: OTHER_SHOP, name: "#9001", state: "awaiting_approval" });
});
afterAll(async () => h?.close());

type ListData = { orders: Array<{ id: string; name: string; state: string }>; pageInfo: { hasNextPage: boolean; endCursor: string | null }; stateCounts: Record<string, number> };

describe("Orders list", () => {
  it("GIVEN this shop's orders WHEN the list loads THEN they come newest first, the other shop's are absent", async () => {
    const data = body<ListData>(await h.call(list.loader, "/app/orders"));
    expect(data.orders.map((o) => o.name)).toEqual(["#1004", "#1003", "#1002", "#1001", "#1005"]);
    expect(data.stateCounts).toMatchObject({ fulfilled: 1, awaiting_approval: 1, needs_attention: 2, teleporting: 1 });
  });

  it("GIVEN a state filter or an order-name search WHEN the list loads THEN only matching orders are listed", async () => {
    expect(body<ListData>(await h.call(list.loader, "/app/orders?state=awaiting_approval")).orders.map((o) => o.name)).toEqual(["#1002"]);
    expect(body<ListData>(await h.call(list.loader, "/app/orders?q=%231003")).orders.map((o) => o.name)).toEqual(["#1003"]);
  });

  it("GIVEN more orders than a page WHEN paging forward THEN the next page continues without overlap", async () => {
    for (let i = 0; i < 26; i++) await seedOrder({ shop: SHOP, name: `#2${String(i).padStart(3, "0")}`, state: "placed", createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)) });
    const first = body<ListData>(await h.call(list.loader, "/app/orders"));
    expect(first.orders).toHaveLength(25);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = body<ListData>(await h.call(list.loader, `/app/orders?after=${first.pageInfo.endCursor}`));
    // 5 seeded this week + 26 from 2020: page 2 holds the 6 oldest
    expect(second.orders.map((o) => o.name)).toEqual(["#2005", "#2004", "#2003", "#2002", "#2001", "#2000"]);
    expect(second.orders.some((o) => first.orders.some((f) => f.id === o.id))).toBe(false);
  });
});

describe("Order detail", () => {
  it("GIVEN another shop's order WHEN its page loads or an action is posted THEN 404 and nothing changes", async () => {
    expect((await thrownStatus(h.call(detail.loader, `/app/orders/${ids.foreign}`, { params: { id: ids.foreign } }))).status).toBe(404);
    expect((await thrownStatus(h.call(detail.action, `/app/orders/${ids.foreign}`, { params: { id: ids.foreign }, json: { intent: "approve" } }))).status).toBe(404);
    expect((await db.printOrder.findUniqueOrThrow({ where: { id: ids.foreign } })).approvedAt).toBeNull();
  });

  it("GIVEN a shipped order WHEN its page loads THEN the timeline has every step in order with the tracking link, and the totals", async () => {
    const o = body<{ events: Array<{ type: string; data: Record<string, unknown> }>; shipments: Array<{ trackingUrl: string }>; studioTotalCents: number; currency: string }>(await h.call(detail.loader, `/app/orders/${ids.shipped}`, { params: { id: ids.shipped } }));
    expect(o.events.map((e) => e.type)).toEqual(["received", "artwork_uploaded", "quoted", "placed", "studio_status", "parcel", "fulfilment_written"]);
    expect(o.events[5].data.trackingUrl).toBe("https://track.example/TRK1");
    expect(o.shipments[0].trackingUrl).toBe("https://track.example/TRK1");
    expect([o.studioTotalCents, o.currency]).toEqual([4590, "AUD"]);
  });

  it("GIVEN an unknown state WHEN the page loads THEN it still renders its data (neutral badge)", async () => {
    const o = body<{ state: string; knownState: boolean }>(await h.call(detail.loader, `/app/orders/${ids.weird}`, { params: { id: ids.weird } }));
    expect(o).toMatchObject({ state: "teleporting", knownState: false });
  });

  it("GIVEN an order awaiting approval WHEN approved THEN it is approved and the timeline says so", async () => {
    const r = body<{ ok: boolean }>(await h.call(detail.action, `/app/orders/${ids.approval}`, { params: { id: ids.approval }, json: { intent: "approve" } }));
    expect(r.ok).toBe(true);
    const row = await db.printOrder.findUniqueOrThrow({ where: { id: ids.approval }, include: { events: true } });
    expect(row.approvedAt).not.toBeNull();
    expect(row.events.map((e) => e.type)).toContain("approved");
  });

  it("GIVEN an order already approved WHEN approved again THEN the pipeline's refusal is answered 400 with its message", async () => {
    await db.printOrder.update({ where: { id: ids.approval }, data: { state: "placed" } });
    const r = await h.call(detail.action, `/app/orders/${ids.approval}`, { params: { id: ids.approval }, json: { intent: "approve" } });
    expect((r as { init: { status: number } }).init.status).toBe(400);
    expect(body<{ ok: boolean; message: string }>(r).message).toMatch(/only orders waiting for approval/);
  });

  it("GIVEN a refused address WHEN corrected THEN it is stored, the attention cleared and the order priced again", async () => {
    const address = { name: "Ada Moreau", company: "", line1: "12 Quay Street", line2: "", city: "Portland", state: "ME", postcode: "04101", country: "us", phone: "", email: "ada@example.com" };
    const r = body<{ ok: boolean }>(await h.call(detail.action, `/app/orders/${ids.address}`, { params: { id: ids.address }, json: { intent: "address", address } }));
    expect(r.ok).toBe(true);
    const row = await db.printOrder.findUniqueOrThrow({ where: { id: ids.address } });
    expect(JSON.parse(row.shippingAddress ?? "{}")).toMatchObject({ country: "US", line1: "12 Quay Street" });
    expect(row.attentionCode).toBeNull();
    expect(row.state).toBe("received");
  });

  it("GIVEN a bad address WHEN submitted THEN the pipeline's field messages come back and nothing changes", async () => {
    const r = body<{ ok: boolean; message: string }>(await h.call(detail.action, `/app/orders/${ids.address}`, { params: { id: ids.address }, json: { intent: "address", address: { name: "Ada", line1: "", city: "Portland", state: "ME", postcode: "04101", country: "United States" } } }));
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/street address/);
  });

  it("GIVEN an order that needs attention WHEN retried THEN its attention is cleared and it resumes where its recovery points say", async () => {
    const r = body<{ ok: boolean }>(await h.call(detail.action, `/app/orders/${ids.retry}`, { params: { id: ids.retry }, json: { intent: "retry" } }));
    expect(r.ok).toBe(true);
    const row = await db.printOrder.findUniqueOrThrow({ where: { id: ids.retry }, include: { events: true } });
    expect([row.state, row.attentionCode]).toEqual(["received", null]);
    expect(row.events.map((e) => e.type)).toContain("retry");
  });

  it("GIVEN an order not yet placed WHEN cancelled THEN the cancellation is requested", async () => {
    const r = body<{ ok: boolean }>(await h.call(detail.action, `/app/orders/${ids.address}`, { params: { id: ids.address }, json: { intent: "cancel" } }));
    expect(r.ok).toBe(true);
    const row = await db.printOrder.findUniqueOrThrow({ where: { id: ids.address } });
    expect(row.cancelRequestedAt !== null || row.state === "cancelled").toBe(true);
  });

  it("GIVEN an unknown intent WHEN posted THEN it is refused with a message", async () => {
    const r = body<{ ok: boolean; message: string }>(await h.call(detail.action, `/app/orders/${ids.shipped}`, { params: { id: ids.shipped }, json: { intent: "teleport" } }));
    expect(r).toMatchObject({ ok: false, message: "This action is not available." });
  });
});

describe("Home", () => {
  it("GIVEN orders of this shop WHEN Home loads THEN states this week, the attention queue with reasons and actions, and this month's spend are this shop's only", async () => {
    const d = body<{ byState: Record<string, number>; queue: Array<{ name: string; reason: string; action: string }>; spend: { totalCents: number; currency: string | null }; doctor: { hasKey: boolean; unmappedSold: { ok: boolean } } }>(await h.call(home.loader, "/app"));
    expect(d.byState.fulfilled).toBe(1);
    expect(d.queue.map((q) => q.name)).not.toContain("#9001");
    expect(d.spend).toMatchObject({ totalCents: 4590, currency: "AUD" });
    expect(d.doctor.hasKey).toBe(false);
    expect(d.doctor.unmappedSold.ok).toBe(true);
  });

  it("GIVEN a paid Shopify order of an unmapped variant WHEN Home loads THEN the setup doctor lists that variant", async () => {
    const variantId = h.products[SHOP][1].variantIds[0];
    await h.shopify.createOrder(SHOP, { lineItems: [{ variantId, quantity: 1 }], shippingAddress: { firstName: "Ada", lastName: "Moreau", address1: "12 Quay Street", city: "Portland", provinceCode: "ME", zip: "04101", countryCode: "US" } });
    const d = body<{ doctor: { unmappedSold: { ok: boolean; variants: Array<{ variantId: string; title: string }> } } }>(await h.call(home.loader, "/app"));
    expect(d.doctor.unmappedSold.variants.map((v) => v.variantId)).toEqual([variantId.split("/").pop()]);
  });
});
