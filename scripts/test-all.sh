#!/usr/bin/env bash
# The whole test suite: typecheck, unit tests, a production build, then the API suite against the
# embedded database and against a scratch database on the local Postgres, and the UI suite in
# Chromium. Each run makes its own databases and removes them afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

export TEST_RUN_ID="$$-$(date +%s)"
PG_ADMIN_URL="${TEST_POSTGRES_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
SCRATCH_DB="engage_test_${TEST_RUN_ID//-/_}"
UNIT_DB="${SCRATCH_DB}_unit"
export TEST_PGLITE_DIR="$(mktemp -d)/pglite"

cleanup() {
  node scripts/scratch-db.mjs drop "$PG_ADMIN_URL" "$SCRATCH_DB" || true
  node scripts/scratch-db.mjs drop "$PG_ADMIN_URL" "$UNIT_DB" || true
  rm -rf "$(dirname "$TEST_PGLITE_DIR")"
}
trap cleanup EXIT

echo "== typecheck"
npx tsc --noEmit -p .
if node scripts/scratch-db.mjs create "$PG_ADMIN_URL" "$SCRATCH_DB"; then
  export TEST_DATABASE_URL="${PG_ADMIN_URL%/*}/$SCRATCH_DB"
  # The Postgres API suite's server connects through the local socket when there is one (the
  # libpq `?host=<dir>` form of DATABASE_URL); the servers the restart tests start use TCP.
  SOCKET_DIR="${TEST_POSTGRES_SOCKET_DIR:-/var/run/postgresql}"
  if [ -S "$SOCKET_DIR/.s.PGSQL.5432" ]; then TEST_DATABASE_URL="$TEST_DATABASE_URL?host=$SOCKET_DIR"; fi
  echo "Postgres suite database: $TEST_DATABASE_URL"
else
  echo "!! no Postgres at $PG_ADMIN_URL: the API suite runs against the embedded database only" >&2
  if [ "${CI:-}" = "true" ]; then exit 1; fi
fi
# Unit tests that need a database use the embedded engine in memory, or the Postgres database in
# TEST_DATABASE_URL: they run once on each, on Postgres in a scratch database of their own.
echo "== unit tests (embedded database)"
TEST_DATABASE_URL= npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== unit tests (Postgres)"
  node scripts/scratch-db.mjs create "$PG_ADMIN_URL" "$UNIT_DB"
  TEST_DATABASE_URL="${TEST_DATABASE_URL/$SCRATCH_DB/$UNIT_DB}" npx vitest run
fi
echo "== build"
npx next build > /tmp/engage-build-$TEST_RUN_ID.log 2>&1 || { tail -50 /tmp/engage-build-$TEST_RUN_ID.log; exit 1; }
echo "== API and UI suites (Playwright)"
npx playwright test "$@"
