#!/usr/bin/env bash
# Pass-through cost, side by side in one run: LoadClient (raw mode, echo) against BackendStub directly, through nginx
# (Debian package, a plain HTTP reverse proxy with upstream keep-alive, started by this script), through YARP 2.3
# (Benchmarks/YarpPeer, a minimal YARP host with its defaults, built and started by this script) and through the
# router (matched encodings: the verbatim path; and with validateBody off, "trusted"), for SOAP 1.2 text and msbin1
# at 1 KB and 150 KB; plus the re-encode paths next to them (text client -> msbin1 backend, HTTP -> net.tcp).
# The variants alternate within each round; ROUNDS rounds; medians reported, with the ratios router/direct and
# router/nginx taken per round. Router and nginx CPU per message from /proc. Client, proxy and stub share the cores.
# Usage: [ROUTER_ENV="NAME=value ..."] [SIZES="1024 153600"] [ENCODINGS="text binary"] [VARIANTS="direct nginx yarp router trusted"]
#        [REENCODE=1] [WARMUP_ROUNDS=1] Benchmarks/scripts/passthrough.sh [rounds (3)] [seconds per run (5)] [concurrency (16)]
# SIZES, ENCODINGS, VARIANTS and REENCODE=0 narrow a run to the cells being worked on (ratios need direct and nginx).
# WARMUP_ROUNDS (1) whole rounds run first and are not counted: the router's JIT goes on tiering its hot path up for
# about 12 s of load after start (perf map: 7,900 -> 11,800 compiled methods; libclrjit 18% of its samples at 4-12 s),
# so a cold first round charged it compile time that nginx never pays.
# ROUTER_B_ENV="NAME=value ..." starts a second router (ports 8081/9902) with that environment and adds the variant
# "routerb" (its verbatim listeners, and "reencodeb" its re-encode paths when REENCODE=1) next to "router": an A/B of a runtime knob side by side in one run.
# ROUTER_B_DLL=path/Router.dll does the same with another build as the second router (an A/B of a code change: build
# the other commit elsewhere, e.g. git worktree add /tmp/b <commit> && dotnet build /tmp/b/Router -c Release).
# LATENCY=1 adds the open-model cell after the rounds: direct, nginx and the router (text 1 KB) at half the router's
# median closed-model rate (LoadClient --rate; latency counts from each request's scheduled time), ROUNDS alternating
# runs each; p50/p99/p99.9 medians and the p99 each proxy adds over direct go into latency.json. The second router
# (ROUTER_B_ENV / ROUTER_B_DLL) runs in that cell too, at the same rate; LATENCY_YARP=1 adds YARP.
# Writes artifacts/passthrough/passthrough.json and passthrough.svg.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
source scripts/lib/nginx.sh
rounds="${1:-3}"; seconds="${2:-5}"; concurrency="${3:-16}"
out=artifacts/passthrough; mkdir -p "$out"; rm -f "$out"/run-*.json "$out/runs.txt" "$out/latency.txt"
require_free_ports 8080 8081 8180 8280 9080 9090 9901 9902
command -v nginx > /dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx > /dev/null 2>&1; } || true
have_nginx=true; command -v nginx > /dev/null || { have_nginx=false; echo "nginx could not be installed: its variant is left out" >&2; }
echo "# $0 $*"; echo "# $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r), $($have_nginx && nginx -v 2>&1)"
build_release "$out"
dotnet build Benchmarks/YarpPeer -c Release -v quiet -nologo >> "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }

cat > "$out/router.json" <<'JSON'
{
  "listeners": [
    { "name": "text", "binding": "soap12Http", "address": "http://127.0.0.1:8080/pt/text" },
    { "name": "binary", "binding": "binaryHttp", "address": "http://127.0.0.1:8080/pt/binary" },
    { "name": "text-trusted", "binding": "soap12Http", "address": "http://127.0.0.1:8080/pt/text-trusted", "validateBody": false },
    { "name": "binary-trusted", "binding": "binaryHttp", "address": "http://127.0.0.1:8080/pt/binary-trusted", "validateBody": false },
    { "name": "text-to-binary", "binding": "soap12Http", "address": "http://127.0.0.1:8080/pt/text-to-binary" },
    { "name": "text-to-nettcp", "binding": "soap12Http", "address": "http://127.0.0.1:8080/pt/text-to-nettcp" }
  ],
  "routes": [
    { "name": "text", "filters": [ { "type": "address", "value": "/pt/text" } ], "cluster": "soap12" },
    { "name": "text-trusted", "filters": [ { "type": "address", "value": "/pt/text-trusted" } ], "cluster": "soap12" },
    { "name": "binary", "filters": [ { "type": "address", "value": "/pt/binary" } ], "cluster": "binary" },
    { "name": "binary-trusted", "filters": [ { "type": "address", "value": "/pt/binary-trusted" } ], "cluster": "binary" },
    { "name": "text-to-binary", "filters": [ { "type": "address", "value": "/pt/text-to-binary" } ], "cluster": "binary" },
    { "name": "text-to-nettcp", "filters": [ { "type": "address", "value": "/pt/text-to-nettcp" } ], "cluster": "nettcp" }
  ],
  "clusters": {
    "soap12": { "destinations": [ { "name": "stub-soap12", "binding": "soap12Http", "address": "http://127.0.0.1:9080/soap12" } ] },
    "binary": { "destinations": [ { "name": "stub-binary", "binding": "binaryHttp", "address": "http://127.0.0.1:9080/binary" } ] },
    "nettcp": { "destinations": [ { "name": "stub-nettcp", "binding": "netTcp", "address": "net.tcp://127.0.0.1:9090/tcp" } ] }
  },
  "admin": { "address": "http://127.0.0.1:9901" },
  "telemetry": { "logLevel": "Warning" }
}
JSON

# nginx as a plain reverse proxy of the same HTTP traffic (scripts/lib/nginx.sh).
nginx_conf "$out" "$(nginx_server 127.0.0.1:8180 "")"

start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port 9080 --tcp-port 9090
# ROUTER_ENV="NAME=value ...": extra environment for the router only (e.g. a runtime knob to compare).
start "$out/router.log" env ${ROUTER_ENV:-} dotnet "$(bin Router)" --config "$out/router.json"; router=$last_pid
# YARP as the second peer proxy, forwarding every path to the stub as nginx does.
start "$out/yarp.log" dotnet Benchmarks/YarpPeer/bin/Release/net10.0/YarpPeer.dll --port 8280 --backend http://127.0.0.1:9080/; yarp=$last_pid
routerb=
if [[ -n "${ROUTER_B_ENV:-}" || -n "${ROUTER_B_DLL:-}" ]]; then
  sed 's/127.0.0.1:8080/127.0.0.1:8081/g; s/127.0.0.1:9901/127.0.0.1:9902/' "$out/router.json" > "$out/router-b.json"
  start "$out/router-b.log" env ${ROUTER_B_ENV:-} dotnet "${ROUTER_B_DLL:-$(bin Router)}" --config "$out/router-b.json"; routerb=$last_pid
fi
if $have_nginx; then
  nginx_start "$out"
  trap 'nginx_stop "$out"; stop_started' EXIT
fi
wait_for http://127.0.0.1:9901/health "the router" "$out"
[[ -n "$routerb" ]] && wait_for http://127.0.0.1:9902/health "the second router" "$out"
wait_for http://127.0.0.1:9080/stub/stats "the stub" "$out"
wait_for http://127.0.0.1:8280/stub/stats "YARP" "$out"

ticks() { # CPU ticks (1/100 s) of the router, or of nginx's processes
  if [[ "$1" == router ]]; then awk '{print $14 + $15}' "/proc/$router/stat"
  elif [[ "$1" == routerb ]]; then awk '{print $14 + $15}' "/proc/$routerb/stat"
  elif [[ "$1" == yarp ]]; then awk '{print $14 + $15}' "/proc/$yarp/stat"
  else local t=0 p; for p in $(pgrep -f "nginx: "); do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; fi
}
# variant -> URL, binding, wsa:To; which process to charge CPU to.
target() { # variant encoding -> "url binding to proc"
  local stub_path=soap12 binding=soap12Http
  [[ "$2" == binary ]] && { stub_path=binary; binding=binaryHttp; }
  case "$1" in
    direct) echo "http://127.0.0.1:9080/$stub_path $binding http://127.0.0.1:9080/$stub_path none" ;;
    nginx) echo "http://127.0.0.1:8180/$stub_path $binding http://127.0.0.1:9080/$stub_path nginx" ;;
    yarp) echo "http://127.0.0.1:8280/$stub_path $binding http://127.0.0.1:9080/$stub_path yarp" ;;
    router) echo "http://127.0.0.1:8080/pt/$2 $binding http://127.0.0.1:8080/pt/$2 router" ;;
    routerb) echo "http://127.0.0.1:8081/pt/$2 $binding http://127.0.0.1:8081/pt/$2 routerb" ;;
    trusted) echo "http://127.0.0.1:8080/pt/$2-trusted $binding http://127.0.0.1:8080/pt/$2-trusted router" ;;
    reencode) echo "http://127.0.0.1:8080/pt/text-to-$2 soap12Http http://127.0.0.1:8080/pt/text-to-$2 router" ;;
    reencodeb) echo "http://127.0.0.1:8081/pt/text-to-$2 soap12Http http://127.0.0.1:8081/pt/text-to-$2 routerb" ;;
  esac
}
run() { # round variant encoding size [rate: open model]
  local url binding to proc t0 t1 json="$out/run-$1-$2-$3-$4${5:+-rate}.json"
  read -r url binding to proc <<< "$(target "$2" "$3")"
  [[ "$proc" != none ]] && t0=$(ticks "$proc")
  dotnet "$(bin LoadClient)" --url "$url" --binding "$binding" --to "$to" --operation echo --size "$4" --warmup 200 \
    --concurrency "$concurrency" --duration "$seconds" ${5:+--rate "$5"} --json "$json" > /dev/null || true
  if [[ -n "${5:-}" ]]; then
    echo "$1 $2 $json" >> "$out/latency.txt"
    python3 -c "import json,sys; d=json.load(open(sys.argv[1])); l=d['latencyMs']; print(f'{sys.argv[2]:<9} open model {d[\"requestsPerSecond\"]:>8.1f} req/s  p50 {l[\"p50\"]:.3f}  p99 {l[\"p99\"]:.3f}  p99.9 {l[\"p999\"]:.3f} ms  late {d.get(\"lateStarts\")}')" "$json" "$2"
    return
  fi
  [[ "$proc" != none ]] && t1=$(ticks "$proc")
  (( $1 > 0 )) && echo "$1 $2 $3 $4 $json ${proc} $(( ${t1:-0} - ${t0:-0} ))" >> "$out/runs.txt"
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(f'{sys.argv[2]:<9} {sys.argv[3]:<7} {int(sys.argv[4]):>7} B {d[\"requestsPerSecond\"]:>9.1f} req/s  ok {d[\"ok\"]}/{d[\"requests\"]}')" "$json" "$2" "$3" "$4"
}

for round in $(seq $((1 - ${WARMUP_ROUNDS:-1})) "$rounds"); do
  if (( round > 0 )); then echo "-- round $round"; else echo "-- warm-up round (not counted)"; fi
  for size in ${SIZES:-1024 153600}; do
    for encoding in ${ENCODINGS:-text binary}; do
      for variant in ${VARIANTS:-direct nginx yarp router trusted} ${routerb:+routerb}; do
        [[ "$variant" == nginx ]] && ! $have_nginx && continue
        run "$round" "$variant" "$encoding" "$size"
      done
    done
    if [[ "${REENCODE:-1}" == 1 ]]; then
      for variant in reencode ${routerb:+reencodeb}; do
        run "$round" "$variant" binary "$size"
        run "$round" "$variant" nettcp "$size"
      done
    fi
  done
done

if [[ "${LATENCY:-0}" == 1 ]]; then
  rate=$(awk '$2 == "router" && $3 == "text" && $4 == 1024 {print $5}' "$out/runs.txt" \
    | xargs python3 -c "import json,statistics,sys; print(round(statistics.median(json.load(open(p))['requestsPerSecond'] for p in sys.argv[1:]) / 2))")
  echo "-- open model at $rate req/s (half the router's median closed-model rate), text 1 KB"
  for round in $(seq 1 "$rounds"); do
    for variant in direct nginx ${LATENCY_YARP:+yarp} router ${routerb:+routerb}; do
      [[ "$variant" == nginx ]] && ! $have_nginx && continue
      run "$round" "$variant" text 1024 "$rate"
    done
  done
  python3 - "$out" "$rate" "$0 $*" <<'PY'
import json, statistics, sys
from collections import defaultdict
out, rate, command = sys.argv[1], int(sys.argv[2]), sys.argv[3]
runs = defaultdict(dict)
for line in open(f"{out}/latency.txt"):
    rnd, variant, path = line.split()
    runs[variant][int(rnd)] = json.load(open(path))
cells = {}
for variant, by_round in runs.items():
    cells[variant] = {q: round(statistics.median(d["latencyMs"][q] for d in by_round.values()), 3) for q in ("p50", "p99", "p999")}
    cells[variant]["lateStarts"] = sum(d.get("lateStarts") or 0 for d in by_round.values())
for variant, cell in cells.items():
    if variant != "direct" and "direct" in runs:
        added = [runs[variant][k]["latencyMs"]["p99"] - runs["direct"][k]["latencyMs"]["p99"] for k in runs[variant] if k in runs["direct"]]
        cell["p99AddedOverDirectMedian"] = round(statistics.median(added), 3)
json.dump({"command": command, "ratePerSecond": rate, "cells": cells}, open(f"{out}/latency.json", "w"), indent=2)
print(f"{'variant':<9} {'p50 ms':>8} {'p99 ms':>8} {'p99.9 ms':>9} {'p99 added':>10}")
for variant, c in cells.items():
    print(f"{variant:<9} {c['p50']:>8.3f} {c['p99']:>8.3f} {c['p999']:>9.3f} {c.get('p99AddedOverDirectMedian', 0):>10.3f}")
PY
fi

python3 - "$out" "$0 $*" <<'PY'
import json, os, statistics, sys, time
from collections import defaultdict
out, command = sys.argv[1], sys.argv[2]
runs = defaultdict(dict)   # (variant, encoding, size) -> round -> {rps, cpuUsPerMsg}
for line in open(f"{out}/runs.txt"):
    rnd, variant, encoding, size, path, proc, ticks = line.split()
    d = json.load(open(path))
    cpu = int(ticks) * 10000 / d["requests"] if proc != "none" and d["requests"] else None
    runs[(variant, encoding, int(size))][int(rnd)] = {"rps": d["requestsPerSecond"], "ok": d["ok"], "requests": d["requests"], "cpuUsPerMsg": cpu}
def med(values): return round(statistics.median(values), 2) if values else None
cells = []
for (variant, encoding, size), by_round in sorted(runs.items(), key=lambda kv: (kv[0][2], kv[0][1], kv[0][0])):
    cell = {"variant": variant, "encoding": encoding, "sizeBytes": size,
            "requestsPerSecondMedian": med([r["rps"] for r in by_round.values()]),
            "cpuUsPerMessageMedian": med([r["cpuUsPerMsg"] for r in by_round.values() if r["cpuUsPerMsg"] is not None]),
            "runs": by_round}
    base_encoding = "text" if variant.startswith("reencode") else encoding
    for other in ("direct", "nginx", "yarp"):
        ref = runs.get((other, base_encoding, size), {})
        ratios = [r["rps"] / ref[k]["rps"] for k, r in by_round.items() if k in ref and ref[k]["rps"]]
        cell[f"ratioTo{other.capitalize()}Median"] = med(ratios)
    cells.append(cell)
result = {"command": command, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "cores": os.cpu_count(),
          "memoryGiB": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30), "cells": cells}
json.dump(result, open(f"{out}/passthrough.json", "w"), indent=2)
print(f"{'variant':<9} {'encoding':<7} {'size':>7}  {'req/s':>9}  {'/direct':>7}  {'/nginx':>7}  {'/yarp':>7}  {'CPU us/msg':>10}")
for c in cells:
    fmt = lambda v: f"{v:>7.2f}" if v is not None else "      -"
    cpu = f"{c['cpuUsPerMessageMedian']:>10.0f}" if c["cpuUsPerMessageMedian"] is not None else "         -"
    print(f"{c['variant']:<9} {c['encoding']:<7} {c['sizeBytes']:>7}  {c['requestsPerSecondMedian']:>9.1f}  {fmt(c['ratioToDirectMedian'])}  {fmt(c['ratioToNginxMedian'])}  {fmt(c['ratioToYarpMedian'])}  {cpu}")
series = [s for s in ["direct", "nginx", "yarp", "router", "routerb", "trusted", "reencode", "reencodeb"] if any(c["variant"] == s for c in cells)]
groups = defaultdict(dict)
for c in cells:
    name = f"{'reencode ' + c['encoding'] if c['variant'].startswith('reencode') else c['encoding']} {c['sizeBytes'] // 1024} KB"
    groups[name][c["variant"]] = c["requestsPerSecondMedian"]
spec = {"title": f"Pass-through throughput, median of {len(next(iter(runs.values())))} rounds (req/s)", "unit": "requests/s",
        "series": series, "groups": [{"name": k, "values": v} for k, v in groups.items()]}
json.dump(spec, open(f"{out}/chart.json", "w"))
PY
python3 Benchmarks/scripts/barchart.py "$out/chart.json" "$out/passthrough.svg"
echo "results: $out/passthrough.json, chart: $out/passthrough.svg"
