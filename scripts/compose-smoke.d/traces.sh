#!/usr/bin/env bash
# Traces hook of scripts/compose-smoke.sh: sends a few basicHttp Echo requests through the router's published https
# port (/router/basic, and the /router/basic-to-binary bridge) with a traceparent of a trace id made here, then looks
# in the OTLP sink (docker-compose.traces.yml; the smoke points its router.json and the backends at it) for that
# trace: OTLP protobuf carries trace and span ids as raw bytes, so the 16 bytes of the trace id must be in /v1/traces
# bodies from the router (resource service.name soap-router) at least twice per request (its server span and one
# forward span), the 8 bytes of each sent parent span id in the router's bodies (the server span continues the
# caller's span), and the trace id in bodies from the backends (soap-backendstub: their server spans continue the
# forward span's traceparent) at least once per request. The SDKs batch spans (every 5 s by default): waits up to 25 s.
set -uo pipefail
sink=$(docker-compose ps -q otlp-sink 2>/dev/null)
[ -n "$sink" ] || { echo "FAIL: no otlp-sink container (is docker-compose.traces.yml in COMPOSE_FILE?)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
trace_id=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
cat > "$tmp/echo.xml" <<'XML'
<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Echo xmlns="http://tempuri.org/"><payload><Text xmlns="http://schemas.datacontract.org/2004/07/BackendStub">traces smoke</Text></payload></Echo></s:Body></s:Envelope>
XML
echo "trace id $trace_id"
parents=()
sent=0
for path in basic basic basic basic-to-binary basic-to-binary; do
  parent=$(python3 -c 'import secrets; print(secrets.token_hex(8))')
  parents+=("$parent")
  code=$(curl -s -m 10 --cacert "$SMOKE_CA" -o "$tmp/reply.xml" -w '%{http_code}' -H 'Content-Type: text/xml; charset=utf-8' \
    -H 'SOAPAction: "http://tempuri.org/IEchoService/Echo"' -H "traceparent: 00-$trace_id-$parent-01" \
    --data-binary @"$tmp/echo.xml" "$SMOKE_HTTP/router/$path")
  echo "POST /router/$path traceparent 00-$trace_id-$parent-01: HTTP $code"
  if [ "$code" != 200 ] || ! grep -q "traces smoke" "$tmp/reply.xml"; then
    head -c 600 "$tmp/reply.xml"; echo
    echo "FAIL: the echo request through /router/$path was not answered 200 with its payload"; exit 1
  fi
  sent=$((sent + 1))
done

search_sink() { # prints: router_spans router_bodies parents_found stub_spans stub_bodies
  docker exec -i "$sink" python3 - "$trace_id" "${parents[@]}" <<'PY'
import glob, sys
tid = bytes.fromhex(sys.argv[1]); parents = [bytes.fromhex(p) for p in sys.argv[2:]]
r_spans = r_bodies = s_spans = s_bodies = 0; found = set()
for name in sorted(glob.glob("/tmp/otlp/*-traces.pb")):
    body = open(name, "rb").read()
    n = body.count(tid)
    if not n:
        continue
    if b"soap-backendstub" in body:
        s_spans += n; s_bodies += 1
    elif b"soap-router" in body:
        r_spans += n; r_bodies += 1
        found.update(p for p in parents if p in body)
print(r_spans, r_bodies, len(found), s_spans, s_bodies)
PY
}
result=""
for _ in $(seq 1 25); do
  sleep 1
  result=$(search_sink) || { echo "FAIL: could not search the sink's bodies (docker exec)"; exit 1; }
  read -r r_spans r_bodies parents_found s_spans s_bodies <<< "$result"
  [ "$r_spans" -ge $((2 * sent)) ] && [ "$parents_found" -ge "$sent" ] && [ "$s_spans" -ge "$sent" ] && break
done
bodies=$(docker exec "$sink" bash -c 'ls /tmp/otlp | grep -c traces')
echo "sink holds $bodies /v1/traces bodies; with trace $trace_id: router $r_spans ids in $r_bodies bodies ($parents_found of $sent parent span ids), backends $s_spans in $s_bodies"
if [ "$r_spans" -ge $((2 * sent)) ] && [ "$parents_found" -ge "$sent" ] && [ "$s_spans" -ge "$sent" ]; then
  echo "PASS: trace $trace_id of $sent requests with traceparent: $r_spans router spans (every caller span id continued) and $s_spans backend spans in the OTLP sink"
else
  echo "FAIL: trace $trace_id of $sent requests: wanted >= $((2 * sent)) router spans with all $sent parent ids and >= $sent backend spans within 25 s, found router $r_spans ($parents_found parents), backends $s_spans"
  exit 1
fi
