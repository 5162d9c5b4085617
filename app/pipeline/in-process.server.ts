// The pipeline worker runs inside the app process by default (WORKER_IN_PROCESS=true) and as
// `npm run worker` processes beside it. Started once per process from entry.server.tsx.
import { env } from "~/env.server";

let started = false;

export function startInProcessWorker(): void {
  if (started || !env().WORKER_IN_PROCESS || env().NODE_ENV === "test") return;
  started = true;
}
