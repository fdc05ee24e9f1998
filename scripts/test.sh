#!/usr/bin/env bash
# The README's test command: installs what is missing, then every test (unit and integration against the real
# PostgreSQL, Redis and a devnet chain 999 the run starts itself), the typecheck and the lint.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-tools.sh
pnpm install --frozen-lockfile
status=0
pnpm exec jest --json --outputFile=.jest-results.json "$@" || status=$?
# The fault suite runs alone after the rest: its recovery bounds are about the services, not a machine shared with
# 70 other test files.
rm -f .jest-faults.json
pnpm faults --json --outputFile=.jest-faults.json || status=$?
node scripts/test-summary.js .jest-results.json .jest-faults.json || true
pnpm typecheck || status=1
pnpm lint || status=1
exit $status
