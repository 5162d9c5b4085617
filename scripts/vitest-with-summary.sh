#!/usr/bin/env bash
# vitest as usual, plus one plain closing line with the totals (scripts/test-summary.ts).
# Arguments go to vitest: npm run test:vitest -- test/foundation
set -uo pipefail
vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@"
status=$?
tsx scripts/test-summary.ts
exit $status
