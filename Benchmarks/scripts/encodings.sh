#!/usr/bin/env bash
# Text vs binary end to end through the router, in WCF mode (real ChannelFactory clients): GetOrders with 10, 20, 100
# and 1000 orders (seed 001's arrays of 20 and 100 objects, seed 003's table of 10/100/1000), SOAP 1.2 text against
# msbin1, each through the router to the stub endpoint of the same encoding (verbatim), variants alternating, ROUNDS
# rounds, medians. Reply sizes come from a raw-mode run of each cell (the WCF mode cannot see the wire).
# Usage: Benchmarks/scripts/encodings.sh [rounds (3)] [seconds per run (5)] [concurrency (8)]
# Writes artifacts/encodings/encodings.json and encodings.svg.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
rounds="${1:-3}"; seconds="${2:-5}"; concurrency="${3:-8}"
out=artifacts/encodings; mkdir -p "$out"; rm -f "$out"/run-*.json "$out/runs.txt"
require_free_ports 8080 9080 9901
echo "# $0 $*"; echo "# $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r)"
build_release "$out"

cat > "$out/router.json" <<'JSON'
{
  "listeners": [
    { "name": "text", "binding": "soap12Http", "address": "http://127.0.0.1:8080/enc/text" },
    { "name": "binary", "binding": "binaryHttp", "address": "http://127.0.0.1:8080/enc/binary" }
  ],
  "routes": [
    { "name": "text", "filters": [ { "type": "address", "value": "/enc/text" } ], "cluster": "text" },
    { "name": "binary", "filters": [ { "type": "address", "value": "/enc/binary" } ], "cluster": "binary" }
  ],
  "clusters": {
    "text": { "destinations": [ { "name": "stub-text", "binding": "soap12Http", "address": "http://127.0.0.1:9080/soap12" } ] },
    "binary": { "destinations": [ { "name": "stub-binary", "binding": "binaryHttp", "address": "http://127.0.0.1:9080/binary" } ] }
  },
  "admin": { "address": "http://127.0.0.1:9901" },
  "telemetry": { "logLevel": "Warning" }
}
JSON
start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port 9080
start "$out/router.log" dotnet "$(bin Router)" --config "$out/router.json"
wait_for http://127.0.0.1:9901/health "the router" "$out"
wait_for http://127.0.0.1:9080/stub/stats "the stub" "$out"

binding_of() { [[ "$1" == text ]] && echo soap12Http || echo binaryHttp; }
load() { # client encoding orders seconds json
  dotnet "$(bin LoadClient)" --client "$1" --url "http://127.0.0.1:8080/enc/$2" --binding "$(binding_of "$2")" \
    --operation getOrders --orders "$3" --warmup 50 --concurrency "$concurrency" --duration "$4" --quiet \
    --admin-url http://127.0.0.1:9901 --json "$5" > /dev/null || true
}
sizes=(10 20 100 1000)
# Reply sizes on the wire, once per cell (raw mode reads the bytes).
for encoding in text binary; do
  for orders in "${sizes[@]}"; do load raw "$encoding" "$orders" 1 "$out/bytes-$encoding-$orders.json"; done
done
for round in $(seq 1 "$rounds"); do
  echo "-- round $round"
  for orders in "${sizes[@]}"; do
    for encoding in text binary; do
      json="$out/run-$round-$encoding-$orders.json"
      load wcf "$encoding" "$orders" "$seconds" "$json"
      echo "$round $encoding $orders $json" >> "$out/runs.txt"
      python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(f'{sys.argv[2]:<7} {int(sys.argv[3]):>5} orders {d[\"requestsPerSecond\"]:>9.1f} req/s  ok {d[\"ok\"]}/{d[\"requests\"]}')" "$json" "$encoding" "$orders"
    done
  done
done

python3 - "$out" "$0 $*" <<'PY'
import json, os, statistics, sys, time
from collections import defaultdict
out, command = sys.argv[1], sys.argv[2]
runs = defaultdict(dict)
for line in open(f"{out}/runs.txt"):
    rnd, encoding, orders, path = line.split()
    d = json.load(open(path)); r = d.get("router") or {}
    runs[(encoding, int(orders))][int(rnd)] = {"rps": d["requestsPerSecond"], "ok": d["ok"], "requests": d["requests"],
        "p50": d["latencyMs"]["p50"], "routerCpuUsPerMsg": r["cpuMs"] * 1000 / r["messages"] if r.get("cpuMs") and r.get("messages") else None}
def med(xs):
    xs = [x for x in xs if x is not None]
    return round(statistics.median(xs), 2) if xs else None
rows = []
for (encoding, orders), by_round in sorted(runs.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    raw = json.load(open(f"{out}/bytes-{encoding}-{orders}.json"))
    row = {"encoding": encoding, "orders": orders, "requestsPerSecondMedian": med([r["rps"] for r in by_round.values()]),
           "p50MsMedian": med([r["p50"] for r in by_round.values()]),
           "routerCpuUsPerMessageMedian": med([r["routerCpuUsPerMsg"] for r in by_round.values()]),
           "replyBytes": raw.get("bytesReceivedPerRequest"), "runs": by_round}
    if encoding == "binary":
        text = runs.get(("text", orders), {})
        ratios = [r["rps"] / text[k]["rps"] for k, r in by_round.items() if k in text and text[k]["rps"]]
        row["binaryOverTextMedian"] = med(ratios)
    rows.append(row)
json.dump({"command": command, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "cores": os.cpu_count(), "rows": rows},
          open(f"{out}/encodings.json", "w"), indent=2)
print(f"{'encoding':<8} {'orders':>6} {'req/s':>9} {'p50 ms':>7} {'reply bytes':>11} {'router us/msg':>13} {'bin/text':>8}")
for r in rows:
    b = r.get("binaryOverTextMedian")
    cpu = r["routerCpuUsPerMessageMedian"]
    print(f"{r['encoding']:<8} {r['orders']:>6} {r['requestsPerSecondMedian']:>9.1f} {r['p50MsMedian']:>7.1f} {r['replyBytes'] or 0:>11.0f} "
          f"{(f'{cpu:.0f}' if cpu is not None else '-'):>13} {(f'{b:.2f}' if b else '-'):>8}")
groups = [{"name": f"{o} orders", "values": {r["encoding"]: r["requestsPerSecondMedian"] for r in rows if r["orders"] == o}}
          for o in sorted({r["orders"] for r in rows})]
json.dump({"title": "GetOrders through the router, WCF clients (req/s)", "unit": "requests/s", "series": ["text", "binary"], "groups": groups},
          open(f"{out}/chart.json", "w"))
PY
python3 Benchmarks/scripts/barchart.py "$out/chart.json" "$out/encodings.svg"
echo "results: $out/encodings.json, chart: $out/encodings.svg"
