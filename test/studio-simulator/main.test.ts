// GIVEN `npm run studio`'s entry point WHEN started THEN it prints exactly one ready line, answers, and
// stops cleanly on SIGTERM. Also: the programmatic start refuses non-loopback hosts.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { startStudioSimulator } from "./server";

describe("studio entry point", () => {
  it("THEN prints `studio listening on http://127.0.0.1:PORT` once, serves, and exits 0 on SIGTERM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/studio-simulator/main.ts"], {
      env: { ...process.env, STUDIO_PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8");
    const ready = new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: string) => {
        stdout += chunk;
        if (stdout.includes("\n")) resolve(stdout.split("\n")[0]);
      });
      child.once("exit", (code) => reject(new Error(`exited early with ${code}`)));
    });
    try {
      const line = await ready;
      expect(line).toMatch(/^studio listening on http:\/\/127\.0\.0\.1:\d+$/);
      const origin = line.replace("studio listening on ", "");
      const clock = await fetch(`${origin}/__studio/clock`);
      expect(clock.status).toBe(200);
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const [code] = await exited;
      expect(code).toBe(0);
      expect(stdout.trimEnd().split("\n")).toHaveLength(1);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });

  it("THEN refuses a non-loopback host unless allowed", async () => {
    await expect(startStudioSimulator({ host: "0.0.0.0" })).rejects.toThrow(/non-loopback/);
  });
});
