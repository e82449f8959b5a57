#!/usr/bin/env bash
# The soak's load (Benchmarks/scripts/soak.sh: 700 x 1 KB basicHttp, 200 x 64 KB soap12 with adaptive compression,
# 80 x seed-sized binaryHttp, 20 x 1 MB basicHttp re-encoded to msbin1; 1,000 TLS connections) on a router run on the
# host in a cgroup v1 memory cgroup of its own with the container's limit, without Docker: minutes instead of an image
# build per try, and dotnet-gcdump reaches the process (it fails through a container's diagnostic port under load).
# The router sees the cgroup as a container sees its own (the cgroup is bind-mounted over /sys/fs/cgroup/memory in a
# mount namespace of its own), so the GC's heap limit and the router's memory gate read the same figures as in the
# image. Needs root and cgroup v1 (this machine's); the router runs framework-dependent (the image is trimmed and
# self-contained: its JIT'd code is a few MB more). The image's GC and malloc settings are set (Router/Dockerfile).
#
# Usage: Benchmarks/scripts/soak-local.sh [--seconds N (150)] [--mem 256m] [--label L] [--config-edit 'OLD=>NEW']...
#                                         [--gcdump-at S] [--env NAME=VALUE]...
# Every 5 s: the cgroup's memory use and peak, the gate's load, the managed heap, the bytes in the budget, the 503s so
# far (memory.csv). At --gcdump-at seconds: smaps, memory.stat and a gcdump. At the end: requests, ok, 503s per client.
# Results: artifacts/soak-local/<label>/.
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
source scripts/lib/free-port.sh
seconds=150 mem=256m label="" gcdump_at="" envs=() edits=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift ;;
    --mem) mem="$2"; shift ;;
    --label) label="$2"; shift ;;
    --gcdump-at) gcdump_at="$2"; shift ;;
    --env) envs+=("$2"); shift ;;
    --config-edit) edits+=("$2"); shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done
out="$(pwd)/artifacts/soak-local/${label:-$mem-${seconds}s}"
rm -rf "$out" && mkdir -p "$out"
cg=/sys/fs/cgroup/memory/soak-local-$$
[ -f /sys/fs/cgroup/memory/memory.limit_in_bytes ] || { echo "needs cgroup v1 memory (/sys/fs/cgroup/memory)" >&2; exit 1; }
mkdir "$cg" && echo "$mem" | sed 's/m$/M/' > "$cg/memory.limit_in_bytes" || exit 1
trap 'stop_started; rmdir "$cg" 2>/dev/null' EXIT
build_release "$out"
scripts/make-certs.sh "$out/pki" > /dev/null
https_port=$(free_port 18443) tcp_port=$(free_port 18808) partner_port=$(free_port 18444) admin_port=$(free_port 19901)
stub_http=$(free_port 19080) stub_tcp=$(free_port 19090)
python3 - "$out" "$https_port" "$partner_port" "$tcp_port" "$admin_port" "$stub_http" "$stub_tcp" "${edits[@]}" <<'PY' || exit 1
import sys
out, https, partner, tcp, admin, http, stubtcp = sys.argv[1:8]
t = open("deploy/router/router.json").read().replace('"$schema": "../../router.schema.json",', "")
edits = [("0.0.0.0:8443", f"127.0.0.1:{https}"), ("0.0.0.0:8444", f"127.0.0.1:{partner}"), ("0.0.0.0:8808", f"127.0.0.1:{tcp}"),
         ("/etc/router-tls", f"{out}/pki/router"), ("backend-a:9080", f"127.0.0.1:{http}"), ("backend-b:9080", f"127.0.0.1:{http}"),
         ("backend-a:9090", f"127.0.0.1:{stubtcp}"), ("backend-b:9090", f"127.0.0.1:{stubtcp}"),
         ('"address": "http://127.0.0.1:9901"', f'"address": "http://127.0.0.1:{admin}"')]
for old, new in edits:
    t = t.replace(old, new)
# The soak's compression (soak.sh), then the run's own edits.
for old, new in [(f'"address": "https://127.0.0.1:{https}/router/soap12",', f'"address": "https://127.0.0.1:{https}/router/soap12", "compression": {{ "mode": "adaptive" }},'),
                 (f'"address": "http://127.0.0.1:{http}/binary" }}', f'"address": "http://127.0.0.1:{http}/binary", "compression": {{ "mode": "adaptive" }} }}')] + \
                [tuple(e.split("=>", 1)) for e in sys.argv[8:]]:
    if t.count(old) != 1:
        sys.exit(f"router.json: expected one {old}")
    t = t.replace(old, new)
open(f"{out}/router.json", "w").write(t)
PY
start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port "$stub_http" --tcp-port "$stub_tcp"
wait_for "http://127.0.0.1:$stub_http/stub/stats" "the stub" "$out"
# The image's settings (Router/Dockerfile), then --env.
start "$out/router.log" env DOTNET_gcServer=0 DOTNET_GCHeapHardLimitPercent=0x2D DOTNET_GCConserveMemory=5 MALLOC_ARENA_MAX=2 \
  MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=262144 "${envs[@]}" unshare -m sh -c \
  "echo \$\$ > $cg/cgroup.procs && mount --bind $cg /sys/fs/cgroup/memory && exec dotnet $(bin Router) --config $out/router.json"
wait_for "http://127.0.0.1:$admin_port/health" "the router" "$out"
pid=$(head -1 "$cg/cgroup.procs")
https="https://127.0.0.1:$https_port"
clients=()
lc() { local name="$1"; shift
  SSL_CERT_FILE="$out/pki/client/ca.crt" dotnet "$(bin LoadClient)" --duration "$seconds" --timeout 60 --quiet --json "$out/$name.json" "$@" > "$out/$name.txt" 2>&1 &
  clients+=($!); }
lc small  --url "$https/router/basic"  --binding basicHttp  --operation echo --size 1024 --concurrency 700
lc medium --url "$https/router/soap12" --binding soap12Http --operation echo --size 65536 --compression adaptive --concurrency 200
lc seed   --url "$https/router/binary" --binding binaryHttp --operation echo --size-distribution seed --concurrency 80
lc large  --url "$https/router/basic-to-binary" --binding basicHttp --operation echo --size 1048576 --concurrency 20
echo "seconds,cgroup_mib,cgroup_peak_mib,memory_load,managed_bytes,buffers_in_use,refused" > "$out/memory.csv"
started=$(date +%s)
running() { local p; for p in "${clients[@]}"; do kill -0 "$p" 2>/dev/null && return 0; done; return 1; }
while running && kill -0 "$pid" 2>/dev/null; do
  now=$(( $(date +%s) - started ))
  gate=$(curl -s --max-time 3 "http://127.0.0.1:$admin_port/stats" | python3 -c 'import json,sys
try: b = json.load(sys.stdin).get("buffers") or {}
except Exception: b = {}
m = b.get("memory") or {}
print(",".join(str(v) for v in (m.get("load", ""), m.get("managedBytes", ""), b.get("inUseBytes", ""), b.get("refused", ""))))')
  echo "$now,$(( $(cat "$cg/memory.usage_in_bytes") >> 20 )),$(( $(cat "$cg/memory.max_usage_in_bytes") >> 20 )),$gate" >> "$out/memory.csv"
  if [ -n "$gcdump_at" ] && [ "$now" -ge "$gcdump_at" ] && [ ! -f "$out/smaps" ]; then
    cp "/proc/$pid/smaps" "$out/smaps"; cp "$cg/memory.stat" "$out/memory.stat"
    command -v dotnet-gcdump > /dev/null && dotnet-gcdump collect -p "$pid" -o "$out/heap.gcdump" > "$out/gcdump.log" 2>&1 &
  fi
  sleep 5
done
wait "${clients[@]}" 2>/dev/null
alive=$(kill -0 "$pid" 2>/dev/null && echo yes || echo "NO (see router.log)")
python3 - "$out" "$alive" "$(grep -o 'oom_kill [0-9]*' "$cg/memory.oom_control")" <<'PY' | tee "$out/summary.txt"
import csv, json, os, sys
out, alive, oom = sys.argv[1:4]
failed = 0
for name in ("small", "medium", "seed", "large"):
    path = os.path.join(out, f"{name}.json")
    if not os.path.exists(path):
        print(f"{name}: no result; see {name}.txt"); continue
    r = json.load(open(path))
    failed += r["requests"] - r["ok"]
    print(f"{name}: {r['requests']} requests, {r['ok']} ok ({r['ok'] / r['wallSeconds']:.0f}/s), status {r.get('statusCodes')}, p99 {r['latencyMs']['p99']:.0f} ms")
rows = list(csv.DictReader(open(os.path.join(out, "memory.csv"))))
if rows:
    print(f"cgroup memory {min(int(r['cgroup_mib']) for r in rows[3:] or rows)}-{max(int(r['cgroup_mib']) for r in rows)} MiB, peak {rows[-1]['cgroup_peak_mib']} MiB")
print(f"router alive at the end: {alive}; {oom}; failed requests {failed}")
PY
