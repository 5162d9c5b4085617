// Free loopback ports for the servers and demos tests start, and a check that a port was given back.
import { createServer } from "node:net";

/** A port nothing listens on at 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Three distinct free ports, for the demo's app, studio and Shopify sandbox. */
export async function freePorts(): Promise<{ app: number; studio: number; shopify: number }> {
  const taken = new Set<number>();
  const next = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  return { app: await next(), studio: await next(), shopify: await next() };
}

/** True when nothing listens on 127.0.0.1:port (we can bind it ourselves). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}
