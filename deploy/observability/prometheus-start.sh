#!/bin/sh
# Starts Prometheus (compose profile `observability`) with SITE_DOMAIN written into prometheus.yml (the certificate
# probes' targets): Prometheus reads no environment. The rule file goes beside the written configuration, where
# `rule_files` finds it. `prometheus-start.sh render-only` writes both and stops (the deploy tests check them).
set -eu
: "${SITE_DOMAIN:?set SITE_DOMAIN in deploy/.env}"
case $SITE_DOMAIN in
  *[!a-z0-9.-]* | '') echo "SITE_DOMAIN is not a domain name: $SITE_DOMAIN" >&2 && exit 1 ;;
esac
here=$(dirname "$0")
out=${PROMETHEUS_CONFIG_DIR:-/tmp/gp-prometheus}
mkdir -p "$out"
sed "s|\${SITE_DOMAIN}|$SITE_DOMAIN|g" "$here/prometheus.yml" >"$out/prometheus.yml"
cp "$here/alert-rules.yml" "$out/alert-rules.yml"
[ "${1:-}" = render-only ] && exit 0
exec /bin/prometheus --config.file="$out/prometheus.yml" --storage.tsdb.path=/prometheus \
  --storage.tsdb.retention.time=30d
