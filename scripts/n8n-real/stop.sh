#!/usr/bin/env bash
# Stops the n8n that scripts/n8n-real/start.sh started (its process id is in the cache folder).
set -euo pipefail
CACHE="${N8N_REAL_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/parley-n8n-real}"
if [ -f "$CACHE/n8n.pid" ] && kill -0 "$(cat "$CACHE/n8n.pid")" 2>/dev/null; then
  kill "$(cat "$CACHE/n8n.pid")"
  echo "[n8n-real] stopped n8n ($(cat "$CACHE/n8n.pid"))" >&2
else
  echo "[n8n-real] no n8n of ours is running" >&2
fi
rm -f "$CACHE/n8n.pid"
