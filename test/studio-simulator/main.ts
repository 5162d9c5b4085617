// `npm run studio`: the simulator on 127.0.0.1:${STUDIO_PORT:-4010} until SIGTERM/SIGINT.
import { startStudioSimulator } from "./server";

const port = Number(process.env.STUDIO_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`STUDIO_PORT must be a port number, got ${process.env.STUDIO_PORT}`);
  process.exit(2);
}

// STUDIO_HOST defaults to loopback; anything else is refused unless STUDIO_ALLOW_NON_LOOPBACK=1.
const host = process.env.STUDIO_HOST ?? "127.0.0.1";
const allowNonLoopback = process.env.STUDIO_ALLOW_NON_LOOPBACK === "1";

try {
  const studio = await startStudioSimulator({ port, host, allowNonLoopback });
  console.log(`studio listening on ${studio.origin}`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    studio.close().then(() => process.exit(0), (err: unknown) => {
      console.error("studio simulator: close failed", err);
      process.exit(1);
    });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} catch (err) {
  console.error(`studio simulator failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
