#!/usr/bin/env bash
# Streamed transfer, side by side in one run: a stock WCF client with TransferMode.Streamed (LoadClient stream:
# BasicHttpBinding { TransferMode = Streamed, MaxReceivedMessageSize = long.MaxValue }) uploads and downloads BYTES
# (default 1 GiB) of pattern bytes, checked by SHA-256 at the far end, to BackendStub's /basicStreamed directly
# ("direct"), through the router's streamed basicHttp listener to the same endpoint ("routed": the verbatim path), and
# through a streamed basicHttp listener to the stub's msbin1 /binaryStreamed ("bridged": text -> msbin1 re-encoded, and
# back for downloads). The variants alternate within each round, ROUNDS rounds, after one warm-up transfer of 16 MB each.
# While each transfer runs the router's resident set (VmRSS) is sampled every 0.2 s; its growth is the peak minus the
# value just before the transfer. Client, router and stub share the machine's cores.
# net.tcp: "direct-bin" (a streamed msbin1 HTTP client straight to /binaryStreamed) beside "tcp" (NetTcpBinding with
# TransferMode.Streamed through the router's streamed netTcp listener to the same /binaryStreamed, verbatim: msbin1 both
# hops), compared with msbin1 over HTTP; and "direct-tcp" (NetTcpBinding streamed straight to the stub's streamed net.tcp
# endpoint, /tcpStreamed) beside "tcp-tcp" (the same client through a streamed netTcp listener to that endpoint as a
# streamed netTcp destination: msbin1 verbatim on the way in, the reply re-encoded msbin1 -> msbin1).
# Usage: [VARIANTS="direct routed ..."] Benchmarks/scripts/streamed.sh [rounds (2)] [bytes (1073741824)]
# Writes artifacts/streamed/streamed.json (every run) and prints medians, routed/direct ratios per round and RSS growth.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
source scripts/lib/free-port.sh
rounds="${1:-2}"; bytes="${2:-1073741824}"
out=artifacts/streamed; mkdir -p "$out"; rm -f "$out"/run-*.json "$out/runs.txt"

# Others share these machines: the usual ports when free, else ones the kernel picks.
router_port=$(free_port 8080); stub_port=$(free_port 9080); admin_port=$(free_port 9901); tcp_port=$(free_port 8808)
tcp2_port=$(free_port 8818); stub_tcp_port=$(free_port 9808)
echo "# $0 $*"; echo "# $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg)"
build_release "$out"

cat > "$out/router.json" <<JSON
{
  "listeners": [
    { "name": "routed", "binding": "basicHttp", "address": "http://127.0.0.1:${router_port}/st/routed", "transportMode": "streamed" },
    { "name": "bridged", "binding": "basicHttp", "address": "http://127.0.0.1:${router_port}/st/bridged", "transportMode": "streamed" },
    { "name": "tcp", "binding": "netTcp", "address": "net.tcp://127.0.0.1:${tcp_port}/st/tcp", "transportMode": "streamed" },
    { "name": "tcp-tcp", "binding": "netTcp", "address": "net.tcp://127.0.0.1:${tcp2_port}/st/tcp-tcp", "transportMode": "streamed" }
  ],
  "routes": [
    { "name": "routed", "filters": [ { "type": "address", "value": "/st/routed" } ], "cluster": "text" },
    { "name": "bridged", "filters": [ { "type": "address", "value": "/st/bridged" } ], "cluster": "binary" },
    { "name": "tcp", "filters": [ { "type": "address", "value": "/st/tcp" } ], "cluster": "binary" },
    { "name": "tcp-tcp", "filters": [ { "type": "address", "value": "/st/tcp-tcp" } ], "cluster": "tcp" }
  ],
  "clusters": {
    "text": { "destinations": [ { "name": "stub-text", "binding": "basicHttp", "address": "http://127.0.0.1:${stub_port}/basicStreamed", "transportMode": "streamed" } ] },
    "binary": { "destinations": [ { "name": "stub-binary", "binding": "binaryHttp", "address": "http://127.0.0.1:${stub_port}/binaryStreamed", "transportMode": "streamed" } ] },
    "tcp": { "destinations": [ { "name": "stub-tcp", "binding": "netTcp", "address": "net.tcp://127.0.0.1:${stub_tcp_port}/tcpStreamed", "transportMode": "streamed" } ] }
  },
  "admin": { "address": "http://127.0.0.1:${admin_port}" },
  "telemetry": { "logLevel": "Warning" }
}
JSON

start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port "$stub_port" --tcp-port "$stub_tcp_port"
start "$out/router.log" dotnet "$(bin Router)" --config "$out/router.json"; router=$last_pid
wait_for http://127.0.0.1:${admin_port}/health "the router" "$out"
wait_for http://127.0.0.1:${stub_port}/stub/stats "the stub" "$out"

url_of() {
  case "$1" in
    direct) echo http://127.0.0.1:${stub_port}/basicStreamed ;;
    routed) echo http://127.0.0.1:${router_port}/st/routed ;;
    bridged) echo http://127.0.0.1:${router_port}/st/bridged ;;
    direct-bin) echo http://127.0.0.1:${stub_port}/binaryStreamed ;;
    tcp) echo net.tcp://127.0.0.1:${tcp_port}/st/tcp ;;
    direct-tcp) echo net.tcp://127.0.0.1:${stub_tcp_port}/tcpStreamed ;;
    tcp-tcp) echo net.tcp://127.0.0.1:${tcp2_port}/st/tcp-tcp ;;
  esac
}
binding_of() {
  case "$1" in
    direct-bin) echo binaryHttp ;;
    tcp | direct-tcp | tcp-tcp) echo netTcp ;;
    *) echo basicHttp ;;
  esac
}
rss_kib() { awk '/^VmRSS/ {print $2}' "/proc/$router/status"; }

transfer() { # variant direction round size
  local json="$out/run-$1-$2-$3.json" before peak now pid status=0
  before=$(rss_kib); peak=$before
  dotnet "$(bin LoadClient)" stream --url "$(url_of "$1")" --binding "$(binding_of "$1")" --direction "$2" --bytes "$4" --json "$json" >> "$out/runs.txt" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2> /dev/null; do
    now=$(rss_kib); (( now > peak )) && peak=$now
    sleep 0.2
  done
  wait "$pid" || status=$?
  if (( status != 0 )); then echo "$1 $2 round $3 failed (exit $status); see $out/runs.txt" >&2; tail -n 5 "$out/runs.txt" >&2; exit 1; fi
  python3 - "$json" "$1" "$3" "$before" "$peak" <<'PY'
import json, sys
path, variant, rnd, before, peak = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
run = json.load(open(path))
run.update(variant=variant, round=rnd, routerRssBeforeKiB=before, routerRssPeakKiB=peak, routerRssGrowthKiB=peak - before)
json.dump(run, open(path, "w"))
PY
  tail -n 1 "$out/runs.txt"
}

variants="${VARIANTS:-direct routed bridged direct-bin tcp direct-tcp tcp-tcp}"
for variant in $variants; do
  for direction in upload download; do transfer "$variant" "$direction" 0 $((16 << 20)) > /dev/null; done
done
for round in $(seq 1 "$rounds"); do
  for direction in upload download; do
    for variant in $variants; do
      echo "round $round: $variant $direction: $(transfer "$variant" "$direction" "$round" "$bytes")"
    done
  done
done

python3 - "$out" "$rounds" "$variants" <<'PY'
import glob, json, statistics, sys
out, rounds, variants = sys.argv[1], int(sys.argv[2]), sys.argv[3].split()
runs = [json.load(open(p)) for p in sorted(glob.glob(f"{out}/run-*.json"))]
runs = [r for r in runs if r["round"] > 0]
def cell(variant, direction, rnd):
    return next(r for r in runs if r["variant"] == variant and r["direction"] == direction and r["round"] == rnd)
summary = {}
print(f"\n{'':>18} {'MB/s (median)':>14} {'per round':>24} {'/direct(-bin) per round':>22} {'router RSS growth MB (max)':>28}")
for direction in ("upload", "download"):
    for variant in variants:
        # The netTcp listener to HTTP is compared with the msbin1 HTTP client straight to the same endpoint, the netTcp
        # listener to the netTcp destination with the net.tcp client straight to it; the others with basicHttp's.
        base = {"direct-bin": "direct-bin", "tcp": "direct-bin", "direct-tcp": "direct-tcp", "tcp-tcp": "direct-tcp"}.get(variant, "direct")
        rates = [cell(variant, direction, n)["bytesPerSecond"] / 1e6 for n in range(1, rounds + 1)]
        ratios = [cell(variant, direction, n)["bytesPerSecond"] / cell(base, direction, n)["bytesPerSecond"] for n in range(1, rounds + 1)]
        growth = max(cell(variant, direction, n)["routerRssGrowthKiB"] for n in range(1, rounds + 1)) / 1024
        summary[f"{variant}-{direction}"] = {"mbPerSecond": rates, "ratioToDirect": ratios, "maxRouterRssGrowthMB": growth}
        print(f"{variant + ' ' + direction:>18} {statistics.median(rates):>14.1f} {', '.join(f'{r:.1f}' for r in rates):>24}"
              f" {', '.join(f'{r:.2f}' for r in ratios):>22} {growth:>28.1f}")
json.dump({"runs": runs, "summary": summary}, open(f"{out}/streamed.json", "w"), indent=2)
PY
