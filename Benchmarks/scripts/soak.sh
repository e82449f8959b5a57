#!/usr/bin/env bash
# Memory soak of the DMZ compose stack (issue 20 §2): the router container under its memory limit (docker-compose.yml's
# mem_limit, ROUTER_MEM_LIMIT, 256m by default), saturated for --minutes by four LoadClients on the host through the
# published https port, 1,000 connections in all, sizes 1 KB to 1 MB, compression on some links:
#   small   700 connections  basicHttp echo 1 KB                  -> backend basicHttp (verbatim)
#   medium  200 connections  soap12Http echo 64 KB, adaptive      -> backend soap12Http; the soap12 listener compresses
#                                                                    replies, the client compresses requests
#   seed     80 connections  binaryHttp echo 0.6-250 KB (seed)    -> backend binaryHttp, the destination compresses
#   large    20 connections  basicHttp echo 1 MB                  -> backend binaryHttp (re-encoded)
# Compression is set in the run's copy of deploy/router/router.json (artifacts/soak/config), not in the repository's.
# Every 10 s: the router process's RSS (host /proc), the container's memory use (docker stats), the router's request
# body budget (/stats buffers). At the end: OOM kills and restarts of the router, failed requests per client, RSS
# after warm-up (the first 5 minutes, or a sixth of a shorter run) against its mean (target: within +-10%), and a
# chart (Benchmarks/scripts/linechart.py) of RSS over time.
#
# Usage: Benchmarks/scripts/soak.sh [--minutes N (30)] [--mem 256m] [--env NAME=VALUE]... [--label TEXT] [--no-build]
#                                   [--profiles small,medium,seed,large] [--config-edit 'OLD=>NEW']...
#   --env sets an environment variable of the router container (GC settings: DOTNET_gcServer=0,
#   DOTNET_GCConserveMemory=5, ...) over the image's; --no-build uses the images as they are. Results: artifacts/soak/<label>/ (summary.txt, rss.csv, rss.svg).
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

minutes=30
mem=256m
label=""
envs=()
build=1
profiles=small,medium,seed,large
config_edits=()
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes="$2"; shift ;;
    --mem) mem="$2"; shift ;;
    --env) envs+=("$2"); shift ;;
    --label) label="$2"; shift ;;
    --no-build) build=0 ;;
    --profiles) profiles="$2"; shift ;;
    --config-edit) config_edits+=("$2"); shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done
label="${label:-$mem-${minutes}min}"
OUT="$root/artifacts/soak/$label"
rm -rf "$OUT" && mkdir -p "$OUT"
export ROUTER_MEM_LIMIT="$mem"
source scripts/lib/compose-stack.sh
source scripts/lib/tls-checks.sh

# The run's config: the DMZ stack's, with compression on the soap12 listener and the echo-binary destination.
export ROUTER_CONFIG_DIR="$OUT/config"
cp -r deploy/router "$ROUTER_CONFIG_DIR"
python3 - "$ROUTER_CONFIG_DIR/router.json" "${config_edits[@]}" <<'PY' || stack_fail "the soak's router.json copy"
import sys
path = sys.argv[1]
text = open(path).read()
edits = [
    ('"address": "https://0.0.0.0:8443/router/soap12",', '"address": "https://0.0.0.0:8443/router/soap12", "compression": { "mode": "adaptive" },'),
    ('"address": "http://backend-a:9080/binary" }', '"address": "http://backend-a:9080/binary", "compression": { "mode": "adaptive" } }'),
] + [tuple(e.split("=>", 1)) for e in sys.argv[2:]]
for old, new in edits:
    if text.count(old) != 1:
        sys.exit(f"{path}: expected one {old}")
    text = text.replace(old, new)
open(path, "w").write(text)
PY
chmod -R a+rX "$ROUTER_CONFIG_DIR"

# The router's environment over the image's (--env), as one more compose file.
if [ ${#envs[@]} -gt 0 ]; then
  { echo "services:"; echo "  router:"; echo "    environment:"
    for e in "${envs[@]}"; do echo "      ${e%%=*}: \"${e#*=}\""; done; } > "$OUT/env.yml"
  export COMPOSE_FILE="$COMPOSE_FILE:$OUT/env.yml"
fi

echo "== $label: building and starting the stack (router mem_limit $mem${envs[*]:+, ${envs[*]}})"
[ "$build" = 1 ] && stack_prepare
stack_up
client_tls_copy docker-compose "$OUT/client-tls" || stack_fail "client certificates out of the certs volume"
echo "   router $(docker inspect -f '{{.HostConfig.Memory}}' "$router") bytes limit; GC: $(docker exec "$router" env | grep -E '^DOTNET_' | tr '\n' ' ')"

https="https://127.0.0.1:$ROUTER_HTTPS_PORT"
seconds=$(( minutes * 60 ))
lc() { # name, arguments...: back to back runs of at most 10 minutes (LoadClient's --duration bound), name-1.json, ...
  local name="$1"; shift
  (
    left=$seconds part=1
    while [ "$left" -gt 0 ]; do
      run=$(( left < 600 ? left : 600 ))
      SSL_CERT_FILE="$OUT/client-tls/ca.crt" "$root/artifacts/publish/loadclient/LoadClient" --duration "$run" --timeout 60 \
        --quiet --json "$OUT/$name-$part.json" "$@" >> "$OUT/$name.txt" 2>&1
      left=$(( left - run )) part=$(( part + 1 ))
    done
  ) &
  clients+=($!)
}
clients=()
profile() { [[ ",$profiles," == *",$1,"* ]]; }
profile small  && lc small  --url "$https/router/basic"  --binding basicHttp  --operation echo --size 1024 --concurrency 700
profile medium && lc medium --url "$https/router/soap12" --binding soap12Http --operation echo --size 65536 --compression adaptive --concurrency 200
profile seed   && lc seed   --url "$https/router/binary" --binding binaryHttp --operation echo --size-distribution seed --concurrency 80
profile large  && lc large  --url "$https/router/basic-to-binary" --binding basicHttp --operation echo --size 1048576 --concurrency 20

echo "seconds,rss_kib,container_mem,buffers_in_use,refused,refused_for_memory,memory_load,times_high,managed_bytes" > "$OUT/rss.csv"
start=$(date +%s)
# The clients' subshells, not every job: the stack's library may have started dockerd in the background.
running() { local pid; for pid in "${clients[@]}"; do kill -0 "$pid" 2>/dev/null && return 0; done; return 1; }
while running; do
  now=$(( $(date +%s) - start ))
  buffers=$(stack_admin /stats | python3 -c 'import json,sys
try: b = json.load(sys.stdin).get("buffers") or {}
except Exception: b = {}
m = b.get("memory") or {}
print(",".join(str(v) for v in (b.get("inUseBytes", ""), b.get("refused", ""), b.get("refusedForMemory", ""), m.get("load", ""), m.get("timesHigh", ""), m.get("managedBytes", ""))))')
  echo "$now,$(stack_rss "$router"),$(docker stats --no-stream --format '{{.MemUsage}}' "$router" | cut -d/ -f1 | tr -d ' '),$buffers" >> "$OUT/rss.csv"
  sleep 10
done
wait "${clients[@]}"

oom=$(docker inspect -f '{{.State.OOMKilled}}' "$router")
restarts=$(docker inspect -f '{{.RestartCount}}' "$router")
python3 - "$OUT" "$label" "$oom" "$restarts" "$minutes" "$profiles" <<'PY' | tee "$OUT/summary.txt"
import csv, json, os, sys
out, label, oom, restarts, minutes = sys.argv[1:6]
failed = 0
import glob
parts_expected = -(-int(minutes) * 60 // 600)
for name in sys.argv[6].split(","):
    parts = [json.load(open(p)) for p in sorted(glob.glob(os.path.join(out, f"{name}-*.json")))]
    if len(parts) < parts_expected:
        print(f"{name}: {len(parts)} of {parts_expected} runs have a result; see {name}.txt"); failed += 1
    if not parts:
        continue
    requests = sum(r["requests"] for r in parts)
    ok_count = sum(r["ok"] for r in parts)
    failed += requests - ok_count
    codes = {}
    for r in parts:
        for k, v in (r.get("statusCodes") or {}).items():
            codes[k] = codes.get(k, 0) + v
    p99s = ", ".join("%.0f" % r["latencyMs"]["p99"] for r in parts)
    print(f"{name}: {requests} requests, {ok_count} ok, {sum(r['faults'] for r in parts)} faults, {sum(r['errors'] for r in parts)} errors, "
          f"{ok_count / sum(r['wallSeconds'] for r in parts):.0f}/s, p99 per run {p99s} ms, status {codes}")
rows = [r for r in csv.DictReader(open(os.path.join(out, "rss.csv"))) if r["rss_kib"]]
warm = min(300, int(minutes) * 60 // 6)
after = [int(r["rss_kib"]) / 1024 for r in rows if int(r["seconds"]) >= warm]
if after:
    mean = sum(after) / len(after)
    lo, hi = min(after), max(after)
    flat = lo >= 0.9 * mean and hi <= 1.1 * mean
    print(f"RSS after {warm} s warm-up: mean {mean:.0f} MB, min {lo:.0f} ({lo / mean - 1:+.0%}), max {hi:.0f} ({hi / mean - 1:+.0%}): "
          f"{'flat within +-10%' if flat else 'NOT within +-10%'}")
print(f"router OOMKilled {oom}, restarts {restarts}; failed requests {failed}")
print(f"{label}: {'PASS' if oom == 'false' and restarts == '0' and failed == 0 else 'FAIL'}")
PY
python3 Benchmarks/scripts/linechart.py "$OUT/rss.csv" seconds rss_kib 1024 "Router RSS (MB) over the soak, $label" "$OUT/rss.svg" || true
echo "results: $OUT"
