#!/usr/bin/env bash
# Issue 20's reproduction, as a new user would do it: the router on the shipped router.json started with
# `ulimit -n LIMIT` (soft and hard), BackendStub behind it, 4 keep-alive clients sending GetOrders (LoadClient raw,
# concurrency 4), and COUNT idle TCP connections opened to the HTTP listener, held 5 s and closed, ROUNDS times
# (scripts/lib/idle-connections.py). Then: is the router alive, did the keep-alive clients get every answer, is a new
# connection served. One summary line per run; logs in artifacts/fd-starvation/run-N/.
# Usage: scripts/fd-starvation.sh [runs (3)] [limit (1024)] [connections (1500)] [rounds (2)]
#        SKIP_BUILD=1 to use the build already there.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh
runs="${1:-3}"; limit="${2:-1024}"; count="${3:-1500}"; rounds="${4:-2}"; hold=5
out=artifacts/fd-starvation
mkdir -p "$out"
require_free_ports 8080 8808 9080 9081 9090 9091 9901
[[ "${SKIP_BUILD:-}" == 1 ]] || build_release "$out"

start "$out/stub-a.log" dotnet "$(bin BackendStub)" --http-port 9080 --tcp-port 9090
start "$out/stub-b.log" dotnet "$(bin BackendStub)" --http-port 9081 --tcp-port 9091 --seed 2
wait_for http://127.0.0.1:9080/stub/stats "stub A" "$out"
wait_for http://127.0.0.1:9081/stub/stats "stub B" "$out"

# The load runs through the whole flood and a little after it.
duration=$(( rounds * (hold + 8) + 6 ))
for run in $(seq 1 "$runs"); do
  dir="$out/run-$run"; mkdir -p "$dir"
  start "$dir/router.log" bash -c "ulimit -n $limit && exec dotnet $(bin Router) --config router.json"; router=$last_pid
  wait_for http://127.0.0.1:9901/health "the router" "$dir"
  dotnet "$(bin LoadClient)" --url http://127.0.0.1:8080/router/basic --binding basicHttp --operation getOrders \
    --orders 10 --concurrency 4 --duration "$duration" --quiet --json "$dir/keep-alive.json" > "$dir/keep-alive.log" 2>&1 &
  load=$!
  sleep 3
  python3 scripts/lib/idle-connections.py 127.0.0.1 8080 "$count" "$rounds" "$hold" http://127.0.0.1:9901/health > "$dir/idle.log" 2>&1 || true
  wait "$load" || true

  if kill -0 "$router" 2>/dev/null; then
    state="alive"
    # A new client process: a new connection, after the idle ones closed.
    if dotnet "$(bin LoadClient)" --url http://127.0.0.1:8080/router/basic --binding basicHttp --operation getOrders \
         --requests 5 --warmup 0 --concurrency 1 --quiet > "$dir/new-connection.log" 2>&1; then new="served"; else new="FAILED"; fi
    kill -TERM "$router"; wait "$router" 2>/dev/null || true
  else
    code=0; wait "$router" 2>/dev/null || code=$?
    state="DEAD (exit $code: $(grep -m1 -E 'Out of memory|Fatal error|Unhandled' "$dir/router.log" || echo 'no message'))"
    new="-"
  fi
  keepalive=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(f\"{d['ok']} ok, {d['errors']} errors\")" "$dir/keep-alive.json" 2>/dev/null || echo "no result")
  connected=$(grep -o 'round [0-9]*: [0-9]* of [0-9]* connected' "$dir/idle.log" | sed 's/ of [0-9]* connected//' | paste -sd ' ')
  echo "run $run: router $state; keep-alive clients $keepalive; idle connections taken: $connected; new connection $new"
done
