#!/usr/bin/env bash
# npm test: lint, types, unit + API tests on PGlite, then the files among them that use a database on PostgreSQL,
# the production build (always: it needs no browser), then browser tests in Chromium against that build. Ends with one plain line
# "total: N passed, N failed …" from scripts/test-summary.mjs, which counts failed tests, failed files,
# crashed runners and failed steps, and names what did not run.
#
# Outside CI a missing PostgreSQL or Chromium skips only that suite, with a loud notice; with CI=true
# (.ci/run) either one missing is a failure.
#
# The machine has two cores: eslint, prettier and tsc, each a single process, run side by side.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=.test-data/reports
logs=$reports/logs
rm -rf "$reports" && mkdir -p "$logs"
summary_args=()
step() { printf '\n== [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }
fail() { echo "FAILED: $*"; summary_args+=(--failed-step "$*"); }
# Runs a test runner; its exit code goes to the summary, which also checks that its report exists.
run() { local name=$1; shift; "$@"; local code=$?; summary_args+=(--run "$name:$code"); }
# Starts a command in the background with its output in $logs/NAME.log; `finish NAME` waits and prints it.
declare -A pids=()
start() { local name=$1; shift; "$@" >"$logs/$name.log" 2>&1 & pids[$name]=$!; }
finish() { wait "${pids[$1]}"; local code=$?; cat "$logs/$1.log"; return $code; }
skipped() {
  local name=$1 why=$2
  printf '\n%s\n!! SKIPPED: %s\n!! %s\n%s\n' "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" "$name" "$why" "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
}
in_ci() { [ -n "${CI:-}" ] && [ "${CI}" != "false" ] && [ "${CI}" != "0" ]; }

# The checks run beside the first test pass: eslint alone uses one core, and the test pass starts with one
# core building its template database, so together they keep both cores busy.
step "lint, format and typecheck (beside the PGlite pass; their output follows it)"
start eslint npx eslint . --max-warnings=0
start prettier npx prettier --check . --log-level warn
start tsc npx tsc --noEmit

step "unit + API tests on embedded PGlite"
TEST_DB_FILES="$reports/db-files.txt" run vitest-pglite npx vitest run --reporter=default --reporter=json --outputFile="$reports/vitest-pglite.json"

step "lint, format and typecheck: results"
finish eslint || fail "lint"
finish prettier || fail "format (npm run format)"
finish tsc || fail "typecheck"

pg_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if node -e "const u=new URL(process.argv[1]);const s=require('net').connect({host:u.hostname,port:Number(u.port||5432)});s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000)" "$pg_url"; then
  # Files that used a database on PGlite, and those with PostgreSQL-only cases; the rest would only repeat themselves.
  pg_files=()
  if [ -s "$reports/db-files.txt" ]; then
    mapfile -t pg_files < <({ cat "$reports/db-files.txt"; grep -rl "useServer" tests/unit tests/api; } | sed "s#^$PWD/##" | sort -u)
  fi
  step "API tests on PostgreSQL ($pg_url, a fresh database per test file): ${#pg_files[@]} files"
  TEST_DB=postgres TEST_DATABASE_URL="$pg_url" run vitest-postgres npx vitest run --reporter=default --reporter=json --outputFile="$reports/vitest-postgres.json" "${pg_files[@]}"
else
  summary_args+=(--not-run vitest-postgres)
  if in_ci; then
    fail "PostgreSQL not reachable at $pg_url (required in CI)"
  else
    skipped "unit + API tests on PostgreSQL" "PostgreSQL is not reachable at $pg_url — start it or set TEST_DATABASE_URL."
  fi
fi

step "production build (types were checked above)"
built=0
if SKIP_BUILD_TYPECHECK=1 npx next build; then built=1; else fail "next build"; fi

chromium="${CHROMIUM_PATH:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}"
if [ -n "$chromium" ] && [ -x "$chromium" ] && [ "$built" = 1 ]; then
  step "browser tests in Chromium ($chromium)"
  CHROMIUM_PATH="$chromium" PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" run playwright npx playwright test --reporter=list,json
else
  # What would have run: the list needs neither a browser nor a server.
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright-list.json" npx playwright test --list --reporter=json >/dev/null 2>&1 || true
  summary_args+=(--not-run playwright)
  if [ "$built" != 1 ]; then
    echo "Browser tests not run: the production build failed."
  elif in_ci; then
    fail "Chromium not found (required in CI; install Debian's chromium or set CHROMIUM_PATH)"
  else
    skipped "browser tests" "Chromium not found — install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH."
  fi
fi

step "summary"
node scripts/test-summary.mjs "$reports" "${summary_args[@]}"
