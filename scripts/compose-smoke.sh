#!/usr/bin/env bash
# The Docker DMZ deployment end to end: builds the local base image (scripts/docker-base.sh, skipped when it
# exists), publishes the apps on the host (scripts/docker-publish.sh), builds the images, starts docker-compose.yml,
# waits for health, and checks:
#   - the certs init service made the test PKI on first start (scripts/make-certs.sh) and keeps it on the next; the
#     router mounts its TLS folder read-only; every listener is TLS (https 8443, https with client certificates 8444,
#     net.tcp with transport security 8808);
#   - every router listener answers through the published ports (LoadClient on the host, trusting the test CA only:
#     raw https on each HTTP listener and bridge; WCF binaryHttp over https and WCF net.tcp over TLS) and from the DMZ network by service name (LoadClient container, https://router);
#   - TLS from the host (scripts/lib/tls-checks.sh): https with the test CA, refused with the system CAs, plain HTTP
#     answered 400; the partner listener with partner-a's certificate, refused without one or with another CA's,
#     partner-b denied by the route (403); net.tcp's TLS upgrade up to the Preamble Ack, a plain preamble refused; a
#     server certificate renewed in the mounted folder served without a restart;
#   - the DMZ cannot reach the backends nor the admin endpoint (bound to the router's own internal address, found at
#     start by Router/docker-entrypoint.sh); the host has no admin port;
#   - the read-only config folder is hot-reloaded (an edit of router.json -> "Loaded ... as version 2", /health says 2);
#   - `docker stop` of the router under load drains ("every message in flight was answered"), exits 0, and the
#     client saw no timeout, no HTTP error and no fault;
#   - durable delivery (scripts/lib/durable-checks.sh): one-way SubmitOrder on /router/soap12 is acknowledged (202) and
#     delivered; with both backends stopped it is acknowledged and waits in the queue on the `queues` volume; the router
#     is SIGKILLed and its container re-created on that volume, which still holds them; the backends come back and
#     every acknowledged order is delivered;
#   - hooks: every executable scripts/compose-smoke.d/*.sh runs against the live stack after the load checks, one
#     PASS/FAIL each (see scripts/compose-smoke.d/README); traces.sh sends requests with a known traceparent and finds
#     the router's and the backends' spans of that trace in the OTLP sink that docker-compose.traces.yml adds;
# then reports the image sizes and takes the stack down: `docker-compose down` removes the containers and networks
# on every exit, a failed or interrupted run included. Prints PASS/FAIL per check and a summary; exit 1 on a FAIL.
#
# Usage: scripts/compose-smoke.sh [--requests N (default 200)] [--keep (leave the stack up)]
# Env: BASE_IMAGE (default soap-router-base:bookworm, built here; set it to mcr.microsoft.com/dotnet/runtime-deps:10.0
#      where a registry is reachable). SINK_BASE_IMAGE: the OTLP sink's, with apt (soap-router-base:bookworm-apt with
#      the local base; runtime-deps:10.0 otherwise). Needs a Docker daemon; as root it starts /usr/sbin/dockerd if none
#      answers. Host ports: ROUTER_HTTPS_PORT, ROUTER_PARTNER_PORT, ROUTER_NETTCP_PORT (free ones when 8443, 8444, 8808 are taken).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

requests=200
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --requests) requests="$2"; shift ;;
    --keep) keep=1 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

# Debian's docker client and compose v1 first (/usr/local/bin/docker has no buildx), classic builder.
export PATH="/usr/bin:/usr/sbin:$PATH" COMPOSE_DOCKER_CLI_BUILD=0 DOCKER_BUILDKIT=0
export BASE_IMAGE="${BASE_IMAGE:-soap-router-base:bookworm}"
export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-soaprouter}"
out="$root/artifacts/compose-smoke"
rm -rf "$out"
mkdir -p "$out"
# A copy of deploy/router that the router mounts (ROUTER_CONFIG_DIR) and this script edits: the repository's file stays as it is.
export ROUTER_CONFIG_DIR="$out/config"
cp -r deploy/router "$ROUTER_CONFIG_DIR"
# Host ports of the router's listeners: 8443, 8444 and 8808 unless taken (others share this machine), else free ones.
source "$root/scripts/lib/free-port.sh"
router_ports
https="https://127.0.0.1:$ROUTER_HTTPS_PORT"
echo "== router's host ports: https $ROUTER_HTTPS_PORT, partner https $ROUTER_PARTNER_PORT, net.tcp TLS $ROUTER_NETTCP_PORT"
# The traces check: docker-compose.traces.yml adds an OTLP/HTTP sink on the internal network (the backends export to
# it), and the copy of router.json exports the router's traces and metrics there; every docker-compose call below
# reads the three files. scripts/compose-smoke.d/traces.sh finds the spans of its own requests in the sink.
export COMPOSE_FILE="docker-compose.yml:docker-compose.override.yml:docker-compose.traces.yml"
if ! python3 - "$ROUTER_CONFIG_DIR/router.json" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
old = '"telemetry": { "logLevel": "Information" }'
if old not in text:
    sys.exit(f"{path}: no line {old} to add telemetry.otlp to")
open(path, "w").write(text.replace(old, '"telemetry": { "logLevel": "Information", '
                                       '"otlp": { "endpoint": "http://otlp-sink:4318", "protocol": "httpProtobuf" } }'))
PY
then
  echo "FAIL  the smoke's router.json copy: telemetry.otlp could not be set"; exit 1
fi
chmod -R a+rX "$ROUTER_CONFIG_DIR"

results=()
failed=0
pass() { results+=("PASS  $1"); echo "PASS  $1"; }
fail() { results+=("FAIL  $1"); echo "FAIL  $1"; failed=1; }
check() { # description, command...
  local what="$1"; shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}
source "$root/scripts/lib/tls-checks.sh"
started=$(date +%s)
phases=""
phase() { phases+="$1 $(( $(date +%s) - ${phase_start:-$started} )) s, "; phase_start=$(date +%s); }
summary() {
  echo
  echo "== took $(( $(date +%s) - started )) s: ${phases}rest $(( $(date +%s) - ${phase_start:-$started} )) s"
  echo "== summary (logs and LoadClient JSON in artifacts/compose-smoke/)"
  printf '%s\n' "${results[@]}"
  if [ "$failed" = 0 ]; then echo "compose-smoke: PASS"; else echo "compose-smoke: FAIL"; fi
}
down() {
  [ "$keep" = 1 ] && { echo "== --keep: the stack stays up (docker-compose down to stop it)"; return; }
  docker-compose logs --no-color > "$out/compose.log" 2>&1 || true
  echo "== docker-compose down"
  if docker-compose --profile load down --volumes --remove-orphans > "$out/down.log" 2>&1; then
    pass "docker-compose down"
  else
    fail "docker-compose down (see artifacts/compose-smoke/down.log)"
  fi
}
die() { fail "$1"; on_exit; summary; exit 1; }
# Whatever ends the run (a FAIL, an error, Ctrl-C, CI's timeout), the stack and its networks go.
on_exit() { [ "${stack_up:-0}" = 1 ] && { stack_up=0; down; }; }
trap on_exit EXIT
trap 'echo "interrupted"; exit 130' INT TERM

# --- the daemon
if ! docker info > /dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && [ -x /usr/sbin/dockerd ]; then
    echo "== no Docker daemon answers: starting /usr/sbin/dockerd (log: artifacts/compose-smoke/dockerd.log)"
    nohup /usr/sbin/dockerd > "$out/dockerd.log" 2>&1 &
    for _ in $(seq 1 60); do docker info > /dev/null 2>&1 && break; sleep 0.5; done
  fi
  docker info > /dev/null 2>&1 || { tail -n 20 "$out/dockerd.log" 2>/dev/null; die "Docker daemon: none answers and none could be started"; }
fi
docker-compose version --short > /dev/null 2>&1 || die "docker-compose (v1) is not installed"

# A stack this project left behind (a run killed with SIGKILL, say) would hold the names and the subnet: take it down.
docker-compose --profile load down --volumes --remove-orphans > /dev/null 2>&1 || true

# --- build
echo "== base image $BASE_IMAGE"
if [ "$BASE_IMAGE" = soap-router-base:bookworm ]; then
  scripts/docker-base.sh || die "base image (scripts/docker-base.sh)"
  # The OTLP sink installs python3 with apt: the base that keeps apt.
  export SINK_BASE_IMAGE="${SINK_BASE_IMAGE:-soap-router-base:bookworm-apt}"
fi
phase "daemon and base"
scripts/docker-publish.sh || die "host publish (scripts/docker-publish.sh)"
phase publish
echo "== docker-compose build"
docker-compose --profile load build > "$out/build.log" 2>&1 || { tail -n 30 "$out/build.log"; die "images build"; }
pass "images build on $BASE_IMAGE"
phase "image build"

# --- up
echo "== docker-compose up -d"
docker-compose up -d > "$out/up.log" 2>&1 || { cat "$out/up.log"; stack_up=1; die "docker-compose up"; }
stack_up=1
router=$(docker-compose ps -q router)
# The admin endpoint's address: the router's own on the internal network (the entry script binds it there).
admin_ip=$(docker inspect -f "{{with index .NetworkSettings.Networks \"${COMPOSE_PROJECT_NAME}_internal\"}}{{.IPAddress}}{{end}}" "$router")
echo "   router's admin endpoint: http://$admin_ip:9901 ($(docker logs "$router" 2>&1 | grep -m1 'docker-entrypoint:' || echo 'no entry-script line'))"
health() { docker inspect -f '{{.State.Health.Status}}' "$1" 2>/dev/null; }
for _ in $(seq 1 60); do [ "$(health "$router")" = healthy ] && break; sleep 1; done
if [ "$(health "$router")" = healthy ]; then
  pass "stack up; router healthy (HEALTHCHECK on the admin /health), backends healthy"
else
  docker-compose ps; docker-compose logs --tail 30 router
  die "router healthy within 60 s (is $(health "$router"))"
fi

# --- TLS material: made on first start by the certs init service, kept on the next, mounted read-only
certs=$(docker-compose ps -q certs)
check "certs init service exited 0 on first start: $(docker logs "$certs" 2>&1 | tail -n 1)" \
  test "$(docker inspect -f '{{.State.ExitCode}}' "$certs")" = 0
again=$(docker-compose run --rm certs 2>&1 | tail -n 1)
check "certs init again keeps the PKI: $again" grep -q 'made 0,' <<< "$again"
check "router's TLS folder /etc/router-tls is a read-only mount" \
  test "$(docker inspect -f '{{range .Mounts}}{{if eq .Destination "/etc/router-tls"}}{{.RW}}{{end}}{{end}}' "$router")" = false
check "router sees no CA key (only server.crt, server.key, clients-ca.crt): $(docker exec "$router" ls /etc/router-tls | tr '\n' ' ')" \
  test "$(docker exec "$router" ls /etc/router-tls | tr '\n' ' ')" = "clients-ca.crt server.crt server.key "
client_tls="$out/client-tls"
client_tls_copy docker-compose "$client_tls" || die "the test clients' certificates copied out of the client-tls volume"

# --- how the router runs: non-root, read-only root, open-file limit, health check, PID 1 (gets SIGTERM itself)
check "router runs as a non-root user (uid $(docker exec "$router" id -u))" test "$(docker exec "$router" id -u)" != 0
check "router's root file system is read-only (a write to /app fails)" \
  bash -c "test \"\$(docker inspect -f '{{.HostConfig.ReadonlyRootfs}}' $router)\" = true && ! docker exec $router touch /app/x 2>/dev/null"
check "router's open-file limit is 16384 (soft and hard)" \
  test "$(docker exec "$router" bash -c 'echo $(ulimit -Sn)/$(ulimit -Hn)')" = 16384/16384
check "router image has a HEALTHCHECK on the admin /health" \
  grep -q docker-entrypoint.sh <<< "$(docker inspect -f '{{json .Config.Healthcheck}}' "$router")"
check "router logs no open-file limit warning (its limits fit nofile 16384)" \
  bash -c "! docker logs $router 2>&1 | grep -q 'Open-file limit'"
check "the router process is PID 1 (the entry script execs it)" \
  test "$(docker exec "$router" bash -c 'readlink /proc/1/exe')" = /app/Router

# --- load through the published ports (the host is the outside client)
loadclient="$root/artifacts/publish/loadclient/LoadClient"
ok_run() { # json file: every measured request answered, no faults
  python3 - "$1" "$requests" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
sys.exit(0 if r.get("ok") == int(sys.argv[2]) and not r.get("errors") and not r.get("faults") else 1)
EOF
}
# The host's LoadClient trusts the test CA alone: .NET on Linux reads SSL_CERT_FILE as its root store.
lc() { SSL_CERT_FILE="$client_tls/ca.crt" "$loadclient" "$@"; }
load() { # name, LoadClient arguments
  local name="$1"; shift
  lc --requests "$requests" --concurrency 8 --quiet --json "$out/$name.json" "$@" > "$out/$name.txt" 2>&1
  local rc=$?
  if [ "$rc" = 0 ] && ok_run "$out/$name.json"; then
    pass "$name: $(grep -m1 'requests ' "$out/$name.txt" | sed 's/^ *//'), $(grep -m1 'throughput' "$out/$name.txt" | awk '{print $2, $3}')"
  else
    fail "$name (exit $rc): $(grep -m1 'requests ' "$out/$name.txt" 2>/dev/null | sed 's/^ *//') (artifacts/compose-smoke/$name.txt)"
  fi
}
echo "== LoadClient on the host through the published ports (https, the test CA), $requests requests per run"
load basic-getOrders     --url $https/router/basic  --binding basicHttp  --operation getOrders --orders 10
load soap12-getOrders    --url $https/router/soap12 --binding soap12Http --operation getOrders --orders 10
load binary-echo-1KB     --url $https/router/binary --binding binaryHttp --operation echo --size 1024
load basic-to-binary     --url $https/router/basic-to-binary --binding basicHttp --operation echo --size 1024
load soap12-to-basic     --url $https/router/soap12-to-basic --binding soap12Http --operation getOrders --orders 10
load soap12-to-netTcp    --url $https/router/soap12-to-netTcp --binding soap12Http --operation getOrders --orders 10
# The WCF client: System.ServiceModel's bindings with transport security, the router's certificate checked against the test CA.
load wcf-binary-getOrders --client wcf --ca "$client_tls/ca.crt" --url $https/router/binary --binding binaryHttp --operation getOrders --orders 10
load wcf-netTcp-getOrders --client wcf --tls --ca "$client_tls/ca.crt" --url net.tcp://localhost:$ROUTER_NETTCP_PORT/router --binding netTcp --operation getOrders --orders 10

# --- from the DMZ network: the router by service name, and nothing else
echo "== from the DMZ network (LoadClient container)"
backend_ip=$(docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$(docker-compose ps -q backend-a)")
# The container trusts ca.crt from the client-tls volume (SSL_CERT_FILE, docker-compose.yml): the name "router" is checked.
if docker-compose run --rm loadclient --url https://router:8443/router/soap12 --binding soap12Http --operation getOrders \
     --orders 10 --requests "$requests" --concurrency 8 --quiet --allow-remote > "$out/dmz-loadclient.txt" 2>&1 \
   && grep -q "requests *$requests: $requests ok" "$out/dmz-loadclient.txt"; then
  pass "DMZ container -> https://router:8443 by service name: $(grep -m1 'requests ' "$out/dmz-loadclient.txt" | sed 's/^ *//')"
else
  fail "DMZ container -> https://router:8443 (artifacts/compose-smoke/dmz-loadclient.txt)"
fi
probe() { # host port: 0 when a TCP connection from a DMZ-only container succeeds within 3 s
  docker-compose run --rm --no-deps --entrypoint bash loadclient -c "timeout 3 bash -c 'exec 3<>/dev/tcp/$1/$2'" > /dev/null 2>&1
}
check "DMZ container -> router:8443 connects (control)" probe router 8443
no_probe() { ! probe "$@"; }
check "DMZ container cannot reach backend-a:9080 (no such name on the DMZ network)" no_probe backend-a 9080
check "DMZ container cannot reach backend-a by its internal address $backend_ip:9080" no_probe "$backend_ip" 9080
check "DMZ container cannot reach the admin endpoint $admin_ip:9901" no_probe "$admin_ip" 9901
check "DMZ container cannot reach port 9901 on the router's DMZ side (router:9901)" no_probe router 9901
# Published ports, as docker reports them (not a probe of 127.0.0.1: other programs on this host may hold 9901 or 9080).
published=$(docker port "$router" | sort | tr '\n' ' ')
echo "   router publishes: $published"
check "router publishes only its TLS listeners 8443, 8444 and 8808 (no admin 9901)" \
  test "$(docker port "$router" | awk '{print $1}' | sort -u | tr '\n' ' ')" = "8443/tcp 8444/tcp 8808/tcp "
check "backends publish no port" test -z "$(docker port "$(docker-compose ps -q backend-a)")$(docker port "$(docker-compose ps -q backend-b)")"

# --- TLS from the host: with and without the test CA and client certificates, plain bytes on the TLS ports
echo "== TLS through the published ports (curl, scripts/lib/nettcp-tls-probe.py)"
tls_checks "$client_tls" 127.0.0.1 "$ROUTER_HTTPS_PORT" "$ROUTER_PARTNER_PORT" "$ROUTER_NETTCP_PORT" ""

# --- hooks: checks other parts of the product add (e.g. traces), run against the live stack
for hook in scripts/compose-smoke.d/*.sh; do
  [ -x "$hook" ] || continue
  name=$(basename "$hook" .sh)
  echo "== hook $name"
  if SMOKE_OUT="$out" SMOKE_HTTP="$https" SMOKE_CA="$client_tls/ca.crt" SMOKE_ROUTER="$router" SMOKE_ADMIN="http://$admin_ip:9901" \
       "$hook" > "$out/hook-$name.txt" 2>&1; then
    pass "hook $name: $(tail -n 1 "$out/hook-$name.txt")"
  else
    fail "hook $name (artifacts/compose-smoke/hook-$name.txt): $(tail -n 1 "$out/hook-$name.txt")"
  fi
done

# --- hot reload of the read-only config folder
admin_health() { # the admin /health body, asked inside the router container (the admin is on the internal network only)
  docker exec "$router" bash -c "exec 3<>/dev/tcp/$admin_ip/9901 && printf 'GET /health HTTP/1.0\r\nHost: r\r\n\r\n' >&3 && cat <&3" 2>/dev/null | tail -n 1
}
echo "== hot reload: limits.maxConcurrentRequests 64 -> 32 in the mounted router.json"
# Write a new file and rename it over the old one, as editors and config tools do (the folder mount sees it).
sed 's/"maxConcurrentRequests": 64/"maxConcurrentRequests": 32/' "$ROUTER_CONFIG_DIR/router.json" > "$ROUTER_CONFIG_DIR/.router.json.new"
chmod a+r "$ROUTER_CONFIG_DIR/.router.json.new"
mv "$ROUTER_CONFIG_DIR/.router.json.new" "$ROUTER_CONFIG_DIR/router.json"
reloaded=""
for _ in $(seq 1 40); do
  reloaded=$(docker logs "$router" 2>&1 | grep -m1 "as version 2") && break
  sleep 0.5
done
if [ -n "$reloaded" ]; then
  pass "reload seen in the router log: ${reloaded#*] }"
else
  fail "no \"Loaded ... as version 2\" in the router log within 20 s"
fi
body=$(admin_health)
echo "   /health: $body"
check "admin /health reports configVersion 2" grep -q '"configVersion":2' <<< "$body"
load after-reload-basic --url $https/router/basic --binding basicHttp --operation getOrders --orders 10

# --- a renewed certificate in the mounted folder is served without a restart (the router re-reads it every 2 s)
echo "== certificate renewal: a new server certificate in the router-tls volume"
served_serial() { openssl s_client -connect "127.0.0.1:$ROUTER_HTTPS_PORT" -CAfile "$client_tls/ca.crt" < /dev/null 2> /dev/null | openssl x509 -noout -serial 2> /dev/null; }
before=$(served_serial)
started_at=$(docker inspect -f '{{.State.StartedAt}}' "$router")
docker-compose run --rm --entrypoint bash certs -c 'rm /pki/router/server.crt && /app/make-certs.sh /pki' > "$out/renew.txt" 2>&1
renewed_ms=$(date +%s%3N)
after="$before"
for _ in $(seq 1 20); do
  after=$(served_serial)
  [ -n "$after" ] && [ "$after" != "$before" ] && break
  sleep 0.5
done
renewed_ms=$(( $(date +%s%3N) - renewed_ms ))
check "renewed server certificate served within $renewed_ms ms, no restart (${before#serial=} -> ${after#serial=})" \
  test -n "$before" -a "$after" != "$before" -a "$(docker inspect -f '{{.State.StartedAt}}' "$router")" = "$started_at"

# --- docker stop under load: SIGTERM drain
echo "== docker stop of the router under load (echo 100 KB, concurrency 16)"
lc --url $https/router/basic --binding basicHttp --operation echo --size 102400 \
  --concurrency 16 --duration 7 --quiet --json "$out/drain.json" > "$out/drain.txt" 2>&1 &
client=$!
sleep 3
start=$(date +%s.%N)
docker stop "$router" > /dev/null
stop_s=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$start" "$(date +%s.%N)")
exit_code=$(docker inspect -f '{{.State.ExitCode}}' "$router")
wait "$client"
docker logs "$router" > "$out/router-drain.log" 2>&1
drained=$(grep -m1 -E "Drained in|Drain cut short" "$out/router-drain.log" | sed 's/^.*] //')
echo "   docker stop took $stop_s s; router exit code $exit_code; router: $drained"
check "router exit code 0 after docker stop ($stop_s s)" test "$exit_code" = 0
check "router drained: $drained" grep -q "every message in flight was answered" <<< "$drained"
client_summary=$(python3 - "$out/drain.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
print(json.dumps({k: r.get(k) for k in ("requests", "ok", "faults", "errors", "httpErrors", "timeouts", "transportErrors", "communicationErrors", "statusCodes")}))
EOF
)
echo "   client during the stop: $client_summary"
# After the drain starts the router accepts no new connection: the client's later attempts are refused (transport
# errors, many: the client retries at once until --duration ends), which are not accepted messages. An accepted message that was lost would show as a timeout, a reset
# mid-reply (transport), an HTTP error status or a fault.
check "no HTTP error status, timeout or fault at the client during the stop" python3 - "$out/drain.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
codes = r.get("statusCodes") or {}
bad_status = {k: v for k, v in codes.items() if str(k) != "200"}
sys.exit(1 if bad_status or r.get("faults") or r.get("httpErrors") or r.get("timeouts") else 0)
EOF

# --- durable delivery from the queues volume (scripts/lib/durable-checks.sh; the router is stopped after its drain)
echo "== durable delivery: SubmitOrder on /router/soap12 kept on the queues volume (backends stopped, router killed and re-created)"
source "$root/scripts/lib/durable-checks.sh"
durable_checks

# --- sizes
echo "== image sizes"
docker image ls --format '{{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E '^soap-router' | sort | tee "$out/image-sizes.txt"
pass "image sizes: $(tr '\n' ';' < "$out/image-sizes.txt" | sed 's/;$//; s/;/, /g')"

stack_up=0
down
summary
exit "$failed"
