#!/usr/bin/env bash
# Runs the product on its defaults: two BackendStubs (127.0.0.1:9080 and :9081) and the router on the
# shipped router.json, drives a short load through each HTTP listener with LoadClient, prints what
# happened (LoadClient's report per run and the router's /stats), and stops everything.
# Usage: scripts/run-demo.sh [requests-per-run (default 300)]
set -euo pipefail
cd "$(dirname "$0")/.."

requests="${1:-300}"
out="artifacts/demo"
mkdir -p "$out"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

for port in 8080 9080 9081 9901; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "demo: port $port is already in use on 127.0.0.1; stop what holds it and retry" >&2
    exit 1
  fi
done

echo "== building (Release)"
dotnet build SoapRouter.slnx -c Release -v quiet -nologo > "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
bin() { echo "$1/bin/Release/net10.0/$1.dll"; }

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

dotnet "$(bin BackendStub)" --http-port 9080 > "$out/stub-a.log" 2>&1 & pids+=($!)
dotnet "$(bin BackendStub)" --http-port 9081 --seed 2 > "$out/stub-b.log" 2>&1 & pids+=($!)
dotnet "$(bin Router)" --config router.json > "$out/router.log" 2>&1 & pids+=($!)

wait_for() { # url, what
  for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "demo: $2 did not come up; logs are in $out/" >&2
  tail -n 20 "$out"/*.log >&2
  exit 1
}
wait_for http://127.0.0.1:9080/stub/stats "stub A"
wait_for http://127.0.0.1:9081/stub/stats "stub B"
wait_for http://127.0.0.1:9901/health "the router"
echo "== stubs on :9080 and :9081, router on :8080 (admin :9901); logs in $out/"

status=0
load() { # name, then LoadClient arguments
  local name="$1"; shift
  echo
  echo "== $name"
  dotnet "$(bin LoadClient)" --requests "$requests" --concurrency 8 --json "$out/$name.json" "$@" || status=1
}
load basic-getOrders  --url http://127.0.0.1:8080/router/basic  --binding basicHttp  --operation getOrders --orders 10
load soap12-getOrders --url http://127.0.0.1:8080/router/soap12 --binding soap12Http --operation getOrders --orders 10
load basic-echo-200KB --url http://127.0.0.1:8080/router/basic  --binding basicHttp  --operation echo --size 204800
load soap12-submitOrder --url http://127.0.0.1:8080/router/soap12 --binding soap12Http --operation submitOrder
load binary-echo-1KB  --url http://127.0.0.1:8080/router/binary --binding binaryHttp --operation echo --size 1024
# Bridges: the router re-encodes (text SOAP 1.1 -> msbin1, SOAP 1.2 + WS-Addressing -> SOAP 1.1) and back.
load bridge-basic-to-binary-echo-1KB --url http://127.0.0.1:8080/router/basic-to-binary --binding basicHttp --operation echo --size 1024
load bridge-soap12-to-basic-getOrders --url http://127.0.0.1:8080/router/soap12-to-basic --binding soap12Http --operation getOrders --orders 10
load wcf-client-binary-getOrders --client wcf --url http://127.0.0.1:8080/router/binary --binding binaryHttp --operation getOrders --orders 10

echo
echo "== router statistics (GET http://127.0.0.1:9901/stats)"
curl -fsS http://127.0.0.1:9901/stats | python3 -m json.tool | tee "$out/router-stats.json"
exit "$status"
