#!/usr/bin/env bash
# Side-by-side, in one run: LoadClient against BackendStub directly and through the router (shipped
# router.json), alternating, ROUNDS times. Prints requests/s per run. A rough check, not a benchmark:
# on a 2-core machine the client, router and stub share the cores (the direct runs have one process less).
# Usage: scripts/compare-direct.sh [rounds (3)] [requests per run (3000)]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh
rounds="${1:-3}"; requests="${2:-3000}"; out=artifacts/compare; mkdir -p "$out"
require_free_ports 8080 9080 9081 9901
build_release "$out"
start "$out/stub-a.log" dotnet "$(bin BackendStub)" --http-port 9080
start "$out/stub-b.log" dotnet "$(bin BackendStub)" --http-port 9081
start "$out/router.log" dotnet "$(bin Router)" --config router.json
wait_for http://127.0.0.1:9901/health "the router" "$out"
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
