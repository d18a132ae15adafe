#!/usr/bin/env bash
# Starts a real n8n (community edition, from npm) on loopback for the real-n8n suite
# (apps/server/src/features/n8n/real-n8n.test.ts), creates its owner through n8n's REST API, and prints the
# variables the suite reads. n8n is installed in a cache folder outside the repository, never in package.json.
#
#   eval "$(scripts/n8n-real/start.sh)"        # N8N_REAL_URL, N8N_REAL_EMAIL, N8N_REAL_PASSWORD
#   npx vitest run --project server apps/server/src/features/n8n/real-n8n.test.ts
#   scripts/n8n-real/stop.sh
#
# Measured on a 2-core CI machine (2026-12-03): install ~4.5 min, building sqlite3 ~3.5 min (first run only),
# start ~6 s. Everything the script says goes to stderr; stdout is only the export lines.
set -euo pipefail

# 2.8.4: the newest n8n whose engines allow Node 20; n8n asks for xlsx from a URL outside the registry, so it is
# overridden with the registry's xlsx 0.18.5.
N8N_VERSION="${N8N_VERSION:-2.8.4}"
CACHE="${N8N_REAL_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/parley-n8n-real}"
PORT="${N8N_REAL_PORT:-5679}"
# n8n's task broker (which runs the Code node) listens on 5679 by default: move it out of the way.
BROKER_PORT="${N8N_REAL_BROKER_PORT:-$((PORT + 10))}"
EMAIL="${N8N_REAL_EMAIL:-owner@parley.test}"
PASSWORD="${N8N_REAL_PASSWORD:-Parley-n8n-1}"
URL="http://127.0.0.1:${PORT}"
say() { echo "[n8n-real] $*" >&2; }

mkdir -p "$CACHE/app" "$CACHE/home"
cd "$CACHE/app"
if [ ! -x node_modules/.bin/n8n ] || [ "$(node -p "require('./node_modules/n8n/package.json').version" 2>/dev/null)" != "$N8N_VERSION" ]; then
  say "installing n8n@$N8N_VERSION in $CACHE/app (several minutes)"
  started=$(date +%s)
  printf '{"name":"parley-n8n-real","private":true,"overrides":{"xlsx":"0.18.5"}}\n' >package.json
  # Install scripts stay off (some would download binaries from outside the registry); sqlite3 is built below.
  ONNXRUNTIME_NODE_INSTALL=skip npm install "n8n@$N8N_VERSION" --ignore-scripts --no-audit --no-fund --loglevel=error >&2
  say "installed in $(($(date +%s) - started)) s"
fi
if ! ls node_modules/sqlite3/build/Release/node_sqlite3.node >/dev/null 2>&1; then
  say "building sqlite3 for n8n's database"
  started=$(date +%s)
  npm rebuild sqlite3 --loglevel=error >&2
  say "built in $(($(date +%s) - started)) s"
fi

if curl -sf "$URL/healthz" >/dev/null 2>&1; then
  say "something already answers at $URL (an n8n started earlier?): using it"
else
  say "starting n8n at $URL (log: $CACHE/n8n.log)"
  N8N_USER_FOLDER="$CACHE/home" N8N_PORT="$PORT" N8N_LISTEN_ADDRESS=127.0.0.1 N8N_RUNNERS_BROKER_PORT="$BROKER_PORT" \
    N8N_DIAGNOSTICS_ENABLED=false N8N_PERSONALIZATION_ENABLED=false N8N_VERSION_NOTIFICATIONS_ENABLED=false \
    N8N_TEMPLATES_ENABLED=false N8N_SECURE_COOKIE=false N8N_HIDE_USAGE_PAGE=true \
    nohup node_modules/.bin/n8n start >"$CACHE/n8n.log" 2>&1 &
  echo $! >"$CACHE/n8n.pid"
  for _ in $(seq 1 90); do
    curl -sf "$URL/healthz" >/dev/null 2>&1 && break
    if ! kill -0 "$(cat "$CACHE/n8n.pid")" 2>/dev/null; then
      say "n8n stopped while starting:"; tail -20 "$CACHE/n8n.log" >&2; exit 1
    fi
    sleep 2
  done
  curl -sf "$URL/healthz" >/dev/null || { say "n8n did not answer /healthz within 3 minutes"; tail -20 "$CACHE/n8n.log" >&2; exit 1; }
fi

# The owner, once per n8n database; a second run finds it set up and signs in instead. /healthz answers before
# n8n's REST API is mounted (the editor's page answers 200 for every path then), so wait for a JSON answer.
signed_in=""
for _ in $(seq 1 30); do
  curl -s -X POST "$URL/rest/owner/setup" -H 'content-type: application/json' \
    -d "{\"email\":\"$EMAIL\",\"firstName\":\"Parley\",\"lastName\":\"Tests\",\"password\":\"$PASSWORD\"}" >/dev/null || true
  answer=$(curl -s -X POST "$URL/rest/login" -H 'content-type: application/json' \
    -d "{\"emailOrLdapLoginId\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" || true)
  case "$answer" in
    *'"email":"'"$EMAIL"'"'*) signed_in=yes; break ;;
    *'"code":401'*) say "n8n refuses $EMAIL: another owner? Remove $CACHE/home to start afresh."; exit 1 ;;
  esac
  sleep 2
done
[ -n "$signed_in" ] || { say "could not sign in to n8n as $EMAIL: $(echo "$answer" | head -c 300)"; exit 1; }
say "n8n $N8N_VERSION is ready at $URL (owner $EMAIL)"
echo "export N8N_REAL_URL=$URL"
echo "export N8N_REAL_EMAIL=$EMAIL"
echo "export N8N_REAL_PASSWORD=$PASSWORD"
