// The real Remix app, served over real HTTP on 127.0.0.1 (port 0) inside a test process.
// The app's modules are loaded through Vite's SSR loader (no build step, no shared build folder to
// race on); a small node:http adapter turns requests into Fetch API Requests for Remix's handler.
// Environment variables passed in `env` are set on process.env before the app is loaded, so the
// app's config (env.server.ts) sees them; SHOPIFY_APP_URL defaults to the server's own origin.
// The app and the test share globalThis: the database installed by createTestDatabase() and the
// pipeline's wake-up signal are the same objects on both sides.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ServerBuild } from "@remix-run/node";

export interface StartedApp {
  /** http://127.0.0.1:PORT */
  origin: string;
  close(): Promise<void>;
}

export interface StartAppOptions {
  /** Extra environment for the app (e.g. SANDBOX_MODE, SHOPIFY_SANDBOX_URL, DATABASE_URL). */
  env?: Record<string, string | undefined>;
  port?: number;
}

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, response.statusText, headers);
  if (!response.body) {
    res.end();
    return;
  }
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  res.end();
}

export async function startApp(options: StartAppOptions = {}): Promise<StartedApp> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SHOPIFY_APP_URL = origin;
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }

  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: "vite.config.ts",
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const { createRequestHandler } = await import("@remix-run/node");
  let handler: ((request: Request) => Promise<Response>) | undefined;
  const ready = (async () => {
    const build = (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
    handler = createRequestHandler(build, "development");
  })();
  await ready;

  server.on("request", (req, res) => {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    void (async () => {
      try {
        const response = await (handler as (request: Request) => Promise<Response>)(toRequest(req, origin, controller.signal));
        await send(res, response);
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
        res.end(error instanceof Error ? error.message : "internal error");
      }
    })();
  });

  let closing: Promise<void> | undefined;
  return {
    origin,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await vite.close();
      })();
      return closing;
    },
  };
}
