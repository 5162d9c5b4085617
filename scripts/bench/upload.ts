// npm run bench:upload — starts the studio simulator in this process, streams a generated source
// (default 200 MB, BENCH_UPLOAD_MB to change) through createStudioClient().uploads.put and prints the
// process's peak RSS / heap growth (target: under 64 MB) and the throughput.
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { createStudioClient } from "../../app/studio";
import { startStudioSimulator } from "../../test/studio-simulator/server";

const MB = 1024 * 1024;
const sizeBytes = Math.round(Number(process.env.BENCH_UPLOAD_MB ?? 200) * MB);
const TARGET_MB = 64;

async function control(origin: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${origin}/__studio${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { data: Record<string, unknown> | null; error: unknown };
  if (!res.ok || !json.data) throw new Error(`control ${method} ${path} failed: ${res.status} ${JSON.stringify(json.error)}`);
  return json.data;
}

/** A fresh 64 KiB buffer per chunk, like a file stream would produce. */
async function* generated(total: number): AsyncGenerator<Uint8Array> {
  const chunk = 64 * 1024;
  for (let sent = 0, i = 0; sent < total; sent += chunk, i++) {
    yield Buffer.alloc(Math.min(chunk, total - sent), i & 0xff);
  }
}

const sim = await startStudioSimulator({ port: 0 });
try {
  const { accountId } = await control(sim.origin, "POST", "/accounts", { name: "bench" });
  const { key } = await control(sim.origin, "POST", `/accounts/${String(accountId)}/keys`, { environment: "test", scopes: ["price:read", "orders:read", "orders:write"] });
  const client = createStudioClient({ apiKey: String(key), baseUrl: sim.baseUrl });
  const target = await client.uploads.create({ filename: "bench.tiff", contentType: "image/tiff", sizeBytes });

  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const sampler = setInterval(sample, 10);

  const started = performance.now();
  const result = await client.uploads.put(target, Readable.from(generated(sizeBytes), { objectMode: false }), { sizeBytes, contentType: "image/tiff" });
  const seconds = (performance.now() - started) / 1000;
  sample();
  clearInterval(sampler);
  await client.close();

  const rssGrowth = (peakRss - base.rss) / MB;
  const heapGrowth = (peakHeap - base.heapUsed) / MB;
  console.log(`uploaded ${(sizeBytes / MB).toFixed(0)} MB to ${result.url}`);
  console.log(`time ${seconds.toFixed(2)} s, throughput ${(sizeBytes / MB / seconds).toFixed(1)} MB/s`);
  console.log(`peak RSS growth ${rssGrowth.toFixed(1)} MB, peak heap growth ${heapGrowth.toFixed(1)} MB (target under ${TARGET_MB} MB)`);
  if (rssGrowth >= TARGET_MB) {
    console.error(`OVER TARGET: peak RSS grew ${rssGrowth.toFixed(1)} MB`);
    process.exitCode = 1;
  }
} finally {
  await sim.close();
}
