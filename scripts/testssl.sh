#!/usr/bin/env bash
# testssl.sh (the Debian package) against an https listener of the router on its TLS defaults: makes a test PKI
# (scripts/make-certs.sh), starts the router on a one-listener config, runs testssl with --add-ca for the test CA, then
# prints every finding of severity MEDIUM or higher. Findings about the test certificate itself (no CRL/OCSP, its
# expiry, its trust) and about browser headers (HSTS, security headers) are expected and marked so; any other fails the
# run (exit 1). The full report is in artifacts/testssl/.
# Usage: [KEY=ec|rsa] scripts/testssl.sh [port (18443)]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh
port="${1:-18443}"
out=artifacts/testssl; mkdir -p "$out"; rm -f "$out/testssl.json"
require_free_ports "$port" 18901
command -v testssl > /dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq testssl.sh > /dev/null 2>&1; } \
  || { echo "testssl: could not install the testssl.sh package" >&2; exit 1; }
build_release "$out"
if [[ "${KEY:-ec}" == rsa ]]; then scripts/make-certs.sh --rsa "$out/pki" > /dev/null; else scripts/make-certs.sh "$out/pki" > /dev/null; fi

cat > "$out/router.json" <<JSON
{
  "listeners": [ { "name": "secure", "binding": "basicHttp", "address": "https://127.0.0.1:$port/router/basic",
                   "tls": { "certificate": { "path": "pki/router/server.crt", "keyPath": "pki/router/server.key" } } } ],
  "routes": [ { "name": "all", "cluster": "backend", "filters": [ { "type": "matchAll" } ] } ],
  "clusters": { "backend": { "destinations": [ { "name": "backend", "binding": "basicHttp", "address": "http://127.0.0.1:9/basic" } ] } },
  "admin": { "address": "http://127.0.0.1:18901" },
  "telemetry": { "logLevel": "Warning" }
}
JSON
start "$out/router.log" dotnet "$(bin Router)" --config "$out/router.json"
wait_for http://127.0.0.1:18901/health "the router" "$out"

echo "# testssl $(testssl --version 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | awk '/testssl / {print $2; exit}') against https://127.0.0.1:$port (${KEY:-ec} key), $(date -u +%FT%TZ)"
testssl --quiet --color 0 --warnings batch --add-ca "$out/pki/client/ca.crt" --jsonfile "$out/testssl.json" \
  "127.0.0.1:$port" > "$out/testssl.txt" 2>&1 || true
python3 - "$out/testssl.json" <<'PY'
import collections, json, sys
findings = json.load(open(sys.argv[1]))
rank = {"OK": 0, "INFO": 0, "LOW": 1, "MEDIUM": 2, "HIGH": 3, "CRITICAL": 4, "WARN": 0, "DEBUG": 0}
# What the issue allows: findings about a test certificate (revocation, expiry, trust) and browser headers.
expected = ("cert_", "OCSP", "CRL", "HSTS", "security_headers", "DNS_CAA")
counts = collections.Counter(f["severity"] for f in findings)
print("findings by severity: " + ", ".join(f"{k} {counts[k]}" for k in ("CRITICAL", "HIGH", "MEDIUM", "LOW", "OK", "INFO") if counts[k]))
unexpected = 0
for f in findings:
    if rank.get(f["severity"], 0) < 2:
        continue
    allowed = f["id"].startswith(expected)
    unexpected += not allowed
    print(f"  {f['severity']:<8} {f['id']:<22} {'(test certificate / browser header: expected)' if allowed else 'UNEXPECTED'}  {f['finding'][:90]}")
protocols = {f["id"]: f["finding"] for f in findings if f["id"] in ("SSLv2", "SSLv3", "TLS1", "TLS1_1", "TLS1_2", "TLS1_3")}
print("protocols: " + ", ".join(f"{k} {v}" for k, v in protocols.items()))
for key in ("cipher_order", "fs", "secure_client_renego", "CRIME_TLS", "BREACH", "POODLE_SSL", "SWEET32", "BEAST", "LUCKY13", "ROBOT", "RC4"):
    for f in findings:
        if f["id"] == key:
            print(f"  {key:<22} {f['severity']:<8} {f['finding'][:80]}")
print("PASS: no finding of MEDIUM or higher beyond the test certificate and browser headers" if unexpected == 0
      else f"FAIL: {unexpected} unexpected finding(s) of MEDIUM or higher")
sys.exit(1 if unexpected else 0)
PY
