#!/usr/bin/env bash
# npm test: lint, types, unit + API tests on PGlite and on PostgreSQL, then browser tests in Chromium
# against a production build. Ends with one plain line "total: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
reports=.test-data/reports
rm -rf "$reports" && mkdir -p "$reports"
status=0
step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAILED: $*"; status=1; }

step "lint"
npx eslint . --max-warnings=0 || fail "lint"

step "typecheck"
npx tsc --noEmit || fail "typecheck"

step "unit + API tests on embedded PGlite"
npx vitest run --reporter=default --reporter=json --outputFile="$reports/vitest-pglite.json" || fail "vitest (PGlite)"

pg_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if node -e "const s=require('net').connect({host:new URL(process.argv[1]).hostname,port:Number(new URL(process.argv[1]).port||5432)});s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000)" "$pg_url"; then
  step "unit + API tests on PostgreSQL ($pg_url, a fresh database per test file)"
  TEST_DB=postgres TEST_DATABASE_URL="$pg_url" npx vitest run --reporter=default --reporter=json --outputFile="$reports/vitest-postgres.json" || fail "vitest (PostgreSQL)"
elif [ -n "${CI:-}" ]; then
  fail "PostgreSQL is not reachable at $pg_url (required in CI)"
else
  echo "PostgreSQL not reachable at $pg_url: skipping the PostgreSQL run (set TEST_DATABASE_URL to enable)."
fi

chromium="${CHROMIUM_PATH:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}"
if [ -n "$chromium" ]; then
  step "production build"
  if npx next build; then
    step "browser tests in Chromium ($chromium)"
    CHROMIUM_PATH="$chromium" PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json || fail "playwright"
  else
    fail "next build"
  fi
elif [ -n "${CI:-}" ]; then
  fail "Chromium not found (required in CI)"
else
  echo "Chromium not found: skipping browser tests (install Debian's chromium or set CHROMIUM_PATH)."
fi

step "summary"
node scripts/test-summary.mjs "$reports" || status=1
exit $status
