#!/usr/bin/env bash
# Starts PostgreSQL and Redis on loopback for the scaled-stack tests, when they are not running
# already, and prints the variables the tests read. Source it: `. scripts/services.sh start`.
# `stop` stops what `start` started (recorded in $SERVICES_STATE).
set -euo pipefail

SERVICES_STATE="${SERVICES_STATE:-/tmp/sellerdesk-services}"
REDIS_PORT="${TEST_REDIS_PORT:-6390}"
PG_ROLE=sellerdesk
PG_PASSWORD=sellerdesk

as_postgres() { runuser -u postgres -- "$@"; }

start() {
  mkdir -p "$SERVICES_STATE"
  if ! command -v redis-server >/dev/null || ! command -v pg_lsclusters >/dev/null; then
    echo "services: PostgreSQL and Redis are needed (apt-get install postgresql redis-server)" >&2
    return 1
  fi
  if ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
      --pidfile "$SERVICES_STATE/redis.pid" >/dev/null
    touch "$SERVICES_STATE/redis.started"
    for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  fi
  local cluster
  cluster=$(pg_lsclusters --no-header | head -n 1)
  if [ -z "$cluster" ]; then
    echo "services: no PostgreSQL cluster; reinstall postgresql" >&2
    return 1
  fi
  local version name status
  read -r version name _ status _ <<<"$cluster"
  if [ "$status" != "online" ]; then
    pg_ctlcluster "$version" "$name" start
    echo "$version $name" >"$SERVICES_STATE/postgres.started"
  fi
  for _ in $(seq 50); do as_postgres psql -qAtc 'SELECT 1' >/dev/null 2>&1 && break; sleep 0.2; done
  as_postgres psql -qAtc "DO \$\$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$PG_ROLE') THEN
        CREATE ROLE $PG_ROLE LOGIN PASSWORD '$PG_PASSWORD' CREATEDB;
      END IF; END \$\$;" >/dev/null
  local port
  port=$(as_postgres psql -qAtc 'SHOW port')
  export TEST_POSTGRES_URL="postgres://$PG_ROLE:$PG_PASSWORD@127.0.0.1:$port/postgres"
  export TEST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
  echo "services: PostgreSQL at 127.0.0.1:$port, Redis at 127.0.0.1:$REDIS_PORT"
}

stop() {
  if [ -f "$SERVICES_STATE/redis.started" ]; then
    redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    rm -f "$SERVICES_STATE/redis.started"
  fi
  if [ -f "$SERVICES_STATE/postgres.started" ]; then
    # shellcheck disable=SC2046
    pg_ctlcluster $(cat "$SERVICES_STATE/postgres.started") stop || true
    rm -f "$SERVICES_STATE/postgres.started"
  fi
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: services.sh start|stop" >&2; exit 2 ;;
esac
