#!/usr/bin/env bash
# Side-by-side, in one run: the verbatim path against the re-encode path. A SOAP 1.2 text client (LoadClient, raw
# mode) echoes through one router to one BackendStub, either to the stub's soap12 endpoint (same binding: the bytes go
# on with only wsa:To spliced) or to its msbin1 endpoint (text -> binary on the way in, binary -> text on the way back),
# plus a binary client to the msbin1 endpoint (verbatim, the msbin1 To splice), plus "trusted": the verbatim path on a
# listener with validateBody false (headers read only; "verbatim" checks the whole envelope, the default). Sizes 1 KB
# and 150 KB; the variants
# alternate ROUNDS times against the same running router. Per run: requests/s, the router's CPU per request (from
# /proc) and the bytes it allocated per request (from /stats: the change in process.allocatedBytes over the change in
# messages). Client, router and stub share the machine's cores: read ratios within a round, not absolute numbers.
# Usage: scripts/bench-paths.sh [rounds (3)] [requests per run (3000)] [concurrency (8)]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh
rounds="${1:-3}"; requests="${2:-3000}"; concurrency="${3:-8}"; out=artifacts/bench-paths; mkdir -p "$out"
require_free_ports 8080 9080 9901
build_release "$out"

cat > "$out/router.json" <<'JSON'
{
  "listeners": [
    { "name": "verbatim", "binding": "soap12Http", "address": "http://127.0.0.1:8080/bench/verbatim" },
    { "name": "reencode", "binding": "soap12Http", "address": "http://127.0.0.1:8080/bench/reencode" },
    { "name": "binary", "binding": "binaryHttp", "address": "http://127.0.0.1:8080/bench/binary" },
    { "name": "trusted", "binding": "soap12Http", "address": "http://127.0.0.1:8080/bench/trusted", "validateBody": false }
  ],
  "routes": [
    { "name": "verbatim", "filters": [ { "type": "address", "value": "/bench/verbatim" } ], "cluster": "soap12" },
    { "name": "reencode", "filters": [ { "type": "address", "value": "/bench/reencode" } ], "cluster": "binary" },
    { "name": "binary", "filters": [ { "type": "address", "value": "/bench/binary" } ], "cluster": "binary" },
    { "name": "trusted", "filters": [ { "type": "address", "value": "/bench/trusted" } ], "cluster": "soap12" }
  ],
  "clusters": {
    "soap12": { "destinations": [ { "name": "stub-soap12", "binding": "soap12Http", "address": "http://127.0.0.1:9080/soap12" } ] },
    "binary": { "destinations": [ { "name": "stub-binary", "binding": "binaryHttp", "address": "http://127.0.0.1:9080/binary" } ] }
  },
  "admin": { "address": "http://127.0.0.1:9901" },
  "telemetry": { "logLevel": "Warning" }
}
JSON
start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port 9080
start "$out/router.log" dotnet "$(bin Router)" --config "$out/router.json"; router=$last_pid
wait_for http://127.0.0.1:9901/health "the router" "$out"
wait_for http://127.0.0.1:9080/stub/stats "the stub" "$out"

cpu_ticks() { awk '{print $14 + $15}' "/proc/$router/stat"; }
stats() { curl -fsS http://127.0.0.1:9901/stats | python3 -c "import json,sys; d=json.load(sys.stdin); print(d['messages'], d['process']['allocatedBytes'])"; }
load() { # variant, size, requests, json
  local binding=soap12Http; [[ "$1" == binary ]] && binding=binaryHttp
  dotnet "$(bin LoadClient)" --url "http://127.0.0.1:8080/bench/$1" --binding "$binding" --operation echo --size "$2" \
    --warmup 0 --concurrency "$concurrency" --requests "$3" --json "$4" > /dev/null
}
run() { # variant, size
  local cpu0 s0 cpu1 s1
  cpu0=$(cpu_ticks); s0=$(stats)
  load "$1" "$2" "$requests" "$out/$1-$2.json"
  cpu1=$(cpu_ticks); s1=$(stats)
  python3 - "$out/$1-$2.json" "$1" "$2" "$((cpu1 - cpu0))" "$s0" "$s1" <<'PY' | tee -a "$out/results.txt"
import json, sys
d = json.load(open(sys.argv[1])); name, size, ticks = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
m0, a0 = map(int, sys.argv[5].split()); m1, a1 = map(int, sys.argv[6].split())
messages = max(m1 - m0, 1)
# The allocation counter is read by another request than the one that moved it; a reading that went backwards is noise.
alloc = f"{(a1 - a0) / messages / 1024:>7.1f} KB/msg" if a1 >= a0 else "    n/a"
print(f"{name:<9} {size:>7} B  {d['requestsPerSecond']:>8.1f} req/s  ok {d['ok']:>6}/{d['requests']:<6}"
      f"  router CPU {ticks * 10000 / messages:>6.0f} us/msg  router alloc {alloc}")
PY
}
: > "$out/results.txt"
# Warm every path (JIT, pools) before anything is measured.
for variant in verbatim trusted reencode binary; do load "$variant" 1024 500 "$out/warm.json"; load "$variant" 153600 100 "$out/warm.json"; done
for round in $(seq 1 "$rounds"); do
  echo "-- round $round" | tee -a "$out/results.txt"
  for size in 1024 153600; do
    run verbatim "$size"; run trusted "$size"; run reencode "$size"; run binary "$size"
  done
done
