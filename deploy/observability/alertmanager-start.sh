#!/bin/sh
# Starts Alertmanager (compose profile `observability`) with ALERT_WEBHOOK_URL written into alertmanager.yml:
# Alertmanager reads no environment, and the URL is a secret that belongs in deploy/.env, not in git.
# `alertmanager-start.sh render-only` writes the configuration and stops (the deploy tests check it with amtool).
set -eu
: "${ALERT_WEBHOOK_URL:?set ALERT_WEBHOOK_URL in deploy/.env (deploy/observability/README.md)}"
case $ALERT_WEBHOOK_URL in
  *"'"* | *' '*) echo "ALERT_WEBHOOK_URL must hold no quote and no space" >&2 && exit 1 ;;
esac
out=${ALERTMANAGER_CONFIG_OUT:-/alertmanager/alertmanager.yml}
# The URL as sed's replacement: & and the delimiter | are literal.
url=$(printf '%s' "$ALERT_WEBHOOK_URL" | sed 's/[&|\\]/\\&/g')
sed "s|\${ALERT_WEBHOOK_URL}|$url|" "$(dirname "$0")/alertmanager.yml" >"$out"
[ "${1:-}" = render-only ] && exit 0
exec /bin/alertmanager --config.file="$out" --storage.path=/alertmanager
