// The client's request pipeline against a scripted studio on 127.0.0.1:0: retries, Retry-After,
// typed failures, redaction of the key, last-page markers. Time is injected (no real waiting).
import { Writable } from "node:stream";
import { inspect } from "node:util";
import pino from "pino";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  StudioConnectionError,
  StudioIdempotencyKeyReusedError,
  StudioRateLimitError,
  StudioResponseError,
  StudioServerError,
  StudioUsageError,
  StudioValidationError,
  createStudioClient,
  type StudioClient,
} from "../../app/studio";
import { parseRetryAfter } from "../../app/studio/http.server";
import { fakeClock, type FakeClock } from "./fake-clock";
import { fail, ok, orderFixture, recordingLogger, startScriptedStudio, type Script, type ScriptedStudio } from "./scripted-studio";

const KEY = `ps_test_${"c0ffee".repeat(10)}abcd`;
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});
afterAll(async () => {
  while (open.length) await open.pop()?.close();
});

async function setup(script: Script, opts: { maxAttempts?: number; fetchTimeoutMs?: number } = {}) {
  const server: ScriptedStudio = await startScriptedStudio(script);
  const clock: FakeClock = fakeClock();
  const logger = recordingLogger();
  const client: StudioClient = createStudioClient({
    apiKey: KEY,
    baseUrl: server.baseUrl,
    clock,
    logger,
    fetchTimeoutMs: opts.fetchTimeoutMs ?? 5_000,
    retry: { maxAttempts: opts.maxAttempts ?? 4, baseDelayMs: 100, maxDelayMs: 1_000 },
  });
  open.push(server, client);
  return { server, clock, logger, client };
}

const hasKey = (text: string) => text.includes(KEY) || text.includes(KEY.slice(-64));

describe("client pipeline", () => {
  it("GIVEN a test key WHEN the client is created THEN environment is test and a malformed key is refused without echoing it", () => {
    const client = createStudioClient({ apiKey: KEY, baseUrl: "http://127.0.0.1:1/api/print/v1" });
    open.push(client);
    expect(client.environment).toBe("test");
    expect(createStudioClient({ apiKey: KEY.replace("_test_", "_live_"), baseUrl: "http://127.0.0.1:1" }).environment).toBe("live");
    const bad = "sk_prod_secretsecret";
    expect(() => createStudioClient({ apiKey: bad, baseUrl: "http://127.0.0.1:1" })).toThrow(StudioUsageError);
    try {
      createStudioClient({ apiKey: bad, baseUrl: "http://127.0.0.1:1" });
    } catch (e) {
      expect(inspect(e)).not.toContain(bad);
    }
    expect(inspect(client, { depth: 5 })).not.toContain(KEY);
  });

  it("GIVEN a 429 with Retry-After 2 WHEN ordering THEN the client sleeps exactly 2000 ms and re-sends the same key and bytes", async () => {
    const { server, clock, client } = await setup((_req, i) => (i === 0 ? fail(429, "RATE_LIMITED", "slow down", undefined, { "retry-after": "2" }) : ok(orderFixture(), {}, 201)));
    const order = await client.orders.create({ specialInstructions: "x", quoteId: "q_1" }, { idempotencyKey: "idem-1" });
    expect(order.orderId).toBe("ord_1");
    expect(clock.sleeps).toEqual([2_000]);
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1].body).toBe(server.seen[0].body);
    expect(server.seen[0].body).toBe('{"quoteId":"q_1","specialInstructions":"x"}');
    expect(server.seen.map((r) => r.headers["idempotency-key"])).toEqual(["idem-1", "idem-1"]);
    expect(server.seen[0].headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("GIVEN two 500s WHEN reading THEN retried with jittered backoff under the cap, then succeeds", async () => {
    const { server, clock, client } = await setup((_req, i) => (i < 2 ? fail(500, "INTERNAL_ERROR") : ok(orderFixture({ status: "glazing" }))));
    const order = await client.orders.get("ord_1");
    expect(order.status).toBe("glazing"); // unknown statuses pass through
    expect(server.seen).toHaveLength(3);
    expect(clock.sleeps).toHaveLength(2);
    expect(clock.sleeps[0]).toBeLessThan(100);
    expect(clock.sleeps[1]).toBeLessThan(200);
  });

  it("GIVEN 500s until attempts run out WHEN reading THEN the last StudioServerError is thrown after maxAttempts", async () => {
    const { server, client } = await setup(() => fail(503, "SOMETHING_NEW"), { maxAttempts: 3 });
    await expect(client.catalogue.get()).rejects.toBeInstanceOf(StudioServerError);
    expect(server.seen).toHaveLength(3);
  });

  it("GIVEN a 400 WHEN quoting THEN there is no retry and details paths are typed", async () => {
    const { server, client } = await setup(() => fail(400, "VALIDATION_ERROR", "bad", [{ path: "items" }]));
    const error = await client.quotes.create({ items: [], shippingAddress: {} as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StudioValidationError);
    expect((error as StudioValidationError).details.paths).toEqual(["items"]);
    expect(server.seen).toHaveLength(1);
  });

  it("GIVEN a 409 IDEMPOTENCY_KEY_REUSED without Retry-After WHEN ordering THEN no retry, a distinct error, logged at error level", async () => {
    const { server, client, logger } = await setup(() => fail(409, "IDEMPOTENCY_KEY_REUSED", "different body"));
    const error = await client.orders.create({ quoteId: "q_2" }, { idempotencyKey: "idem-1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StudioIdempotencyKeyReusedError);
    expect((error as StudioIdempotencyKeyReusedError).retryable).toBe(false);
    expect(server.seen).toHaveLength(1);
    expect(logger.lines.filter((l) => l.level === "error")).toHaveLength(1);
  });

  it("GIVEN a 429 whose Retry-After is an hour WHEN calling THEN it is not slept through: the error carries retryAfter for the caller", async () => {
    const { server, clock, client } = await setup(() => fail(429, "RATE_LIMITED", "later", undefined, { "retry-after": "3600" }));
    const error = await client.orders.get("ord_1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StudioRateLimitError);
    expect((error as StudioRateLimitError).retryAfter).toBe(3600);
    expect(clock.sleeps).toEqual([]);
    expect(server.seen).toHaveLength(1);
  });

  it("GIVEN unparseable bodies WHEN calling THEN StudioResponseError (5xx retried, 2xx not) without the body's personal data", async () => {
    const { server, client } = await setup((req) =>
      req.url.endsWith("/catalogue") ? { status: 502, raw: "<html>bad gateway</html>" } : ok(orderFixture({ totalCents: "12", shipments: [{ trackingNumber: 5, email: "jane@example.com" }] })),
    );
    await expect(client.catalogue.get()).rejects.toBeInstanceOf(StudioResponseError);
    expect(server.seen).toHaveLength(4);
    const error = (await client.orders.get("ord_1").catch((e: unknown) => e)) as StudioResponseError;
    expect(error).toBeInstanceOf(StudioResponseError);
    expect(error.details.issues.join("\n")).toMatch(/totalCents/);
    expect(error.message).not.toContain("jane@example.com");
    expect(server.seen).toHaveLength(5);
  });

  it("GIVEN a connection reset then success WHEN reading THEN it is retried; a hang becomes a timeout StudioConnectionError", async () => {
    const { server, client } = await setup((req, i) => (req.url.includes("/quotes/") ? (i === 0 ? "reset" : ok(null)) : "hang"), { fetchTimeoutMs: 1_000, maxAttempts: 2 });
    const resetThenBad = await client.quotes.get("q_1").catch((e: unknown) => e);
    expect(resetThenBad).toBeInstanceOf(StudioResponseError); // second answer is data:null, not a quote
    expect(server.seen).toHaveLength(2);
    const hang = (await client.orders.get("ord_1").catch((e: unknown) => e)) as StudioConnectionError;
    expect(hang).toBeInstanceOf(StudioConnectionError);
    expect(hang.details.kind).toBe("timeout");
    expect(server.seen).toHaveLength(4);
  });

  it("GIVEN the caller aborts WHEN a request hangs THEN it rejects with the abort reason and is not retried", async () => {
    const { server, client } = await setup(() => "hang");
    const ctl = new AbortController();
    const pending = client.orders.get("ord_1", { signal: ctl.signal });
    setTimeout(() => ctl.abort(new Error("user cancelled")), 50);
    await expect(pending).rejects.toThrow("user cancelled");
    expect(server.seen).toHaveLength(1);
  });

  it("GIVEN a server echoing the Authorization header WHEN it fails THEN the key appears in no error, JSON, inspect output or log line", async () => {
    const { client, logger } = await setup((req) => fail(400, "NEW_CODE", `bad key ${String(req.headers.authorization)}`, { echoed: req.headers.authorization, nested: [String(req.headers.authorization)] }));
    const error = await client.catalogue.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(hasKey(String((error as Error).message))).toBe(false);
    expect(hasKey(JSON.stringify(error))).toBe(false);
    expect(hasKey(inspect(error, { depth: 10 }))).toBe(false);
    expect(hasKey(JSON.stringify(logger.lines))).toBe(false);
    expect((error as Error).message).toContain("[redacted-api-key]");
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(logger.lines[0].obj).toMatchObject({ method: "GET", path: "/catalogue", status: 400, attempt: 1 });
  });

  for (const [label, lastPage] of [
    ["null", { nextCursor: null }],
    ["an empty string", { nextCursor: "" }],
    ["a missing cursor", {}],
  ] as const) {
    it(`GIVEN a last page marked by ${label} WHEN listing THEN every order of every page is yielded once`, async () => {
      const { server, client } = await setup((req) => {
        const cursor = new URL(req.url, "http://x").searchParams.get("cursor");
        if (!cursor) return ok([orderFixture({ orderId: "a" }), orderFixture({ orderId: "b" })], { nextCursor: "p2" });
        return ok([orderFixture({ orderId: "c" })], lastPage);
      });
      const ids: string[] = [];
      for await (const order of client.orders.list({ limit: 2 })) ids.push(order.orderId);
      expect(ids).toEqual(["a", "b", "c"]);
      expect(server.seen.map((r) => r.url)).toEqual(["/api/print/v1/orders?limit=2", "/api/print/v1/orders?limit=2&cursor=p2"]);
    });
  }

  it("GIVEN a last page marked only by being empty WHEN listing THEN iteration ends; a repeated cursor is an error, not a loop", async () => {
    const { client } = await setup((req) => {
      const cursor = new URL(req.url, "http://x").searchParams.get("cursor");
      return cursor === "end" ? ok([], { nextCursor: "more" }) : ok([orderFixture({ orderId: "a" })], { nextCursor: "end" });
    });
    const ids: string[] = [];
    for await (const order of client.orders.list()) ids.push(order.orderId);
    expect(ids).toEqual(["a"]);
    const looping = await setup(() => ok([orderFixture()], { nextCursor: "same" }));
    const loop = async () => {
      for await (const _ of looping.client.orders.list()) void _;
    };
    await expect(loop()).rejects.toBeInstanceOf(StudioResponseError);
    await expect(client.orders.listPage({ limit: 101 })).rejects.toBeInstanceOf(StudioUsageError);
  });

  it("GIVEN a real pino logger WHEN requests succeed and fail THEN lines carry method/path/status/attempt/duration and never the key or the body", async () => {
    let output = "";
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => ((output += chunk.toString("utf8")), done()) });
    const logger = pino({ level: "debug" }, sink);
    const server = await startScriptedStudio((_req, i) => (i === 0 ? fail(500, "INTERNAL_ERROR", "boom") : ok(orderFixture({ lines: [], status: "received" }), {}, 201)));
    const client = createStudioClient({ apiKey: KEY, baseUrl: server.baseUrl, logger, clock: fakeClock() });
    open.push(server, client);
    await client.orders.create({ quoteId: "q_1", specialInstructions: "Deliver to jane@example.com at 1 Secret Lane" }, { idempotencyKey: "pino-1" });
    const lines = output.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l.msg === "studio request").map((l) => [l.method, l.path, l.status, l.attempt])).toEqual([
      ["POST", "/orders", 500, 1],
      ["POST", "/orders", 201, 2],
    ]);
    expect(lines.every((l) => typeof l.durationMs === "number" || l.msg !== "studio request")).toBe(true);
    expect(hasKey(output)).toBe(false);
    expect(output).not.toContain("jane@example.com");
    expect(output).not.toContain("Secret Lane");
  });

  it("GIVEN Retry-After as seconds, an HTTP date or garbage WHEN parsed THEN seconds or null", () => {
    const now = Date.parse("2026-11-21T06:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter(["3", "9"], now)).toBe(3);
    expect(parseRetryAfter("Sat, 21 Nov 2026 06:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Sat, 21 Nov 2026 05:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
