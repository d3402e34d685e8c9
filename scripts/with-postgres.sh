#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster on a loopback port, with DATABASE_URL set, and removes
# the cluster afterwards. Usage: scripts/with-postgres.sh pnpm --filter @gp/api test
# PG_SERVER_OPTS adds server settings (`-c name=value ...`), e.g. the memory a big load wants.
set -euo pipefail

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
[ -x "$PG_BIN/initdb" ] || { echo "PostgreSQL server binaries not found (apt-get install -y postgresql)" >&2; exit 1; }
PORT=${PG_PORT:-54329}
DIR=$(mktemp -d /tmp/gp-pg.XXXXXX)
chmod 755 "$DIR"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$DIR"

cleanup() {
  as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

as_pg "$PG_BIN/initdb" -D "$DIR/data" -U gp --auth=trust -E UTF8 --no-locale >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-h 127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 ${PG_SERVER_OPTS:-}" start >/dev/null
as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U gp gp

export DATABASE_URL="postgres://gp@127.0.0.1:$PORT/gp"
echo "PostgreSQL ready at $DATABASE_URL"
"$@"
