#!/usr/bin/env bash
# The resilience figures of BENCHMARKS.md, on real sockets against a real router and two BackendStubs on loopback:
#   idle    idle TCP connections held by one listener (goal 10,000 with the open-file limit raised, as the Dockerfile
#           and the scripts do, and limits.maxConnections 11,000), a normal client served meanwhile, and what happens
#           past limits.maxConnections (11,500 opened);
#   slow    1,000 clients sending their bodies at 300 B/s while 64 normal clients run: the 503s the normal clients see
#           (goal 0);
#   outage  a round-robin cluster of two stubs, one killed (SIGKILL) for 10 s under load: failed idempotent GetOrders
#           (goal 0) and failed one-way SubmitOrders (goal: only those in flight on the killed stub);
#   soak    memory over a soak at saturation (default 10 minutes; goal: flat within 10% after the first minute).
# Not timed tests: figures for people. Needs an open-file hard limit of at least 12,000.
# Usage: Benchmarks/resilience/figures.sh [sections (idle,slow,outage,soak)] [soak seconds (600)]
# Writes artifacts/resilience/figures.json, memory.csv, memory.svg and the logs.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
sections="${1:-idle,slow,outage,soak}"; soak_seconds="${2:-600}"
out=artifacts/resilience; mkdir -p "$out"; rm -f "$out"/*.json
here=Benchmarks/resilience
require_free_ports 8080 9080 9082 9901
# As the router does at start: the soft open-file limit up to the hard one (each process gets its own 10,000+).
ulimit -n "$(ulimit -Hn)"
if [[ "$(ulimit -n)" != unlimited && "$(ulimit -n)" -lt 12000 ]]; then
  echo "the open-file limit is $(ulimit -n) (hard $(ulimit -Hn)); the idle figure needs 12,000: raise the hard limit" >&2; exit 1
fi
echo "# $0 $*"; echo "# $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r)"
build_release "$out"

cat > "$out/router.json" <<'JSON'
{
  "listeners": [ { "name": "soap12", "binding": "soap12Http", "address": "http://127.0.0.1:8080/router/soap12" } ],
  "routes": [
    {
      "name": "orders", "filters": [ { "type": "action", "value": "http://tempuri.org/IOrderService/", "match": "prefix" } ],
      "cluster": "pair", "idempotentActions": [ "http://tempuri.org/IOrderService/GetOrders" ]
    },
    { "name": "echo", "filters": [ { "type": "address", "value": "/router/soap12" } ], "cluster": "pair" }
  ],
  "clusters": {
    "pair": {
      "loadBalancing": "roundRobin",
      "destinations": [
        { "name": "stub-a", "binding": "soap12Http", "address": "http://127.0.0.1:9080/soap12" },
        { "name": "stub-b", "binding": "soap12Http", "address": "http://127.0.0.1:9082/soap12" }
      ],
      "healthCheck": { "path": "?wsdl", "interval": "00:00:01", "timeout": "00:00:01", "healthyThreshold": 2, "unhealthyThreshold": 2 }
    }
  },
  // Raised from the default 10,000 so that 10,000 idle connections leave room for the normal clients.
  "limits": { "maxConnections": 11000 },
  "admin": { "address": "http://127.0.0.1:9901" },
  "telemetry": { "logLevel": "Warning" }
}
JSON

start "$out/stub-a.log" dotnet "$(bin BackendStub)" --http-port 9080
start "$out/stub-b.log" dotnet "$(bin BackendStub)" --http-port 9082; stub_b=$last_pid
start "$out/router.log" dotnet "$(bin Router)" --config "$out/router.json"; router=$last_pid
wait_for http://127.0.0.1:9901/health "the router" "$out"
wait_for http://127.0.0.1:9080/stub/stats "stub a" "$out"
wait_for http://127.0.0.1:9082/stub/stats "stub b" "$out"

url=http://127.0.0.1:8080/router/soap12
load() { # json file, LoadClient options...
  local json="$1"; shift
  dotnet "$(bin LoadClient)" --url "$url" --binding soap12Http --json "$json" "$@" > /dev/null || true
}
rss_mb() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$router/status"; }
stats_field() { curl -fsS http://127.0.0.1:9901/stats | python3 -c "import json,sys; d=json.load(sys.stdin); print(eval('d' + sys.argv[1]))" "$1"; }
load "$out/warm.json" --operation echo --size 4096 --concurrency 8 --requests 2000

if [[ ",$sections," == *,idle,* ]]; then
  echo "-- idle connections"
  rss0=$(rss_mb)
  python3 "$here/hostile.py" idle 127.0.0.1 8080 10000 20 > "$out/idle.json" &
  idle_pid=$!
  sleep 12   # the connections are open by now (a few seconds) and held for 20 s
  held=$(curl -fsS http://127.0.0.1:9901/stats | python3 -c "import json,sys; d=json.load(sys.stdin); print(sum(l['liveConnections'] for l in d['listeners'].values()))")
  rss_held=$(rss_mb)
  load "$out/idle-normal.json" --operation echo --size 1024 --concurrency 8 --requests 2000
  wait "$idle_pid"
  python3 "$here/hostile.py" idle 127.0.0.1 8080 11500 5 > "$out/idle-over.json"
  load "$out/idle-after.json" --operation echo --size 1024 --concurrency 8 --requests 500
  curl -fsS http://127.0.0.1:9901/stats > "$out/idle-router-stats.json"
  python3 - "$out" "$held" "$rss0" "$rss_held" <<'PY' | tee "$out/idle-summary.json"
import json, sys
out, held, rss0, rss = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
idle, over = json.load(open(f"{out}/idle.json")), json.load(open(f"{out}/idle-over.json"))
normal, after = json.load(open(f"{out}/idle-normal.json")), json.load(open(f"{out}/idle-after.json"))
print(json.dumps({"idle": idle, "openOnRouterStats": held, "routerRssMbBefore": rss0, "routerRssMbHolding": rss,
                  "normalWhileHeld": {"ok": normal["ok"], "requests": normal["requests"], "p99Ms": normal["latencyMs"]["p99"]},
                  "pastMaxConnections": over, "normalAfter": {"ok": after["ok"], "requests": after["requests"]},
                  "routerConnections": json.load(open(f"{out}/idle-router-stats.json"))["listeners"]}))
PY
fi

if [[ ",$sections," == *,slow,* ]]; then
  echo "-- slow clients"
  # 1,000 clients, 6,000-byte bodies at 300 B/s (20 s each: above Kestrel's 240 B/s minimum rate, inside the 30 s
  # requestBodyTimeout), against 512 concurrency slots; 64 normal clients for 15 s in the middle.
  python3 "$here/hostile.py" slow 127.0.0.1 8080 /router/soap12 1000 6000 300 40 > "$out/slow.json" &
  slow_pid=$!
  sleep 4
  load "$out/slow-normal.json" --operation echo --size 1024 --concurrency 64 --duration 15
  wait "$slow_pid"
  python3 - "$out" <<'PY' | tee "$out/slow-summary.json"
import json, sys
out = sys.argv[1]
slow, normal = json.load(open(f"{out}/slow.json")), json.load(open(f"{out}/slow-normal.json"))
codes = normal.get("statusCodes") or {}
print(json.dumps({"slowClients": slow, "normal": {"requests": normal["requests"], "ok": normal["ok"],
                  "status503": codes.get("503", 0), "statusCodes": codes, "p99Ms": normal["latencyMs"]["p99"]}}))
PY
fi

if [[ ",$sections," == *,outage,* ]]; then
  echo "-- backend outage"
  load "$out/outage-getorders.json" --operation getOrders --orders 10 --concurrency 16 --duration 30 &
  get_pid=$!
  load "$out/outage-oneway.json" --operation submitOrder --concurrency 4 --duration 30 --warmup 0 &
  one_pid=$!
  sleep 10
  # Stub b's count of one-way messages, read every 50 ms until it is killed: the last reading is within 50 ms of the kill.
  ( while curl -fsS http://127.0.0.1:9082/stub/stats -o "$out/b-stats.tmp" 2>/dev/null; do mv "$out/b-stats.tmp" "$out/b-stats.json"; sleep 0.05; done ) &
  sleep 1
  kill -KILL "$stub_b"
  wait "$!" 2>/dev/null || true
  b_before=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['oneWayReceived'])" "$out/b-stats.json")
  sleep 9
  start "$out/stub-b2.log" dotnet "$(bin BackendStub)" --http-port 9082
  wait_for http://127.0.0.1:9082/stub/stats "stub b (restarted)" "$out"
  wait "$get_pid" "$one_pid"
  sleep 1
  a_final=$(curl -fsS http://127.0.0.1:9080/stub/stats | python3 -c "import json,sys; print(json.load(sys.stdin)['oneWayReceived'])")
  b_final=$(curl -fsS http://127.0.0.1:9082/stub/stats | python3 -c "import json,sys; print(json.load(sys.stdin)['oneWayReceived'])")
  curl -fsS http://127.0.0.1:9901/stats > "$out/outage-router-stats.json"
  grep -c . "$out/router.log" > "$out/outage-log-lines.txt" || true
  python3 - "$out" "$b_before" "$a_final" "$b_final" <<'PY' | tee "$out/outage-summary.json"
import json, sys
out = sys.argv[1]; b_before, a_final, b_final = map(int, sys.argv[2:5])
g, o = json.load(open(f"{out}/outage-getorders.json")), json.load(open(f"{out}/outage-oneway.json"))
stats = json.load(open(f"{out}/outage-router-stats.json"))
lines = int(open(f"{out}/outage-log-lines.txt").read().strip() or 0)
print(json.dumps({
  "getOrders": {"requests": g["requests"], "ok": g["ok"], "failed": g["requests"] - g["ok"], "errorTypes": g["errorTypes"]},
  "oneWay": {"requests": o["requests"], "acknowledged": o["ok"], "failed": o["requests"] - o["ok"], "errorTypes": o["errorTypes"],
             # Stub b's count was read at most 50 ms before the kill: messages it took in that instant are not in it.
             "receivedByStubs": a_final + b_before + b_final},
  "routerLogLines": lines,
  "health": stats.get("health")}))
PY
fi

if [[ ",$sections," == *,soak,* ]]; then
  echo "-- soak, ${soak_seconds} s at saturation"
  echo "seconds,rssMb,heapMb,workingSetMb,messages" > "$out/memory.csv"
  load "$out/soak.json" --operation echo --size 4096 --concurrency 32 --duration "$soak_seconds" &
  soak_pid=$!
  started=$(date +%s)
  while kill -0 "$soak_pid" 2>/dev/null; do
    now=$(( $(date +%s) - started ))
    curl -fsS http://127.0.0.1:9901/stats | python3 -c "
import json,sys; d=json.load(sys.stdin); p=d['process']
print(f\"$now,$(rss_mb),{p['heapBytes']/1048576:.1f},{p['workingSetBytes']/1048576:.1f},{d['messages']}\")" >> "$out/memory.csv" || true
    sleep 10
  done
  wait "$soak_pid" || true
  python3 "$here/memory_chart.py" "$out/memory.csv" "$out/memory.svg" "$out/soak.json" | tee "$out/soak-summary.json"
fi

python3 - "$out" "$0 $*" <<'PY' > "$out/figures.json"
import glob, json, os, platform, sys, time
out = sys.argv[1]
result = {"command": sys.argv[2], "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
          "cores": os.cpu_count(), "memoryGiB": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30)}
for f in sorted(glob.glob(f"{out}/*-summary.json")):
    result[os.path.basename(f)[:-len("-summary.json")]] = json.load(open(f))
print(json.dumps(result, indent=2))
PY
echo "figures: $out/figures.json"
