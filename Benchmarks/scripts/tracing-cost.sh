#!/usr/bin/env bash
# The cost of tracing on the router's pass-through path, side by side in one run: three routers, identical but for
# telemetry (tracing off; on, sampled at 100%; on, sampled at 1%), each forwarding SOAP 1.2 echo to one BackendStub,
# the traced ones exporting spans over OTLP/HTTP to a sink (nginx answering 200 to every POST, so export costs what
# it costs but nothing is stored). LoadClient (raw mode, no traceparent of its own: the router roots every trace) at
# 1 KB and 150 KB; the variants alternate within each round; ROUNDS rounds; medians, with each traced variant's
# throughput as a ratio to "off" per round, and the router's CPU per message from /proc.
# Usage: Benchmarks/scripts/tracing-cost.sh [rounds (3)] [seconds per run (5)] [concurrency (16)]
# Writes artifacts/tracing/tracing.json.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
rounds="${1:-3}"; seconds="${2:-5}"; concurrency="${3:-16}"
out=artifacts/tracing; mkdir -p "$out"; rm -f "$out"/run-*.json "$out/runs.txt"
require_free_ports 8081 8082 8083 9911 9912 9913 9080 4318
command -v nginx > /dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx > /dev/null 2>&1; }
echo "# $0 $*"; echo "# $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r)"
build_release "$out"

router_config() { # name port admin telemetry-json
  cat > "$out/router-$1.json" <<JSON
{
  "listeners": [ { "name": "text", "binding": "soap12Http", "address": "http://127.0.0.1:$2/pt/text" } ],
  "routes": [ { "name": "all", "filters": [ { "type": "matchAll" } ], "cluster": "stub" } ],
  "clusters": { "stub": { "destinations": [ { "name": "stub", "binding": "soap12Http", "address": "http://127.0.0.1:9080/soap12" } ] } },
  "admin": { "address": "http://127.0.0.1:$3" },
  "telemetry": $4
}
JSON
}
sink='"otlp": { "endpoint": "http://127.0.0.1:4318", "protocol": "httpProtobuf" }'
router_config off 8081 9911 '{ "logLevel": "Warning", "tracing": { "enabled": false } }'
router_config on100 8082 9912 "{ \"logLevel\": \"Warning\", \"tracing\": { \"enabled\": true, \"sampleRatio\": 1.0 }, $sink }"
router_config on1 8083 9913 "{ \"logLevel\": \"Warning\", \"tracing\": { \"enabled\": true, \"sampleRatio\": 0.01 }, $sink }"
cat > "$out/nginx.conf" <<NGINX
worker_processes 1;
pid $PWD/$out/nginx.pid;
error_log $PWD/$out/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_max_body_size 64m;
  client_body_temp_path $PWD/$out/nginx-body;
  server { listen 127.0.0.1:4318; location / { return 200; } }
}
NGINX
nginx -c "$PWD/$out/nginx.conf"
trap 'nginx -c "$PWD/$out/nginx.conf" -s quit 2>/dev/null || true; stop_started' EXIT
start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port 9080
declare -A pids
for variant in off on100 on1; do
  start "$out/router-$variant.log" dotnet "$(bin Router)" --config "$out/router-$variant.json"; pids[$variant]=$last_pid
done
wait_for http://127.0.0.1:9080/stub/stats "the stub" "$out"
for admin in 9911 9912 9913; do wait_for "http://127.0.0.1:$admin/health" "a router" "$out"; done

port() { case "$1" in off) echo 8081 ;; on100) echo 8082 ;; on1) echo 8083 ;; esac; }
run() { # round variant size
  local url="http://127.0.0.1:$(port "$2")/pt/text" json="$out/run-$1-$2-$3.json" t0 t1
  t0=$(awk '{print $14 + $15}' "/proc/${pids[$2]}/stat")
  dotnet "$(bin LoadClient)" --url "$url" --binding soap12Http --to "$url" --operation echo --size "$3" --warmup 200 \
    --concurrency "$concurrency" --duration "$seconds" --json "$json" > /dev/null || true
  t1=$(awk '{print $14 + $15}' "/proc/${pids[$2]}/stat")
  echo "$1 $2 $3 $json $((t1 - t0))" >> "$out/runs.txt"
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(f'{sys.argv[2]:<6} {int(sys.argv[3]):>7} B {d[\"requestsPerSecond\"]:>9.1f} req/s  ok {d[\"ok\"]}/{d[\"requests\"]}')" "$json" "$2" "$3"
}
for round in $(seq 1 "$rounds"); do
  echo "-- round $round"
  for size in 1024 153600; do
    for variant in off on100 on1; do run "$round" "$variant" "$size"; done
  done
done

python3 - "$out" "$0 $*" <<'PY'
import json, os, statistics, sys, time
from collections import defaultdict
out, command = sys.argv[1], sys.argv[2]
runs = defaultdict(dict)
for line in open(f"{out}/runs.txt"):
    rnd, variant, size, path, ticks = line.split()
    d = json.load(open(path))
    runs[(variant, int(size))][int(rnd)] = {"rps": d["requestsPerSecond"], "ok": d["ok"], "requests": d["requests"],
                                           "cpuUsPerMsg": int(ticks) * 10000 / d["requests"] if d["requests"] else None}
med = lambda xs: round(statistics.median(xs), 3) if xs else None
cells = []
for (variant, size), by_round in sorted(runs.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    off = runs.get(("off", size), {})
    ratios = [r["rps"] / off[n]["rps"] for n, r in by_round.items() if n in off and off[n]["rps"]]
    cells.append({"variant": variant, "sizeBytes": size, "requestsPerSecondMedian": med([r["rps"] for r in by_round.values()]),
                  "overOffMedian": med(ratios), "routerCpuUsPerMessageMedian": med([r["cpuUsPerMsg"] for r in by_round.values() if r["cpuUsPerMsg"]]),
                  "okOfRequests": [[r["ok"], r["requests"]] for r in by_round.values()]})
json.dump({"command": command, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "cores": os.cpu_count(), "cells": cells},
          open(f"{out}/tracing.json", "w"), indent=2)
print(f"{'variant':<7} {'size':>7} {'req/s':>9} {'/off':>6} {'CPU us/msg':>10}")
for c in cells:
    print(f"{c['variant']:<7} {c['sizeBytes']:>7} {c['requestsPerSecondMedian']:>9.1f} {c['overOffMedian'] or 0:>6.3f} {c['routerCpuUsPerMessageMedian'] or 0:>10.0f}")
PY
echo "results: $out/tracing.json"
