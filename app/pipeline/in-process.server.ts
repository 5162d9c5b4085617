// The pipeline worker runs inside the app process by default (WORKER_IN_PROCESS=true) and as
// `npm run worker` processes beside it. Started once per process from entry.server.tsx; it is woken
// at once when a paid order or a studio event is recorded (wake.server.ts). No signal handlers are
// installed here (the process that hosts the app owns them): call stopInProcessWorker() on shutdown.
import { env } from "~/env.server";
import { startWorker, type Worker } from "./worker.server";

declare global {
  var __printStudioInProcessWorker: Worker | undefined;
}

export function startInProcessWorker(): void {
  const config = env();
  if (globalThis.__printStudioInProcessWorker || !config.WORKER_IN_PROCESS || config.NODE_ENV === "test") return;
  globalThis.__printStudioInProcessWorker = startWorker();
}

/** Lets the current steps finish, then stops the in-process worker (if it runs). */
export async function stopInProcessWorker(): Promise<void> {
  const worker = globalThis.__printStudioInProcessWorker;
  globalThis.__printStudioInProcessWorker = undefined;
  await worker?.stop();
}
