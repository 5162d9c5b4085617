// `npm run worker` as a real process beside the app: it works orders from the shared database, and
// SIGTERM lets the step in progress finish and commit before the process exits.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADDRESS, printOrderFor, startHarness, waitFor, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

it("GIVEN a worker process in the middle of a quote WHEN it gets SIGTERM THEN the quote is committed, the lease released, and it exits 0", { timeout: 90_000 }, async () => {
  await h.studio.addFault({ method: "POST", path: "/quotes", kind: "timeout", count: 1, delayMs: 2_500 });
  const child = spawn("npx", ["tsx", "scripts/worker.ts"], {
    env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: "info", WORKER_CONCURRENCY: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    await waitFor("the worker process to start", async () => output.includes("pipeline worker started"), 60_000);
    const { orderId } = await h.shopify.createOrder(h.shop, { lineItems: [{ variantId: h.printVariants[0], quantity: 1 }], shippingAddress: ADDRESS, email: "proc@example.org", deliver: true });
    await waitFor("the quote step to begin", async () => (await printOrderFor(h.shop, orderId))?.state === "artwork_ready");
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const po = await printOrderFor(h.shop, orderId);
    expect(po?.state).toBe("quoted");
    expect(po?.leaseOwner).toBeNull();
    expect(output).toContain("pipeline worker stopped");

    // Another worker carries on from the recovery point.
    const worker = h.startWorker();
    await waitFor("placed", async () => (await printOrderFor(h.shop, orderId))?.studioOrderId);
    await worker.stop();
    expect((await h.studio.orders(h.studioAccountId)).length).toBe(1);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});
