#!/usr/bin/env bash
# Where the router's CPU goes on a slow client link: LoadClient in one network namespace, router and BackendStub in
# another, a 1.5 Mbit/s tbf both ways (as shaped-links.sh), no compression, simple messages at the seed's sizes, 8
# clients; after 8 s, `perf record` of the router for 12 s and its CPU ticks over the same 12 s.
# SPIN=n sets DOTNET_ThreadPool_UnfairSemaphoreSpinLimit for the router (unset: the router's runtimeconfig value, 0;
# the runtime's own default is 70).
# Needs root and perf. Writes /tmp/slow.perf (perf report -i /tmp/slow.perf) and /tmp/slow-lc.json.
set -uo pipefail
cd "$(dirname "$0")/../.."
c=sr-client; r=sr-router
ip netns del $c 2>/dev/null; ip netns del $r 2>/dev/null
ip netns add $c; ip netns add $r
ip link add sr-c type veth peer name sr-r
ip link set sr-c netns $c; ip link set sr-r netns $r
ip -n $c addr add 10.77.0.1/24 dev sr-c; ip -n $r addr add 10.77.0.2/24 dev sr-r
for ns in $c $r; do ip -n $ns link set lo up; done
ip -n $c link set sr-c up; ip -n $r link set sr-r up
tc -n $c qdisc add dev sr-c root tbf rate 1.5mbit burst 32kbit latency 200ms
tc -n $r qdisc add dev sr-r root tbf rate 1.5mbit burst 32kbit latency 200ms
cat > /tmp/slow-router.json <<'JSON'
{
  "listeners": [ { "name": "soap12", "binding": "soap12Http", "address": "http://10.77.0.2:8080/router/soap12" } ],
  "routes": [ { "name": "all", "filters": [ { "type": "matchAll" } ], "cluster": "stub" } ],
  "clusters": { "stub": { "destinations": [ { "name": "stub", "binding": "soap12Http", "address": "http://127.0.0.1:9080/soap12" } ] } },
  "admin": { "address": "http://10.77.0.2:9901" },
  "telemetry": { "logLevel": "Warning" }
}
JSON
ip netns exec $r dotnet BackendStub/bin/Release/net10.0/BackendStub.dll --http-port 9080 > /tmp/slow-stub.log 2>&1 &
spin=(); [[ -n "${SPIN:-}" ]] && spin=(DOTNET_ThreadPool_UnfairSemaphoreSpinLimit="$SPIN")
ip netns exec $r env DOTNET_PerfMapEnabled=1 "${spin[@]}" dotnet Router/bin/Release/net10.0/Router.dll --config /tmp/slow-router.json > /tmp/slow-router.log 2>&1 &
sleep 8
pid=$(pgrep -f "slow-router.json" | tail -1)
ip netns exec $c dotnet LoadClient/bin/Release/net10.0/LoadClient.dll --url http://10.77.0.2:8080/router/soap12 --binding soap12Http --operation echo --size-distribution seed --profile simple --concurrency 8 --warmup 4 --duration 25 --timeout 120 --allow-remote --quiet --json /tmp/slow-lc.json > /dev/null &
sleep 8
t0=$(awk '{print $14+$15}' /proc/$pid/stat)
perf record -F 499 -g -p $pid -o /tmp/slow.perf -- sleep 12 2>/dev/null
t1=$(awk '{print $14+$15}' /proc/$pid/stat)
echo "router CPU ticks in 12 s: $((t1-t0))"
wait %3 2>/dev/null
pkill -f slow-router.json; pkill -f "BackendStub.dll --http-port 9080"
sleep 1
ip netns del $c; ip netns del $r
