// `npm run demo` runs `sh -c "tsx scripts/demo.ts"`; tsx runs this script in a child node process.
// A SIGTERM sent to npm alone is forwarded to the shell, and dash dies without passing it on, which
// would leave the demo running with nobody to stop it. So the demo also stops when the process
// that started tsx goes away (tsx is re-parented). Linux /proc only; elsewhere this is a no-op.
// The project's .npmrc sets script-shell=/bin/bash, which execs tsx, so the signal reaches us.
import { readFileSync } from "node:fs";

function parentOf(pid: number): number | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces, so split after ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

/** Calls `onOrphaned` once when our parent or our parent's parent changes. */
export function watchLauncher(onOrphaned: () => void, everyMs = 500): () => void {
  const parent = process.ppid;
  const grandparent = parentOf(parent);
  if (grandparent === null) return () => undefined;
  const timer = setInterval(() => {
    if (process.ppid !== parent || parentOf(parent) !== grandparent) {
      clearInterval(timer);
      onOrphaned();
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
