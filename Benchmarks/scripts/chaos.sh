#!/usr/bin/env bash
# Chaos in the compose stack (issue 20 §5): the scale-out stack (docker-compose.yml + docker-compose.scale.yml, two
# router replicas behind the HAProxy front), LoadClients on the host through the front's https port, and one fault at a
# time on backend-b (or a router replica), each in three windows of --window seconds: before, during, after.
#   kill      SIGKILL backend-b (docker kill -s KILL), started again after
#   pause     docker pause backend-b: a black hole (connections hang, nothing is refused), unpaused after
#   drop      iptables DROP of every packet into backend-b (in its network namespace), removed after
#   squeeze   tc tbf on backend-b's link, 1 Mbit/s (netem is not in this kernel), removed after
#   slow      backend-b answers 2 s late (the stub's PUT /stub/latency?ms=2000), back to 0 after
#   restart   docker restart of one router replica (SIGTERM: it drains, then starts again) behind the front
#   reload    router.json rewritten 100 times (renamed over, as editors do) under both replicas
# Load in every window: GetOrders (idempotent: failover may retry it) on /router/basic, 16 connections, and one-way
# SubmitOrder on the same route, 4 connections; the route's cluster is backend-a and backend-b round robin.
# Figures per fault: failed GetOrders (target 0), one-way messages acknowledged (202) to the client but never received
# by a backend (target 0), counted two ways: from the stub counters (read just before a kill: a message b counted but
# died before acknowledging makes "received" one higher), and exactly, by id: each LoadClient appends the OrderId of
# every acknowledged SubmitOrder to a file (--record-acks) and each stub the OrderId of every one it accepted
# (--record-oneway, written before its 202, so a SIGKILL loses none; records/ is bind-mounted into the stubs by a
# compose file this script writes). GetOrders p99 before, during and after. Results: artifacts/chaos/ (summary.md,
# windows.csv, p99.svg, records/).
#
# Usage: Benchmarks/scripts/chaos.sh [--window SECONDS (20)] [--faults "kill pause drop squeeze slow restart reload"] [--no-build]
# Needs root (nsenter, iptables, tc into the backend's namespace) and a Docker daemon.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

window=20
faults="kill pause drop squeeze slow restart reload"
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --window) window="$2"; shift ;;
    --faults) faults="$2"; shift ;;
    --no-build) build=0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done
for tool in nsenter iptables tc; do command -v "$tool" > /dev/null || { echo "chaos: $tool is needed (apt-get install -y iptables iproute2 util-linux)" >&2; exit 1; }; done

OUT="$root/artifacts/chaos"
rm -rf "$OUT" && mkdir -p "$OUT"
export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-soaprouter-chaos}"
export ROUTER_INTERNAL_SUBNET="${ROUTER_INTERNAL_SUBNET:-172.30.2.0/24}"
# The stubs record the one-way orders they accept into records/, which outlives a SIGKILLed container.
mkdir -p "$OUT/records" && chmod 777 "$OUT/records"
cat > "$OUT/docker-compose.records.yml" <<YML
services:
  backend-a:
    command: ["--record-oneway", "/records/backend-a.txt"]
    volumes: ["$OUT/records:/records"]
  backend-b:
    command: ["--seed", "2", "--record-oneway", "/records/backend-b.txt"]
    volumes: ["$OUT/records:/records"]
YML
export COMPOSE_FILE="docker-compose.yml:docker-compose.scale.yml:$OUT/docker-compose.records.yml"
source scripts/lib/compose-stack.sh
source scripts/lib/tls-checks.sh
[ "$BASE_IMAGE" = soap-router-base:bookworm ] && export FRONT_BASE_IMAGE="${FRONT_BASE_IMAGE:-soap-router-base:bookworm-apt}"
export ROUTER_CONFIG_DIR="$OUT/config"
cp -r deploy/router "$ROUTER_CONFIG_DIR"
chmod -R a+rX "$ROUTER_CONFIG_DIR"

echo "== building and starting the scale-out stack (2 router replicas)"
[ "$build" = 1 ] && stack_prepare
stack_up --scale router=2
client_tls_copy docker-compose "$OUT/client-tls" || stack_fail "client certificates out of the certs volume"
mapfile -t replicas < <(docker-compose ps -q router)
backend_b=$(docker-compose ps -q backend-b)
backend_a=$(docker-compose ps -q backend-a)
https="https://127.0.0.1:$ROUTER_HTTPS_PORT"
# Until the front has seen both replicas healthy.
sleep 6

stub_one_way() { # container: its oneWayReceived, empty when it cannot be asked (paused, dead)
  docker exec "$1" bash -c 'exec 3<>/dev/tcp/127.0.0.1/9080 && printf "GET /stub/stats HTTP/1.0\r\nHost: s\r\n\r\n" >&3 && cat <&3' 2>/dev/null \
    | sed '1,/^\r\{0,1\}$/d' | python3 -c 'import json,sys; print(json.load(sys.stdin)["oneWayReceived"])' 2>/dev/null
}
b_pid() { docker inspect -f '{{.State.Pid}}' "$backend_b"; }

lc() { # name seconds arguments...
  local name="$1" seconds="$2"; shift 2
  SSL_CERT_FILE="$OUT/client-tls/ca.crt" "$root/artifacts/publish/loadclient/LoadClient" --url "$https/router/basic" \
    --binding basicHttp --duration "$seconds" --timeout 30 --warmup 0 --quiet --json "$OUT/$name.json" "$@" > "$OUT/$name.txt" 2>&1
}
load() { # window name: GetOrders and SubmitOrder for $window seconds, together
  lc "$1-get" "$window" --operation getOrders --orders 10 --concurrency 16 &
  lc "$1-oneway" "$window" --operation submitOrder --concurrency 4 --record-acks "$OUT/$1-oneway-acked.txt" &
}

inject() { # fault
  case "$1" in
    kill) b_before_kill=$(stub_one_way "$backend_b"); docker kill -s KILL "$backend_b" > /dev/null ;;
    pause) docker pause "$backend_b" > /dev/null ;;
    drop) nsenter -t "$(b_pid)" -n iptables -I INPUT -j DROP ;;
    squeeze) nsenter -t "$(b_pid)" -n tc qdisc add dev eth0 root tbf rate 1mbit burst 16kb latency 500ms ;;
    slow) docker exec "$backend_b" bash -c 'exec 3<>/dev/tcp/127.0.0.1/9080 && printf "PUT /stub/latency?ms=2000 HTTP/1.0\r\nHost: s\r\nContent-Length: 0\r\n\r\n" >&3 && cat <&3' > /dev/null ;;
    restart) docker restart -t 40 "${replicas[0]}" > /dev/null ;;
    reload)
      for i in $(seq 1 100); do
        sed "1s|^.*$|// chaos reload $i|" "$ROUTER_CONFIG_DIR/router.json" > "$ROUTER_CONFIG_DIR/.router.json.new"
        chmod a+r "$ROUTER_CONFIG_DIR/.router.json.new"
        mv "$ROUTER_CONFIG_DIR/.router.json.new" "$ROUTER_CONFIG_DIR/router.json"
        sleep 0.15
      done ;;
  esac
}
heal() { # fault
  case "$1" in
    kill) docker start "$backend_b" > /dev/null ;;
    pause) docker unpause "$backend_b" > /dev/null ;;
    drop) nsenter -t "$(b_pid)" -n iptables -D INPUT -j DROP ;;
    squeeze) nsenter -t "$(b_pid)" -n tc qdisc del dev eth0 root ;;
    slow) docker exec "$backend_b" bash -c 'exec 3<>/dev/tcp/127.0.0.1/9080 && printf "PUT /stub/latency?ms=0 HTTP/1.0\r\nHost: s\r\nContent-Length: 0\r\n\r\n" >&3 && cat <&3' > /dev/null ;;
    restart|reload) ;;
  esac
}

start=$(date +%s)
echo "window,fault,phase,start_s" > "$OUT/windows.csv"
echo "x,label" > "$OUT/marks.csv"
for fault in $faults; do
  echo "== $fault"
  a0=$(stub_one_way "$backend_a"); b0=$(stub_one_way "$backend_b"); b_before_kill=""
  for phase in before during after; do
    echo "$fault-$phase,$fault,$phase,$(( $(date +%s) - start ))" >> "$OUT/windows.csv"
    load "$fault-$phase"
    if [ "$phase" = during ]; then
      sleep 2
      echo "$(( $(date +%s) - start )),$fault" >> "$OUT/marks.csv"
      inject "$fault"
    fi
    wait
    [ "$phase" = during ] && heal "$fault"
  done
  # Back to normal before the next fault (backend-b healthy in the router's eyes again).
  sleep 5
  a1=$(stub_one_way "$backend_a"); b1=$(stub_one_way "$backend_b")
  echo "$fault,${a0:-},${a1:-},${b0:-},${b_before_kill:-},${b1:-}" >> "$OUT/one-way.csv"
done
for c in "${replicas[@]}"; do docker logs "$c" > "$OUT/router-$(docker inspect -f '{{.Name}}' "$c" | tr -d /).log" 2>&1; done

python3 - "$OUT" <<'PY' | tee "$OUT/summary.md"
import csv, glob, json, os, sys
out = sys.argv[1]
def ids(path):
    try:
        return {line.strip() for line in open(path) if line.strip() and line.strip() != "-"}
    except OSError:
        return None
received_ids = set()
for record in glob.glob(os.path.join(out, "records", "*.txt")):
    received_ids |= ids(record) or set()
def report(name):
    try:
        return json.load(open(os.path.join(out, f"{name}.json")))
    except Exception:
        return None
windows = list(csv.DictReader(open(os.path.join(out, "windows.csv"))))
one_way = {r[0]: r[1:] for r in csv.reader(open(os.path.join(out, "one-way.csv")))}
print("| fault | failed GetOrders (during / after) | one-way acked | one-way received | lost acked one-way (counters) | acked, not received (by id) | GetOrders p99 ms before / during / after |")
print("|---|---|---|---|---|---|---|")
timeline = []
ok = True
for fault in dict.fromkeys(w["fault"] for w in windows):
    get = {p: report(f"{fault}-{p}-get") for p in ("before", "during", "after")}
    ow = {p: report(f"{fault}-{p}-oneway") for p in ("before", "during", "after")}
    failed = [g["requests"] - g["ok"] if g else None for g in (get["during"], get["after"])]
    acked = sum(r["ok"] for r in ow.values() if r)
    a0, a1, b0, bk, b1 = (int(v) if v else None for v in one_way.get(fault, [None] * 5))
    received = None
    if None not in (a0, a1, b0, b1):
        received = (a1 - a0) + ((bk - b0) + b1 if bk is not None else (b1 - b0))
    lost = None if received is None else max(0, acked - received)
    acked_ids = [ids(os.path.join(out, f"{fault}-{p}-oneway-acked.txt")) for p in ("before", "during", "after")]
    missing = None if None in acked_ids else len(set().union(*acked_ids) - received_ids)
    p99 = [f"{g['latencyMs']['p99']:.0f}" if g else "-" for g in get.values()]
    print(f"| {fault} | {failed[0]} / {failed[1]} | {acked} | {received if received is not None else '?'} | "
          f"{lost if lost is not None else '?'} | {missing if missing is not None else '?'} | {' / '.join(p99)} |")
    ok = ok and failed == [0, 0] and (missing == 0 if missing is not None else lost == 0)
    for w in windows:
        if w["fault"] == fault and get[w["phase"]]:
            timeline.append((int(w["start_s"]), get[w["phase"]]["latencyMs"]["p99"]))
with open(os.path.join(out, "timeline.csv"), "w") as f:
    f.write("seconds,p99_ms\n" + "".join(f"{s},{p}\n" for s, p in timeline))
print()
print("chaos: " + ("PASS (no failed GetOrders, no lost acknowledged one-way message)" if ok else "targets NOT met (see above)"))
PY
python3 Benchmarks/scripts/linechart.py "$OUT/timeline.csv" seconds p99_ms 1 "GetOrders p99 (ms) per window through the faults" \
  "$OUT/p99.svg" "$OUT/marks.csv" || true
echo "results: $OUT"
