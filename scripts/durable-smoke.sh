#!/usr/bin/env bash
# Durable delivery, at least once, with real processes (docs/queues.md): LoadClient sends N one-way SubmitOrder
# (--record-acks) through the router to a route with delivery.mode durable while its BackendStub is down; the router is
# killed with SIGKILL and started again on the same store; the stub comes up (--record-oneway). Every acknowledged
# order must arrive (0 lost); duplicates (a delivery the kill cut short, sent again) are counted, not failures.
# Usage: scripts/durable-smoke.sh [orders (2000)]; SKIP_BUILD=1 uses the Release binaries already built.
# Last line: "durable smoke: PASS acknowledged N, lost 0, duplicates D" (or FAIL and why). Logs: artifacts/durable-smoke/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh

orders="${1:-2000}"
out="artifacts/durable-smoke"
rm -rf "$out"; mkdir -p "$out"
stub_port=19180; listener_port=19181; admin_port=19182
require_free_ports "$stub_port" "$listener_port" "$admin_port"
build_release "$out"

cat > "$out/router.json" <<JSON
{
  "listeners": [ { "name": "soap12", "binding": "soap12Http", "address": "http://127.0.0.1:$listener_port/router/soap12" } ],
  "routes": [ { "name": "orders", "filters": [ { "type": "matchAll" } ], "cluster": "c",
                "delivery": { "mode": "durable", "initialBackoff": "00:00:00.200", "maxBackoff": "00:00:02", "maxAttempts": 1000 } } ],
  "clusters": { "c": { "destinations": [ { "name": "stub", "address": "http://127.0.0.1:$stub_port/soap12", "binding": "soap12Http" } ] } },
  "admin": { "address": "http://127.0.0.1:$admin_port" },
  "queues": { "path": "$PWD/$out/queues" }
}
JSON

fail() { echo "durable smoke: FAIL $*"; exit 1; }

start "$out/router-1.log" dotnet "$(bin Router)" --config "$out/router.json"; first=$last_pid
wait_for "http://127.0.0.1:$admin_port/health" "the router" "$out"
echo "== $orders one-way orders to the durable route, the backend down"
dotnet "$(bin LoadClient)" --url "http://127.0.0.1:$listener_port/router/soap12" --binding soap12Http --operation submitOrder \
  --requests "$orders" --warmup 0 --concurrency 16 --quiet --record-acks "$out/acks.txt" > "$out/load.log" 2>&1 || fail "the load client failed (see $out/load.log)"
acked=$(sort -u "$out/acks.txt" | wc -l)
curl -fsS "http://127.0.0.1:$admin_port/queues" > "$out/queues-before-kill.json"
echo "== $acked acknowledged; SIGKILL to the router (pid $first)"
kill -KILL "$first"; wait "$first" 2>/dev/null || true

start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port "$stub_port" --record-oneway "$out/received.txt"
wait_for "http://127.0.0.1:$stub_port/stub/stats" "the stub" "$out"
start "$out/router-2.log" dotnet "$(bin Router)" --config "$out/router.json"
wait_for "http://127.0.0.1:$admin_port/health" "the restarted router" "$out"
echo "== the router restarted on the same store, the backend up: waiting for the deliveries"
started=$(date +%s)
while :; do
  received=$( [[ -f "$out/received.txt" ]] && sort -u "$out/received.txt" | wc -l || echo 0)
  lost=$(comm -23 <(sort -u "$out/acks.txt") <(sort -u "$out/received.txt" 2>/dev/null || true) | wc -l)
  [[ "$lost" -eq 0 ]] && break
  (( $(date +%s) - started > 120 )) && fail "$lost of $acked acknowledged orders did not arrive within 120 s"
  sleep 1
done
took=$(( $(date +%s) - started ))
curl -fsS "http://127.0.0.1:$admin_port/queues" > "$out/queues-after.json"
total=$(wc -l < "$out/received.txt")
unknown=$(comm -13 <(sort -u "$out/acks.txt") <(sort -u "$out/received.txt") | wc -l)
echo "== delivered in ${took} s; the queue after: $(cat "$out/queues-after.json")"
echo "durable smoke: PASS acknowledged $acked, lost 0, duplicates $(( total - received )), unacknowledged arrivals $unknown"
