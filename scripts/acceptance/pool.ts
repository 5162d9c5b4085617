// Bounded concurrency and bounded waiting, the two loops every phase uses.

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over the items with at most `concurrency` at a time; keeps going past failures. */
export async function runPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export interface WaitStatus {
  done: boolean;
  progress: string;
}

/**
 * Polls `probe` until it says done or the deadline passes; prints progress every `reportEveryMs`.
 * Resolves true when done. A throwing probe counts as not done (and its error is printed).
 */
export async function waitUntil(label: string, deadline: number, probe: () => Promise<WaitStatus>, log: (line: string) => void, everyMs = 1_500, reportEveryMs = 5_000): Promise<boolean> {
  let reported = 0;
  for (;;) {
    let status: WaitStatus;
    try {
      status = await probe();
    } catch (error) {
      status = { done: false, progress: `probe failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (status.done) {
      log(`  ${label}: ${status.progress}`);
      return true;
    }
    if (Date.now() > deadline) {
      log(`  ${label}: gave up at the deadline — ${status.progress}`);
      return false;
    }
    if (Date.now() - reported >= reportEveryMs) {
      log(`  ${label}: ${status.progress} (${Math.max(0, Math.round((deadline - Date.now()) / 1000))} s left)`);
      reported = Date.now();
    }
    await sleep(everyMs);
  }
}
