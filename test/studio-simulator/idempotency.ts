// Idempotency-Key records for POST /orders: per account, 24 h of simulated time, canonical body compare.
import type { Reply } from "./envelope";

export const IDEMPOTENCY_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface IdemRecord {
  canonicalBody: string;
  createdAt: number;
  reply: Reply | null;
  /** Real time at which the in-flight attempt is expected to finish (drives Retry-After). */
  expectedDoneAtWall: number;
}

export type Begin =
  | { kind: "new" }
  | { kind: "replay"; reply: Reply }
  | { kind: "mismatch" }
  | { kind: "in_flight"; retryAfterSeconds: number };

/** Key order irrelevant, undefined dropped (JSON.stringify drops undefined object members). */
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, sort((v as Record<string, unknown>)[k])]));
    }
    return v;
  };
  return JSON.stringify(sort(value)) ?? "null";
}

export class IdempotencyStore {
  private records = new Map<string, IdemRecord>();

  private id(accountId: string, key: string): string {
    return `${accountId}\u0000${key}`;
  }

  begin(accountId: string, key: string, canonicalBody: string, now: number, expectedMs: number): Begin {
    const id = this.id(accountId, key);
    const existing = this.records.get(id);
    if (existing && now - existing.createdAt < IDEMPOTENCY_LIFETIME_MS) {
      if (existing.canonicalBody !== canonicalBody) return { kind: "mismatch" };
      if (existing.reply === null) {
        return { kind: "in_flight", retryAfterSeconds: Math.max(1, Math.ceil((existing.expectedDoneAtWall - Date.now()) / 1000)) };
      }
      return { kind: "replay", reply: existing.reply };
    }
    this.records.set(id, { canonicalBody, createdAt: now, reply: null, expectedDoneAtWall: Date.now() + expectedMs });
    return { kind: "new" };
  }

  /** A success is kept for replay; a failure releases the key. */
  finish(accountId: string, key: string, reply: Reply): void {
    const id = this.id(accountId, key);
    if (reply.status >= 200 && reply.status < 300) {
      const record = this.records.get(id);
      if (record) record.reply = reply;
    } else {
      this.records.delete(id);
    }
  }

  reset(): void {
    this.records.clear();
  }
}
