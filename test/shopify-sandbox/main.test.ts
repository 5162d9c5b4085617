// GIVEN `npm run shopify-sandbox`'s entry point WHEN started on port 0 THEN it prints exactly one
// line `shopify sandbox listening on http://127.0.0.1:PORT`, serves, and exits 0 on SIGTERM.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { startShopifySandbox } from "./server";

describe("GIVEN the sandbox's entry point", () => {
  it("WHEN started THEN one ready line, a working control surface, and a clean exit on SIGTERM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/shopify-sandbox/main.ts"], {
      env: { ...process.env, SHOPIFY_SANDBOX_PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8");
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: string) => {
          out += chunk;
          if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
        });
        child.once("exit", (code) => reject(new Error(`the sandbox exited with ${code} before it was ready`)));
      });
      expect(line).toMatch(/^shopify sandbox listening on http:\/\/127\.0\.0\.1:\d+$/);
      const origin = line.slice("shopify sandbox listening on ".length);
      expect((await fetch(`${origin}/__shopify/reset`, { method: "POST" })).status).toBe(200);
      const exit = once(child, "exit");
      child.kill("SIGTERM");
      expect((await exit)[0]).toBe(0);
      expect(out.trimEnd().split("\n")).toEqual([line]);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });

  it("WHEN asked to listen beyond loopback THEN it refuses", async () => {
    await expect(startShopifySandbox({ host: "0.0.0.0", apiKey: "k", apiSecret: "s" })).rejects.toThrow(/loopback only/);
  });
});
