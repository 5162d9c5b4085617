// A manual clock for the client's injectable time. `sleep` advances time instead of waiting, in
// whole seconds when `stepMs` is 1000, and calls `onAdvance` (e.g. to move the simulator's clock
// in step) before time is seen to have moved. Sleeps are serialised, so concurrent sleepers that
// want the same instant advance it once.
import type { StudioClock } from "../../app/studio";

export interface FakeClock extends StudioClock {
  /** Every sleep requested, in ms, in order. */
  readonly sleeps: number[];
  advance(ms: number): Promise<void>;
}

export function fakeClock(startMs = 1_700_000_000_000, opts: { stepMs?: number; onAdvance?: (ms: number) => Promise<void> } = {}): FakeClock {
  let now = startMs;
  let chain: Promise<void> = Promise.resolve();
  const step = opts.stepMs ?? 1;
  const sleeps: number[] = [];
  const advanceTo = (target: number) => {
    chain = chain.then(async () => {
      const delta = Math.ceil((target - now) / step) * step;
      if (delta <= 0) return;
      await opts.onAdvance?.(delta);
      now += delta;
    });
    return chain;
  };
  return {
    sleeps,
    now: () => now,
    async sleep(ms, signal) {
      sleeps.push(ms);
      signal?.throwIfAborted();
      await advanceTo(now + ms);
      signal?.throwIfAborted();
    },
    advance: (ms) => advanceTo(now + ms),
  };
}
