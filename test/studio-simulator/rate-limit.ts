// Rolling one-minute windows on simulated time: per key and endpoint, and failed authentication per address.
const WINDOW_MS = 60_000;

export class RollingWindows {
  private hits = new Map<string, number[]>();

  private live(bucket: string, now: number): number[] {
    const kept = (this.hits.get(bucket) ?? []).filter((t) => t > now - WINDOW_MS && t <= now);
    this.hits.set(bucket, kept);
    return kept;
  }

  /** Seconds until a slot frees up when the bucket is full, else null. */
  retryAfter(bucket: string, limit: number, now: number): number | null {
    const kept = this.live(bucket, now);
    if (kept.length < limit) return null;
    return Math.max(1, Math.ceil((kept[kept.length - limit] + WINDOW_MS - now) / 1000));
  }

  record(bucket: string, now: number): void {
    this.live(bucket, now).push(now);
  }

  /** Checks and, when allowed, records one hit. Returns Retry-After seconds when refused. */
  take(bucket: string, limit: number, now: number): number | null {
    const retry = this.retryAfter(bucket, limit, now);
    if (retry === null) this.record(bucket, now);
    return retry;
  }

  reset(): void {
    this.hits.clear();
  }
}
