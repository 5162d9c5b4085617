// `npm run worker`: a pipeline worker process beside the app. Several may run at once; leases keep
// them off each other's orders. SIGTERM/SIGINT let the current steps finish, then the process exits.
import { loadEnvOrExit } from "~/env.server";
import { logger } from "~/logger.server";
import { startWorker } from "~/pipeline/worker.server";

loadEnvOrExit();
const worker = startWorker();
let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger().info({ signal }, "worker stopping after the current steps");
  void worker.stop().then(() => process.exit(0));
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
