#!/usr/bin/env bash
# The scale-out stack end to end: docker-compose.yml + docker-compose.scale.yml, `--scale router=3` behind the front
# load balancer (HAProxy, deploy/front/), and checks:
#   - every replica comes up healthy, each with its admin endpoint on its own internal address (no fixed IP);
#   - the replicas publish no port, the front publishes 8443, 8444 and 8808 only;
#   - load through the front, TLS passed through to the replicas (LoadClient on the host trusting the test CA: basicHttp
#     and soap12Http raw over https, net.tcp TLS with the WCF client;
#     and a LoadClient container on the DMZ by the front's service name, https://front) is all answered, no error, no fault;
#   - every replica handled some of it: its own /stats (asked from inside it, the admin is on the internal network
#     only) counts messages > 0, and the replicas' counts add up to at least what the clients sent;
#   - the replicas share one response cache through the stack's redis service (deploy/router-scale/router.json): a
#     GetOrders sent to one replica (a miss: the backends' request counters go up by one, the entry appears in Redis) is
#     a hit on another (its /stats cache hits go up by one, the backends' counters do not move, the same reply);
#   - the rabbitmq service (deploy/rabbitmq/): its secret init exited 0; healthy, booted, no alarm; non-root on a
#     read-only root; no published port, internal network only; data on the rabbitmq-data volume; its only user is
#     router (no guest), and every replica holds that user's password (RABBITMQ_PASSWORD from the rabbitmq-secret
#     volume, checked by rabbitmqctl authenticate_user) and reaches rabbitmq:5672;
#   - durable delivery through the front: one-way SubmitOrder on /router/soap12 (route orders-durable) acknowledged
#     (202) and delivered; with queues.store rabbitmq (deploy/router-scale/router.json), the queue is a quorum queue in
#     the stack's rabbitmq; with local (a config of your own), each replica has a store volume of its own;
#   - TLS through the front (scripts/lib/tls-checks.sh): the replicas' certificate, partner-a's client certificate
#     passes through to them, no certificate or another CA's is refused, net.tcp's TLS upgrade;
# then takes the stack down (also on a failure or an interrupt). Prints PASS/FAIL per check; exit 1 on a FAIL.
#
# Usage: scripts/compose-scale-smoke.sh [--replicas N (default 3)] [--requests N (default 600)] [--keep]
# Builds what is missing (base image, host publish, images); run after scripts/compose-smoke.sh it reuses its images.
# Env: BASE_IMAGE as compose-smoke.sh (FRONT_BASE_IMAGE: the front's, with apt; soap-router-base:bookworm-apt here); COMPOSE_PROJECT_NAME (default soaprouter-scale) and ROUTER_INTERNAL_SUBNET
# (default 172.30.1.0/24) differ from the plain stack's, so the two never share a network.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

replicas=3
requests=600
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --replicas) replicas="$2"; shift ;;
    --requests) requests="$2"; shift ;;
    --keep) keep=1 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

# BASE_IMAGE, FRONT_BASE_IMAGE (the front installs HAProxy with apt: on the local base, its twin that kept apt) and the
# image build: scripts/lib/scale-images.sh, shared with scripts/swarm-smoke.sh.
source scripts/lib/scale-images.sh
scale_images_env
export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-soaprouter-scale}"
export ROUTER_INTERNAL_SUBNET="${ROUTER_INTERNAL_SUBNET:-172.30.1.0/24}"
compose() { docker-compose -f docker-compose.yml -f docker-compose.scale.yml "$@"; }
out="$root/artifacts/compose-scale-smoke"
rm -rf "$out"
mkdir -p "$out"
export ROUTER_CONFIG_DIR="$out/config"
cp -r deploy/router-scale "$ROUTER_CONFIG_DIR"
chmod -R a+rX "$ROUTER_CONFIG_DIR"
source "$root/scripts/lib/free-port.sh"
router_ports
https="https://127.0.0.1:$ROUTER_HTTPS_PORT"
echo "== front's host ports: https $ROUTER_HTTPS_PORT, partner https $ROUTER_PARTNER_PORT, net.tcp TLS $ROUTER_NETTCP_PORT; $replicas router replicas"

results=()
failed=0
pass() { results+=("PASS  $1"); echo "PASS  $1"; }
fail() { results+=("FAIL  $1"); echo "FAIL  $1"; failed=1; }
check() { local what="$1"; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
source "$root/scripts/lib/tls-checks.sh"
started=$(date +%s)
summary() {
  echo
  echo "== took $(( $(date +%s) - started )) s"
  echo "== summary (logs and LoadClient JSON in artifacts/compose-scale-smoke/)"
  printf '%s\n' "${results[@]}"
  if [ "$failed" = 0 ]; then echo "compose-scale-smoke: PASS"; else echo "compose-scale-smoke: FAIL"; fi
}
down() {
  [ "$keep" = 1 ] && { echo "== --keep: the stack stays up"; return; }
  compose logs --no-color > "$out/compose.log" 2>&1 || true
  echo "== docker-compose down"
  if compose --profile load down --volumes --remove-orphans > "$out/down.log" 2>&1; then
    pass "docker-compose down (containers and networks removed)"
  else
    fail "docker-compose down (see artifacts/compose-scale-smoke/down.log)"
  fi
}
on_exit() { [ "${stack_up:-0}" = 1 ] && { stack_up=0; down; }; }
trap on_exit EXIT
trap 'echo "interrupted"; exit 130' INT TERM
die() { fail "$1"; on_exit; summary; exit 1; }

docker info > /dev/null 2>&1 || die "Docker daemon: none answers (scripts/compose-smoke.sh or .ci/run start one)"
docker-compose version --short > /dev/null 2>&1 || die "docker-compose (v1) is not installed"

# A stack this project left behind (a run killed with SIGKILL, say) would hold the names and the subnet: take it down.
compose --profile load down --volumes --remove-orphans > /dev/null 2>&1 || true

# --- build: what is missing, then the images (the classic builder's cache makes unchanged ones quick)
scale_images_build "$out/build.log" || die "$scale_images_error"
pass "images build on $BASE_IMAGE (front: HAProxy $(docker run --rm --entrypoint haproxy soap-router-front:dev -v 2>/dev/null | head -n 1 | awk '{print $3}'))"

# --- up
echo "== docker-compose up -d --scale router=$replicas"
stack_up=1
compose up -d --scale router="$replicas" > "$out/up.log" 2>&1 || { cat "$out/up.log"; die "docker-compose up --scale router=$replicas"; }
health() { docker inspect -f '{{.State.Health.Status}}' "$1" 2>/dev/null; }
routers=()
all_healthy() {
  mapfile -t routers < <(compose ps -q router)
  [ "${#routers[@]}" = "$replicas" ] || return 1
  local c; for c in "${routers[@]}"; do [ "$(health "$c")" = healthy ] || return 1; done
}
for _ in $(seq 1 90); do all_healthy && break; sleep 1; done
if all_healthy; then
  pass "$replicas router replicas up and healthy (HEALTHCHECK on each one's admin /health)"
else
  compose ps; die "$replicas router replicas healthy within 90 s"
fi
front=$(compose ps -q front)
[ -n "$front" ] && [ "$(docker inspect -f '{{.State.Running}}' "$front")" = true ] || die "front running"

# --- the rabbitmq service: the durable queues' shared store (deploy/rabbitmq/), healthy, private, no guest
echo "== rabbitmq (deploy/rabbitmq/): health, network, volume, users"
rabbitmq=$(compose ps -q rabbitmq)
secret_init=$(compose ps -q rabbitmq-secret)
check "rabbitmq-secret init exited 0: $(docker logs "$secret_init" 2>&1 | tail -n 1)" \
  test -n "$secret_init" -a "$(docker inspect -f '{{.State.ExitCode}}' "$secret_init" 2>/dev/null)" = 0
check "rabbitmq healthy (HEALTHCHECK: its AMQP port accepts), $(docker exec "$rabbitmq" rabbitmq-diagnostics -q check_running 2>&1 | tail -n 1)" \
  test "$(health "$rabbitmq")" = healthy -a "$(docker exec "$rabbitmq" rabbitmq-diagnostics -q check_running > /dev/null 2>&1; echo $?)" = 0
check "rabbitmq has no resource alarm (rabbitmq-diagnostics check_local_alarms)" docker exec "$rabbitmq" rabbitmq-diagnostics -q check_local_alarms
check "rabbitmq runs as $(docker exec "$rabbitmq" id -un) (not root) on a read-only root" \
  test "$(docker exec "$rabbitmq" id -u)" != 0 -a "$(docker inspect -f '{{.HostConfig.ReadonlyRootfs}}' "$rabbitmq")" = true
rabbitmq_networks=$(docker inspect -f '{{range $n, $_ := .NetworkSettings.Networks}}{{$n}} {{end}}' "$rabbitmq")
check "rabbitmq publishes no port and is on the internal network only (${rabbitmq_networks% })" \
  test -z "$(docker port "$rabbitmq")" -a "$rabbitmq_networks" = "${COMPOSE_PROJECT_NAME}_internal "
check "rabbitmq's data is on the named volume ${COMPOSE_PROJECT_NAME}_rabbitmq-data" \
  test "$(docker inspect -f '{{range .Mounts}}{{if eq .Destination "/var/lib/rabbitmq"}}{{.Name}} {{.RW}}{{end}}{{end}}' "$rabbitmq")" = "${COMPOSE_PROJECT_NAME}_rabbitmq-data true"
users=$(docker exec "$rabbitmq" rabbitmqctl -q list_users 2>/dev/null | tail -n +2 | awk '{print $1}' | tr '\n' ' ')
check "rabbitmq's only user is router (no guest): ${users% }" test "$users" = "router "
# The password each replica got (Router/docker-entrypoint.sh exports the secret file to the router process: PID 1),
# checked by the broker without being printed.
logins=""
for c in "${routers[@]}"; do
  if docker exec "$c" bash -c 'tr "\0" "\n" < /proc/1/environ | sed -n "s/^RABBITMQ_PASSWORD=//p"' > "$out/.password" 2>/dev/null \
     && [ -s "$out/.password" ] \
     && docker exec -i "$rabbitmq" bash -c 'read -r p && rabbitmqctl -q authenticate_user router "$p"' < "$out/.password" > /dev/null 2>&1; then
    logins+="ok "
  else
    logins+="refused "
  fi
done
rm -f "$out/.password"
check "every replica has the router user's password (RABBITMQ_PASSWORD from the rabbitmq-secret volume; rabbitmqctl authenticate_user: ${logins% })" \
  test "$(echo "$logins" | grep -o ok | grep -c .)" = "$replicas"
reach=0
for c in "${routers[@]}"; do docker exec "$c" timeout 3 bash -c 'exec 3<>/dev/tcp/rabbitmq/5672' 2> /dev/null && reach=$((reach + 1)); done
check "every replica reaches rabbitmq:5672 on the internal network ($reach of $replicas)" test "$reach" = "$replicas"

# Each replica's admin address: its own on the internal network.
internal_ip() { docker inspect -f "{{with index .NetworkSettings.Networks \"${COMPOSE_PROJECT_NAME}_internal\"}}{{.IPAddress}}{{end}}" "$1"; }
declare -A admin
for c in "${routers[@]}"; do
  admin[$c]=$(internal_ip "$c")
  echo "   $(docker inspect -f '{{.Name}}' "$c" | tr -d /): $(docker logs "$c" 2>&1 | grep -m1 'docker-entrypoint:')"
done
check "each replica's admin endpoint is on its own internal address ($(printf '%s ' "${admin[@]}"))" \
  test "$(printf '%s\n' "${admin[@]}" | grep -c .)" = "$replicas" -a "$(printf '%s\n' "${admin[@]}" | sort -u | grep -c .)" = "$replicas"
replica_ports=""
for c in "${routers[@]}"; do replica_ports+=$(docker port "$c"); done
check "router replicas publish no port" test -z "$replica_ports"
check "the front publishes 8443, 8444 and 8808 only" \
  test "$(docker port "$front" | awk '{print $1}' | sort -u | tr '\n' ' ')" = "8443/tcp 8444/tcp 8808/tcp "
client_tls="$out/client-tls"
client_tls_copy compose "$client_tls" || die "the test clients' certificates copied out of the client-tls volume"

# The front's health checks need a moment to mark new replicas up: wait for a replica's answer through it (a GET of a
# listener is answered 405 over TLS; a bare connect would not tell, the front accepts TCP with no replica up), then a
# few more checks for the others.
for _ in $(seq 1 20); do
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' --cacert "$client_tls/ca.crt" "$https/router/basic")" = 405 ] && break
  sleep 1
done
sleep 5

# --- load through the front
loadclient="$root/artifacts/publish/loadclient/LoadClient"
sent=0
ok_run() {
  python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
sys.exit(0 if r.get("ok") == int(sys.argv[2]) and not r.get("errors") and not r.get("faults") else 1)
PY
}
load() { # name, request count, LoadClient arguments
  local name="$1" n="$2"; shift 2
  SSL_CERT_FILE="$client_tls/ca.crt" "$loadclient" --requests "$n" --quiet --json "$out/$name.json" "$@" > "$out/$name.txt" 2>&1
  local rc=$?
  if [ "$rc" = 0 ] && ok_run "$out/$name.json" "$n"; then
    sent=$((sent + n))
    pass "$name through the front: $(grep -m1 'requests ' "$out/$name.txt" | sed 's/^ *//')"
  else
    fail "$name through the front (exit $rc): $(grep -m1 'requests ' "$out/$name.txt" 2>/dev/null | sed 's/^ *//') (artifacts/compose-scale-smoke/$name.txt)"
  fi
}
# The front balances connections (TLS passes through): each run's 12 connections spread over the replicas.
echo "== LoadClient on the host through the front (https, the test CA), $requests requests per run"
load basic-getOrders  "$requests" --concurrency 12 --url $https/router/basic  --binding basicHttp  --operation getOrders --orders 10
load soap12-getOrders "$requests" --concurrency 12 --url $https/router/soap12 --binding soap12Http --operation getOrders --orders 10
load wcf-netTcp-getOrders "$requests" --concurrency 6 --client wcf --tls --ca "$client_tls/ca.crt" --url net.tcp://localhost:$ROUTER_NETTCP_PORT/router --binding netTcp --operation getOrders --orders 10
echo "== from the DMZ network (LoadClient container) through the front by service name"
if compose run --rm loadclient --url https://front:8443/router/soap12 --binding soap12Http --operation getOrders \
     --orders 10 --requests "$requests" --concurrency 8 --quiet --allow-remote > "$out/dmz-loadclient.txt" 2>&1 \
   && grep -q "requests *$requests: $requests ok" "$out/dmz-loadclient.txt"; then
  sent=$((sent + requests))
  pass "DMZ container -> https://front:8443: $(grep -m1 'requests ' "$out/dmz-loadclient.txt" | sed 's/^ *//')"
else
  fail "DMZ container -> https://front:8443 (artifacts/compose-scale-smoke/dmz-loadclient.txt)"
fi

# --- every replica took part: its own /stats, asked inside it
echo "== per-replica /stats (messages), asked inside each replica"
replica_get() { # container, path: the HTTP response of GET path on the replica's admin endpoint, asked inside it
  docker exec "$1" bash -c "exec 3<>/dev/tcp/${admin[$1]}/9901 && printf 'GET $2 HTTP/1.0\r\nHost: r\r\n\r\n' >&3 && cat <&3" 2>&1
}
http_body() { sed -n '/^\r\{0,1\}$/,$p' "$1" | tail -n +2; }
# Message faults, and apart from them TLS handshake failures (faults.tlsHandshake: connections, not messages). The runs
# above cause a few of those with nothing wrong: LoadClient's reachability preflight opens and closes a bare TCP
# connection per run, which the router counts as a handshake failure (peerClosed).
total=0
counts=""
tls_failures=""
zero=0
faulty=0
for c in "${routers[@]}"; do
  name=$(docker inspect -f '{{.Name}}' "$c" | tr -d /)
  replica_get "$c" /stats > "$out/stats-$name.http"
  n=$(http_body "$out/stats-$name.http" | python3 -c '
import json, sys
r = json.load(sys.stdin)
faults = {k: v for k, v in r["faults"].items() if isinstance(v, int)}
failures = r.get("tls", {}).get("handshakeFailures", {})
print(r["messages"], sum(v for k, v in faults.items() if k != "tlsHandshake"),
      ",".join(f"{k} {v}" for k, v in failures.items()) or "none")' 2>/dev/null)
  read -r messages faults tls <<< "$n"
  [ -n "$n" ] || { messages=0; faults="?"; tls="?"; }
  counts+="$name $messages (faults $faults); "
  tls_failures+="$name $tls; "
  total=$((total + messages))
  [ "$messages" -gt 0 ] || zero=1
  [ "$faults" = 0 ] || faulty=1
done
echo "   $counts total $total, clients sent $sent; TLS handshake failures: $tls_failures"
check "every replica handled messages: ${counts}total $total" test "$zero" = 0
check "no replica counted a message fault (TLS handshake failures apart: ${tls_failures% })" test "$faulty" = 0
check "the replicas' counts add up to what the clients sent ($total >= $sent)" test "$total" -ge "$sent"

# --- the shared cache: one replica's entry is a hit on another (Redis between them)
echo "== the shared response cache: a GetOrders fetched by one replica, asked of another"
# The stack's redis and the backends' request counters (/stub/stats, asked inside each backend: the internal network
# has no route from the host). The replicas are reached on their own DMZ addresses, not through the front, so the
# test picks which one answers; their certificate names "router".
dmz_ip() { docker inspect -f "{{with index .NetworkSettings.Networks \"${COMPOSE_PROJECT_NAME}_dmz\"}}{{.IPAddress}}{{end}}" "$1"; }
stub_calls() { # the two backends' requests, summed
  local b total=0 n
  for b in backend-a backend-b; do
    n=$(docker exec "$(compose ps -q "$b")" bash -c "exec 3<>/dev/tcp/127.0.0.1/9080 && printf 'GET /stub/stats HTTP/1.0\r\nHost: b\r\n\r\n' >&3 && cat <&3" 2>/dev/null \
      | sed '1,/^\r\{0,1\}$/d' | python3 -c 'import json, sys; print(json.load(sys.stdin)["requests"])' 2>/dev/null) || n=""
    [ -n "$n" ] || { echo -1; return; }   # unreadable: -1, which no check below accepts
    total=$((total + n))
  done
  echo "$total"
}
cache_stats() { # container: "<redis connected> <orders-basic hits> <orders-basic misses>" from its /stats
  replica_get "$1" /stats > "$out/cache-stats.http"
  http_body "$out/cache-stats.http" | python3 -c '
import json, sys
c = json.load(sys.stdin)["cache"]
route = c["routes"].get("orders-basic", {})
print(str(c.get("redis", {}).get("connected", False)).lower(), route.get("hits", 0), route.get("misses", 0))' 2>/dev/null || echo "false -1 -1"
}
get_orders() { # replica container, reply file: the HTTP status of one GetOrders (numOrders 7: no other run asks it) on /router/basic
  curl -s -m 20 -o "$2" -w '%{http_code}' --cacert "$client_tls/ca.crt" --resolve "router:8443:$(dmz_ip "$1")" \
    -H 'Content-Type: text/xml; charset=utf-8' -H 'SOAPAction: "http://tempuri.org/IOrderService/GetOrders"' \
    --data-binary '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><GetOrders xmlns="http://tempuri.org/"><numOrders>7</numOrders></GetOrders></s:Body></s:Envelope>' \
    https://router:8443/router/basic
}
if [ "${#routers[@]}" -lt 2 ]; then
  results+=("SKIP  the shared cache (needs --replicas 2 or more)"); echo "SKIP  the shared cache (one replica)"
else
  first=${routers[0]}; second=${routers[1]}
  first_name=$(docker inspect -f '{{.Name}}' "$first" | tr -d /); second_name=$(docker inspect -f '{{.Name}}' "$second" | tr -d /)
  redis=$(compose ps -q redis)
  redis_keys() { docker exec "$redis" redis-cli dbsize 2>/dev/null | tr -dc 0-9; }
  connected=""
  for c in "${routers[@]}"; do read -r up _ _ <<< "$(cache_stats "$c")"; connected+="$up "; done
  check "every replica is connected to the stack's redis (/stats cache.redis.connected: ${connected% })" \
    test "$(echo "$connected" | tr ' ' '\n' | grep -c '^true$')" = "${#routers[@]}"
  calls0=$(stub_calls); keys0=$(redis_keys)
  read -r _ hits1_0 misses1_0 <<< "$(cache_stats "$first")"
  read -r _ hits2_0 _ <<< "$(cache_stats "$second")"
  status1=$(get_orders "$first" "$out/cache-first.xml")
  calls1=$(stub_calls)
  read -r _ _ misses1_1 <<< "$(cache_stats "$first")"
  check "$first_name: GetOrders is a miss (HTTP $status1, misses $misses1_0 -> $misses1_1, backend calls $calls0 -> $calls1)" \
    test "$status1" = 200 -a "$calls1" = "$((calls0 + 1))" -a "$misses1_1" = "$((misses1_0 + 1))"
  # The entry reaches Redis in the background of the first reply: wait for it rather than race it.
  for _ in $(seq 1 20); do [ "$(redis_keys)" -gt "${keys0:-0}" ] 2>/dev/null && break; sleep 0.5; done
  keys1=$(redis_keys)
  check "the entry is in the stack's redis (keys $keys0 -> $keys1)" test "${keys1:-0}" -gt "${keys0:-0}"
  status2=$(get_orders "$second" "$out/cache-second.xml")
  calls2=$(stub_calls)
  read -r _ hits2_1 _ <<< "$(cache_stats "$second")"
  same=no
  grep -q GetOrdersResponse "$out/cache-second.xml" && cmp -s "$out/cache-first.xml" "$out/cache-second.xml" && same=yes
  check "$second_name serves $first_name's entry: HTTP $status2, hits $hits2_0 -> $hits2_1, backend calls $calls1 -> $calls2, the same reply: $same" \
    test "$status2" = 200 -a "$hits2_1" = "$((hits2_0 + 1))" -a "$calls2" = "$calls1" -a "$calls1" -ge 0 -a "$same" = yes
fi

# --- durable delivery through the front: SubmitOrder on /router/soap12 (route orders-durable), kept, then delivered
echo "== durable delivery through the front (SubmitOrder on /router/soap12)"
# The store the replicas run with, as the first one says (GET /queues on its admin endpoint).
replica_get "${routers[0]}" /queues > "$out/queues.http"
store=$(http_body "$out/queues.http" | python3 -c 'import json, sys; print(json.load(sys.stdin)["store"])' 2>/dev/null || echo unknown)
one_way() { # the two backends' one-way messages, summed (-1 when one cannot be asked)
  local b total=0 n
  for b in backend-a backend-b; do
    n=$(docker exec "$(compose ps -q "$b")" bash -c "exec 3<>/dev/tcp/127.0.0.1/9080 && printf 'GET /stub/stats HTTP/1.0\r\nHost: b\r\n\r\n' >&3 && cat <&3" 2>/dev/null \
      | sed '1,/^\r\{0,1\}$/d' | python3 -c 'import json, sys; print(json.load(sys.stdin)["oneWayReceived"])' 2>/dev/null) || n=""
    [ -n "$n" ] || { echo -1; return; }
    total=$((total + n))
  done
  echo "$total"
}
before=$(one_way)
SSL_CERT_FILE="$client_tls/ca.crt" "$loadclient" --url $https/router/soap12 --binding soap12Http --operation submitOrder \
  --requests 60 --warmup 0 --concurrency 6 --quiet --json "$out/durable.json" --record-acks "$out/durable-acks.txt" > "$out/durable.txt" 2>&1
acked=$(sort -u "$out/durable-acks.txt" 2>/dev/null | grep -c .)
after=$before
for waited in $(seq 0 30); do after=$(one_way); [ "$after" -ge $((before + 60)) ] 2>/dev/null && break; sleep 1; done
check "durable ($store store): $acked of 60 SubmitOrder acknowledged (202) through the front and delivered within $waited s (backends' one-way count $before -> $after)" \
  test "$acked" = 60 -a "$before" -ge 0 -a "$after" -ge $((before + 60))
if [ "$store" = rabbitmq ]; then
  queues=$(docker exec "$rabbitmq" rabbitmqctl -q list_queues name type 2>/dev/null | grep orders-durable | tr '\t\n' ': ')
  check "the replicas' durable queue is a quorum queue in the stack's rabbitmq: $queues" grep -q "orders-durable.*quorum" <<< "$queues"
else
  volumes=$(for c in "${routers[@]}"; do docker inspect -f '{{range .Mounts}}{{if eq .Destination "/var/lib/soap-router/queues"}}{{.Name}}{{end}}{{end}}' "$c"; done | sort -u | grep -c .)
  check "local store: each replica keeps its own on a volume of its own ($volumes volumes for $replicas replicas)" test "$volumes" = "$replicas"
fi

# --- TLS through the front, after the fault counts above (the refusals below count as faults where they land)
echo "== TLS through the front (curl, scripts/lib/nettcp-tls-probe.py)"
tls_checks "$client_tls" 127.0.0.1 "$ROUTER_HTTPS_PORT" "$ROUTER_PARTNER_PORT" "$ROUTER_NETTCP_PORT" " through the front"

stack_up=0
down
summary
exit "$failed"
