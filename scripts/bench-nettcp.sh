#!/usr/bin/env bash
# Side-by-side, in one run: a WCF net.tcp client (LoadClient --client wcf, NetTcpBinding-equivalent channels, one per
# worker) echoing through the router (netTcp listener -> netTcp destination) with session affinity (the default: a
# backend session per client channel) and multiplexed (routes[].sessions: multiplex, the pooled sessions), against the
# same client calling BackendStub's net.tcp endpoint directly. Sizes 1 KB and 150 KB; direct and routed runs alternate ROUNDS times against the same processes.
# Per run: requests/s and, for routed runs, the router's CPU per request (from /proc). Client, router and stub share
# the machine's cores: read the routed/direct ratio within a round, not the absolute numbers.
# Usage: scripts/bench-nettcp.sh [rounds (3)] [requests per run (3000)] [concurrency (8)]
# Ports: ROUTER_PORT (8808), STUB_HTTP_PORT (9080), STUB_TCP_PORT (9090), ADMIN_PORT (9901) in the environment.
# ROUTER_B_DLL=path/Router.dll starts a second router (another build: git worktree add /tmp/b <commit> && dotnet build
# /tmp/b/Router -c Release) on ROUTER_B_PORT (ROUTER_PORT+1) and ADMIN_B_PORT (ADMIN_PORT+1), against the same stub:
# each round then also runs "affinityB" and "multiplexB", so one run reads both builds' ratios side by side.
# ROUTER_B_ENV="NAME=value ..." does the same with this build (or ROUTER_B_DLL's) started with that environment.
# WARMUP (30000) 1 KB requests per URL before the rounds: the JIT tiers the hot path up during the first seconds of load
# (about 12 s, passthrough.sh). With 3,000 (half a second) the first round's 1 KB cells ran at 117-130 us of router CPU
# per message and the third at 63-80 (BENCHMARKS.md, runs H and I): 30,000 is about 6 s per URL, for direct and routed alike.
# SIZES ("1024 153600"): the message sizes of each round.
# CLIENT_WARMUP (0): calls each run's client makes before it measures. 0 is the issue's measure (each run's WCF client
# starts cold, as the direct run's does); a few thousand give a warm client, whose smaller share of the cores leaves the
# router's cost per message plainer: with ROUTER_B_DLL and many requests per run (e.g. 4 30000), an A/B of two builds'
# router CPU and allocations per message (from /proc and /stats, printed for routed runs).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh
rounds="${1:-3}"; requests="${2:-3000}"; concurrency="${3:-8}"; out=artifacts/bench-nettcp; mkdir -p "$out"
router_port="${ROUTER_PORT:-8808}"; stub_http="${STUB_HTTP_PORT:-9080}"; stub_tcp="${STUB_TCP_PORT:-9090}"; admin="${ADMIN_PORT:-9901}"
router_b_port="${ROUTER_B_PORT:-$((router_port + 1))}"; admin_b="${ADMIN_B_PORT:-$((admin + 1))}"
require_free_ports "$router_port" "$stub_http" "$stub_tcp" "$admin"
[[ -n "${ROUTER_B_DLL:-}${ROUTER_B_ENV:-}" ]] && require_free_ports "$router_b_port" "$admin_b"
build_release "$out"

cat > "$out/router.json" <<JSON
{
  "listeners": [
    { "name": "tcp", "binding": "netTcp", "address": "net.tcp://127.0.0.1:$router_port/router" },
    { "name": "tcp-mux", "binding": "netTcp", "address": "net.tcp://127.0.0.1:$router_port/router-mux" }
  ],
  "routes": [
    { "name": "mux", "filters": [ { "type": "address", "value": "/router-mux" } ], "cluster": "stub", "sessions": "multiplex" },
    { "name": "tcp", "filters": [ { "type": "matchAll" } ], "cluster": "stub" }
  ],
  "clusters": { "stub": { "destinations": [ { "name": "stub-tcp", "binding": "netTcp", "address": "net.tcp://127.0.0.1:$stub_tcp/tcp" } ] } },
  "admin": { "address": "http://127.0.0.1:$admin" },
  "telemetry": { "logLevel": "Warning" }
}
JSON
start_stub_and_router "$out" "$stub_http" "$stub_tcp" "$admin"
routerb=
if [[ -n "${ROUTER_B_DLL:-}${ROUTER_B_ENV:-}" ]]; then
  sed "s/127.0.0.1:$router_port/127.0.0.1:$router_b_port/g; s/127.0.0.1:$admin/127.0.0.1:$admin_b/" "$out/router.json" > "$out/router-b.json"
  start "$out/router-b.log" env ${ROUTER_B_ENV:-} dotnet "${ROUTER_B_DLL:-$(bin Router)}" --config "$out/router-b.json"; routerb=$last_pid
  wait_for "http://127.0.0.1:$admin_b/health" "the second router" "$out"
fi

router_of() { # the router that serves run $1 (a name ending in B: the second one): its pid and admin port
  if [[ "$1" == *B ]]; then echo "$routerb $admin_b"; else echo "$router $admin"; fi
}
router_counts() { # pid, admin port: CPU ticks, messages and bytes allocated so far
  local stats
  stats=$(curl -fsS "http://127.0.0.1:$2/stats")
  echo "$(awk '{print $14 + $15}' "/proc/$1/stat") $(python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["messages"], d["process"]["allocatedBytes"])' <<< "$stats")"
}
load() { # url, size, requests, json
  dotnet "$(bin LoadClient)" --client wcf --binding netTcp --url "$1" --operation echo --size "$2" \
    --warmup "${CLIENT_WARMUP:-0}" --concurrency "$concurrency" --requests "$3" --json "$4" > /dev/null
}
run() { # name, url, size
  local before after
  [[ "$1" != direct ]] && before=$(router_counts $(router_of "$1"))
  load "$2" "$3" "$requests" "$out/$1-$3.json"
  [[ "$1" != direct ]] && after=$(router_counts $(router_of "$1"))
  python3 - "$out/$1-$3.json" "$1" "$3" "${before:-}" "${after:-}" <<'PY' | tee -a "$out/results.txt"
import json, sys
d = json.load(open(sys.argv[1])); name, size = sys.argv[2], int(sys.argv[3])
routed = ""
if name != "direct":
    (ticks0, messages0, bytes0), (ticks1, messages1, bytes1) = ([int(x) for x in a.split()] for a in sys.argv[4:6])
    messages = max(1, messages1 - messages0)  # the client's warm-up calls included: the router served them too
    routed = f"  router CPU {(ticks1 - ticks0) * 10000 / messages:>6.0f} us/msg  {(bytes1 - bytes0) / messages:>7.0f} B/msg allocated"
print(f"{name:<9} {size:>7} B  {d['requestsPerSecond']:>8.1f} req/s  ok {d['ok']:>6}/{d['requests']:<6}{routed}")
PY
}
: > "$out/results.txt"
urls=(net.tcp://127.0.0.1:$stub_tcp/tcp net.tcp://127.0.0.1:$router_port/router net.tcp://127.0.0.1:$router_port/router-mux)
[[ -n "$routerb" ]] && urls+=(net.tcp://127.0.0.1:$router_b_port/router net.tcp://127.0.0.1:$router_b_port/router-mux)
for url in "${urls[@]}"; do load "$url" 1024 "${WARMUP:-30000}" "$out/warm.json"; load "$url" 153600 100 "$out/warm.json"; done
for round in $(seq 1 "$rounds"); do
  echo "-- round $round" | tee -a "$out/results.txt"
  for size in ${SIZES:-1024 153600}; do
    run direct net.tcp://127.0.0.1:$stub_tcp/tcp "$size"
    run affinity net.tcp://127.0.0.1:$router_port/router "$size"
    run multiplex net.tcp://127.0.0.1:$router_port/router-mux "$size"
    if [[ -n "$routerb" ]]; then
      run affinityB net.tcp://127.0.0.1:$router_b_port/router "$size"
      run multiplexB net.tcp://127.0.0.1:$router_b_port/router-mux "$size"
    fi
  done
done
