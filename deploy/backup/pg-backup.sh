#!/usr/bin/env bash
# Backups of the site's database that are restored, not assumed (deploy/README.md "Backups").
#
#   pg-backup.sh backup                 a custom-format dump, its checksum and its row counts; keeps BACKUP_KEEP
#   pg-backup.sh restore-check [dump]   loads a dump (default: the newest) into a throwaway database on the same
#                                       server, compares every table's row count with the dump's, drops it
#
# Settings: DATABASE_URL (postgres://user:password@host:port/db, no query string), BACKUP_DIR, BACKUP_KEEP (14).
# Needs psql, pg_dump and pg_restore of the server's major version or newer (compose runs it in the postgres image),
# and a role that may create databases for the restore check (compose's `gp` owns the server).
set -euo pipefail

url=${DATABASE_URL:?set DATABASE_URL}
dir=${BACKUP_DIR:?set BACKUP_DIR}
keep=${BACKUP_KEEP:-14}
psql_=(psql -X -q -A -t -v ON_ERROR_STOP=1 -F $'\t')

# Every table's row count, `schema.table<TAB>count`, sorted. Run inside a session (stdin) so that it can count in
# the dump's own snapshot.
counts_sql="select format('select %L, count(*) from %I.%I', schemaname || '.' || tablename, schemaname, tablename)
  from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1 \\gexec"

# The URL of another database on the same server.
url_of() {
  local base=${url%%\?*}
  echo "${base%/*}/$1"
}

backup() {
  mkdir -p "$dir"
  local name part snapshot line
  name="gp-$(date -u +%Y%m%dT%H%M%SZ)"
  part="$dir/.$name.partial"
  # One snapshot for the counts and the dump: a transaction exports it and stays open while pg_dump reads it.
  coproc PSQL { "${psql_[@]}" "$url" 2>&1; }
  printf '%s\n' 'begin isolation level repeatable read read only;' 'select pg_export_snapshot();' >&"${PSQL[1]}"
  read -r snapshot <&"${PSQL[0]}"
  [[ $snapshot =~ ^[0-9A-F]+-[0-9A-F]+-[0-9]+$ ]] || { echo "backup: no snapshot: $snapshot" >&2; exit 1; }
  printf '%s\n' "$counts_sql" "select 'end-of-counts';" >&"${PSQL[1]}"
  : >"$part.counts"
  while read -r line <&"${PSQL[0]}"; do
    [[ $line == end-of-counts ]] && break
    [[ $line == *$'\t'* ]] || { echo "backup: counting failed: $line" >&2; exit 1; }
    echo "$line" >>"$part.counts"
  done
  pg_dump "$url" --snapshot="$snapshot" --format=custom --compress=6 --file="$part"
  printf '%s\n' 'commit;' '\q' >&"${PSQL[1]}"
  wait "$PSQL_PID" || true
  sort -o "$part.counts" "$part.counts"
  mv "$part.counts" "$dir/$name.counts"
  mv "$part" "$dir/$name.dump"
  (cd "$dir" && sha256sum "$name.dump" >"$name.dump.sha256")
  # Rotation: the newest BACKUP_KEEP dumps stay, with their checksums and counts.
  ls -1 "$dir" | grep -E '^gp-[0-9TZ]+\.dump$' | sort | head -n "-$keep" | while read -r old; do
    rm -f "$dir/$old" "$dir/$old.sha256" "$dir/${old%.dump}.counts"
  done
  # For the alert on the last successful backup's age (a node-exporter textfile, deploy/observability).
  printf '# TYPE gp_backup_last_success_timestamp_seconds gauge\ngp_backup_last_success_timestamp_seconds %s\n' \
    "$(date +%s)" >"$dir/.last-success.prom.partial"
  mv "$dir/.last-success.prom.partial" "$dir/last-success.prom"
  echo "backup: $dir/$name.dump ($(wc -l <"$dir/$name.counts") tables, $(du -h "$dir/$name.dump" | cut -f1))"
}

restore_check() {
  local dump=${1:-}
  if [[ -z $dump ]]; then
    dump=$(ls -1 "$dir" | grep -E '^gp-[0-9TZ]+\.dump$' | sort | tail -n 1 || true)
    [[ -n $dump ]] || { echo "restore-check: no dump in $dir" >&2; exit 1; }
    dump="$dir/$dump"
  fi
  local name counts target rows diffs
  name=$(basename "$dump" .dump)
  counts="$(dirname "$dump")/$name.counts"
  (cd "$(dirname "$dump")" && sha256sum --quiet -c "$name.dump.sha256") ||
    { echo "restore-check: $dump does not match its checksum" >&2; exit 1; }
  # Global: the EXIT trap reads it after this function has returned.
  db="gp_restore_check_$(date +%s)_$$"
  target=$(url_of "$db")
  "${psql_[@]}" "$url" -c "create database $db"
  trap '"${psql_[@]}" "$url" -c "drop database if exists $db with (force)" >/dev/null 2>&1 || true' EXIT
  pg_restore --exit-on-error --no-owner --no-acl --dbname="$target" "$dump"
  if ! diffs=$(diff <(echo "$counts_sql" | "${psql_[@]}" "$target" | sort) "$counts"); then
    echo "restore-check: row counts differ (< restored, > dumped):" >&2
    echo "$diffs" >&2
    exit 1
  fi
  rows=$(awk -F'\t' '{ n += $2 } END { print n + 0 }' "$counts")
  echo "restore-check: $name restored into a throwaway database: $(wc -l <"$counts") tables, $rows rows, every count equal"
}

case ${1:-} in
  backup) backup ;;
  restore-check) restore_check "${2:-}" ;;
  *)
    echo "usage: pg-backup.sh backup | restore-check [dump]" >&2
    exit 2
    ;;
esac
