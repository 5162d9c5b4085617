// Prints vitest's totals as one plain closing line ("N passed, N failed, N skipped") that any CI
// log reader understands, from the JSON report vitest wrote beside its normal output.
import { existsSync, readFileSync } from "node:fs";

const file = "test-results/vitest.json";
if (!existsSync(file)) {
  console.log(`tests: no report at ${file}`);
  process.exit(0);
}
const r = JSON.parse(readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
