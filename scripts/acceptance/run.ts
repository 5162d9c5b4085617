// npx tsx scripts/acceptance/run.ts [--orders N] [--faults on|off] [--seed S] [--late-watch SECONDS] [--countries AU,NZ] [--shared-db | --keep-db]
// Runs the acceptance harness against `npm run demo`, prints the report, exits 1 on any violation.
import { runAcceptance } from "./harness";

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function parseArgs(): { orders?: number; faults?: boolean; seed?: number; lateWatchMs?: number; countries?: string[]; ownDatabase?: boolean; keepDatabase?: boolean } {
  const orders = argValue("orders");
  const faults = argValue("faults");
  const seed = argValue("seed");
  const lateWatch = argValue("late-watch");
  if (lateWatch !== undefined && !(Number(lateWatch) >= 0)) throw new Error(`--late-watch must be a number of seconds, got ${lateWatch}`);
  if (orders !== undefined && !(Number.isInteger(Number(orders)) && Number(orders) > 0)) throw new Error(`--orders must be a positive integer, got ${orders}`);
  if (faults !== undefined && faults !== "on" && faults !== "off") throw new Error(`--faults must be on or off, got ${faults}`);
  if (seed !== undefined && !Number.isInteger(Number(seed))) throw new Error(`--seed must be an integer, got ${seed}`);
  return {
    ...(orders !== undefined ? { orders: Number(orders) } : {}),
    ...(faults !== undefined ? { faults: faults === "on" } : {}),
    ...(seed !== undefined ? { seed: Number(seed) } : {}),
    ...(argValue("countries") !== undefined ? { countries: (argValue("countries") ?? "").toUpperCase().split(",").filter(Boolean) } : {}),
    ...(lateWatch !== undefined ? { lateWatchMs: Number(lateWatch) * 1000 } : {}),
    ...(process.argv.includes("--shared-db") ? { ownDatabase: false } : {}),
    ...(process.argv.includes("--keep-db") ? { keepDatabase: true } : {}),
  };
}

// Exiting runs the harness's exit hook, which kills the demo's process group.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

async function main(): Promise<void> {
  const result = await runAcceptance(parseArgs());
  console.log(result.report);
  process.exit(result.violations.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error("acceptance harness failed:", error instanceof Error ? error.stack ?? error.message : error);
  process.exit(2);
});
