#!/usr/bin/env bash
# Side-by-side, in one run: LoadClient against BackendStub directly and through the router (shipped
# router.json), alternating, ROUNDS times. Prints requests/s per run. A rough check, not a benchmark:
# on a 2-core machine the client, router and stub share the cores (the direct runs have one process less).
# Usage: scripts/compare-direct.sh [rounds (3)] [requests per run (3000)]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"; requests="${2:-3000}"; out=artifacts/compare; mkdir -p "$out"
dotnet build SoapRouter.slnx -c Release -v quiet -nologo > "$out/build.log"
bin() { echo "$1/bin/Release/net10.0/$1.dll"; }
pids=(); trap 'kill -TERM "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true' EXIT
dotnet "$(bin BackendStub)" --http-port 9080 > "$out/stub-a.log" 2>&1 & pids+=($!)
dotnet "$(bin BackendStub)" --http-port 9081 > "$out/stub-b.log" 2>&1 & pids+=($!)
dotnet "$(bin Router)" --config router.json > "$out/router.log" 2>&1 & pids+=($!)
for _ in $(seq 1 100); do curl -fsS -o /dev/null http://127.0.0.1:9901/health 2>/dev/null && break; sleep 0.2; done
run() { # name, LoadClient args
  dotnet "$(bin LoadClient)" --requests "$requests" --warmup 200 --concurrency 16 --json "$out/$1.json" "${@:2}" > /dev/null
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(f'{sys.argv[2]:<16} {d[\"requestsPerSecond\"]:>10.1f} req/s')" "$out/$1.json" "$1"
}
for round in $(seq 1 "$rounds"); do
  run direct-orders --url http://127.0.0.1:9080/basic --binding basicHttp --operation getOrders --orders 10
  run router-orders --url http://127.0.0.1:8080/router/basic --binding basicHttp --operation getOrders --orders 10
  run direct-echo20k --url http://127.0.0.1:9080/basic --binding basicHttp --operation echo --size 20480
  run router-echo20k --url http://127.0.0.1:8080/router/basic --binding basicHttp --operation echo --size 20480
done
