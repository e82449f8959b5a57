#!/usr/bin/env bash
# The hostile-input run (docs/security.md, "Fuzzing"): BackendStub and a real router process with a listener per binding (basicHttp,
# soap12Http, binaryHttp, netTcp, netTcp with TLS), then the Fuzz driver: COUNT seeded inputs per target (the five
# bindings and compressed bodies in gzip, deflate, brotli, lz4, zstd), every answer classified, the router's RSS
# sampled and a real WCF client's echo checked after each batch. Exit 0 only when nothing was found.
# Usage: [SEED=1] [TARGETS=basicHttp,...] [CONCURRENCY=16] [BATCH=5000] scripts/fuzz.sh [inputs per target (100000)]
# CI runs `scripts/fuzz.sh 1000` (10,000 inputs). Writes artifacts/fuzz/fuzz.json, router.log and failures/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh
count="${1:-100000}"
out=artifacts/fuzz; rm -rf "$out/failures"; mkdir -p "$out"
require_free_ports 18480 18808 18809 19480 19490 19901
echo "# $0 $*  (seed ${SEED:-1}) $(date -u +%FT%TZ) on $(nproc) cores"
build_release "$out"
[ -s "$out/certs/router/server.crt" ] || scripts/make-certs.sh --names localhost,127.0.0.1 "$out/certs" > "$out/certs.log" 2>&1

cat > "$out/router.json" <<JSON
{
  "listeners": [
    { "name": "basic", "binding": "basicHttp", "address": "http://127.0.0.1:18480/fuzz/basic" },
    { "name": "soap12", "binding": "soap12Http", "address": "http://127.0.0.1:18480/fuzz/soap12" },
    { "name": "binary", "binding": "binaryHttp", "address": "http://127.0.0.1:18480/fuzz/binary" },
    { "name": "tcp", "binding": "netTcp", "address": "net.tcp://127.0.0.1:18808/fuzz" },
    { "name": "tcp-tls", "binding": "netTcp", "address": "net.tcp://127.0.0.1:18809/fuzz",
      "tls": { "certificate": { "path": "certs/router/server.crt", "keyPath": "certs/router/server.key" } } }
  ],
  "routes": [
    { "name": "basic", "filters": [ { "type": "address", "value": "/fuzz/basic" } ], "cluster": "basic" },
    { "name": "soap12", "filters": [ { "type": "address", "value": "/fuzz/soap12" } ], "cluster": "soap12" },
    { "name": "binary", "filters": [ { "type": "address", "value": "/fuzz/binary" } ], "cluster": "binary" },
    { "name": "tcp", "filters": [ { "type": "address", "value": "/fuzz" } ], "cluster": "tcp" }
  ],
  "clusters": {
    "basic": { "destinations": [ { "name": "stub-basic", "binding": "basicHttp", "address": "http://127.0.0.1:19480/basic" } ] },
    "soap12": { "destinations": [ { "name": "stub-soap12", "binding": "soap12Http", "address": "http://127.0.0.1:19480/soap12" } ] },
    "binary": { "destinations": [ { "name": "stub-binary", "binding": "binaryHttp", "address": "http://127.0.0.1:19480/binary" } ] },
    "tcp": { "destinations": [ { "name": "stub-tcp", "binding": "netTcp", "address": "net.tcp://127.0.0.1:19490/tcp" } ] }
  },
  "admin": { "address": "http://127.0.0.1:19901" },
  "telemetry": { "logLevel": "Warning" }
}
JSON

start_stub_and_router "$out" 19480 19490 19901

status=0
dotnet "$(bin Fuzz)" --count "$count" --seed "${SEED:-1}" --router-pid "$router" --concurrency "${CONCURRENCY:-16}" \
  --batch "${BATCH:-5000}" ${TARGETS:+--targets "$TARGETS"} --out "$out/fuzz.json" --failures "$out/failures" || status=$?
kill -0 "$router" 2> /dev/null || { echo "fuzz: the router process is gone; its log ends:" >&2; tail -n 30 "$out/router.log" >&2; status=1; }
exit "$status"
