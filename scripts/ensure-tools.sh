#!/usr/bin/env bash
# Brings a fresh machine of this kind to where the project can install and run: pnpm 9 (corepack does not work
# against this registry, so npm installs it), promtool, PostgreSQL and Redis answering on their loopback ports.
set -euo pipefail

if ! command -v pnpm >/dev/null 2>&1 || [[ "$(pnpm --version)" != 9.* ]]; then
  echo "[setup] installing pnpm 9 with npm"
  npm install -g pnpm@9.15.9 >/dev/null
fi

# promtool checks the Prometheus config and alert rules in the tests; Debian ships it in the prometheus package
# (the daemon is not started: nothing here runs it).
if ! command -v promtool >/dev/null 2>&1; then
  echo "[setup] installing promtool (Debian prometheus package)"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
fi

# Chromium renders /docs in the gateway's browser test (services/gateway/test/docs-browser.test.ts), driven by
# playwright-core, which never downloads a browser of its own.
if ! command -v chromium >/dev/null 2>&1; then
  echo "[setup] installing chromium (Debian package)"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "[setup] starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "[setup] starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi
for _ in $(seq 1 50); do
  pg_isready -q -h 127.0.0.1 -p 5432 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && exit 0
  sleep 0.2
done
echo "[setup] PostgreSQL or Redis did not come up on 127.0.0.1" >&2
exit 1
