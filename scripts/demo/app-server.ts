// Runs the real app (Remix + Vite) in this process, on node:http, with Vite's dev server in
// middleware mode: no 30 s build, the same route modules, loaders and actions as `npm run dev`.
// The app reads its configuration from process.env (app/env.server.ts parses it once), so the
// caller sets process.env before calling startDemoApp. docs/decisions/050-offline-demo.md.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";

export interface DemoApp {
  origin: string;
  close(): Promise<void>;
}

function toRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const method = req.method ?? "GET";
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(new URL(req.url ?? "/", origin), init);
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** Starts the app on 127.0.0.1:port (0 = any free port) and loads its server build once, which starts the in-process worker. */
/**
 * Vite servers created along the way (the Remix plugin's child compiler is not in middleware mode)
 * install a SIGTERM listener that closes them and exits with 143, and an stdin "end" listener that
 * does the same. The demo owns shutdown (exit 0 after closing everything), so those are removed.
 */
function withoutForeignExitHooks<T>(start: () => Promise<T>): Promise<T> {
  const before = { sigterm: new Set(process.listeners("SIGTERM")), stdinEnd: new Set(process.stdin.listeners("end")) };
  const restore = () => {
    for (const l of process.listeners("SIGTERM")) if (!before.sigterm.has(l)) process.off("SIGTERM", l);
    for (const l of process.stdin.listeners("end")) if (!before.stdinEnd.has(l)) process.stdin.off("end", l as () => void);
  };
  return start().finally(restore);
}

export function startDemoApp(opts: { port: number; beforeLoad?: (origin: string) => void }): Promise<DemoApp> {
  return withoutForeignExitHooks(() => start(opts));
}

async function start(opts: { port: number; beforeLoad?: (origin: string) => void }): Promise<DemoApp> {
  const vite = await import("vite");
  const viteServer = await vite.createServer({
    logLevel: "warn",
    server: { middlewareMode: true, hmr: false, ws: false, watch: { ignored: ["**/*"] } },
    appType: "custom",
    // Pre-bundled up front (as test/ui/support/ui-app.ts does): a dependency discovered during a page
    // load would be re-optimised and the browser would end up with two copies of React.
    optimizeDeps: {
      noDiscovery: true,
      include: ["@shopify/shopify-app-remix/server", "react", "react-dom", "react-dom/client", "react/jsx-runtime", "react/jsx-dev-runtime", "@remix-run/react", "@shopify/polaris", "@shopify/app-bridge-react", "@shopify/shopify-app-remix/react"],
    },
  });
  const loadBuild = () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  const handler = createRequestHandler(loadBuild, "development");
  let origin = "";
  const server = createServer((req, res) => {
    viteServer.middlewares(req, res, () => {
      handler(toRequest(req, res, origin))
        .then((response) => sendResponse(res, response))
        .catch((error: unknown) => {
          console.error("app: request failed", error);
          if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
          res.end("Internal error");
        });
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    opts.beforeLoad?.(origin);
    await loadBuild(); // imports entry.server: configuration is checked and the worker starts now, not on the first request
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await viteServer.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    origin,
    close: () => {
      closing ??= (async () => {
        // Let the in-process worker finish its current steps before the servers and database go.
        const pipeline = (await viteServer.ssrLoadModule("/app/pipeline/in-process.server.ts").catch(() => ({}))) as { stopInProcessWorker?: () => Promise<void> };
        await pipeline.stopInProcessWorker?.();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await viteServer.close();
      })();
      return closing;
    },
  };
}
