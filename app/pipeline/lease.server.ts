// Leases on PrintOrder rows, claimed by conditional update (docs/decisions/021). Works the same on
// SQLite and PostgreSQL: one row changed means the lease is ours. Every write a worker makes while
// holding a lease is conditional on still owning it, so a worker whose lease expired cannot
// overwrite the progress of the worker that took over.
import db from "~/db.server";
import type { Prisma } from "~/db.server";
import { timelineRows, type TimelineEntry } from "./timeline.server";

export class LeaseLostError extends Error {
  constructor(readonly printOrderId: string) {
    super(`lease on print order ${printOrderId} was lost`);
    this.name = "LeaseLostError";
  }
}

export async function claimLease(id: string, version: number, owner: string, leaseMs: number): Promise<boolean> {
  const now = new Date();
  const { count } = await db.printOrder.updateMany({
    where: { id, version, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs), version: { increment: 1 }, wakeRequested: false },
  });
  return count === 1;
}

export async function extendLease(id: string, owner: string, leaseMs: number): Promise<boolean> {
  const { count } = await db.printOrder.updateMany({
    where: { id, leaseOwner: owner },
    data: { leaseUntil: new Date(Date.now() + leaseMs) },
  });
  return count === 1;
}

/** Writes a recovery point (and its timeline rows) under the lease; throws LeaseLostError if it is gone. */
export async function commitUnderLease(id: string, owner: string, data: Prisma.PrintOrderUpdateManyMutationInput, events: TimelineEntry[] = []): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.printOrder.updateMany({ where: { id, leaseOwner: owner }, data });
    if (count !== 1) throw new LeaseLostError(id);
    if (events.length > 0) await tx.printOrderEvent.createMany({ data: timelineRows(id, events) });
  });
}

/**
 * Releases the lease. When a webhook or an action asked for the order while we held it
 * (wakeRequested), the order is made due at once so that the request is not lost.
 */
export async function releaseLease(id: string, owner: string): Promise<void> {
  const { count } = await db.printOrder.updateMany({
    where: { id, leaseOwner: owner, wakeRequested: false },
    data: { leaseOwner: null, leaseUntil: null },
  });
  if (count === 1) return;
  await db.printOrder.updateMany({
    where: { id, leaseOwner: owner },
    data: { leaseOwner: null, leaseUntil: null, wakeRequested: false, nextAttemptAt: new Date() },
  });
}

/** Makes an order due now, even while a worker holds it (it will look again when it releases). */
export async function requestWork(id: string, data: Prisma.PrintOrderUpdateManyMutationInput = {}): Promise<void> {
  await db.printOrder.updateMany({ where: { id }, data: { ...data, wakeRequested: true, nextAttemptAt: new Date() } });
}
