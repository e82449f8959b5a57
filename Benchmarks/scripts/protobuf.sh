#!/usr/bin/env bash
# Seed 003 through the router: DataContract vs protobuf-net payloads, SOAP 1.2 text vs msbin1, in WCF mode (real
# ChannelFactory clients: DataContract replies deserialized by WCF, protobuf replies by protobuf-net). GetOrders and
# GetOrdersProto with 1, 10, 100 and 1000 orders of the simple profile (seed 003's orders carry no filler; simple's is
# the smallest: ~1.3 KB to ~1.3 MB of text), each through the router to the stub endpoint of the same encoding
# (verbatim), the four variants alternating, ROUNDS rounds, medians. Reply sizes from one raw-mode run per cell.
# Usage: Benchmarks/scripts/protobuf.sh [rounds (3)] [seconds per run (5)] [concurrency (8)]
# Writes artifacts/protobuf/protobuf.json and protobuf.svg. Ports: free ones near 8090/9090/9911.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
source scripts/lib/free-port.sh
rounds="${1:-3}"; seconds="${2:-5}"; concurrency="${3:-8}"
out=artifacts/protobuf; mkdir -p "$out"; rm -f "$out"/run-*.json "$out"/bytes-*.json "$out/runs.txt"
listen=$(free_port 8090); stub=$(free_port 9090); admin=$(free_port 9911)
echo "# $0 $*"; echo "# $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# commit $(git rev-parse --short HEAD); router :$listen, stub :$stub, admin :$admin"
build_release "$out"

cat > "$out/router.json" <<JSON
{
  "listeners": [
    { "name": "text", "binding": "soap12Http", "address": "http://127.0.0.1:$listen/pb/text" },
    { "name": "binary", "binding": "binaryHttp", "address": "http://127.0.0.1:$listen/pb/binary" }
  ],
  "routes": [
    { "name": "text", "filters": [ { "type": "address", "value": "/pb/text" } ], "cluster": "text" },
    { "name": "binary", "filters": [ { "type": "address", "value": "/pb/binary" } ], "cluster": "binary" }
  ],
  "clusters": {
    "text": { "destinations": [ { "name": "stub-text", "binding": "soap12Http", "address": "http://127.0.0.1:$stub/soap12" } ] },
    "binary": { "destinations": [ { "name": "stub-binary", "binding": "binaryHttp", "address": "http://127.0.0.1:$stub/binary" } ] }
  },
  "admin": { "address": "http://127.0.0.1:$admin" },
  "telemetry": { "logLevel": "Warning" }
}
JSON
start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port "$stub" --profile HighlyCompressible
start "$out/router.log" dotnet "$(bin Router)" --config "$out/router.json"
wait_for "http://127.0.0.1:$admin/health" "the router" "$out"
wait_for "http://127.0.0.1:$stub/stub/stats" "the stub" "$out"

binding_of() { [[ "$1" == text ]] && echo soap12Http || echo binaryHttp; }
load() { # client encoding serializer orders seconds json
  dotnet "$(bin LoadClient)" --client "$1" --url "http://127.0.0.1:$listen/pb/$2" --binding "$(binding_of "$2")" \
    --operation getOrders --serializer "$3" --orders "$4" --profile simple --warmup 20 --concurrency "$concurrency" \
    --duration "$5" --quiet --admin-url "http://127.0.0.1:$admin" --json "$6" > /dev/null || true
}
sizes=(1 10 100 1000)
variants=("text dataContract" "text protobuf" "binary dataContract" "binary protobuf")
for variant in "${variants[@]}"; do
  read -r encoding serializer <<< "$variant"
  for orders in "${sizes[@]}"; do load raw "$encoding" "$serializer" "$orders" 1 "$out/bytes-$encoding-$serializer-$orders.json"; done
done
for round in $(seq 1 "$rounds"); do
  echo "-- round $round"
  for orders in "${sizes[@]}"; do
    for variant in "${variants[@]}"; do
      read -r encoding serializer <<< "$variant"
      json="$out/run-$round-$encoding-$serializer-$orders.json"
      load wcf "$encoding" "$serializer" "$orders" "$seconds" "$json"
      echo "$round $encoding $serializer $orders $json" >> "$out/runs.txt"
      python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(f'{sys.argv[2]:<7} {sys.argv[3]:<13} {int(sys.argv[4]):>5} orders {d[\"requestsPerSecond\"]:>9.1f} req/s  ok {d[\"ok\"]}/{d[\"requests\"]}')" "$json" "$encoding" "$serializer" "$orders"
    done
  done
done

python3 - "$out" "$0 $*" <<'PY'
import json, os, statistics, sys, time
from collections import defaultdict
out, command = sys.argv[1], sys.argv[2]
# Seed 003 (net.tcp binary, 4 clients, server CPU >= 98%): protobuf-net over binary DataContract throughput.
seed = {10: 1.1335, 100: 1.368, 1000: 1.4349}
runs = defaultdict(dict)
for line in open(f"{out}/runs.txt"):
    rnd, encoding, serializer, orders, path = line.split()
    d = json.load(open(path)); r = d.get("router") or {}
    runs[(encoding, serializer, int(orders))][int(rnd)] = {"rps": d["requestsPerSecond"], "ok": d["ok"], "requests": d["requests"],
        "p50": d["latencyMs"]["p50"], "clientCpuUsPerRequest": d["clientCpuMsPerRequest"] * 1000 if d.get("clientCpuMsPerRequest") else None,
        "routerCpuUsPerMsg": r["cpuMs"] * 1000 / r["messages"] if r.get("cpuMs") and r.get("messages") else None}
def med(xs):
    xs = [x for x in xs if x is not None]
    return round(statistics.median(xs), 3) if xs else None
def ratio(a, b):
    return med([a[k]["rps"] / b[k]["rps"] for k in a if k in b and b[k]["rps"]])
rows = []
for orders in sorted({k[2] for k in runs}):
    row = {"orders": orders, "seedProtobufOverBinary": seed.get(orders)}
    for encoding in ("text", "binary"):
        for serializer in ("dataContract", "protobuf"):
            by_round = runs.get((encoding, serializer, orders), {})
            raw = json.load(open(f"{out}/bytes-{encoding}-{serializer}-{orders}.json"))
            row[f"{encoding}-{serializer}"] = {"requestsPerSecondMedian": med([r["rps"] for r in by_round.values()]),
                "p50MsMedian": med([r["p50"] for r in by_round.values()]),
                "routerCpuUsPerMessageMedian": med([r["routerCpuUsPerMsg"] for r in by_round.values()]),
                "clientCpuUsPerRequestMedian": med([r["clientCpuUsPerRequest"] for r in by_round.values()]),
                "replyBytes": raw.get("bytesReceivedPerRequest"), "runs": by_round}
        row[f"{encoding}ProtobufOverDataContract"] = ratio(runs.get((encoding, "protobuf", orders), {}), runs.get((encoding, "dataContract", orders), {}))
    rows.append(row)
json.dump({"command": command, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "cores": os.cpu_count(), "rows": rows},
          open(f"{out}/protobuf.json", "w"), indent=2)
cells = ["text-dataContract", "text-protobuf", "binary-dataContract", "binary-protobuf"]
print(f"{'orders':>6} " + " ".join(f"{c:>20}" for c in cells) + f" {'pb/dc text':>10} {'pb/dc msbin1':>12} {'seed':>6}")
for r in rows:
    print(f"{r['orders']:>6} " + " ".join(f"{(r[c]['requestsPerSecondMedian'] or 0):>9.1f} {(r[c]['replyBytes'] or 0):>10.0f}" for c in cells)
          + f" {r['textProtobufOverDataContract'] or 0:>10.2f} {r['binaryProtobufOverDataContract'] or 0:>12.2f} {(r['seedProtobufOverBinary'] or 0):>6.2f}")
groups = [{"name": f"{r['orders']} orders", "values": {c: r[c]["requestsPerSecondMedian"] for c in cells}} for r in rows]
json.dump({"title": "GetOrders through the router: DataContract vs protobuf-net, text vs msbin1 (req/s)", "unit": "requests/s",
           "series": cells, "groups": groups}, open(f"{out}/chart.json", "w"))
PY
python3 Benchmarks/scripts/barchart.py "$out/chart.json" "$out/protobuf.svg"
echo "results: $out/protobuf.json, chart: $out/protobuf.svg"
