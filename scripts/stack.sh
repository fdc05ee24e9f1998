#!/usr/bin/env bash
# The README's run command: installs everything, then starts the whole stack on the local devnet.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-tools.sh
pnpm install --frozen-lockfile
exec pnpm stack
