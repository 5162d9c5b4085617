// The outside suite's check, small: `npm run demo` with DEMO_ORDERS=0, 25 orders through the
// sandbox (redelivered concurrently, studio faults on), shipped by the studio, counted.
// Harness: scripts/acceptance (black box: only the ready line and the two control surfaces).
import { describe, expect, it } from "vitest";
import { runAcceptance } from "../../scripts/acceptance/harness";

const lines: string[] = [];

describe("offline demo, acceptance", () => {
  it(
    "GIVEN the demo with no orders WHEN 25 orders are paid, redelivered and shipped under studio faults THEN each print order reaches the studio once and comes back as one fulfilment of its print lines",
    async () => {
      const result = await runAcceptance({
        orders: 25,
        faults: true,
        readyWithinMs: 45_000,
        placementBaseMs: 25_000,
        placementPerOrderMs: 4_000,
        fulfilmentBaseMs: 30_000,
        fulfilmentPerOrderMs: 2_000,
        // test/demo runs demos too, possibly at the same time in this suite: wait for them to finish.
        otherDemoWaitMs: 180_000,
        lateWatchMs: 0,
        // vitest's setup sets NODE_ENV=test and LOG_LEVEL=silent; the demo runs as a person would start it.
        demoEnv: { NODE_ENV: "development", LOG_LEVEL: "warn" },
        log: (line) => lines.push(line),
      });
      if (result.violations.length > 0) console.log(`${lines.join("\n")}\n${result.report}`);
      expect(result.figures?.shopifyOrders).toBe(25);
      expect(result.violations).toEqual([]);
    },
    400_000,
  );
});
