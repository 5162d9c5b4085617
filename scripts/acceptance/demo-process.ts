// Starts `npm run demo` the way the outside suite does (DEMO_ORDERS=0, free ports in PORT,
// STUDIO_PORT and SHOPIFY_SANDBOX_PORT), keeps every output line in a log file, and stops it with
// SIGTERM, reporting the exit code. The child runs in its own process group so that whatever is
// left is killed on the way out, also when the harness fails.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { readyLines, type DemoPorts } from "./ready-line";
import { freePorts } from "../../test/support/ports";

export { portIsFree } from "../../test/support/ports";

export interface DemoExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** It did not exit within the time given and was killed. */
  killed: boolean;
  /** Processes of its group still running 5 s after it exited (they were then killed): pid and command. */
  leftovers: string[];
}

export interface DemoProcess {
  ports: DemoPorts;
  logFile: string;
  /** Everything the demo printed so far (stdout and stderr interleaved). */
  output(): string;
  /** The JSON of the first `demo ready` line; rejects when the demo exits or the time is up. */
  readyJson: Promise<string>;
  alive(): boolean;
  /** SIGTERM, then waits up to `withinMs`; SIGKILLs the group when it does not exit. */
  stop(withinMs: number): Promise<DemoExit>;
}

/** Pids of other running demos (the demo keeps one database file, and the machine is shared). */
export function otherDemoPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
      if (cmd.includes("scripts/demo.ts") && !cmd.includes("sh -c")) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The processes of a process group: "pid command". */
export function groupMembers(pgid: number): string[] {
  const out: string[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid) out.push(`${entry} ${readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim().slice(0, 160)}`);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export async function waitForOtherDemos(withinMs: number, log: (line: string) => void): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (let pids = otherDemoPids(); pids.length > 0; pids = otherDemoPids()) {
    if (Date.now() > deadline) throw new Error(`another demo is still running (pids ${pids.join(", ")}); not starting a second one on this shared machine`);
    log(`waiting for another demo to finish (pids ${pids.join(", ")})…`);
    await sleep(5_000);
  }
}

export async function startDemo(opts: { readyWithinMs: number; logDir: string; env?: Record<string, string> }): Promise<DemoProcess> {
  const ports = await freePorts();
  mkdirSync(opts.logDir, { recursive: true });
  const logFile = path.join(opts.logDir, `demo-${new Date().toISOString().replace(/[:.]/g, "-")}.log`);
  const log = createWriteStream(logFile);
  let out = "";
  const child: ChildProcess = spawn("npm", ["run", "demo"], {
    env: { ...process.env, DEMO_ORDERS: "0", PORT: String(ports.app), STUDIO_PORT: String(ports.studio), SHOPIFY_SANDBOX_PORT: String(ports.shopify), ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const onData = (b: Buffer) => {
    out += b.toString();
    log.write(b);
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // nothing left
    }
  };
  process.once("exit", killGroup);

  const readyJson = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`no "demo ready" line within ${opts.readyWithinMs} ms`));
    }, opts.readyWithinMs);
    const poll = setInterval(() => {
      const lines = readyLines(out);
      if (lines.length > 0) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(lines[0]);
      }
    }, 100);
    void exited.then(({ code, signal }) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`the demo exited (code ${code}, signal ${signal}) before its "demo ready" line`));
    });
  });
  readyJson.catch(() => undefined);

  return {
    ports,
    logFile,
    output: () => out,
    readyJson,
    alive,
    async stop(withinMs: number) {
      if (alive()) child.kill("SIGTERM");
      const timer = sleep(withinMs).then(() => null);
      const result = await Promise.race([exited, timer]);
      let killed = false;
      if (result === null) {
        killed = true;
        killGroup();
      }
      const final = result ?? (await exited);
      let leftovers = child.pid === undefined ? [] : groupMembers(child.pid);
      for (let i = 0; i < 10 && leftovers.length > 0; i += 1) {
        await sleep(500);
        leftovers = child.pid === undefined ? [] : groupMembers(child.pid);
      }
      killGroup();
      process.removeListener("exit", killGroup);
      await new Promise<void>((resolve) => log.end(() => resolve()));
      return { ...final, killed, leftovers };
    },
  };
}
