// Client-side pacing: a per-key, per-endpoint rolling-minute limiter with the spec's budgets, so a
// busy shop waits instead of collecting 429s. Retry-After from the studio stays authoritative:
// `penalize` pushes the window. The pipeline may supply another Pacer (e.g. database-backed) that
// workers share; keys are identified by their sha256 fingerprint, never by the key itself.
import { realClock, type StudioClock } from "./clock";

export const STUDIO_ENDPOINT_BUDGETS = {
  "GET /catalogue": 120,
  "POST /quotes": 60,
  "GET /quotes/{id}": 120,
  "POST /uploads": 60,
  "POST /orders": 30,
  "GET /orders": 120,
  "GET /orders/{id}": 120,
  "POST /orders/{id}/cancel": 30,
} as const;
export type StudioEndpoint = keyof typeof STUDIO_ENDPOINT_BUDGETS;

export interface Pacer {
  /** Resolves when one request to `endpoint` may be sent with this key. */
  acquire(keyFingerprint: string, endpoint: string, signal?: AbortSignal): Promise<void>;
  /** The studio answered 429 (or an in-flight 409) with Retry-After: nobody sends before it passes. */
  penalize(keyFingerprint: string, endpoint: string, retryAfterSeconds: number): void | Promise<void>;
  /**
   * Optional: the attempt that acquired a slot has finished (whatever the outcome). Pacers that
   * implement it count the slot from completion, which bounds the server-side window even when
   * requests spend a long time in flight. The client calls it exactly once per acquire.
   */
  release?(keyFingerprint: string, endpoint: string): void | Promise<void>;
}

const ROUTES: Array<[RegExp, StudioEndpoint]> = [
  [/^GET \/catalogue$/, "GET /catalogue"],
  [/^POST \/quotes$/, "POST /quotes"],
  [/^GET \/quotes\/[^/]+$/, "GET /quotes/{id}"],
  [/^POST \/uploads$/, "POST /uploads"],
  [/^POST \/orders$/, "POST /orders"],
  [/^GET \/orders$/, "GET /orders"],
  [/^GET \/orders\/[^/]+$/, "GET /orders/{id}"],
  [/^POST \/orders\/[^/]+\/cancel$/, "POST /orders/{id}/cancel"],
];

/** The rate-limit bucket of a request, or null for paths outside the spec. */
export function endpointOf(method: string, path: string): StudioEndpoint | null {
  const line = `${method.toUpperCase()} ${path.split("?")[0]}`;
  return ROUTES.find(([re]) => re.test(line))?.[1] ?? null;
}

interface Slot {
  at: number;
  done: boolean;
}
interface Bucket {
  slots: Slot[];
  blockedUntil: number;
  waiters: Set<() => void>;
}

export interface InMemoryPacerOptions {
  clock?: StudioClock;
  budgets?: Partial<Record<string, number>>;
  /** Length of the rolling window (spec: a minute). */
  windowMs?: number;
  /** Extra time a slot stays counted, covering clock skew and inclusive window edges. */
  marginMs?: number;
}

export class InMemoryPacer implements Pacer {
  private readonly buckets = new Map<string, Bucket>();
  private readonly clock: StudioClock;
  private readonly budgets: Partial<Record<string, number>>;
  private readonly holdMs: number;

  constructor(options: InMemoryPacerOptions = {}) {
    this.clock = options.clock ?? realClock;
    this.budgets = { ...STUDIO_ENDPOINT_BUDGETS, ...options.budgets };
    this.holdMs = (options.windowMs ?? 60_000) + (options.marginMs ?? 1_000);
  }

  async acquire(keyFingerprint: string, endpoint: string, signal?: AbortSignal): Promise<void> {
    const limit = this.budgets[endpoint];
    if (limit === undefined) return; // not a paced endpoint
    const bucket = this.bucket(keyFingerprint, endpoint);
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      bucket.slots = bucket.slots.filter((s) => !s.done || s.at + this.holdMs > now);
      if (now < bucket.blockedUntil) {
        await this.wait(bucket, bucket.blockedUntil - now, signal);
        continue;
      }
      if (bucket.slots.length < limit) {
        bucket.slots.push({ at: now, done: false });
        return;
      }
      const finished = bucket.slots.filter((s) => s.done).map((s) => s.at + this.holdMs - now);
      await this.wait(bucket, finished.length > 0 ? Math.max(1, Math.min(...finished)) : Infinity, signal);
    }
  }

  release(keyFingerprint: string, endpoint: string): void {
    const bucket = this.buckets.get(`${keyFingerprint} ${endpoint}`);
    const slot = bucket?.slots.find((s) => !s.done);
    if (!bucket || !slot) return;
    slot.done = true;
    slot.at = this.clock.now();
    for (const wake of bucket.waiters) wake();
  }

  penalize(keyFingerprint: string, endpoint: string, retryAfterSeconds: number): void {
    if (!Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0) return;
    const bucket = this.bucket(keyFingerprint, endpoint);
    bucket.blockedUntil = Math.max(bucket.blockedUntil, this.clock.now() + retryAfterSeconds * 1000);
  }

  private bucket(keyFingerprint: string, endpoint: string): Bucket {
    const id = `${keyFingerprint} ${endpoint}`;
    let bucket = this.buckets.get(id);
    if (!bucket) {
      bucket = { slots: [], blockedUntil: 0, waiters: new Set() };
      this.buckets.set(id, bucket);
    }
    return bucket;
  }

  /** Waits `ms` (Infinity: until a slot is released), waking early on any release. */
  private async wait(bucket: Bucket, ms: number, signal?: AbortSignal): Promise<void> {
    const wake = new AbortController();
    const onWake = () => wake.abort();
    bucket.waiters.add(onWake);
    signal?.addEventListener("abort", onWake, { once: true });
    try {
      if (ms === Infinity) {
        await new Promise<void>((resolve) => {
          if (wake.signal.aborted) resolve();
          else wake.signal.addEventListener("abort", () => resolve(), { once: true });
        });
      } else {
        await this.clock.sleep(ms, wake.signal).catch(() => undefined);
      }
    } finally {
      bucket.waiters.delete(onWake);
      signal?.removeEventListener("abort", onWake);
    }
    signal?.throwIfAborted();
  }
}
