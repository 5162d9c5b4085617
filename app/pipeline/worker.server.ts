// The worker: finds due print orders, claims each with a lease (conditional update), runs its steps
// one recovery point at a time, and releases it. Several workers (in the app process and
// `npm run worker` processes) never work the same order at once. stop() lets the current steps
// finish; a worker that dies simply lets its leases expire (docs/decisions/021).
import { randomUUID } from "node:crypto";
import os from "node:os";
import db from "~/db.server";
import { env } from "~/env.server";
import { logger, shopLogger } from "~/logger.server";
import { loadOrder, makeStepContext, type PipelineConfig, type PipelineDeps, type StepResult } from "./context.server";
import { pipelineClients, type ClientOptions } from "./clients.server";
import { claimLease, extendLease, LeaseLostError, releaseLease } from "./lease.server";
import { failureResult, runStep } from "./run-step.server";
import { prepareDatabaseForWorkers } from "./sqlite.server";
import { onWake } from "./wake.server";

export const DEFAULT_CONFIG: PipelineConfig = {
  pollIntervalMs: 5 * 60_000,
  creditRetryMs: 10 * 60_000,
  maxArtworkBytes: 524_288_000,
  artworkOrigins: [],
  leaseMs: 30_000,
  maxBackoffMs: 10 * 60_000,
};

export interface WorkerOptions extends ClientOptions {
  id?: string;
  concurrency?: number;
  /** How often the database is looked at for due work when nobody wakes the worker. */
  idlePollMs?: number;
  config?: Partial<PipelineConfig>;
  deps?: PipelineDeps;
  /** Steps run per claim before the order is handed back (fairness). */
  maxStepsPerClaim?: number;
}

export interface Worker {
  id: string;
  /** Stops claiming; resolves when the steps in progress have finished and their leases are released. */
  stop(): Promise<void>;
  /** Simulates a crash (tests): stops at once, writes nothing more, releases nothing. */
  abandon(): void;
  /** Orders being worked right now. */
  active(): string[];
}

export function pipelineConfigFromEnv(): Partial<PipelineConfig> {
  const config = env();
  return { artworkOrigins: config.SANDBOX_MODE ? config.SANDBOX_ARTWORK_ORIGINS : [] };
}

export function startWorker(options: WorkerOptions = {}): Worker {
  const id = options.id ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const config: PipelineConfig = { ...DEFAULT_CONFIG, ...pipelineConfigFromEnv(), ...options.config };
  const ownClients = options.deps ? null : pipelineClients(options);
  const deps = options.deps ?? (ownClients as PipelineDeps);
  const concurrency = options.concurrency ?? env().WORKER_CONCURRENCY;
  const idlePollMs = options.idlePollMs ?? 1_000;
  const maxSteps = options.maxStepsPerClaim ?? 25;
  const log = logger().child({ worker: id });
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopping = false;
  let abandoned = false;
  let wakeUp: (() => void) | null = null;
  const wake = () => wakeUp?.();
  const unsubscribe = onWake(wake);

  async function work(orderId: string, controller: AbortController): Promise<void> {
    const heartbeat = setInterval(() => {
      if (abandoned) return;
      void extendLease(orderId, id, config.leaseMs).then((ok) => ok || controller.abort(new LeaseLostError(orderId)), () => undefined);
    }, Math.max(250, Math.floor(config.leaseMs / 3)));
    try {
      for (let step = 0; step < maxSteps && !stopping && !abandoned; step++) {
        const po = await loadOrder(orderId);
        if (!po || po.leaseOwner !== id) return;
        const olog = shopLogger(po.shopDomain, { printOrderId: po.id, worker: id });
        const shop = await db.shop.findUnique({ where: { domain: po.shopDomain }, select: { uninstalledAt: true } });
        const ctx = makeStepContext(po, id, config, deps, olog, controller.signal);
        const guarded = { ...ctx, save: async (...a: Parameters<typeof ctx.save>) => (abandoned ? Promise.reject(new LeaseLostError(orderId)) : ctx.save(...a)) };
        let result: StepResult;
        if (shop?.uninstalledAt) {
          result = { data: { nextAttemptAt: null }, events: [{ type: "stopped", message: "Work stopped: the app was uninstalled from the shop." }] };
        } else {
          try {
            result = await runStep(guarded);
            result = { ...result, data: { attempts: 0, ...result.data } };
          } catch (error) {
            if (error instanceof LeaseLostError || abandoned) throw error;
            // Name and code only: messages may echo addresses or URLs.
            const code = (error as { code?: unknown }).code;
            olog.warn({ errName: error instanceof Error ? error.name : typeof error, code: typeof code === "string" ? code : null, state: po.state }, "print order step failed");
            result = failureResult(error, po, config);
          }
        }
        if (abandoned) return;
        await ctx.save(result.data, result.events);
        olog.info({ from: po.state, to: result.data.state ?? po.state }, "print order step done");
        const next = result.data.nextAttemptAt;
        if (!(next instanceof Date) || next.getTime() > Date.now()) return;
      }
    } catch (error) {
      if (!(error instanceof LeaseLostError) && !abandoned) log.error({ orderId, err: error instanceof Error ? error.message : String(error) }, "worker failed on an order");
    } finally {
      clearInterval(heartbeat);
      if (!abandoned) await releaseLease(orderId, id).catch((e: unknown) => log.error({ orderId, err: String(e) }, "lease release failed"));
    }
  }

  async function claimDue(): Promise<number> {
    const free = concurrency - running.size;
    if (free <= 0) return 0;
    const now = new Date();
    const due = await db.printOrder.findMany({
      where: { nextAttemptAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }], id: { notIn: [...running.keys()] } },
      orderBy: { nextAttemptAt: "asc" },
      take: free * 3,
      select: { id: true, version: true },
    });
    let claimed = 0;
    for (const row of due) {
      if (running.size >= concurrency || stopping) break;
      if (!(await claimLease(row.id, row.version, id, config.leaseMs))) continue;
      claimed++;
      const controller = new AbortController();
      const done = work(row.id, controller).finally(() => {
        running.delete(row.id);
        wake();
      });
      running.set(row.id, { controller, done });
    }
    return claimed;
  }

  const loop = (async () => {
    await prepareDatabaseForWorkers().catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : String(error) }, "could not switch SQLite to WAL"));
    while (!stopping && !abandoned) {
      let claimed = 0;
      try {
        claimed = await claimDue();
      } catch (error) {
        log.error({ err: error instanceof Error ? error.message : String(error) }, "worker could not look for due work");
      }
      if (claimed > 0 && running.size < concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, idlePollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  })();

  log.info({ concurrency }, "pipeline worker started");
  return {
    id,
    active: () => [...running.keys()],
    async stop() {
      stopping = true;
      wake();
      await loop;
      await Promise.all([...running.values()].map((r) => r.done));
      unsubscribe();
      await ownClients?.close();
      log.info("pipeline worker stopped");
    },
    abandon() {
      abandoned = true;
      stopping = true;
      wake();
      unsubscribe();
      for (const r of running.values()) r.controller.abort(new Error("worker abandoned"));
    },
  };
}
