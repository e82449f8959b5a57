#!/usr/bin/env bash
# Durable delivery, at least once, with real processes (docs/queues.md): LoadClient sends N one-way SubmitOrder
# (--record-acks) through the router to a route with delivery.mode durable while its BackendStub is down; the router is
# killed with SIGKILL and started again on the same store; the stub comes up (--record-oneway). Every acknowledged
# order must arrive (0 lost); duplicates (a delivery the kill cut short, sent again) are counted, not failures.
# With the store "rabbitmq" (a running rabbitmq-server, RABBITMQ_URI, default amqp://guest:guest@127.0.0.1:5672/): two
# routers share the broker; the orders go through the first, which is killed for good; the second delivers them all.
# Usage: scripts/durable-smoke.sh [orders (2000)] [local|rabbitmq]; SKIP_BUILD=1 uses the Release binaries already built.
# Last line: "durable smoke: PASS acknowledged N, lost 0, duplicates D" (or FAIL and why). Logs: artifacts/durable-smoke/
# (artifacts/durable-smoke-rabbitmq/).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh

orders="${1:-2000}"
store="${2:-local}"
case "$store" in
  local) out="artifacts/durable-smoke" ;;
  rabbitmq) out="artifacts/durable-smoke-rabbitmq" ;;
  *) echo "usage: scripts/durable-smoke.sh [orders] [local|rabbitmq]" >&2; exit 2 ;;
esac
rm -rf "$out"; mkdir -p "$out"
stub_port=19180; listener_port=19181; admin_port=19182; other_listener_port=19183; other_admin_port=19184
require_free_ports "$stub_port" "$listener_port" "$admin_port" "$other_listener_port" "$other_admin_port"
build_release "$out"

if [[ "$store" == rabbitmq ]]; then
  # A queue prefix of this run's own, so an earlier run's queues never mix in.
  queues="{ \"store\": \"rabbitmq\", \"rabbitmq\": { \"uri\": \"${RABBITMQ_URI:-amqp://guest:guest@127.0.0.1:5672/}\", \"queuePrefix\": \"smoke.$(date +%s).$$.\" } }"
else
  queues="{ \"path\": \"$PWD/$out/queues\" }"
fi
write_config() { # file listener-port admin-port
  cat > "$1" <<JSON
{
  "listeners": [ { "name": "soap12", "binding": "soap12Http", "address": "http://127.0.0.1:$2/router/soap12" } ],
  "routes": [ { "name": "orders", "filters": [ { "type": "matchAll" } ], "cluster": "c",
                "delivery": { "mode": "durable", "initialBackoff": "00:00:00.200", "maxBackoff": "00:00:02", "maxAttempts": 1000 } } ],
  "clusters": { "c": { "destinations": [ { "name": "stub", "address": "http://127.0.0.1:$stub_port/soap12", "binding": "soap12Http" } ] } },
  "admin": { "address": "http://127.0.0.1:$3" },
  "queues": $queues
}
JSON
}
write_config "$out/router.json" "$listener_port" "$admin_port"

fail() { echo "durable smoke: FAIL $*"; exit 1; }

start "$out/router-1.log" dotnet "$(bin Router)" --config "$out/router.json"; first=$last_pid
wait_for "http://127.0.0.1:$admin_port/health" "the router" "$out"
if [[ "$store" == rabbitmq ]]; then
  # The second replica, on the same broker, running all along: it takes its share of the deliveries, and all of them
  # once the first is gone.
  write_config "$out/router-other.json" "$other_listener_port" "$other_admin_port"
  start "$out/router-other.log" dotnet "$(bin Router)" --config "$out/router-other.json"
  wait_for "http://127.0.0.1:$other_admin_port/health" "the second router" "$out"
fi
echo "== $orders one-way orders to the durable route ($store store), the backend down"
dotnet "$(bin LoadClient)" --url "http://127.0.0.1:$listener_port/router/soap12" --binding soap12Http --operation submitOrder \
  --requests "$orders" --warmup 0 --concurrency 16 --quiet --record-acks "$out/acks.txt" > "$out/load.log" 2>&1 || fail "the load client failed (see $out/load.log)"
acked=$(sort -u "$out/acks.txt" | wc -l)
curl -fsS "http://127.0.0.1:$admin_port/queues" > "$out/queues-before-kill.json"
echo "== $acked acknowledged; SIGKILL to the router (pid $first)"
kill -KILL "$first"; wait "$first" 2>/dev/null || true

start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port "$stub_port" --record-oneway "$out/received.txt"
wait_for "http://127.0.0.1:$stub_port/stub/stats" "the stub" "$out"
if [[ "$store" == rabbitmq ]]; then
  # The killed router stays dead: the other delivers everything it acknowledged.
  admin_port=$other_admin_port
  echo "== the acknowledging router stays dead, the backend up: waiting for the second router's deliveries"
else
  start "$out/router-2.log" dotnet "$(bin Router)" --config "$out/router.json"
  wait_for "http://127.0.0.1:$admin_port/health" "the restarted router" "$out"
  echo "== the router restarted on the same store, the backend up: waiting for the deliveries"
fi
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
echo "durable smoke: PASS acknowledged $acked, lost 0, duplicates $(( total - received )), unacknowledged arrivals $unknown ($store store)"
