#!/usr/bin/env bash
# `pnpm bench:scale`: on DATABASE_URL when it is set (a throwaway database: the bench loads it and leaves the data
# there), else on a throwaway PostgreSQL cluster of scripts/with-postgres.sh. Arguments go to scale-bench.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
run=(node --import tsx bench/src/scale/scale-bench.ts "$@")
# The throwaway cluster gets the memory a publisher's server would give a database of this size (PostgreSQL's
# defaults - 128 MB of buffers, 64 MB per index build - are sized for a laptop), on this 24 GiB machine.
export PG_SERVER_OPTS="${PG_SERVER_OPTS:--c shared_buffers=2GB -c work_mem=16MB -c maintenance_work_mem=1GB -c max_wal_size=8GB -c effective_cache_size=12GB}"
if [ -n "${DATABASE_URL:-}" ]; then exec "${run[@]}"; else exec scripts/with-postgres.sh "${run[@]}"; fi
