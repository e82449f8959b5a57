#!/usr/bin/env bash
# Side by side, in one run: the response cache's hit path against the uncached verbatim path. LoadClient (raw mode,
# SOAP 1.2 text, GetOrders: every request the same body with a fresh MessageID) calls one router in front of one
# BackendStub, on a route that caches GetOrders ("hit": after the first request every answer comes from the router's
# memory, RelatesTo spliced) and on a route that does not ("miss": the verbatim path, every request to the stub).
# Replies of about 1 KB (1 order) and 150 KB (64 orders); the variants alternate ROUNDS times against the same router.
# Per run: requests/s, p99, the router's CPU per request (/proc) and the stub's calls per 1,000 requests (/stub/stats).
# Client, router and stub share the machine's cores: read ratios within a round, not absolute numbers.
# Usage: scripts/bench-cache.sh [rounds (3)] [seconds per run (5)] [concurrency (16)]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh
source scripts/lib/free-port.sh
source scripts/lib/cache-bench.sh
rounds="${1:-3}"; seconds="${2:-5}"; concurrency="${3:-16}"; out=artifacts/bench-cache; mkdir -p "$out"
# The usual ports when free, else ones the kernel picks: other people's stubs and routers share these machines.
port="$(free_port 8080)"; stub="$(free_port 9080)"; admin="$(free_port 9901)"
build_release "$out"

cache_router_json "$out/router.json" "$port" "$admin" "$stub" soap12Http soap12
start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port "$stub"
start "$out/router.log" dotnet "$(bin Router)" --config "$out/router.json"; router=$last_pid
wait_for "http://127.0.0.1:$admin/health" "the router" "$out"
wait_for "http://127.0.0.1:$stub/stub/stats" "the stub" "$out"

load() { # variant, orders, json, seconds
  dotnet "$(bin LoadClient)" --url "http://127.0.0.1:$port/bench/$1" --binding soap12Http --operation getOrders --orders "$2" \
    --warmup 20 --concurrency "$concurrency" --duration "$4" --quiet --json "$3" > /dev/null
}
run() { # variant, orders
  local cpu0 cpu1 calls0 calls1
  cpu0=$(proc_ticks "$router"); calls0=$(stub_requests "$stub")
  load "$1" "$2" "$out/$1-$2.json" "$seconds"
  cpu1=$(proc_ticks "$router"); calls1=$(stub_requests "$stub")
  python3 - "$out/$1-$2.json" "$1" "$2" "$((cpu1 - cpu0))" "$((calls1 - calls0))" <<'PY' | tee -a "$out/results.txt"
import json, sys
d = json.load(open(sys.argv[1])); name, orders, ticks, calls = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
total = d['ok'] + 20  # the warm-up requests went to the stub too, when they did
p99 = d['latencyMs']['p99']
reply = d.get('bytesReceivedPerRequest') or 0
print(f"{name:<5} {orders:>3} orders  {d['requestsPerSecond']:>8.1f} req/s  p99 {p99:>7.2f} ms  ok {d['ok']:>6}/{d['requests']:<6}"
      f"  router CPU {ticks * 10000 / max(d['ok'], 1):>6.0f} us/req  stub calls/1000 {calls * 1000 / total:>7.1f}  reply {reply:>8.0f} B")
PY
}
: > "$out/results.txt"
# Warm both paths (JIT, pools, the cache entries) before anything is measured.
for variant in hit miss; do load "$variant" 1 "$out/warm.json" 2; load "$variant" 64 "$out/warm.json" 2; done
for round in $(seq 1 "$rounds"); do
  echo "-- round $round" | tee -a "$out/results.txt"
  for orders in 1 64; do
    run hit "$orders"; run miss "$orders"
  done
done
curl -fsS "http://127.0.0.1:$admin/stats" | python3 -c "import json,sys; print(json.dumps(json.load(sys.stdin)['cache'], indent=1))" | tee "$out/cache-stats.json"
