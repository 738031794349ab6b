#!/usr/bin/env bash
# `npm test`: type check, lint, build, then unit, integration and browser tests in one vitest run,
# then the real-stores tests when PostgreSQL and Redis answer (DATABASE_URL and REDIS_URL, else
# their local default addresses). Arguments go to the first vitest run, and leave the second out.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
REPORT=${TEST_REPORT:-test-results/vitest.json}
REAL_REPORT=${REPORT%.json}-real-stores.json
rm -f "$REPORT" "$REAL_REPORT"

step() { echo; echo "== $1"; }
status=0
# The type check and the lint use one core each: side by side, their output shown in turn.
checks=$(mktemp -d)
npx tsc --noEmit > "$checks/types" 2>&1 & types=$!
npx eslint . > "$checks/lint" 2>&1 & lint=$!
step "type check"; wait "$types" || status=1; cat "$checks/types"
step "lint"; wait "$lint" || status=1; cat "$checks/lint"
rm -rf "$checks"
step "site files" && npx tsx scripts/sites-check.ts || status=1
step "build" && npm run build --silent || status=1
step "browser and proxy" && bash scripts/ensure-packages.sh || status=1
step "tests"
# The real-stores project is a run of its own, below (unless the arguments name projects).
exclude=(--project '!real-stores')
case " $* " in *" --project"*) exclude=() ;; esac
# Two test files at a time even on two cores (vitest would run one): a browser test spends much of
# its time waiting on Chromium and the server, so two share the machine well (1,013 s → 684 s).
workers=$(( $(nproc) > 2 ? $(nproc) - 1 : 2 ))
npx vitest run --maxWorkers="$workers" --reporter=default --reporter=json --outputFile.json="$REPORT" "${exclude[@]}" "$@" || status=1
reports=("$REPORT")

step "tests on PostgreSQL and Redis (real-stores)"
if [ -n "${TEST_SUMMARY_DEFERRED:-}" ]; then
  echo "Left out here: the second pass of .ci/run runs them on its PostgreSQL and Redis."
elif [ $# -gt 0 ]; then
  echo "Left out: arguments were given (npm test -- --project real-stores runs them, with DATABASE_URL and REDIS_URL set)."
elif stores=$(node scripts/real-stores-check.mjs); then
  echo "On $stores"
  # shellcheck disable=SC2086 # two NAME=url words
  env $stores npx vitest run --project real-stores --reporter=default --reporter=json --outputFile.json="$REAL_REPORT" || status=1
  reports+=("$REAL_REPORT")
else
  echo "Left out: $stores. Start both, or set DATABASE_URL and REDIS_URL, to run them."
fi

if [ -z "${TEST_SUMMARY_DEFERRED:-}" ]; then
  echo
  node scripts/test-summary.mjs "${reports[@]}" || status=1
fi
exit $status
