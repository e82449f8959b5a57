#!/usr/bin/env bash
# Durable delivery's cost and capacity (issue 36, docs/queues.md), side by side in one run, for each store (local:
# SQLite; rabbitmq: the broker at RABBITMQ_URI, default amqp://guest:guest@127.0.0.1:5672/, left out when none answers):
#  1. durable vs direct one-way: LoadClient (raw, soap12Http, submitOrder, --size) through one router with two
#     listeners, /router/direct (a direct route) and /router/durable (a durable route to the same stub), alternating
#     within each round; 1 KB and 150 KB; medians of ROUNDS rounds of REQUESTS requests; the ratio durable/direct of
#     messages per second and the p99 the durable step adds.
#  2. catch-up: CATCHUP (100000) 1 KB orders acknowledged while the stub is down, then the stub started: how long the
#     router takes to deliver them all (the stub's /stub/stats oneWayReceived), and the rate.
#  3. memory: WAIT_BYTES (1 GiB) of 150 KB orders acknowledged while the stub is down; the router's RSS sampled as the
#     store fills (the messages are on disk or in the broker, not in the router).
# Usage: [STORES="local rabbitmq"] [PARTS="ratio catchup memory"] [SKIP_BUILD=1]
#        Benchmarks/scripts/durable.sh [rounds (3)] [requests (3000)] [concurrency (16)]
# Writes artifacts/durable-bench/ (results.txt, the LoadClient JSON of every run, the router logs).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
rounds="${1:-3}"; requests="${2:-3000}"; concurrency="${3:-16}"
stores="${STORES:-local rabbitmq}"; parts="${PARTS:-ratio catchup memory}"
catchup="${CATCHUP:-100000}"; wait_bytes="${WAIT_BYTES:-1073741824}"
rabbit_uri="${RABBITMQ_URI:-amqp://guest:guest@127.0.0.1:5672/}"
out=artifacts/durable-bench; rm -rf "$out"; mkdir -p "$out"
stub_port=19280; direct_port=19281; durable_port=19282; admin_port=19283
require_free_ports "$stub_port" "$direct_port" "$durable_port" "$admin_port"
results="$out/results.txt"
say() { echo "$*" | tee -a "$results"; }
say "# $0 $*  (STORES=\"$stores\" PARTS=\"$parts\")"
say "# $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, load average $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
build_release "$out"

broker_up() { (exec 3<>"/dev/tcp/127.0.0.1/$(python3 -c "import sys,urllib.parse as u; print(u.urlparse(sys.argv[1]).port or 5672)" "$rabbit_uri")") 2>/dev/null; }

write_config() { # store, folder
  local queues
  if [[ "$1" == rabbitmq ]]; then
    queues="{ \"store\": \"rabbitmq\", \"maxBytes\": 4294967296, \"rabbitmq\": { \"uri\": \"$rabbit_uri\", \"queuePrefix\": \"$prefix\" } }"
  else
    queues="{ \"path\": \"$PWD/$2/queues\", \"maxBytes\": 4294967296 }"
  fi
  cat > "$2/router.json" <<JSON
{
  "listeners": [
    { "name": "direct", "binding": "soap12Http", "address": "http://127.0.0.1:$direct_port/router/direct" },
    { "name": "durable", "binding": "soap12Http", "address": "http://127.0.0.1:$durable_port/router/durable" }
  ],
  "routes": [
    { "name": "durable", "filters": [ { "type": "address", "value": "/router/durable" } ], "cluster": "c",
      "delivery": { "mode": "durable", "initialBackoff": "00:00:00.500", "maxBackoff": "00:00:02", "maxAttempts": 1000, "ttl": "1.00:00:00" } },
    { "name": "direct", "filters": [ { "type": "matchAll" } ], "cluster": "c" }
  ],
  "clusters": { "c": { "destinations": [ { "name": "stub", "address": "http://127.0.0.1:$stub_port/soap12", "binding": "soap12Http" } ] } },
  "limits": { "maxMessageSize": 1048576 },
  "admin": { "address": "http://127.0.0.1:$admin_port" },
  "queues": $queues
}
JSON
}

start_router() { # folder
  start "$1/router.log" dotnet "$(bin Router)" --config "$1/router.json"; router_pid=$last_pid
  wait_for "http://127.0.0.1:$admin_port/health" "the router" "$1"
}
start_stub() { # folder
  start "$1/stub.log" dotnet "$(bin BackendStub)" --http-port "$stub_port"; stub_pid=$last_pid
  wait_for "http://127.0.0.1:$stub_port/stub/stats" "the stub" "$1"
}
stop_pid() { kill -TERM "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }
received() { curl -fsS "http://127.0.0.1:$stub_port/stub/stats" | python3 -c "import json,sys; print(json.load(sys.stdin)['oneWayReceived'])"; }
drain() {
  local depth _
  for _ in $(seq 1 300); do
    depth=$(curl -fsS "http://127.0.0.1:$admin_port/queues" | python3 -c "import json,sys; print(json.load(sys.stdin)['queues'].get('durable',{}).get('depth',0))")
    [[ "$depth" == 0 ]] && return 0; sleep 0.5
  done
}
load() { # json, port, path, size, requests, [extra...]
  local json="$1" port="$2" path="$3" size="$4" n="$5"; shift 5
  dotnet "$(bin LoadClient)" --url "http://127.0.0.1:$port/router/$path" --binding soap12Http --operation submitOrder --size "$size" \
    --requests "$n" --warmup "${warmup:-50}" --concurrency "$concurrency" --quiet --json "$json" "$@" > "$json.log" 2>&1
}

prefix="bench.$(date +%s).$$."
drop_bench_queues() { # the broker's queues this run made (a GB of messages after the memory part), where rabbitmqctl runs here
  command -v rabbitmqctl > /dev/null 2>&1 || return 0
  local q
  for q in $(rabbitmqctl -q list_queues name 2> /dev/null | grep -F "$prefix"); do rabbitmqctl -q delete_queue "$q" > /dev/null 2>&1 || true; done
}
trap 'drop_bench_queues; stop_started' EXIT

for store in $stores; do
  if [[ "$store" == rabbitmq ]] && ! broker_up; then say "## rabbitmq: no broker answers at $rabbit_uri; left out"; continue; fi
  dir="$out/$store"; mkdir -p "$dir"; write_config "$store" "$dir"

  if [[ " $parts " == *" ratio "* ]]; then
    start_stub "$dir"; start_router "$dir"
    for round in $(seq 1 "$rounds"); do
      for size in 1024 153600; do
        n=$requests; [[ $size -gt 100000 ]] && n=$(( requests / 5 ))
        for mode in direct durable; do
          port=$direct_port; [[ $mode == durable ]] && port=$durable_port
          load "$dir/run-$mode-$size-$round.json" "$port" "$mode" "$size" "$n" || { tail -5 "$dir/run-$mode-$size-$round.json.log"; exit 1; }
          # Let the deliverer empty the queue before the next run, so its deliveries never share a run with another.
          [[ $mode == durable ]] && drain
        done
      done
    done
    stop_pid "$router_pid"; stop_pid "$stub_pid"
    python3 - "$dir" "$rounds" "$store" <<'PY' | tee -a "$results"
import json, statistics, sys
d, rounds, store = sys.argv[1], int(sys.argv[2]), sys.argv[3]
print(f"## {store}: durable vs direct one-way, median of {rounds} rounds")
print("| size | direct msg/s | durable msg/s | durable/direct | direct p99 ms | durable p99 ms | p99 added ms |")
print("|---|---|---|---|---|---|---|")
for size in (1024, 153600):
    runs = {m: [json.load(open(f"{d}/run-{m}-{size}-{r}.json")) for r in range(1, rounds + 1)] for m in ("direct", "durable")}
    bad = [r for m in runs for r in runs[m] if r["ok"] != r["requests"]]
    rate = {m: statistics.median(r["requestsPerSecond"] for r in runs[m]) for m in runs}
    p99 = {m: statistics.median(r["latencyMs"]["p99"] for r in runs[m]) for m in runs}
    ratio = statistics.median(runs["durable"][i]["requestsPerSecond"] / runs["direct"][i]["requestsPerSecond"] for i in range(rounds))
    print(f"| {size // 1024} KB | {rate['direct']:.0f} | {rate['durable']:.0f} | {ratio:.2f} | {p99['direct']:.2f} | {p99['durable']:.2f} | {p99['durable'] - p99['direct']:.2f} |" + (f" FAILED requests in {len(bad)} runs" if bad else ""))
PY
  fi

  if [[ " $parts " == *" catchup "* ]]; then
    write_config "$store" "$dir"; rm -rf "$dir/queues"
    start_router "$dir"
    began=$(date +%s.%N)
    warmup=0 load "$dir/catchup-accept.json" "$durable_port" durable 1024 "$catchup" || { tail -5 "$dir/catchup-accept.json.log"; exit 1; }
    accepted_in=$(python3 -c "print(f'{$(date +%s.%N) - $began:.1f}')")
    start_stub "$dir"; began=$(date +%s.%N); got=0
    while (( got < catchup )); do
      sleep 0.5; got=$(received)
      if python3 -c "import sys; sys.exit(0 if $(date +%s.%N) - $began > 900 else 1)"; then say "catch-up: only $got of $catchup within 900 s"; break; fi
    done
    took=$(python3 -c "print(f'{$(date +%s.%N) - $began:.1f}')")
    say "## $store: catch-up after an outage: $catchup 1 KB orders acknowledged in ${accepted_in} s with the stub down; delivered in ${took} s once it was up: $(python3 -c "print(round($catchup / $took))") msg/s"
    stop_pid "$router_pid"; stop_pid "$stub_pid"
  fi

  if [[ " $parts " == *" memory "* ]]; then
    write_config "$store" "$dir"; rm -rf "$dir/queues"
    start_router "$dir"
    per=$(( 153600 )); total=$(( wait_bytes / per )); step=$(( total / 8 ))
    rss() { awk '/VmRSS/ {print int($2/1024)}' "/proc/$router_pid/status"; }
    line="| stored MB | router RSS MB |"; say "## $store: the router's memory while $(( wait_bytes >> 20 )) MB of 150 KB orders wait (the stub down)"
    say "$line"; say "|---|---|"; say "| 0 | $(rss) |"
    for i in $(seq 1 8); do
      warmup=0 load "$dir/memory-$i.json" "$durable_port" durable "$per" "$step" || { tail -5 "$dir/memory-$i.json.log"; exit 1; }
      say "| $(( i * step * per >> 20 )) | $(rss) |"
    done
    curl -fsS "http://127.0.0.1:$admin_port/queues" > "$dir/memory-queues.json"
    stop_pid "$router_pid"
    [[ "$store" == local ]] && say "store file: $(du -sm "$dir/queues" | cut -f1) MB"
  fi
done
say "# done $(date -u +%FT%TZ)"
