#!/usr/bin/env bash
# `pnpm bench:scale`: on DATABASE_URL when it is set (a throwaway database: the bench loads it and leaves the data
# there), else on a throwaway PostgreSQL cluster of scripts/with-postgres.sh. Arguments go to scale-bench.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
run=(node --import tsx bench/src/scale/scale-bench.ts "$@")
if [ -n "${DATABASE_URL:-}" ]; then exec "${run[@]}"; else exec scripts/with-postgres.sh "${run[@]}"; fi
