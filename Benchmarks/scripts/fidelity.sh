#!/usr/bin/env bash
# WCF fidelity figures (issue 21), side by side in one run, with stock System.ServiceModel clients (LoadClient --client wcf):
# (a) duplex: a DuplexChannelFactory<IDuplexService> client on NetTcpBinding calls Subscribe(CALLBACKS); the service
#     calls OnEvent back CALLBACKS times one-way, then Confirm (request-reply, answered by the client), then replies.
#     "duplex-direct" to BackendStub's net.tcp endpoint, "duplex-routed" through a netTcp listener (session affinity,
#     the default) to the same endpoint. A call counts as ok only when Confirm counted every callback.
# (b) WS-Addressing 2004/08 on binaryHttp: a stock CustomBinding(BinaryMessageEncodingBindingElement { MessageVersion =
#     Soap12WSAddressingAugust2004 }, HttpTransportBindingElement) client (--addressing august2004) echoing SIZE bytes,
#     beside the same client on WS-Addressing 1.0. "a10-direct": 1.0 to the stub's msbin1 /binary; "a10-routed": 1.0
#     through a binaryHttp listener to /binary (verbatim); "a2004-routed": 2004 through a binaryHttp listener with
#     "addressing": "august2004" to /binary (re-encoded: the addressing headers mapped to 1.0 and back);
#     "a10-bridged" / "a2004-bridged": the same two listeners' clients to the stub's text /soap12 (re-encoded both ways,
#     so the pair isolates what the 2004 mapping adds to a re-encode). The stub has no 2004 endpoint, so no 2004 direct.
# (c) WS-Addressing 2004/08 over net.tcp: the same echo from a stock CustomBinding(BinaryMessageEncodingBindingElement {
#     MessageVersion = Soap12WSAddressingAugust2004 }, TcpTransportBindingElement) client through a netTcp listener with
#     "addressing": "august2004" to the stub's net.tcp endpoint ("tcp-a2004-routed"), beside NetTcpBinding (1.0) through
#     a plain netTcp listener ("tcp-a10-routed") and straight to the stub ("tcp-direct").
# The variants alternate within each round (ROUNDS rounds, after one unmeasured warm-up run each); medians reported,
# with each variant's ratio to its direct variant taken per round, and the router's CPU per call from /proc.
# Client, router and stub share the machine's cores: read ratios within one run, not the absolute numbers.
# Usage: [CALLBACKS=10] [SIZE=1024] [CONCURRENCY=8] [VARIANTS="duplex-direct duplex-routed a10-direct ..."] [SKIP_BUILD=1]
#        Benchmarks/scripts/fidelity.sh [rounds (3)] [seconds per run (10)]
# Writes artifacts/fidelity/fidelity.json (every run and the medians) and prints the table.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
source scripts/lib/free-port.sh
rounds="${1:-3}"; seconds="${2:-10}"
callbacks="${CALLBACKS:-10}"; size="${SIZE:-1024}"; concurrency="${CONCURRENCY:-8}"
variants="${VARIANTS:-duplex-direct duplex-routed a10-direct a10-routed a2004-routed a10-bridged a2004-bridged tcp-direct tcp-a10-routed tcp-a2004-routed}"
out=artifacts/fidelity; mkdir -p "$out"; rm -f "$out"/run-*.json "$out/runs.txt"

# Others share these machines: the usual ports when free, else ones the kernel picks.
router_port=$(free_port 8080); tcp_port=$(free_port 8808); stub_port=$(free_port 9080); stub_tcp=$(free_port 9090); admin_port=$(free_port 9901)
echo "# $0 $* (CALLBACKS=$callbacks SIZE=$size CONCURRENCY=$concurrency)"
echo "# $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r), commit $(git rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
build_release "$out"

cat > "$out/router.json" <<JSON
{
  "listeners": [
    { "name": "duplex", "binding": "netTcp", "address": "net.tcp://127.0.0.1:${tcp_port}/fi/duplex" },
    { "name": "a10", "binding": "binaryHttp", "address": "http://127.0.0.1:${router_port}/fi/a10" },
    { "name": "a2004", "binding": "binaryHttp", "address": "http://127.0.0.1:${router_port}/fi/a2004", "addressing": "august2004" },
    { "name": "a10-bridged", "binding": "binaryHttp", "address": "http://127.0.0.1:${router_port}/fi/a10-bridged" },
    { "name": "a2004-bridged", "binding": "binaryHttp", "address": "http://127.0.0.1:${router_port}/fi/a2004-bridged", "addressing": "august2004" },
    { "name": "tcp-a10", "binding": "netTcp", "address": "net.tcp://127.0.0.1:${tcp_port}/fi/tcp-a10" },
    { "name": "tcp-a2004", "binding": "netTcp", "address": "net.tcp://127.0.0.1:${tcp_port}/fi/tcp-a2004", "addressing": "august2004" }
  ],
  "routes": [
    { "name": "duplex", "filters": [ { "type": "address", "value": "/fi/duplex" } ], "cluster": "tcp" },
    { "name": "a10", "filters": [ { "type": "address", "value": "/fi/a10" } ], "cluster": "binary" },
    { "name": "a2004", "filters": [ { "type": "address", "value": "/fi/a2004" } ], "cluster": "binary" },
    { "name": "a10-bridged", "filters": [ { "type": "address", "value": "/fi/a10-bridged" } ], "cluster": "text" },
    { "name": "a2004-bridged", "filters": [ { "type": "address", "value": "/fi/a2004-bridged" } ], "cluster": "text" },
    { "name": "tcp-a10", "filters": [ { "type": "address", "value": "/fi/tcp-a10" } ], "cluster": "tcp" },
    { "name": "tcp-a2004", "filters": [ { "type": "address", "value": "/fi/tcp-a2004" } ], "cluster": "tcp" }
  ],
  "clusters": {
    "tcp": { "destinations": [ { "name": "stub-tcp", "binding": "netTcp", "address": "net.tcp://127.0.0.1:${stub_tcp}/tcp" } ] },
    "binary": { "destinations": [ { "name": "stub-binary", "binding": "binaryHttp", "address": "http://127.0.0.1:${stub_port}/binary" } ] },
    "text": { "destinations": [ { "name": "stub-soap12", "binding": "soap12Http", "address": "http://127.0.0.1:${stub_port}/soap12" } ] }
  },
  "admin": { "address": "http://127.0.0.1:${admin_port}" },
  "telemetry": { "logLevel": "Warning" }
}
JSON

start_stub_and_router "$out" "$stub_port" "$stub_tcp" "$admin_port"

# variant -> the LoadClient arguments of its client and target.
args_of() {
  case "$1" in
    duplex-direct) echo "--binding netTcp --operation subscribe --callbacks $callbacks --url net.tcp://127.0.0.1:${stub_tcp}/tcp" ;;
    duplex-routed) echo "--binding netTcp --operation subscribe --callbacks $callbacks --url net.tcp://127.0.0.1:${tcp_port}/fi/duplex" ;;
    a10-direct) echo "--binding binaryHttp --operation echo --size $size --url http://127.0.0.1:${stub_port}/binary" ;;
    a10-routed) echo "--binding binaryHttp --operation echo --size $size --url http://127.0.0.1:${router_port}/fi/a10" ;;
    a2004-routed) echo "--binding binaryHttp --addressing august2004 --operation echo --size $size --url http://127.0.0.1:${router_port}/fi/a2004" ;;
    a10-bridged) echo "--binding binaryHttp --operation echo --size $size --url http://127.0.0.1:${router_port}/fi/a10-bridged" ;;
    a2004-bridged) echo "--binding binaryHttp --addressing august2004 --operation echo --size $size --url http://127.0.0.1:${router_port}/fi/a2004-bridged" ;;
    tcp-direct) echo "--binding netTcp --operation echo --size $size --url net.tcp://127.0.0.1:${stub_tcp}/tcp" ;;
    tcp-a10-routed) echo "--binding netTcp --operation echo --size $size --url net.tcp://127.0.0.1:${tcp_port}/fi/tcp-a10" ;;
    tcp-a2004-routed) echo "--binding netTcp --addressing august2004 --operation echo --size $size --url net.tcp://127.0.0.1:${tcp_port}/fi/tcp-a2004" ;;
    *) echo "unknown variant '$1'" >&2; exit 2 ;;
  esac
}
ticks() { awk '{print $14 + $15}' "/proc/$router/stat"; }
run() { # round variant
  local json="$out/run-$1-$2.json" t0 t1 status=0
  t0=$(ticks)
  # shellcheck disable=SC2046 # the arguments are split on purpose
  dotnet "$(bin LoadClient)" --client wcf $(args_of "$2") --concurrency "$concurrency" --warmup 50 --duration "$seconds" \
    --quiet --json "$json" >> "$out/runs.log" 2>&1 || status=$?
  t1=$(ticks)
  if [[ ! -s "$json" ]]; then echo "$2 round $1 wrote no result (exit $status); see $out/runs.log" >&2; tail -n 5 "$out/runs.log" >&2; exit 1; fi
  (( $1 > 0 )) && echo "$1 $2 $json $((t1 - t0))" >> "$out/runs.txt"
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); l=d['latencyMs']; print(f'{sys.argv[2]:<14} {d[\"requestsPerSecond\"]:>8.1f} calls/s  p50 {l[\"p50\"]:>7.2f} ms  p99 {l[\"p99\"]:>7.2f} ms  ok {d[\"ok\"]}/{d[\"requests\"]}')" "$json" "$2"
}

for round in $(seq 0 "$rounds"); do
  if (( round > 0 )); then echo "-- round $round (load $(cut -d' ' -f1-3 /proc/loadavg))"; else echo "-- warm-up round (not counted)"; fi
  for variant in $variants; do run "$round" "$variant"; done
done

python3 - "$out" "$0 $*" "$callbacks" "$size" "$concurrency" <<'PY'
import json, os, statistics, sys, time
from collections import defaultdict
out, command, callbacks, size, concurrency = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
runs = defaultdict(dict)  # variant -> round -> figures
for line in open(f"{out}/runs.txt"):
    rnd, variant, path, ticks = line.split()
    d = json.load(open(path))
    runs[variant][int(rnd)] = {"callsPerSecond": d["requestsPerSecond"], "p50Ms": d["latencyMs"]["p50"], "p99Ms": d["latencyMs"]["p99"],
                               "ok": d["ok"], "requests": d["requests"],
                               "routerCpuUsPerCall": int(ticks) * 10000 / d["requests"] if d["requests"] and "direct" not in variant else None}
def base(variant): return "duplex-direct" if variant.startswith("duplex") else "tcp-direct" if variant.startswith("tcp") else "a10-direct"
def med(values): return round(statistics.median(values), 2) if values else None
cells = []
for variant, by_round in runs.items():
    ref = runs.get(base(variant), {})
    ratios = [r["callsPerSecond"] / ref[k]["callsPerSecond"] for k, r in sorted(by_round.items()) if k in ref and ref[k]["callsPerSecond"]]
    cells.append({"variant": variant, "callsPerSecondMedian": med([r["callsPerSecond"] for r in by_round.values()]),
                  "p50MsMedian": med([r["p50Ms"] for r in by_round.values()]), "p99MsMedian": med([r["p99Ms"] for r in by_round.values()]),
                  "ratioToDirectPerRound": [round(r, 2) for r in ratios], "ratioToDirectMedian": med(ratios),
                  "routerCpuUsPerCallMedian": med([r["routerCpuUsPerCall"] for r in by_round.values() if r["routerCpuUsPerCall"] is not None]),
                  "ok": sum(r["ok"] for r in by_round.values()), "requests": sum(r["requests"] for r in by_round.values()), "runs": by_round})
json.dump({"command": command, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "cores": os.cpu_count(),
           "loadAverage": open("/proc/loadavg").read().split()[:3], "callbacks": callbacks, "echoSizeBytes": size,
           "concurrency": concurrency, "cells": cells}, open(f"{out}/fidelity.json", "w"), indent=2)
print(f"\n{'variant':<14} {'calls/s':>9} {'p50 ms':>8} {'p99 ms':>8}  {'/direct per round':<22} {'router CPU us/call':>18}  ok/calls")
for c in cells:
    cpu = f"{c['routerCpuUsPerCallMedian']:>18.0f}" if c["routerCpuUsPerCallMedian"] is not None else f"{'-':>18}"
    print(f"{c['variant']:<14} {c['callsPerSecondMedian']:>9.1f} {c['p50MsMedian']:>8.2f} {c['p99MsMedian']:>8.2f}  "
          f"{', '.join(f'{r:.2f}' for r in c['ratioToDirectPerRound']):<22} {cpu}  {c['ok']}/{c['requests']}")
PY
echo "results: $out/fidelity.json, logs in $out/"
