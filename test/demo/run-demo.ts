// Runs `npm run demo` as a child process, the way the outside acceptance suite does, and reads its
// one machine-readable `demo ready {...}` line.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePorts } from "../support/ports";
import type { DemoReady } from "../../scripts/acceptance/ready-line";

export { portIsFree } from "../support/ports";
export type { DemoReady };

export interface RunningDemo {
  ready: DemoReady;
  ports: { app: number; studio: number; shopify: number };
  child: ChildProcess;
  output(): string;
  /** Sends the signal to `npm` (only) and resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Kills whatever is left of the process group and removes the demo's database. */
  cleanup(): Promise<void>;
}

export async function startDemo(env: Record<string, string>, readyWithinMs: number): Promise<RunningDemo> {
  const ports = await freePorts();
  const dir = mkdtempSync(path.join(os.tmpdir(), "print-studio-demo-"));
  let out = "";
  const child = spawn("npm", ["run", "--silent", "demo"], {
    env: {
      ...process.env, NODE_ENV: "development", LOG_LEVEL: "warn", DEMO_DB_FILE: path.join(dir, "demo.db"),
      PORT: String(ports.app), STUDIO_PORT: String(ports.studio), SHOPIFY_SANDBOX_PORT: String(ports.shopify), ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so that cleanup can reach every process of it
  });
  const cleanup = async () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = await new Promise<DemoReady>((resolve, reject) => {
    const timer = setTimeout(() => {
      void cleanup();
      reject(new Error(`no demo ready line within ${readyWithinMs} ms:\n${out}`));
    }, readyWithinMs);
    const onData = (b: Buffer) => {
      out += b.toString();
      const line = /^demo ready (\{.*\})\r?\n/m.exec(out);
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line[1]) as DemoReady);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (b: Buffer) => (out += b.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      void cleanup();
      reject(new Error(`demo exited with ${code} before it was ready:\n${out}`));
    });
  });
  return {
    ready,
    ports,
    child,
    output: () => out,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    cleanup,
  };
}
