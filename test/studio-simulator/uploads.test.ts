// GIVEN a signed upload target WHEN bytes are PUT THEN the simulator checks them like object storage:
// exact Content-Type and length and a live signature, else 403 with nothing stored; bytes go to disk.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, setupHarnessAccount, startHarness, type Api, type Harness } from "./test-helpers";

let h: Harness;
let api: Api;
let accountId: string;

beforeAll(async () => {
  h = await startHarness();
  ({ api, accountId } = await setupHarnessAccount(h));
});
afterAll(() => h.close());

async function target(sizeBytes: number, contentType = "image/jpeg") {
  const res = await api("POST", "/uploads", { filename: "Sunset Over Bondi.JPG", contentType, sizeBytes });
  expect(res.status).toBe(201);
  return res.body.data as { uploadUrl: string; contentType: string; url: string; key: string };
}

/** PUT with full control of headers; `chunks` are written one by one (chunked when no length is given). */
function put(url: string, headers: Record<string, string | number>, chunks: Iterable<Buffer>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "PUT", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    (async () => {
      for (const chunk of chunks) {
        if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
      }
      req.end();
    })().catch(reject);
  });
}

async function stored(url: string): Promise<boolean> {
  const uploads = await h.control.uploads(accountId);
  const upload = uploads.find((u) => u.url === url);
  if (!upload) throw new Error(`no upload record for ${url}`);
  return upload.completedAt !== null;
}

describe("POST /uploads", () => {
  it("THEN refuses unsupported content types and oversize files with VALIDATION_ERROR", async () => {
    const gif = await api("POST", "/uploads", { filename: "a.gif", contentType: "image/gif", sizeBytes: 10 });
    expect(gif.body.error?.code).toBe("VALIDATION_ERROR");
    const huge = await api("POST", "/uploads", { filename: "a.tif", contentType: "image/tiff", sizeBytes: 524_288_001 });
    expect(huge.body.error?.details.errors[0].path).toBe("sizeBytes");
    const noScope = await h.control.createKey(accountId, { environment: "test", scopes: ["price:read"] });
    expect((await apiClient(h.studio.baseUrl, noScope.key)("POST", "/uploads", { filename: "a.png", contentType: "image/png", sizeBytes: 1 })).status).toBe(403);
  });
});

describe("PUT uploadUrl", () => {
  it("WHEN type and length match THEN 200 and the artwork url serves the same bytes", async () => {
    const bytes = Buffer.from("\xFF\xD8\xFF fake jpeg bytes", "latin1");
    const t = await target(bytes.length);
    expect(t.contentType).toBe("image/jpeg");
    const res = await put(t.uploadUrl, { "content-type": "image/jpeg", "content-length": bytes.length }, [bytes]);
    expect(res.status).toBe(200);
    const served = await fetch(t.url);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("WHEN the Content-Type differs THEN 403 and nothing stored", async () => {
    const t = await target(4);
    const res = await put(t.uploadUrl, { "content-type": "image/png", "content-length": 4 }, [Buffer.from("abcd")]);
    expect(res.status).toBe(403);
    expect(await stored(t.url)).toBe(false);
    expect((await fetch(t.url)).status).toBe(404);
  });

  it("WHEN the length differs (declared or streamed) THEN 403 and nothing stored", async () => {
    const t = await target(4);
    expect((await put(t.uploadUrl, { "content-type": "image/jpeg", "content-length": 5 }, [Buffer.from("abcde")])).status).toBe(403);
    expect((await put(t.uploadUrl, { "content-type": "image/jpeg" }, [Buffer.from("ab"), Buffer.from("cde")])).status).toBe(403);
    expect((await put(t.uploadUrl, { "content-type": "image/jpeg" }, [Buffer.from("abc")])).status).toBe(403);
    expect(await stored(t.url)).toBe(false);
  });

  it("WHEN the signature is tampered with or has expired THEN 403", async () => {
    const t = await target(3);
    const tampered = t.uploadUrl.replace(/X-Signature=([0-9a-f])/, (_m, c: string) => `X-Signature=${c === "0" ? "1" : "0"}`);
    expect((await put(tampered, { "content-type": "image/jpeg", "content-length": 3 }, [Buffer.from("abc")])).status).toBe(403);
    await h.control.advanceClock(16 * 60);
    const expired = await put(t.uploadUrl, { "content-type": "image/jpeg", "content-length": 3 }, [Buffer.from("abc")]);
    expect(expired.status).toBe(403);
    expect(expired.body).toContain("expired");
    expect(await stored(t.url)).toBe(false);
  });

  it("WHEN a large file is streamed THEN it is accepted without being held in memory", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const size = 96 * chunk.length;
    const t = await target(size, "image/tiff");
    const before = process.memoryUsage().rss;
    const chunks = function* () {
      for (let i = 0; i < 96; i++) yield chunk;
    };
    const res = await put(t.uploadUrl, { "content-type": "image/tiff", "content-length": size }, chunks());
    expect(res.status).toBe(200);
    expect(process.memoryUsage().rss - before).toBeLessThan(size);
    const head = await fetch(t.url, { method: "HEAD" });
    expect(Number(head.headers.get("content-length"))).toBe(size);
  });
});
