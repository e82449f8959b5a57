#!/usr/bin/env bash
# Runs the product on its defaults: two BackendStubs (127.0.0.1:9080 and :9081) and the router on the
# shipped router.json, drives a short load through each HTTP listener with LoadClient, prints what
# happened (LoadClient's report per run and the router's /stats), and stops everything.
# Usage: scripts/run-demo.sh [requests-per-run (default 300)]
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/common.sh
requests="${1:-300}"
out="artifacts/demo"
mkdir -p "$out"
require_free_ports 8080 8808 9080 9081 9090 9091 9901

echo "== building (Release)"
build_release "$out"
start "$out/stub-a.log" dotnet "$(bin BackendStub)" --http-port 9080 --tcp-port 9090
start "$out/stub-b.log" dotnet "$(bin BackendStub)" --http-port 9081 --tcp-port 9091 --seed 2
start "$out/router.log" dotnet "$(bin Router)" --config router.json
wait_for http://127.0.0.1:9080/stub/stats "stub A" "$out"
wait_for http://127.0.0.1:9081/stub/stats "stub B" "$out"
wait_for http://127.0.0.1:9901/health "the router" "$out"
echo "== stubs on :9080/:9090 and :9081/:9091 (HTTP/net.tcp), router on :8080 and net.tcp :8808 (admin :9901); logs in $out/"

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
# net.tcp: a WCF net.tcp client through the router's netTcp listener to the stubs' net.tcp endpoints, and HTTP bridged to them.
load netTcp-getOrders --client wcf --url net.tcp://127.0.0.1:8808/router --binding netTcp --operation getOrders --orders 10
load netTcp-echo-150KB --client wcf --url net.tcp://127.0.0.1:8808/router --binding netTcp --operation echo --size 153600
load bridge-soap12-to-netTcp-getOrders --url http://127.0.0.1:8080/router/soap12-to-netTcp --binding soap12Http --operation getOrders --orders 10

echo
echo "== router statistics (GET http://127.0.0.1:9901/stats)"
curl -fsS http://127.0.0.1:9901/stats | python3 -m json.tool | tee "$out/router-stats.json"

# The same counters as Prometheus text (plus the duration histograms), all of it kept in the artifacts.
echo
echo "== router metrics (GET http://127.0.0.1:9901/metrics, message counts; the rest in $out/router-metrics.txt)"
curl -fsS http://127.0.0.1:9901/metrics > "$out/router-metrics.txt" && grep '^soaprouter_messages_total' "$out/router-metrics.txt" || status=1
# With OTEL_EXPORTER_OTLP_ENDPOINT set for this script, LoadClient, the router and the stubs export their spans there:
# each raw LoadClient request is one trace (LoadClient -> router -> stub).
exit "$status"
