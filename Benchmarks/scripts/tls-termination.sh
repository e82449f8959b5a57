#!/usr/bin/env bash
# TLS termination, side by side in one run: the router and nginx (Debian package: ssl_session_cache, upstream
# keep-alive) terminating TLS in front of the same plain BackendStub, with the same certificate, for an ECDSA P-256
# and an RSA 2048 server key:
#   - keep-alive: LoadClient raw (echo, soap12Http) over https at 1 KB and 150 KB, throughput and CPU per request of the
#     proxy (router or nginx, from /proc);
#   - new handshakes per second: wrk, one request per connection ("Connection: close"), each a full handshake;
#   - handshakes toward a TLS backend: the router re-encrypting to the stub's https endpoint, its handshakes to the
#     stub per 1,000 messages (/stats tls.destinationHandshakes), to show pooled connections.
# The variants alternate within each round; ROUNDS rounds; medians and per-round ratios router/nginx are reported.
# Client, proxy and stub share the machine's cores: quote ratios from one run, never absolute numbers across runs.
# Usage: [KEYS="ec rsa"] [SIZES="1024 153600"] [WARMUP_ROUNDS=1] Benchmarks/scripts/tls-termination.sh [rounds (3)] [seconds (5)] [concurrency (16)]
# Writes artifacts/tls-termination/tls-termination.json and tls-termination.svg.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
source scripts/lib/nginx.sh
rounds="${1:-3}"; seconds="${2:-5}"; concurrency="${3:-16}"
out=artifacts/tls-termination; mkdir -p "$out"; rm -f "$out"/run-*.json "$out/runs.txt"
require_free_ports 8443 8444 8445 8543 8544 9080 9443 9901
missing=(); command -v nginx > /dev/null || missing+=(nginx); command -v wrk > /dev/null || missing+=(wrk)
if (( ${#missing[@]} )); then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null 2>&1 \
    || { echo "tls-termination: could not install ${missing[*]}" >&2; exit 1; }
fi
echo "# $0 $*"; echo "# $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r), $(nginx -v 2>&1), $(openssl version)"
build_release "$out"

# The same certificates for both proxies: a test CA, an ECDSA P-256 and an RSA 2048 server key (scripts/make-certs.sh).
scripts/make-certs.sh "$out/pki-ec" > /dev/null
scripts/make-certs.sh --rsa --rsa-bits 2048 "$out/pki-rsa" > /dev/null
ca="$out/pki-ec/client/ca.crt"
cat "$out/pki-ec/client/ca.crt" "$out/pki-rsa/client/ca.crt" > "$out/cas.pem"

cat > "$out/router.json" <<JSON
{
  "listeners": [
    { "name": "ec", "binding": "soap12Http", "address": "https://127.0.0.1:8443/tls/soap12",
      "tls": { "certificate": { "path": "pki-ec/router/server.crt", "keyPath": "pki-ec/router/server.key" } } },
    { "name": "rsa", "binding": "soap12Http", "address": "https://127.0.0.1:8444/tls/soap12",
      "tls": { "certificate": { "path": "pki-rsa/router/server.crt", "keyPath": "pki-rsa/router/server.key" } } },
    { "name": "to-tls", "binding": "soap12Http", "address": "https://127.0.0.1:8445/tls/soap12-to-tls",
      "tls": { "certificate": { "path": "pki-ec/router/server.crt", "keyPath": "pki-ec/router/server.key" } } }
  ],
  "routes": [
    { "name": "to-tls", "filters": [ { "type": "address", "value": "/tls/soap12-to-tls" } ], "cluster": "stub-tls", "priority": 1 },
    { "name": "plain", "filters": [ { "type": "matchAll" } ], "cluster": "stub" }
  ],
  "clusters": {
    "stub": { "destinations": [ { "name": "stub", "binding": "soap12Http", "address": "http://127.0.0.1:9080/soap12" } ] },
    "stub-tls": { "destinations": [ { "name": "stub-tls", "binding": "soap12Http", "address": "https://127.0.0.1:9443/soap12",
      "tls": { "trustedAuthorities": "pki-ec/client/ca.crt", "serverName": "localhost" } } ] }
  },
  "admin": { "address": "http://127.0.0.1:9901" },
  "telemetry": { "logLevel": "Warning" }
}
JSON

# nginx as the peer (scripts/lib/nginx.sh): TLS with a shared session cache, the same protocols, upstream keep-alive.
nginx_conf "$out" \
  "$(nginx_server 127.0.0.1:8543 /tls "$PWD/$out/pki-ec/router/server.crt" "$PWD/$out/pki-ec/router/server.key")" \
  "$(nginx_server 127.0.0.1:8544 /tls "$PWD/$out/pki-rsa/router/server.crt" "$PWD/$out/pki-rsa/router/server.key")"

start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port 9080 --https-port 9443 \
  --certificate "$out/pki-ec/router/server.crt" --certificate-key "$out/pki-ec/router/server.key"
start "$out/router.log" dotnet "$(bin Router)" --config "$out/router.json"; router=$last_pid
nginx_start "$out"
trap 'nginx_stop "$out"; stop_started' EXIT
wait_for http://127.0.0.1:9901/health "the router" "$out"
wait_for http://127.0.0.1:9080/stub/stats "the stub" "$out"

ticks() { # CPU ticks (1/100 s) of the router, or of nginx's processes
  if [[ "$1" == router ]]; then awk '{print $14 + $15}' "/proc/$router/stat"
  else local t=0 p; for p in $(pgrep -f "nginx: "); do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; fi
}
port() { # variant key -> port
  case "$1-$2" in router-ec) echo 8443 ;; router-rsa) echo 8444 ;; nginx-ec) echo 8543 ;; nginx-rsa) echo 8544 ;; totls-ec) echo 8445 ;; esac
}
destination_handshakes() {
  curl -fsS http://127.0.0.1:9901/stats | python3 -c "import json,sys; print(json.load(sys.stdin)['tls']['destinationHandshakes'].get('stub-tls', 0))"
}

# wrk's body: a 1 KB SOAP 1.2 echo request (wrk sends the same bytes every time; the stub accepts a repeated MessageID).
python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
body = (b'<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing">'
        b'<s:Header><a:Action s:mustUnderstand="1">http://tempuri.org/IEchoService/Echo</a:Action>'
        b'<a:MessageID>urn:uuid:6b7a2a5e-0d1e-4c55-9d7c-0c3b1f2a9e11</a:MessageID>'
        b'<a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo>'
        b'<a:To s:mustUnderstand="1">http://127.0.0.1:9080/soap12</a:To></s:Header><s:Body>'
        b'<Echo xmlns="http://tempuri.org/"><payload xmlns:b="http://schemas.datacontract.org/2004/07/BackendStub">'
        b'<b:Text>' + b'x' * 560 + b'</b:Text></payload></Echo></s:Body></s:Envelope>')
lua = ('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/soap+xml; charset=utf-8"\n'
       'wrk.headers["Connection"] = "close"\nwrk.body = [==[' + body.decode() + ']==]\n')
open(f"{out}/handshake.lua", "w").write(lua)
PY

keepalive() { # round variant key size
  local url t0 t1 json="$out/run-$1-$2-$3-$4.json" h0 h1
  url="https://127.0.0.1:$(port "$2" "$3")/tls/soap12"; [[ "$2" == totls ]] && url="${url}-to-tls"
  local proc=$2; [[ "$2" == totls ]] && proc=router
  t0=$(ticks "$proc"); h0=$(destination_handshakes)
  dotnet "$(bin LoadClient)" --url "$url" --ca "$out/cas.pem" --binding soap12Http --to http://127.0.0.1:9080/soap12 \
    --operation echo --size "$4" --warmup 200 --concurrency "$concurrency" --duration "$seconds" --json "$json" > /dev/null || true
  t1=$(ticks "$proc"); h1=$(destination_handshakes)
  (( $1 > 0 )) && echo "$1 keepalive $2 $3 $4 $json $(( t1 - t0 )) $(( h1 - h0 ))" >> "$out/runs.txt"
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(f'{sys.argv[2]:<7} {sys.argv[3]:<4} {int(sys.argv[4]):>7} B {d[\"requestsPerSecond\"]:>9.1f} req/s  ok {d[\"ok\"]}/{d[\"requests\"]}')" "$json" "$2" "$3" "$4"
}
handshakes() { # round variant key
  local t0 t1 rate
  t0=$(ticks "$2")
  rate=$(wrk -t2 -c"$concurrency" -d"${seconds}s" -s "$out/handshake.lua" "https://127.0.0.1:$(port "$2" "$3")/tls/soap12" 2>&1 \
    | tee "$out/wrk-$1-$2-$3.txt" | awk '/Requests\/sec/ {print $2}')
  t1=$(ticks "$2")
  (( $1 > 0 )) && echo "$1 handshake $2 $3 0 $out/wrk-$1-$2-$3.txt $(( t1 - t0 )) ${rate:-0}" >> "$out/runs.txt"
  echo "$2 $3 new connections: ${rate:-0} handshakes/s"
}

for round in $(seq $((1 - ${WARMUP_ROUNDS:-1})) "$rounds"); do
  if (( round > 0 )); then echo "-- round $round"; else echo "-- warm-up round (not counted)"; fi
  for key in ${KEYS:-ec rsa}; do
    for size in ${SIZES:-1024 153600}; do
      for variant in router nginx; do keepalive "$round" "$variant" "$key" "$size"; done
    done
    for variant in router nginx; do handshakes "$round" "$variant" "$key"; done
  done
  keepalive "$round" totls ec 1024
done

python3 - "$out" "$0 $*" "$seconds" <<'PY'
import json, os, re, statistics, sys, time
from collections import defaultdict
out, command, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
runs = defaultdict(dict)
for line in open(f"{out}/runs.txt"):
    rnd, kind, variant, key, size, path, ticks, extra = line.split()
    if kind == "keepalive":
        d = json.load(open(path))
        requests = d["requests"] or 1
        runs[(kind, variant, key, int(size))][int(rnd)] = {
            "rps": d["requestsPerSecond"], "ok": d["ok"], "requests": d["requests"],
            "cpuUsPerRequest": int(ticks) * 10000 / requests,
            "destinationHandshakesPer1000": int(extra) * 1000 / requests if variant == "totls" else None}
    else:
        rate = float(extra)
        runs[(kind, variant, key, 0)][int(rnd)] = {"rps": rate, "cpuUsPerRequest": int(ticks) * 10000 / max(rate * seconds, 1)}
def med(values):
    values = [v for v in values if v is not None]
    return round(statistics.median(values), 2) if values else None
cells = []
for (kind, variant, key, size), by_round in sorted(runs.items()):
    cell = {"kind": kind, "variant": variant, "key": key, "sizeBytes": size,
            "perSecondMedian": med([r["rps"] for r in by_round.values()]),
            "cpuUsPerRequestMedian": med([r["cpuUsPerRequest"] for r in by_round.values()]),
            "destinationHandshakesPer1000Median": med([r.get("destinationHandshakesPer1000") for r in by_round.values()]),
            "runs": by_round}
    if variant == "router":
        ref = runs.get((kind, "nginx", key, size), {})
        cell["ratioToNginxMedian"] = med([r["rps"] / ref[k]["rps"] for k, r in by_round.items() if k in ref and ref[k]["rps"]])
    cells.append(cell)
result = {"command": command, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "cores": os.cpu_count(), "cells": cells}
json.dump(result, open(f"{out}/tls-termination.json", "w"), indent=2)
print(f"{'kind':<10} {'variant':<7} {'key':<4} {'size':>7}  {'per s':>9}  {'/nginx':>7}  {'CPU us/req':>10}  {'backend hs/1000':>15}")
for c in cells:
    ratio = f"{c['ratioToNginxMedian']:>7.2f}" if c.get("ratioToNginxMedian") is not None else "      -"
    hs = f"{c['destinationHandshakesPer1000Median']:>15.2f}" if c["destinationHandshakesPer1000Median"] is not None else "              -"
    print(f"{c['kind']:<10} {c['variant']:<7} {c['key']:<4} {c['sizeBytes']:>7}  {c['perSecondMedian']:>9.1f}  {ratio}  {c['cpuUsPerRequestMedian']:>10.0f}  {hs}")
groups = defaultdict(dict)
for c in cells:
    if c["variant"] in ("router", "nginx") and c.get("ratioToNginxMedian", 1) is not None:
        name = f"{c['key']} " + (f"{c['sizeBytes'] // 1024} KB" if c["kind"] == "keepalive" else "handshakes")
        groups[name][c["variant"]] = c["perSecondMedian"]
spec = {"title": "TLS termination: router vs nginx, median per second", "unit": "requests or handshakes per second",
        "series": ["router", "nginx"], "groups": [{"name": k, "values": v} for k, v in groups.items()]}
json.dump(spec, open(f"{out}/chart.json", "w"))
PY
python3 Benchmarks/scripts/barchart.py "$out/chart.json" "$out/tls-termination.svg"
echo "results: $out/tls-termination.json, chart: $out/tls-termination.svg"
