// What a step sees: the order as of its last recovery point, its lease, the clients, and the
// ways to write recovery points under the lease.
import type { PrintOrder, PrintOrderLine, Shipment } from "@print-studio/prisma-sqlite";
import db from "~/db.server";
import type { Prisma } from "~/db.server";
import type { Logger } from "~/logger.server";
import type { AdminClient } from "~/shopify/admin-graphql.server";
import type { StudioClient } from "~/studio";
import { commitUnderLease, LeaseLostError } from "./lease.server";
import { timelineRows, type TimelineEntry } from "./timeline.server";

export type LoadedOrder = PrintOrder & { lines: PrintOrderLine[]; shipments: Shipment[] };
export type OrderUpdate = Prisma.PrintOrderUpdateManyMutationInput;

export interface PipelineConfig {
  /** How often open studio orders are read back when no webhook arrives. */
  pollIntervalMs: number;
  /** How long an order over the credit limit waits before it is tried again. */
  creditRetryMs: number;
  /** Cap on an artwork file (the studio accepts at most 500 MB). */
  maxArtworkBytes: number;
  /** Sandbox mode only: local origins artwork may come from. */
  artworkOrigins: string[];
  leaseMs: number;
  /** Upper bound of the retry backoff of transient faults. */
  maxBackoffMs: number;
}

export interface PipelineDeps {
  studio(shop: string): Promise<StudioClient>;
  shopify(shop: string): Promise<AdminClient>;
}

export interface StepResult {
  data: OrderUpdate;
  events?: TimelineEntry[];
}

export interface StepContext {
  po: LoadedOrder;
  owner: string;
  config: PipelineConfig;
  deps: PipelineDeps;
  log: Logger;
  signal: AbortSignal;
  /** A recovery point: written at once, under the lease. */
  save(data: OrderUpdate, events?: TimelineEntry[]): Promise<void>;
  saveLine(lineId: string, data: Prisma.PrintOrderLineUpdateInput, events?: TimelineEntry[]): Promise<void>;
}

export async function loadOrder(id: string): Promise<LoadedOrder | null> {
  return db.printOrder.findUnique({
    where: { id },
    include: { lines: { orderBy: { position: "asc" } }, shipments: { orderBy: { createdAt: "asc" } } },
  });
}

export function makeStepContext(po: LoadedOrder, owner: string, config: PipelineConfig, deps: PipelineDeps, log: Logger, signal: AbortSignal): StepContext {
  return {
    po,
    owner,
    config,
    deps,
    log,
    signal,
    save: (data, events) => commitUnderLease(po.id, owner, data, events),
    async saveLine(lineId, data, events = []) {
      await db.$transaction(async (tx) => {
        const { count } = await tx.printOrder.updateMany({ where: { id: po.id, leaseOwner: owner }, data: { updatedAt: new Date() } });
        if (count !== 1) throw new LeaseLostError(po.id);
        await tx.printOrderLine.update({ where: { id: lineId }, data });
        if (events.length > 0) await tx.printOrderEvent.createMany({ data: timelineRows(po.id, events) });
      });
    },
  };
}
