// Leases by conditional update: one winner per claim, owner-conditional writes, release that keeps
// a wake-up requested mid-step; several workers never step the same order at once; an unknown
// studio status is stored and shown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import db from "~/db.server";
import { claimLease, commitUnderLease, LeaseLostError, releaseLease, requestWork } from "~/pipeline/lease.server";
import type { PipelineDeps } from "~/pipeline/context.server";
import { startWorker } from "~/pipeline/worker.server";
import type { Order, StudioClient } from "~/studio";
import { createTestDatabase, type TestDatabase } from "../support/db";

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.cleanup();
});

let seq = 0;
async function placedOrder(shop = "lease.myshopify.com") {
  seq++;
  return db.printOrder.create({
    data: { shopDomain: shop, shopifyOrderGid: `gid://shopify/Order/${seq}`, shopifyOrderName: `#${seq}`, state: "placed", studioOrderId: `ord_${seq}`, studioStatus: "received", nextAttemptAt: new Date() },
  });
}

function studioOrder(orderId: string, status: string): Order {
  return { orderId, orderNumber: "#1", status, environment: "test", isTest: true, quoteId: null, currency: "AUD", lines: [], subtotalCents: 0, shippingCents: 0, discountCents: 0, totalCents: 0, gstCents: 0, promisedReadyDate: null, shipments: [], createdAt: "2026-01-01" };
}

/** A studio whose GET /orders/{id} answers `status` after a pause, recording overlapping reads per order. */
function scriptedStudio(status: string, overlaps: string[], reads: Map<string, number>): PipelineDeps {
  const inFlight = new Set<string>();
  const client = {
    environment: "test",
    orders: {
      async get(orderId: string) {
        if (inFlight.has(orderId)) overlaps.push(orderId);
        inFlight.add(orderId);
        reads.set(orderId, (reads.get(orderId) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 20));
        inFlight.delete(orderId);
        return studioOrder(orderId, status);
      },
    },
  } as unknown as StudioClient;
  return { studio: async () => client, shopify: async () => Promise.reject(new Error("not used")) };
}

describe("leases", () => {
  it("GIVEN ten claimants of one due order THEN exactly one wins", async () => {
    const po = await placedOrder();
    const wins = await Promise.all(Array.from({ length: 10 }, (_, i) => claimLease(po.id, po.version, `w${i}`, 30_000)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it("GIVEN a lease taken over after expiry THEN the old owner's writes are refused", async () => {
    const po = await placedOrder();
    expect(await claimLease(po.id, po.version, "old", 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect(await claimLease(po.id, po.version + 1, "new", 30_000)).toBe(true);
    await expect(commitUnderLease(po.id, "old", { state: "cancelled" })).rejects.toBeInstanceOf(LeaseLostError);
    expect((await db.printOrder.findUniqueOrThrow({ where: { id: po.id } })).state).toBe("placed");
  });

  it("GIVEN work requested while a lease is held WHEN the lease is released THEN the order is due again", async () => {
    const po = await placedOrder();
    expect(await claimLease(po.id, po.version, "w", 30_000)).toBe(true);
    await commitUnderLease(po.id, "w", { nextAttemptAt: new Date(Date.now() + 3_600_000) });
    await requestWork(po.id, { cancelRequestedAt: new Date() });
    await releaseLease(po.id, "w");
    const after = await db.printOrder.findUniqueOrThrow({ where: { id: po.id } });
    expect(after.leaseOwner).toBeNull();
    expect(after.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe("workers", () => {
  it("GIVEN three workers and 30 due orders THEN no order is stepped by two at once and each is read", async () => {
    await db.printOrder.deleteMany();
    const orders = await Promise.all(Array.from({ length: 30 }, () => placedOrder()));
    const overlaps: string[] = [];
    const reads = new Map<string, number>();
    const deps = scriptedStudio("in_production", overlaps, reads);
    const workers = Array.from({ length: 3 }, () => startWorker({ deps, concurrency: 4, idlePollMs: 20 }));
    const until = Date.now() + 20_000;
    while (Date.now() < until && orders.some((o) => !reads.get(o.studioOrderId as string))) await new Promise((r) => setTimeout(r, 50));
    await Promise.all(workers.map((w) => w.stop()));
    expect(overlaps).toEqual([]);
    expect(orders.filter((o) => !reads.get(o.studioOrderId as string))).toEqual([]);
    expect(await db.printOrder.count({ where: { studioStatus: "in_production" } })).toBe(30);
    expect(await db.printOrder.count({ where: { leaseOwner: { not: null } } })).toBe(0);
  });

  it("GIVEN the studio reports a status this app does not know THEN it is stored, shown on the timeline, and polling goes on", async () => {
    const po = await placedOrder("unknown.myshopify.com");
    const worker = startWorker({ deps: scriptedStudio("quality_check", [], new Map()), idlePollMs: 20 });
    const until = Date.now() + 10_000;
    while (Date.now() < until && (await db.printOrder.findUniqueOrThrow({ where: { id: po.id } })).studioStatus !== "quality_check") await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    const after = await db.printOrder.findUniqueOrThrow({ where: { id: po.id }, include: { events: true } });
    expect(after.studioStatus).toBe("quality_check");
    expect(after.state).toBe("placed");
    expect(after.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(after.events.map((e) => e.message).join(" ")).toContain("does not know yet: “quality_check”");
  });
});
