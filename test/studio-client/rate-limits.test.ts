// Pacing against the simulator's real rate limiter, in simulated minutes: the client's clock and the
// simulator's clock move together (every pacer sleep advances both), so minutes pass instantly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InMemoryPacer, type Quote } from "../../app/studio";
import type { StudioRequestEntry } from "../support/studio-control";
import { fakeClock } from "./fake-clock";
import { heldQuote, requestsTo, startWorld, uploadArtwork, type World } from "./world";

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.control.clearFaults();
  await world.close();
});

/** A client clock starting at the simulator's now; each sleep advances the simulator by whole seconds first. */
async function clockInStep() {
  const start = Date.parse((await world.control.clock()).now);
  return fakeClock(start, { stepMs: 1000, onAdvance: async (ms) => void (await world.control.advanceClock(ms / 1000)) });
}

/** Max number of entries whose simulated `at` falls in any rolling minute [x, x + 60 s). */
function maxPerRollingMinute(entries: StudioRequestEntry[]): number {
  const times = entries.map((e) => Date.parse(e.at)).sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= 60_000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe("client-side pacing", () => {
  it("GIVEN a burst of 100 order creations for one key WHEN paced by the client THEN no 429 and never more than 30 POST /orders per rolling minute", async () => {
    const clock = await clockInStep();
    const { client, accountId } = await world.account({ client: { clock, pacer: new InMemoryPacer({ clock }) } });
    const imageUrl = await uploadArtwork(client);
    const quotes: Quote[] = await Promise.all(Array.from({ length: 100 }, () => heldQuote(client, imageUrl)));
    const orders = await Promise.all(quotes.map((q, i) => client.orders.create({ quoteId: q.quoteId }, { idempotencyKey: `burst-${i}` })));
    expect(new Set(orders.map((o) => o.orderId)).size).toBe(100);

    const log = await world.control.requests(accountId);
    const posts = requestsTo(log, "POST", "/orders");
    expect(posts).toHaveLength(100);
    expect(posts.every((p) => p.status === 201)).toBe(true);
    expect(log.filter((e) => e.status === 429 || e.errorCode === "RATE_LIMITED")).toEqual([]);
    expect(maxPerRollingMinute(posts)).toBeLessThanOrEqual(30);
    expect(maxPerRollingMinute(posts)).toBe(30); // the budget is used, not wasted
    expect(maxPerRollingMinute(requestsTo(log, "POST", "/quotes"))).toBeLessThanOrEqual(60);
    // 100 orders at 30 per minute need at least three further windows of simulated time.
    expect(Date.parse(posts[99].at) - Date.parse(posts[0].at)).toBeGreaterThanOrEqual(3 * 60_000);
  });

  it("GIVEN a forced 429 with Retry-After 7 WHEN reading the catalogue THEN the client waits exactly 7 s (injected sleep) and succeeds", async () => {
    const clock = await clockInStep();
    const { client, accountId } = await world.account({ client: { clock } });
    await world.control.addFault({ method: "GET", path: "/catalogue", kind: "429", retryAfterSeconds: 7, count: 1 });
    const catalogue = await client.catalogue.get();
    expect(catalogue.products.length).toBeGreaterThan(0);
    expect(clock.sleeps).toEqual([7_000]);
    const gets = requestsTo(await world.control.requests(accountId), "GET", "/catalogue");
    expect(gets.map((g) => g.status)).toEqual([429, 200]);
    expect(Date.parse(gets[1].at) - Date.parse(gets[0].at)).toBeGreaterThanOrEqual(7_000);
  });
});
