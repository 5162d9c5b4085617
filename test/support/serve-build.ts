// Runs the production build of the app (`npm run build` output) with remix-serve as a child
// process, the way it runs in production, on a free loopback port.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { freePort } from "./ports";

export const BUILD_ENTRY = path.resolve("build/server/index.js");

export interface ServedApp {
  origin: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/** Starts the built app; resolves once it answers /healthz, rejects with its output if it exits first. */
export async function serveBuild(env: Record<string, string>): Promise<ServedApp> {
  if (!existsSync(BUILD_ENTRY)) throw new Error(`${BUILD_ENTRY} is missing: run \`npm run build\` first (npm test does)`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let out = "";
  const child = spawn(path.resolve("node_modules/.bin/remix-serve"), [BUILD_ENTRY], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), SHOPIFY_APP_URL: origin, LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr?.on("data", (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const early = await Promise.race([exited.then((c) => ({ code: c })), new Promise<null>((r) => setTimeout(() => r(null), 150))]);
    if (early) throw Object.assign(new Error(`app exited with ${early.code} before answering:\n${out}`), { output: out, code: early.code });
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`app did not answer /healthz within 30 s:\n${out}`);
    }
  }
  return {
    origin,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Runs the built app expecting it to refuse to start; resolves with its exit code and output. */
export async function bootExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  try {
    const app = await serveBuild(env);
    await app.stop();
    return { code: 0, output: app.output() };
  } catch (error) {
    const e = error as { code?: number | null; output?: string };
    if (e.output === undefined) throw error;
    return { code: e.code ?? null, output: e.output };
  }
}
