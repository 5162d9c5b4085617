import { describe, expect, it } from "vitest";
import { InMemoryPacer, STUDIO_ENDPOINT_BUDGETS, endpointOf, keyFingerprint } from "../../app/studio";
import { fakeClock } from "./fake-clock";

const fp = keyFingerprint(`ps_test_${"a".repeat(64)}`);

/** Max number of `times` inside any half-open window [x, x + windowMs). */
function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe("InMemoryPacer", () => {
  it("GIVEN the spec's budgets WHEN routes are classified THEN every endpoint maps to its bucket", () => {
    expect(STUDIO_ENDPOINT_BUDGETS["POST /orders"]).toBe(30);
    expect(endpointOf("GET", "/catalogue")).toBe("GET /catalogue");
    expect(endpointOf("get", "/quotes/q_1")).toBe("GET /quotes/{id}");
    expect(endpointOf("POST", "/orders/ord_1/cancel")).toBe("POST /orders/{id}/cancel");
    expect(endpointOf("GET", "/orders?limit=5&cursor=x")).toBe("GET /orders");
    expect(endpointOf("DELETE", "/orders/x")).toBeNull();
  });

  it("GIVEN 100 concurrent POST /orders acquisitions WHEN released at once THEN never more than 30 start in any rolling minute", async () => {
    const clock = fakeClock();
    const pacer = new InMemoryPacer({ clock, marginMs: 0 });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        await pacer.acquire(fp, "POST /orders");
        starts.push(clock.now());
        pacer.release(fp, "POST /orders");
      }),
    );
    expect(starts).toHaveLength(100);
    expect(maxInWindow(starts, 60_000)).toBe(30);
    // Four waves: 0, 60 s, 120 s, 180 s — no more waiting than needed.
    expect(Math.max(...starts) - Math.min(...starts)).toBe(180_000);
  });

  it("GIVEN a full window of requests still in flight WHEN another acquires THEN it waits for a release, then a minute from that completion", async () => {
    const clock = fakeClock();
    const pacer = new InMemoryPacer({ clock, marginMs: 500 });
    for (let i = 0; i < 30; i++) await pacer.acquire(fp, "POST /orders/{id}/cancel");
    let started = false;
    const waiting = pacer.acquire(fp, "POST /orders/{id}/cancel").then(() => (started = true));
    await clock.advance(120_000); // time passes while all 30 are in flight: no slot frees
    await new Promise((r) => setImmediate(r));
    expect(started).toBe(false);
    const completedAt = clock.now();
    pacer.release(fp, "POST /orders/{id}/cancel");
    await waiting;
    expect(clock.now() - completedAt).toBe(60_500);
  });

  it("GIVEN a 429 with Retry-After 7 WHEN penalized THEN the next acquire waits exactly until then, for that key and endpoint only", async () => {
    const clock = fakeClock();
    const pacer = new InMemoryPacer({ clock });
    const t0 = clock.now();
    pacer.penalize(fp, "GET /catalogue", 7);
    await pacer.acquire(fp, "GET /orders"); // another bucket is unaffected
    expect(clock.now()).toBe(t0);
    await pacer.acquire(fp, "GET /catalogue");
    expect(clock.now() - t0).toBe(7_000);
  });

  it("GIVEN a waiting acquire WHEN its signal aborts THEN it rejects with the abort reason and takes no slot", async () => {
    const clock = fakeClock();
    const pacer = new InMemoryPacer({ clock, budgets: { "GET /orders": 1 } });
    await pacer.acquire(fp, "GET /orders");
    const ctl = new AbortController();
    const pending = pacer.acquire(fp, "GET /orders", ctl.signal);
    ctl.abort(new Error("shutting down"));
    await expect(pending).rejects.toThrow("shutting down");
  });

  it("GIVEN an endpoint outside the spec WHEN acquired THEN it is not paced", async () => {
    const pacer = new InMemoryPacer({ clock: fakeClock() });
    for (let i = 0; i < 500; i++) await pacer.acquire(fp, "GET /something-new");
  });
});
