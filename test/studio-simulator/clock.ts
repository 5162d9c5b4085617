// Simulated time = real time + offset. Everything time-dependent in the simulator (quote expiry,
// key lifetime, rate windows, idempotency lifetime, webhook retries) reads this clock.
export class SimClock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  iso(at: number = this.now()): string {
    return new Date(at).toISOString();
  }

  advance(seconds: number): void {
    this.offsetMs += Math.round(seconds * 1000);
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
