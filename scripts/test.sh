#!/usr/bin/env bash
# `npm test`: type check, lint, build, then unit, integration and browser tests in one vitest run.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
REPORT=${TEST_REPORT:-test-results/vitest.json}
rm -f "$REPORT"

step() { echo; echo "== $1"; }
status=0
step "type check" && npx tsc --noEmit || status=1
step "lint" && npx eslint . || status=1
step "site files" && npx tsx scripts/sites-check.ts || status=1
step "build" && npm run build --silent || status=1
step "browser" && bash scripts/ensure-chromium.sh || status=1
step "tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORT" "$@" || status=1

if [ -z "${TEST_SUMMARY_DEFERRED:-}" ]; then
  echo
  node scripts/test-summary.mjs "$REPORT" || status=1
fi
exit $status
