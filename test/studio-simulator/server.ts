// startStudioSimulator(): a plain node:http server hosting the public Partner API (/api/print/v1), the
// control surface (/__studio), signed upload targets (/__storage) and uploaded artwork (/artwork).
import { mkdtemp, rm } from "node:fs/promises";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTROL_BASE, ControlApi } from "./control";
import { ApiError, errorReply, writeReply } from "./envelope";
import { safeDecode } from "./ids";
import { API_BASE, PublicApi } from "./router";
import { Simulator } from "./simulator";
import { ARTWORK_PREFIX, STORAGE_PREFIX } from "./uploads";

export interface StudioSimulatorOptions {
  port?: number;
  host?: string;
  allowNonLoopback?: boolean;
  uploadDir?: string;
}

export interface StudioSimulator {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** origin + "/api/print/v1" */
  baseUrl: string;
  close(): Promise<void>;
}

const MAX_JSON_BODY = 10 * 1024 * 1024;

export const isLoopbackHost = (host: string): boolean =>
  host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);

const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (address === "::1" || /^(::ffff:)?127\./.test(address));

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_JSON_BODY) {
        reject(new ApiError(413, "VALIDATION_ERROR", "Request body too large.", { errors: [{ path: "", message: "body exceeds 10 MB" }] }));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export async function startStudioSimulator(opts: StudioSimulatorOptions = {}): Promise<StudioSimulator> {
  const host = opts.host ?? "127.0.0.1";
  if (!isLoopbackHost(host) && !opts.allowNonLoopback) {
    throw new Error(`studio simulator refuses to bind to non-loopback host ${host}; pass allowNonLoopback: true to override`);
  }
  const ownDir = opts.uploadDir === undefined;
  const uploadDir = opts.uploadDir ?? (await mkdtemp(join(tmpdir(), "studio-sim-uploads-")));
  const sim = new Simulator(uploadDir);
  const publicApi = new PublicApi(sim);
  const control = new ControlApi(sim);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    const path = url.pathname;
    const method = (req.method ?? "GET").toUpperCase();
    if (path.startsWith(STORAGE_PREFIX) && method === "PUT") {
      return sim.uploads.put(req, res, safeDecode(path.slice(STORAGE_PREFIX.length)), url.searchParams);
    }
    if (path.startsWith(ARTWORK_PREFIX) && (method === "GET" || method === "HEAD")) {
      req.resume();
      return sim.uploads.get(res, safeDecode(path.slice(ARTWORK_PREFIX.length)));
    }
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (err) {
      return writeReply(res, errorReply(err instanceof ApiError ? err : new ApiError(400, "VALIDATION_ERROR", "Could not read the request body.")));
    }
    if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
      return publicApi.handle(req, res, path.slice(API_BASE.length) || "/", url.searchParams, raw);
    }
    if (path === CONTROL_BASE || path.startsWith(`${CONTROL_BASE}/`)) {
      if (!isLoopbackAddress(req.socket.remoteAddress)) {
        return writeReply(res, errorReply(new ApiError(403, "FORBIDDEN", "The control surface answers loopback clients only.")));
      }
      let body: unknown = undefined;
      if (raw.length > 0) {
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          return writeReply(res, errorReply(new ApiError(400, "VALIDATION_ERROR", "Body is not valid JSON.", { errors: [{ path: "", message: "not JSON" }] })));
        }
      }
      try {
        return writeReply(res, await control.handle(method, path.slice(CONTROL_BASE.length) || "/", url.searchParams, body));
      } catch (err) {
        if (!(err instanceof ApiError)) console.error("studio simulator: control failed", err);
        return writeReply(res, errorReply(err instanceof ApiError ? err : new ApiError(500, "INTERNAL_ERROR", String(err))));
      }
    }
    writeReply(res, errorReply(new ApiError(404, "NOT_FOUND", `Nothing at ${path}.`)));
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error("studio simulator: request failed", err);
      writeReply(res, errorReply(new ApiError(500, "INTERNAL_ERROR", "Simulator failure.")));
    });
  });
  server.requestTimeout = 0; // a 500 MB artwork upload may take a while
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  sim.originValue = origin;
  sim.webhooks.start();
  let closed = false;
  return {
    origin,
    baseUrl: `${origin}${API_BASE}`,
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      sim.webhooks.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (ownDir) await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
