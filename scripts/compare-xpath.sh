#!/usr/bin/env bash
# Side-by-side, in one run: throughput of 100 KB SOAP 1.2 echo messages through the router with a route that does
# not read the body (address filter only), with a streamed XPath filter, and with an XPath filter outside the
# streamable subset (the whole body loaded into an XPathDocument, which is what every XPath filter cost before).
# Alternates the three ROUNDS times, restarting the router for each run; prints requests/s and the router's CPU
# per request. A rough check, not a benchmark: client, router and stub share the machine's cores.
# Usage: scripts/compare-xpath.sh [rounds (3)] [requests per run (2000)] [echo size in bytes (102400)]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh
rounds="${1:-3}"; requests="${2:-2000}"; size="${3:-102400}"; out=artifacts/compare-xpath; mkdir -p "$out"
require_free_ports 8080 9080 9901
build_release "$out"
start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port 9080

config() { # name, extra filter JSON (may be empty)
  cat > "$out/router-$1.json" <<JSON
{
  "listeners": [ { "name": "soap12", "binding": "soap12Http", "address": "http://127.0.0.1:8080/router/soap12" } ],
  "routes": [ { "name": "echo", "filters": [ { "type": "address", "value": "/router/soap12" } $2 ], "cluster": "echo" } ],
  "clusters": { "echo": { "destinations": [ { "name": "stub", "binding": "soap12Http", "address": "http://127.0.0.1:9080/soap12" } ] } },
  "limits": { "maxMessageSize": 4194304 },
  "admin": { "address": "http://127.0.0.1:9901" },
  "telemetry": { "logLevel": "Warning" }
}
JSON
}
config address ""
config streamed ', { "type": "xpath", "expression": "/t:Echo/t:payload", "namespaces": { "t": "http://tempuri.org/" } }'
config loaded ', { "type": "xpath", "expression": "count(/t:Echo/t:payload) = 1", "namespaces": { "t": "http://tempuri.org/" } }'

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
run() { # variant
  dotnet "$(bin Router)" --config "$out/router-$1.json" > "$out/router-$1.log" 2>&1 & local router=$!
  for _ in $(seq 1 150); do curl -fsS -o /dev/null http://127.0.0.1:9901/health 2>/dev/null && break; sleep 0.2; done
  dotnet "$(bin LoadClient)" --url http://127.0.0.1:8080/router/soap12 --binding soap12Http --operation echo \
    --size "$size" --warmup 300 --concurrency 8 --requests 1 --json "$out/warm.json" > /dev/null
  local before; before=$(cpu_ticks "$router")
  dotnet "$(bin LoadClient)" --url http://127.0.0.1:8080/router/soap12 --binding soap12Http --operation echo \
    --size "$size" --warmup 0 --concurrency 8 --requests "$requests" --json "$out/$1.json" > /dev/null
  local after; after=$(cpu_ticks "$router")
  kill -TERM "$router"; wait "$router" 2>/dev/null || true
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); t=int(sys.argv[3])*10000/int(sys.argv[4]); print(f'{sys.argv[2]:<9} {d[\"requestsPerSecond\"]:>8.1f} req/s  ok {d[\"ok\"]:>6}  router CPU {t:>6.0f} us/request')" \
    "$out/$1.json" "$1" "$((after - before))" "$requests"
}
for round in $(seq 1 "$rounds"); do
  run address; run streamed; run loaded
done
