#!/usr/bin/env bash
# Start-up to the first page (issue 11): starts the server of a checkout (its built apps
# must exist: `npm run build`) on a fresh embedded PostgreSQL, then times, from the spawn:
# "Olive is running" printed, and the first answer of the two calls Home and Trade make
# for market data (/api/main/markets, then /api/main/candles). The server's CPU seconds up
# to that answer come from /proc. Usage: bench/market/startup.sh [checkout] [runs]
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
runs=${2:-3}
port=${STARTUP_PORT:-18180}
now_ms() { date +%s%3N; }
session_pids() { ps -e -o sid=,pid= | awk -v s="$1" '$1 == s { print $2 }'; }
cd "$root"
for run in $(seq 1 "$runs"); do
  data=$(mktemp -d)
  chmod 755 "$data"
  log=$(mktemp)
  start=$(now_ms)
  PORT=$port PG_PORT=$((port + 1)) PG_DATA_DIR="$data/pg" \
    setsid npm run start -s -w @olive/server >"$log" 2>&1 &
  pid=$!
  listening=''
  for _ in $(seq 1 1200); do
    if [ -z "$listening" ] && grep -q "Olive is running" "$log"; then listening=$(now_ms); fi
    if [ -n "$listening" ] &&
      curl -sf -X POST -d 'lang=en' "localhost:$port/api/main/markets" | grep -q '"markets"' &&
      curl -sf -X POST -d 'market=BTC/USDT&interval=15m&limit=96' \
        "localhost:$port/api/main/candles" | grep -q '"candles"'; then
      break
    fi
    kill -0 $pid 2>/dev/null || { cat "$log"; exit 1; }
    sleep 0.1
  done
  answered=$(now_ms)
  # CPU of every process of the session (server, PostgreSQL, anvil): user + system ticks
  ticks=0
  for p in $(session_pids $pid); do
    t=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$p/stat" 2>/dev/null || echo 0)
    ticks=$((ticks + t))
  done
  hz=$(getconf CLK_TCK)
  printf 'run %s: listening %5.1f s, first market page %5.1f s, CPU %5.1f s\n' "$run" \
    "$(echo "($listening - $start) / 1000" | bc -l)" \
    "$(echo "($answered - $start) / 1000" | bc -l)" "$(echo "$ticks / $hz" | bc -l)"
  kill -TERM -- -$pid 2>/dev/null || true
  for _ in $(seq 1 60); do [ -z "$(session_pids $pid)" ] && break; sleep 1; done
  rm -rf "$data" "$log"
done
