#!/usr/bin/env bash
# Runs the product on its defaults: two BackendStubs (127.0.0.1:9080 and :9081) and the router on the
# shipped router.json, drives a short load through each listener with LoadClient, prints one summary
# table (a row per run: listener, requests, ok, p99) and where to look next, and stops everything.
# Each run's full report, the router's /stats JSON and its /metrics dump are kept under artifacts/demo/.
# Exits 0 when every request was answered.
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
runs=()
load() { # name, the router listener it goes through, then LoadClient arguments; the report goes to $out/NAME.txt
  local name="$1" listener="$2"; shift 2
  runs+=("$name:$listener")
  printf '== %-36s ' "$name"
  if dotnet "$(bin LoadClient)" --requests "$requests" --concurrency 8 --json "$out/$name.json" "$@" > "$out/$name.txt" 2>&1; then
    echo "ok"
  else
    echo "not every request answered (see $out/$name.txt)"
    status=1
  fi
}
load basic-getOrders basic  --url http://127.0.0.1:8080/router/basic  --binding basicHttp  --operation getOrders --orders 10
load soap12-getOrders soap12 --url http://127.0.0.1:8080/router/soap12 --binding soap12Http --operation getOrders --orders 10
load basic-echo-200KB basic --url http://127.0.0.1:8080/router/basic  --binding basicHttp  --operation echo --size 204800
load soap12-submitOrder soap12 --url http://127.0.0.1:8080/router/soap12 --binding soap12Http --operation submitOrder
load binary-echo-1KB binary  --url http://127.0.0.1:8080/router/binary --binding binaryHttp --operation echo --size 1024
# Bridges: the router re-encodes (text SOAP 1.1 -> msbin1, SOAP 1.2 + WS-Addressing -> SOAP 1.1) and back.
load bridge-basic-to-binary-echo-1KB basic-to-binary --url http://127.0.0.1:8080/router/basic-to-binary --binding basicHttp --operation echo --size 1024
load bridge-soap12-to-basic-getOrders soap12-to-basic --url http://127.0.0.1:8080/router/soap12-to-basic --binding soap12Http --operation getOrders --orders 10
load wcf-client-binary-getOrders binary --client wcf --url http://127.0.0.1:8080/router/binary --binding binaryHttp --operation getOrders --orders 10
# net.tcp: a WCF net.tcp client through the router's netTcp listener to the stubs' net.tcp endpoints, and HTTP bridged to them.
load netTcp-getOrders netTcp --client wcf --url net.tcp://127.0.0.1:8808/router --binding netTcp --operation getOrders --orders 10
load netTcp-echo-150KB netTcp --client wcf --url net.tcp://127.0.0.1:8808/router --binding netTcp --operation echo --size 153600
load bridge-soap12-to-netTcp-getOrders soap12-to-netTcp --url http://127.0.0.1:8080/router/soap12-to-netTcp --binding soap12Http --operation getOrders --orders 10

# The router's counters as JSON and as Prometheus text (plus the duration histograms): kept, not printed.
curl -fsS http://127.0.0.1:9901/stats | python3 -m json.tool > "$out/router-stats.json" || status=1
curl -fsS http://127.0.0.1:9901/metrics > "$out/router-metrics.txt" || status=1

echo
python3 - "$out" "${runs[@]}" <<'PY'
import json, sys
out, runs = sys.argv[1], sys.argv[2:]
def field(report, name):  # LoadClient's JSON names, whatever their case
    return next((value for key, value in report.items() if key.lower() == name.lower()), None)
rows = []
for run in runs:
    name, listener = run.split(":", 1)
    try:
        with open(f"{out}/{name}.json") as f:
            report = json.load(f)
        p99 = field(field(report, "latencyMs") or {}, "p99")
        rows.append((name, listener, str(field(report, "requests")), str(field(report, "ok")), "-" if p99 is None else f"{p99:.2f}"))
    except (OSError, ValueError):
        rows.append((name, listener, "-", "-", "-"))
header = ("run", "listener", "requests", "ok", "p99 ms")
widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
for row in [header, *rows]:
    print("  ".join(cell.ljust(widths[i]) if i < 2 else cell.rjust(widths[i]) for i, cell in enumerate(row)))
PY

echo
echo "Next:"
echo "  $out/    each run's report (NAME.txt, NAME.json), router-stats.json (GET /stats), router-metrics.txt (GET /metrics), the logs"
echo "  /stats, /metrics on http://127.0.0.1:9901 while a router runs: counters per listener, route and destination; Prometheus text"
echo "  README.md, docs/running.md, docs/configuration.md: what the router does, how to run and configure it"
# With OTEL_EXPORTER_OTLP_ENDPOINT set for this script, LoadClient, the router and the stubs export their spans there:
# each raw LoadClient request is one trace (LoadClient -> router -> stub).
exit "$status"
