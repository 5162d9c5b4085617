// One acceptance run against `npm run demo`, as the outside suite does it: start the demo with
// DEMO_ORDERS=0, check the ready line, create orders (redelivered, concurrently, with studio faults),
// wait for placement, ship, wait for fulfilment, cancel some on the way, count, stop the demo.
import { rmSync } from "node:fs";
import path from "node:path";
import { summariseAppLog } from "./app-log";
import { DEFAULT_OPTIONS, errorText, type HarnessOptions, type RunContext } from "./context";
import { portIsFree, startDemo, waitForOtherDemos, type DemoExit, type DemoProcess } from "./demo-process";
import { steadyFaults } from "./fault-plan";
import { createOrders } from "./phase-create";
import { awaitPlacement } from "./phase-place";
import { shipAndAwaitFulfilment } from "./phase-ship";
import { planOrders } from "./plan";
import { appAnswers, preflight } from "./preflight";
import { checkReady, READY_PREFIX, readyLines } from "./ready-line";
import { formatReport } from "./report";
import { ShopifySurface } from "./shopify-surface";
import { StudioSurface } from "./studio-surface";
import { trafficLines, webhookLines } from "./studio-traffic";
import { watchLostOrders } from "./late-watch";
import { verdict, type Figures } from "./verdict";

export interface AcceptanceResult {
  violations: string[];
  figures: Figures | null;
  report: string;
  logFile: string;
}

async function exercise(ctx: RunContext, extra: string[]): Promise<Figures> {
  await preflight(ctx);
  if (ctx.options.faults) {
    for (const f of steadyFaults()) await ctx.studio.addFault(f);
    ctx.log(`Studio faults on: ${steadyFaults().length} probabilistic faults on POST /orders, /quotes, /uploads`);
  }
  const plans = planOrders({ orders: ctx.options.orders, seed: ctx.options.seed, mappedVariantIds: ctx.ready.mappedVariantIds, unmappedVariantIds: ctx.ready.unmappedVariantIds, countries: ctx.options.countries ?? undefined });
  await createOrders(ctx, plans);
  await awaitPlacement(ctx);
  await shipAndAwaitFulfilment(ctx);
  const figures = await verdict(ctx);
  extra.push(...trafficLines(await ctx.studio.requests().catch(() => []), ctx.placementEndedAt));
  try {
    const hooks = webhookLines(await ctx.studio.webhookDeliveries());
    extra.push(...hooks.lines);
    ctx.violations.push(...hooks.violations);
  } catch (error) {
    extra.push(`Studio webhook deliveries could not be listed: ${errorText(error)}`);
  }
  extra.push(...(await watchLostOrders(ctx)));
  return figures;
}

async function stopChecks(demo: DemoProcess, violations: string[]): Promise<string> {
  const exit: DemoExit = await demo.stop(30_000);
  if (exit.killed) violations.push("the demo did not exit within 30 s of SIGTERM (killed)");
  else if (exit.code !== 0) violations.push(`the demo exited with code ${exit.code}${exit.signal ? ` (signal ${exit.signal})` : ""} after SIGTERM (expected 0)`);
  if (exit.leftovers.length > 0) violations.push(`5 s after npm exited, processes it started were still running (then killed): ${exit.leftovers.join(" | ")}`);
  const busy = [];
  for (const [name, port] of Object.entries(demo.ports)) if (!(await portIsFree(port))) busy.push(`${name} ${port}`);
  if (busy.length > 0) violations.push(`ports still in use after the demo exited: ${busy.join(", ")}`);
  return `Demo stopped: exit code ${exit.code}, signal ${exit.signal}${exit.killed ? ", killed" : ""}`;
}

export async function runAcceptance(partial: Partial<HarnessOptions> = {}): Promise<AcceptanceResult> {
  const options: HarnessOptions = { ...DEFAULT_OPTIONS, log: (line) => console.log(line), ...partial };
  const log = options.log;
  const violations: string[] = [];
  const extra: string[] = [];
  let figures: Figures | null = null;
  await waitForOtherDemos(options.otherDemoWaitMs, log);
  const env: Record<string, string> = { ...options.demoEnv, ...(options.ownDatabase ? { DEMO_DB_FILE: path.join(options.logDir, `demo-${process.pid}.db`) } : {}) };
  const demo = await startDemo({ readyWithinMs: options.readyWithinMs, logDir: options.logDir, env });
  log(`Started npm run demo (ports app ${demo.ports.app}, studio ${demo.ports.studio}, shopify ${demo.ports.shopify}); output in ${demo.logFile}`);
  try {
    const { ready, problems } = checkReady(await demo.readyJson, demo.ports);
    violations.push(...problems);
    if (ready === null) throw new Error("the ready line lacks what the harness needs to go on");
    log(`Demo ready: ${ready.mappedVariantIds.length} mapped variants, ${ready.unmappedVariantIds.length} unmapped, studio account ${ready.studioAccountId}`);
    const ctx: RunContext = {
      options, ready, log, violations, tracked: [], clockOffsetMs: 0, placementEndedAt: null,
      shopify: new ShopifySurface(ready.shopify, ready.shop), studio: new StudioSurface(ready.studio, ready.studioAccountId),
    };
    figures = await exercise(ctx, extra);
    if (!demo.alive()) violations.push("the demo process died during the run");
    else violations.push(...(await appAnswers(ready.app, "at the end of the run")));
  } catch (error) {
    violations.push(`harness aborted: ${errorText(error)}`);
  } finally {
    const count = readyLines(demo.output()).length;
    if (count > 1) violations.push(`the demo printed ${count} "demo ready" lines (the contract says exactly one)`);
    extra.push(await stopChecks(demo, violations));
    const appLog = summariseAppLog(demo.output(), READY_PREFIX);
    for (const c of appLog.crashes) violations.push(`app log shows a crash: ${c}`);
    extra.push(`App log after the ready line: ${appLog.groups.reduce((n, g) => n + g.count, 0)} warning/error lines in ${appLog.groups.length} kinds`);
    for (const g of appLog.groups.slice(0, 8)) extra.push(`  ${g.count}× ${g.example}`);
    extra.push(`Full demo output: ${demo.logFile}`);
    if (env.DEMO_DB_FILE && options.keepDatabase) extra.push(`Demo database kept: ${env.DEMO_DB_FILE}`);
    else if (env.DEMO_DB_FILE) for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(`${env.DEMO_DB_FILE}${suffix}`, { force: true });
  }
  const report = figures === null ? [`=== Acceptance report (incomplete) ===`, ...extra, `VIOLATIONS (${violations.length}):`, ...violations.map((v, i) => `  ${i + 1}. ${v}`)].join("\n") : formatReport(figures, violations, extra);
  return { violations, figures, report, logFile: demo.logFile };
}
