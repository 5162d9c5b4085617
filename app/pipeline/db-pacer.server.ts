// The studio's rate limits are per key; several workers (processes) share one budget through the
// database (docs/decisions/024). A slot is taken by a conditional (version) update of the key's row,
// as leases are; Retry-After from the studio blocks the endpoint for every worker.
import db from "~/db.server";
import { STUDIO_ENDPOINT_BUDGETS, type Pacer } from "~/studio";
import { isUniqueViolation } from "~/webhooks/handlers.server";

/** The studio's rolling minute plus a second of margin for clock skew. */
const WINDOW_MS = 61_000;

function readSlots(json: string, now: number, windowMs: number): number[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((t): t is number => typeof t === "number" && t > now - windowMs) : [];
  } catch {
    return [];
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      reject(signal.reason);
    }, { once: true });
  });

export class DatabasePacer implements Pacer {
  constructor(
    private readonly budgets: Partial<Record<string, number>> = STUDIO_ENDPOINT_BUDGETS,
    private readonly windowMs = WINDOW_MS,
  ) {}

  private async row(id: string) {
    const found = await db.studioPace.findUnique({ where: { id } });
    if (found) return found;
    try {
      return await db.studioPace.create({ data: { id } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return db.studioPace.findUniqueOrThrow({ where: { id } });
    }
  }

  async acquire(keyFingerprint: string, endpoint: string, signal?: AbortSignal): Promise<void> {
    const limit = this.budgets[endpoint];
    if (limit === undefined) return;
    const id = `${keyFingerprint} ${endpoint}`;
    for (;;) {
      signal?.throwIfAborted();
      const row = await this.row(id);
      const now = Date.now();
      const blocked = row.blockedUntil?.getTime() ?? 0;
      if (blocked > now) {
        await sleep(blocked - now, signal);
        continue;
      }
      const slots = readSlots(row.slots, now, this.windowMs);
      if (slots.length >= limit) {
        await sleep(Math.max(50, slots[0] + this.windowMs - now), signal);
        continue;
      }
      const { count } = await db.studioPace.updateMany({ where: { id, version: row.version }, data: { slots: JSON.stringify([...slots, now]), version: { increment: 1 } } });
      if (count === 1) return;
      await sleep(5 + Math.random() * 20, signal);
    }
  }

  async penalize(keyFingerprint: string, endpoint: string, retryAfterSeconds: number): Promise<void> {
    if (!(retryAfterSeconds > 0)) return;
    const id = `${keyFingerprint} ${endpoint}`;
    await this.row(id);
    const until = new Date(Date.now() + retryAfterSeconds * 1000);
    await db.studioPace.updateMany({ where: { id, OR: [{ blockedUntil: null }, { blockedUntil: { lt: until } }] }, data: { blockedUntil: until, version: { increment: 1 } } });
  }
}
