#!/usr/bin/env bash
# The seed's experiment (DynamicEncoder article) on shaped links: LoadClient in one network namespace, the router and
# BackendStub in another, joined by a veth pair whose both directions are shaped with `tc qdisc ... tbf` (1.5 Mbit/s,
# 100 Mbit/s) or left unshaped. For simple, medium and complex messages (LoadClient --profile), three compression
# modes on the client<->router link: none, always (static), adaptive (the router's listener policy; the client speaks
# the adaptive form). The router<->backend hop stays on the router namespace's loopback, uncompressed.
# Per cell: requests/s, router CPU per message (/stats process.cpuMilliseconds), p50/p99 latency, bytes on the wire.
# Needs root (ip netns, tc). Namespaces and links are created here and removed on exit.
# Usage: Benchmarks/scripts/shaped-links.sh [seconds per cell (10; 1.5mbit cells 3x)] [rounds (1)] [links (1.5mbit,100mbit,unshaped)]
# The link "pair" is two clients of the one listener at the same time, from two namespaces: one at 1.5 Mbit/s, one
# unshaped (cells "pair-1.5mbit" and "pair-unshaped", PAIR_PROFILE: medium), so each must get its own choice.
# MODES="none always" limits the compression modes run; KEEP=1 keeps the other modes' cells from the last run.
# NETNS=name prefixes the namespaces and veth devices (default sr), so two runs on one machine do not meet.
# ROUTER_ENV="NAME=value ..." adds environment for the router (a runtime knob to compare).
# Writes artifacts/shaped/shaped.json and shaped-*.svg.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
seconds="${1:-10}"; rounds="${2:-1}"; links="${3:-1.5mbit,100mbit,unshaped}"
out=artifacts/shaped; mkdir -p "$out"
if [[ -n "${KEEP:-}" && -f "$out/cells.txt" ]]; then
  # KEEP=1: keep the cells of the modes not run this time (rerun one mode after a fix, side by side with the rest).
  for mode in ${MODES:-none always adaptive}; do sed -i "/ $mode /d" "$out/cells.txt"; done
else
  rm -f "$out"/cell-*.json "$out/cells.txt"
fi
[[ "$(id -u)" == 0 ]] || { echo "needs root (ip netns, tc)" >&2; exit 1; }
echo "# $0 $*"; echo "# $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r)"
build_release "$out"

prefix="${NETNS:-sr}"
client_ns=$prefix-client; client2_ns=$prefix-client2; router_ns=$prefix-router
client_ip=10.77.0.1; router_ip=10.77.0.2; client2_ip=10.78.0.1; router2_ip=10.78.0.2
cleanup() {
  stop_started
  for ns in "$client_ns" "$client2_ns" "$router_ns"; do ip netns del "$ns" 2>/dev/null || true; done
}
trap cleanup EXIT
cleanup
ip netns add "$client_ns"; ip netns add "$client2_ns"; ip netns add "$router_ns"
# Client 1 on 10.77.0.0/24 (the router's address), client 2 on 10.78.0.0/24, routed to that same address.
ip link add "$prefix-c" type veth peer name "$prefix-r"; ip link add "$prefix-c2" type veth peer name "$prefix-r2"
ip link set "$prefix-c" netns "$client_ns"; ip link set "$prefix-r" netns "$router_ns"
ip link set "$prefix-c2" netns "$client2_ns"; ip link set "$prefix-r2" netns "$router_ns"
ip -n "$client_ns" addr add "$client_ip/24" dev "$prefix-c"; ip -n "$router_ns" addr add "$router_ip/24" dev "$prefix-r"
ip -n "$client2_ns" addr add "$client2_ip/24" dev "$prefix-c2"; ip -n "$router_ns" addr add "$router2_ip/24" dev "$prefix-r2"
for ns in "$client_ns" "$client2_ns" "$router_ns"; do ip -n "$ns" link set lo up; done
ip -n "$client_ns" link set "$prefix-c" up; ip -n "$router_ns" link set "$prefix-r" up
ip -n "$client2_ns" link set "$prefix-c2" up; ip -n "$router_ns" link set "$prefix-r2" up
ip -n "$client2_ns" route add 10.77.0.0/24 via "$router2_ip"

shape() { # rate or "unshaped", [2: client 2's link]: both directions of a client<->router link
  local dev ns pairs="$client_ns:$prefix-c $router_ns:$prefix-r"
  [[ "${2:-}" == 2 ]] && pairs="$client2_ns:$prefix-c2 $router_ns:$prefix-r2"
  for pair in $pairs; do
    ns="${pair%%:*}"; dev="${pair##*:}"
    tc -n "$ns" qdisc del dev "$dev" root 2>/dev/null || true
    if [[ "$1" != unshaped ]]; then
      # burst: at least one MTU-sized packet and ~4 ms at the rate; a queue of ~200 ms.
      tc -n "$ns" qdisc add dev "$dev" root tbf rate "$1" burst 32kbit latency 200ms
    fi
  done
}

policy() { # mode -> the listener's compression section
  case "$1" in
    none) echo 'null' ;;
    always) echo '{ "mode": "always" }' ;;
    adaptive) echo '{ "mode": "adaptive" }' ;;
  esac
}
write_config() { # mode
  cat > "$out/router-$1.json" <<JSON
{
  "listeners": [ { "name": "soap12", "binding": "soap12Http", "address": "http://$router_ip:8080/router/soap12", "compression": $(policy "$1") } ],
  "routes": [ { "name": "all", "filters": [ { "type": "matchAll" } ], "cluster": "stub" } ],
  "clusters": { "stub": { "destinations": [ { "name": "stub", "binding": "soap12Http", "address": "http://127.0.0.1:9080/soap12" } ] } },
  "admin": { "address": "http://$router_ip:9901" },
  "telemetry": { "logLevel": "Warning" }
}
JSON
}

start "$out/stub.log" ip netns exec "$router_ns" dotnet "$(bin BackendStub)" --http-port 9080
router_pid=""
start_router() { # mode
  [[ -n "$router_pid" ]] && { kill -TERM "$router_pid" 2>/dev/null; wait "$router_pid" 2>/dev/null || true; }
  write_config "$1"
  start "$out/router-$1.log" ip netns exec "$router_ns" env ${ROUTER_ENV:-} dotnet "$(bin Router)" --config "$out/router-$1.json"; router_pid=$last_pid
  for _ in $(seq 1 150); do
    ip netns exec "$client_ns" curl -fsS -o /dev/null "http://$router_ip:9901/health" 2>/dev/null && return 0
    sleep 0.2
  done
  echo "the router did not come up; see $out/router-$1.log" >&2; exit 1
}

# A slow link carries about one 150 KB message a second: it gets three times the run length, so each cell sees enough.
cell_seconds() { if [[ "$1" == *1.5mbit || "$1" == pair-* ]]; then echo $((seconds * 3)); else echo "$seconds"; fi; }
cell_warmup() { if [[ "$1" == *1.5mbit || "$1" == pair-* ]]; then echo 4; else echo 20; fi; }

run() { # round link mode profile [client namespace]
  local json="$out/cell-$1-$2-$3-$4.json" compression=()
  [[ "$3" != none ]] && compression=(--compression "$3")
  ip netns exec "${5:-$client_ns}" dotnet "$(bin LoadClient)" --url "http://$router_ip:8080/router/soap12" --binding soap12Http \
    --operation echo --size-distribution seed --profile "$4" "${compression[@]}" --concurrency 8 --warmup "$(cell_warmup "$2")" \
    --duration "$(cell_seconds "$2")" --timeout 120 --quiet --admin-url "http://$router_ip:9901" --allow-remote --json "$json" > /dev/null || true
  echo "$1 $2 $3 $4 $json" >> "$out/cells.txt"
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); r=d.get('router') or {}; print(f'{sys.argv[2]:<9} {sys.argv[3]:<8} {sys.argv[4]:<8} {d[\"requestsPerSecond\"]:>8.2f} req/s  ok {d[\"ok\"]}/{d[\"requests\"]}  p50 {d[\"latencyMs\"][\"p50\"]:.0f} ms  router CPU {r.get(\"cpuMs\")}  replies {(d.get(\"compression\") or {}).get(\"repliesByCodec\")}')" "$json" "$2" "$3" "$4"
}

run_pair() { # round mode: client 1 at 1.5 Mbit/s and client 2 unshaped, at the same time, on the one listener
  local profile="${PAIR_PROFILE:-medium}"
  shape 1.5mbit; shape unshaped 2
  run "$1" pair-1.5mbit "$2" "$profile" & local slow=$!
  run "$1" pair-unshaped "$2" "$profile" "$client2_ns"
  wait "$slow"
  ip netns exec "$client_ns" curl -fsS "http://$router_ip:9901/stats" > "$out/stats-pair-$1-$2.json" || true
}

IFS=, read -r -a link_list <<< "$links"
for round in $(seq 1 "$rounds"); do
  echo "-- round $round"
  for mode in ${MODES:-none always adaptive}; do
    start_router "$mode"
    for link in "${link_list[@]}"; do
      if [[ "$link" == pair ]]; then run_pair "$round" "$mode"; continue; fi
      shape "$link"
      for profile in simple medium complex; do run "$round" "$link" "$mode" "$profile"; done
    done
  done
done
shape unshaped; shape unshaped 2

python3 - "$out" "$0 $*" <<'PY'
import json, os, statistics, sys, time
from collections import defaultdict
out, command = sys.argv[1], sys.argv[2]
cells = defaultdict(list)
for line in open(f"{out}/cells.txt"):
    rnd, link, mode, profile, path = line.split()
    d = json.load(open(path)); r = d.get("router") or {}
    cells[(link, profile, mode)].append({
        "rps": d["requestsPerSecond"], "ok": d["ok"], "requests": d["requests"],
        "p50": d["latencyMs"]["p50"], "p99": d["latencyMs"]["p99"],
        "routerCpuUsPerMsg": (r["cpuMs"] * 1000 / r["messages"]) if r.get("cpuMs") and r.get("messages") else None,
        "bytesReceivedPerRequest": d.get("bytesReceivedPerRequest"),
        "p50BySize": {b["sizeBucket"]: b["latencyMs"]["p50"] for b in d.get("latencyBySizeMs") or [] if b["requests"] >= 3}})
def med(xs):
    xs = [x for x in xs if x is not None]
    return round(statistics.median(xs), 2) if xs else None
rows = []
for (link, profile, mode), runs in sorted(cells.items()):
    rows.append({"link": link, "profile": profile, "mode": mode, "requestsPerSecond": med([r["rps"] for r in runs]),
                 "p50Ms": med([r["p50"] for r in runs]), "p99Ms": med([r["p99"] for r in runs]),
                 "routerCpuUsPerMessage": med([r["routerCpuUsPerMsg"] for r in runs]), "runs": runs})
by = {(r["link"], r["profile"], r["mode"]): r for r in rows}
for r in rows:
    if r["mode"] == "adaptive":
        best = max((by.get((r["link"], r["profile"], m), {}).get("requestsPerSecond") or 0) for m in ("none", "always"))
        r["adaptiveOverBest"] = round(r["requestsPerSecond"] / best, 3) if best else None
        none = by.get((r["link"], r["profile"], "none"), {}).get("requestsPerSecond")
        r["adaptiveOverNone"] = round(r["requestsPerSecond"] / none, 3) if none else None
result = {"command": command, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "cores": os.cpu_count(), "cells": rows}
json.dump(result, open(f"{out}/shaped.json", "w"), indent=2)
print(f"{'link':<9} {'profile':<8} {'mode':<9} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'CPU us/msg':>10} {'/best':>6} {'/none':>6}")
for r in rows:
    f = lambda v, w, p=1: f"{v:>{w}.{p}f}" if v is not None else " " * (w - 1) + "-"
    print(f"{r['link']:<9} {r['profile']:<8} {r['mode']:<9} {f(r['requestsPerSecond'], 8, 2)} {f(r['p50Ms'], 8, 0)} {f(r['p99Ms'], 8, 0)} "
          f"{f(r['routerCpuUsPerMessage'], 10, 0)} {f(r.get('adaptiveOverBest'), 6, 2)} {f(r.get('adaptiveOverNone'), 6, 2)}")
# Latency gain by message size, per link: none's median p50 over the mode's, per plain request size bucket (seed 000's
# "latency gain" figure); above 1, compression made that size faster.
def p50_by_size(cell):
    sizes = defaultdict(list)
    for run in (cell or {}).get("runs", []):
        for bucket, p50 in run["p50BySize"].items():
            sizes[bucket].append(p50)
    return {bucket: statistics.median(v) for bucket, v in sizes.items()}
def bucket_key(name):
    n = name.split("-")[0]
    return int(n[:-1]) * (1024 if n.endswith("K") else 1048576) if n[-1] in "KM" else int(n)
gains = {}
for link in dict.fromkeys(r["link"] for r in rows):
    groups = []
    for profile in ("simple", "medium", "complex"):
        none = p50_by_size(by.get((link, profile, "none")))
        modes = {m: p50_by_size(by.get((link, profile, m))) for m in ("always", "adaptive")}
        for bucket in sorted(none, key=bucket_key):
            values = {m: round(none[bucket] / modes[m][bucket], 2) for m in modes if modes[m].get(bucket)}
            if values:
                groups.append({"name": f"{profile} {bucket.split('-')[0]}", "values": values})
                gains.setdefault(link, {}).setdefault(profile, {})[bucket] = values
    if groups:
        json.dump({"title": f"Latency gain over no compression by request size: {link}", "unit": "p50 none / p50 mode",
                   "series": ["always", "adaptive"], "groups": groups, "decimals": 1, "reference": 1},
                  open(f"{out}/chart-latencyGain-{link}.json", "w"))
result["latencyGainBySize"] = gains
json.dump(result, open(f"{out}/shaped.json", "w"), indent=2)
for metric, unit in (("requestsPerSecond", "requests/s"), ("routerCpuUsPerMessage", "router CPU us per message")):
    groups = []
    for link in dict.fromkeys(r["link"] for r in rows):
        for profile in ("simple", "medium", "complex"):
            groups.append({"name": f"{link} {profile}", "values": {m: (by.get((link, profile, m)) or {}).get(metric) or 0 for m in ("none", "always", "adaptive")}})
    json.dump({"title": f"Shaped links: {unit}", "unit": unit, "series": ["none", "always", "adaptive"], "groups": groups},
              open(f"{out}/chart-{metric}.json", "w"))
PY
for metric in requestsPerSecond routerCpuUsPerMessage; do
  python3 Benchmarks/scripts/barchart.py "$out/chart-$metric.json" "$out/shaped-$metric.svg"
done
for spec in "$out"/chart-latencyGain-*.json; do
  [[ -e "$spec" ]] || continue
  name=$(basename "$spec" .json); python3 Benchmarks/scripts/barchart.py "$spec" "$out/shaped-${name#chart-}.svg"
done
echo "results: $out/shaped.json, charts: $out/shaped-*.svg"
