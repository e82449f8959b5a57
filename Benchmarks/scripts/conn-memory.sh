#!/usr/bin/env bash
# What a TLS connection costs the router in the DMZ compose stack (issue 20 §2): holds N connections to the published
# https listener (Benchmarks/scripts/tls-connections.py), idle after the handshake or kept alive after one 1 KB Echo,
# and reads the router's resident set (host /proc), the container's memory use and the managed heap (/stats buffers).
# Results: artifacts/conn-memory/<label>/memory.csv (one row per count and mode) and the KB per connection over the
# first row's.
# Usage: Benchmarks/scripts/conn-memory.sh [--counts "0 250 500 1000"] [--env NAME=VALUE]... [--label TEXT] [--no-build]
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
counts="0 250 500 1000"
label=conn-memory
envs=()
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --counts) counts="$2"; shift ;;
    --env) envs+=("$2"); shift ;;
    --label) label="$2"; shift ;;
    --no-build) build=0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done
OUT="$root/artifacts/conn-memory/$label"
rm -rf "$OUT" && mkdir -p "$OUT"
source scripts/lib/compose-stack.sh
source scripts/lib/tls-checks.sh
if [ ${#envs[@]} -gt 0 ]; then
  { echo "services:"; echo "  router:"; echo "    environment:"
    for e in "${envs[@]}"; do echo "      ${e%%=*}: \"${e#*=}\""; done; } > "$OUT/env.yml"
  export COMPOSE_FILE="$COMPOSE_FILE:$OUT/env.yml"
fi
[ "$build" = 1 ] && stack_prepare
stack_up
client_tls_copy docker-compose "$OUT/client-tls" || stack_fail "client certificates out of the certs volume"

sample() { # mode count
  local managed
  managed=$(stack_admin /stats | python3 -c 'import json,sys
m = ((json.load(sys.stdin).get("buffers") or {}).get("memory") or {})
print(m.get("managedBytes", ""))')
  echo "$1,$2,$(stack_rss "$router"),$(docker stats --no-stream --format '{{.MemUsage}}' "$router" | cut -d/ -f1 | tr -d ' '),$managed" >> "$OUT/memory.csv"
}
echo "mode,connections,rss_kib,container_mem,managed_bytes" > "$OUT/memory.csv"
for mode in idle request; do
  for n in $counts; do
    if [ "$n" = 0 ]; then sleep 5; sample "$mode" 0; continue; fi
    fifo="$OUT/hold.$mode.$n"; mkfifo "$fifo"
    python3 Benchmarks/scripts/tls-connections.py 127.0.0.1 "$ROUTER_HTTPS_PORT" "$n" "$mode" /router/basic \
      "$OUT/client-tls/ca.crt" < "$fifo" > "$OUT/tls.$mode.$n.txt" 2>&1 &
    exec 7> "$fifo"
    for _ in $(seq 1 240); do grep -q '^open' "$OUT/tls.$mode.$n.txt" && break; sleep 0.5; done
    sleep 8
    sample "$mode" "$n"
    echo "$mode $n: $(head -1 "$OUT/tls.$mode.$n.txt") $(tail -1 "$OUT/memory.csv")"
    echo >&7; exec 7>&-; wait; rm -f "$fifo"
    sleep 5
  done
done
python3 - "$OUT/memory.csv" <<'PY' | tee "$OUT/summary.txt"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for mode in ("idle", "request"):
    base = next((r for r in rows if r["mode"] == mode and r["connections"] == "0"), None)
    for r in rows:
        if r["mode"] != mode or r["connections"] == "0" or not base or not r["rss_kib"]:
            continue
        n = int(r["connections"])
        rss = (int(r["rss_kib"]) - int(base["rss_kib"])) / n
        managed = (int(r["managed_bytes"] or 0) - int(base["managed_bytes"] or 0)) / 1024 / n
        print(f"{mode} {n}: {rss:.0f} KB resident and {managed:.0f} KB managed per connection")
PY
