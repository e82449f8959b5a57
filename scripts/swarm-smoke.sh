#!/usr/bin/env bash
# The swarm stack end to end (deploy/swarm/docker-stack.yml): on a one-node swarm (one is initialised when the daemon is
# in none, and left again at the end, so the machine stays as found), with the images built offline as compose builds
# them (scripts/lib/scale-images.sh) and a test PKI made at run time (scripts/make-certs.sh; the keys go in as swarm
# secrets and never into the tree), deploys the stack and checks:
#   - every router replica comes up healthy (the image's HEALTHCHECK), non-root, on a read-only root file system, and
#     `docker stack deploy` ignored none of the stack's options;
#   - load through the front (HAProxy, host-mode ports: no routing mesh, no IPVS) with LoadClient on the host over https
#     trusting the test CA, as scripts/compose-scale-smoke.sh sends it: basicHttp GetOrders and soap12Http Echo, in
#     back-to-back runs of CHUNK seconds, kept up from before until after
#   - `docker service update --force` rolls every router replica (update_config: one at a time, start-first, health
#     gated, rollback on failure): the update completes (no rollback), every replica is a new one and healthy, and
#     every new replica served messages;
#   - an update to a router.json the router refuses rolls back by itself, the running replicas untouched;
#   - not one request failed: an HTTP error, a timeout, a transport error, a fault, or a run that could not start;
# then removes the stack (networks, secrets, configs, and the routers' queue volumes, which swarm keeps) and leaves the
# swarm if it joined one. Prints PASS/FAIL per check; the last line is "swarm smoke: PASS ... failed 0 of N" or "swarm smoke: FAIL ..." with why; exit 1 on a FAIL.
#
# Usage: scripts/swarm-smoke.sh [--replicas N (default 3)] [--chunk SECONDS (default 10)] [--keep]
# Needs root, a Docker daemon (.ci/run starts one) and docker-compose v1 (the image build). Env: BASE_IMAGE as the
# compose smokes; STACK (default soaprouter-swarm); ROUTER_INTERNAL_SUBNET (default 172.30.4.0/24, apart from the
# compose stacks' 172.30.0.0/24 and 172.30.1.0/24).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

replicas=3
chunk=10
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --replicas) replicas="$2"; shift ;;
    --chunk) chunk="$2"; shift ;;
    --keep) keep=1 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

source scripts/lib/scale-images.sh
scale_images_env
source scripts/lib/free-port.sh
stack="${STACK:-soaprouter-swarm}"
out="$root/artifacts/swarm-smoke"
rm -rf "$out"
mkdir -p "$out"
started=$(date +%s)

results=()
failed=0
why=""
pass() { results+=("PASS  $1"); echo "PASS  $1"; }
fail() { results+=("FAIL  $1"); echo "FAIL  $1"; failed=1; why="${why:-$1}"; }
check() { local what="$1"; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
at() { echo "$(( $(date +%s) - started )) s"; }   # the time since the start, for the phase lines

inited_swarm=0
stack_up=0
load_pids=()
teardown() {
  local pid
  for pid in "${load_pids[@]}"; do kill "$pid" 2> /dev/null; done
  load_pids=()
  if [ "$stack_up" = 1 ]; then
    stack_up=0
    if [ "$keep" = 1 ]; then
      echo "== --keep: the stack $stack stays up (docker stack rm $stack)"
    else
      for s in router front redis backend-a backend-b; do docker service logs --no-task-ids "${stack}_$s" > "$out/$s.log" 2>&1; done
      echo "== [$(at)] docker stack rm $stack"
      docker stack rm "$stack" > "$out/rm.log" 2>&1
      local gone=0
      for _ in $(seq 1 90); do
        if [ -z "$(docker ps -aq --filter "label=com.docker.stack.namespace=$stack")" ] \
           && [ -z "$(docker network ls -q --filter "label=com.docker.stack.namespace=$stack")" ]; then gone=1; break; fi
        sleep 1
      done
      check "stack removed: no container, network, secret or config of $stack left" \
        test "$gone" = 1 -a -z "$(docker secret ls -q --filter "label=com.docker.stack.namespace=$stack")" \
          -a -z "$(docker config ls -q --filter "label=com.docker.stack.namespace=$stack")"
      # Swarm keeps volumes when a stack goes (they may hold messages): the broker's data volume is this run's alone.
      local volumes
      volumes=$(docker volume ls -q --filter "name=${stack}_rabbitmq-data")
      for _ in $(seq 1 10); do
        [ -z "$volumes" ] || docker volume rm $volumes > "$out/volumes-rm.log" 2>&1 && break
        sleep 1
      done
      check "the broker's data volume removed ($(echo $volumes)), none left" \
        test -z "$(docker volume ls -q --filter "name=${stack}_rabbitmq-data")"
    fi
  fi
  if [ "$inited_swarm" = 1 ] && [ "$keep" = 0 ]; then
    inited_swarm=0
    if docker swarm leave --force > "$out/leave.log" 2>&1; then pass "left the swarm this run initialised"; else fail "docker swarm leave"; fi
  fi
}
finish() { # prints the summary and the last line; exit code
  teardown
  echo
  echo "== took $(( $(date +%s) - started )) s"
  echo "== summary (logs, LoadClient runs and their JSON in artifacts/swarm-smoke/)"
  printf '%s\n' "${results[@]}"
  if [ "$failed" = 0 ]; then
    echo "swarm smoke: PASS rolled $replicas of $replicas router replicas (update ${update_seconds:-?} s) and rolled back a refused config under https load through the front, $(( $(date +%s) - started )) s: failed 0 of ${total_requests:-0} requests"
  else
    echo "swarm smoke: FAIL $why (failed ${failed_requests:-?} of ${total_requests:-?} requests)"
  fi
  exit "$failed"
}
die() { fail "$1"; finish; }
trap 'echo "interrupted"; why="${why:-interrupted}"; failed=1; finish' INT TERM

docker info > /dev/null 2>&1 || die "Docker daemon: none answers (.ci/run starts one: /usr/sbin/dockerd)"
docker-compose version --short > /dev/null 2>&1 || die "docker-compose (v1) is not installed (the image build)"

# --- the swarm: this daemon's, or a one-node one made for the run (advertised on loopback: nothing leaves the host)
state=$(docker info --format '{{.Swarm.LocalNodeState}}' 2>/dev/null)
case "$state" in
  inactive)
    docker swarm init --advertise-addr 127.0.0.1 > "$out/init.log" 2>&1 || { cat "$out/init.log"; die "docker swarm init"; }
    inited_swarm=1
    pass "one-node swarm initialised for the run (left at the end)" ;;
  active)
    [ "$(docker info --format '{{.Swarm.ControlAvailable}}')" = true ] || die "this node is in a swarm but not a manager"
    pass "this daemon's swarm is used as it is (a manager; not left at the end)" ;;
  *) die "the daemon's swarm state is '$state' (neither inactive nor active)" ;;
esac
# A stack of this name left behind (a run killed with SIGKILL) would hold the names: remove it.
if docker stack ls --format '{{.Name}}' 2> /dev/null | grep -qx "$stack"; then
  docker stack rm "$stack" > /dev/null 2>&1
  for _ in $(seq 1 60); do [ -z "$(docker network ls -q --filter "label=com.docker.stack.namespace=$stack")" ] && break; sleep 1; done
fi

# --- images: the compose build's (base images, host publish when missing, docker-compose build)
scale_images_build "$out/build.log" || die "$scale_images_error"
pass "images built as compose builds them, on $BASE_IMAGE"

# --- certificates, made now: the router's (secrets) and the test clients' side (the CA LoadClient trusts)
scripts/make-certs.sh "$out/certs" > "$out/certs.log" 2>&1 || { cat "$out/certs.log"; die "scripts/make-certs.sh"; }
export ROUTER_TLS_DIR="$out/certs/router"
# The broker's `router` password, made for this run (a swarm secret; never committed).
scripts/make-password.sh "$out/rabbitmq-secret/RABBITMQ_PASSWORD" > "$out/password.log" 2>&1 || { cat "$out/password.log"; die "scripts/make-password.sh"; }
export RABBITMQ_SECRET_DIR="$out/rabbitmq-secret"
# Secrets and configs cannot change: names of their own for this run, never those of a stack an operator runs here.
export ROUTER_TLS_VERSION="smoke-$started" ROUTER_CONFIG_VERSION="smoke-$started"
export ROUTER_REPLICAS="$replicas" ROUTER_INTERNAL_SUBNET="${ROUTER_INTERNAL_SUBNET:-172.30.4.0/24}"
router_ports
https="https://127.0.0.1:$ROUTER_HTTPS_PORT"
echo "== [$(at)] docker stack deploy $stack: $replicas routers; the front on host ports https $ROUTER_HTTPS_PORT, partner $ROUTER_PARTNER_PORT, net.tcp $ROUTER_NETTCP_PORT"
stack_up=1
docker stack deploy -c deploy/swarm/docker-stack.yml --resolve-image never "$stack" > "$out/deploy.log" 2>&1 \
  || { cat "$out/deploy.log"; die "docker stack deploy"; }
check "docker stack deploy honoured every option (none ignored: read_only, ulimits, tmpfs, secrets' targets)" \
  bash -c "! grep -qi 'unsupported' '$out/deploy.log'"

routers() { docker ps -q --filter "label=com.docker.swarm.service.name=${stack}_router" --filter status=running; }
all_healthy() {
  local c list; list=$(routers)
  [ "$(echo "$list" | grep -c .)" = "$replicas" ] || return 1
  for c in $list; do [ "$(docker inspect -f '{{.State.Health.Status}}' "$c" 2> /dev/null)" = healthy ] || return 1; done
}
for _ in $(seq 1 120); do all_healthy && break; sleep 1; done
all_healthy || { docker service ps --no-trunc "${stack}_router" | head -n 12; die "$replicas router replicas healthy within 120 s"; }
pass "$replicas router replicas running and healthy at $(at) (the image's HEALTHCHECK on each one's admin /health)"
first=$(routers | head -n 1)
check "a replica runs as a non-root user (uid $(docker exec "$first" id -u 2> /dev/null))" \
  test "$(docker exec "$first" id -u 2> /dev/null)" -gt 0
check "a replica's root file system is read-only (a write to /app fails)" \
  bash -c "! docker exec '$first' touch /app/x > /dev/null 2>&1"

client_ca="$out/certs/client/ca.crt"
for _ in $(seq 1 30); do
  [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' --cacert "$client_ca" "$https/router/basic")" = 405 ] && break
  sleep 1
done
sleep 4   # the front's checks mark the other replicas up (rise 2 x 2 s)

# --- load through the front, kept up across the roll: back-to-back LoadClient runs until told to stop
loadclient="$root/artifacts/publish/loadclient/LoadClient"
load_loop() { # name, LoadClient arguments...
  local name="$1" i=0; shift
  while [ ! -e "$out/stop" ]; do
    i=$((i + 1))
    SSL_CERT_FILE="$client_ca" "$loadclient" --duration "$chunk" --warmup 1 --quiet --json "$out/$name-$i.json" "$@" \
      > "$out/$name-$i.txt" 2>&1
    echo $? > "$out/$name-$i.rc"
  done
}
echo "== [$(at)] load through the front: basicHttp GetOrders and soap12Http Echo over https, runs of $chunk s, across the roll"
load_loop basic-getOrders --concurrency 6 --url "$https/router/basic" --binding basicHttp --operation getOrders --orders 10 &
load_pids+=($!)
load_loop soap12-echo --concurrency 6 --url "$https/router/soap12" --binding soap12Http --operation echo --size 2048 &
load_pids+=($!)
sleep "$chunk"

# --- the roll: every replica replaced, one at a time, by the stack's update_config
before=$(routers | sort)
echo "== [$(at)] docker service update --force ${stack}_router (replicas: $(echo $before))"
update_started=$(date +%s)
docker service update --force --detach=false "${stack}_router" > "$out/update.log" 2>&1
update_rc=$?
# --detach=false returns once the tasks converged; the update's own state settles a moment later.
for _ in $(seq 1 60); do
  update_state=$(docker service inspect -f '{{if .UpdateStatus}}{{.UpdateStatus.State}}{{end}}' "${stack}_router" 2> /dev/null)
  case "$update_state" in completed|rollback_completed|rollback_paused|paused) break ;; esac
  sleep 1
done
update_seconds=$(( $(date +%s) - update_started ))
check "docker service update --force rolled the routers in $update_seconds s: state '$update_state' (no rollback)" \
  test "$update_rc" = 0 -a "$update_state" = completed
for _ in $(seq 1 30); do all_healthy && break; sleep 1; done
after=$(routers | sort)
all_new() { [ -z "$(comm -12 <(echo "$before") <(echo "$after"))" ] && [ "$(echo "$after" | grep -c .)" = "$replicas" ] && all_healthy; }
check "every router replica is a new one ($(echo "$before" | grep -c .) old, $(echo "$after" | grep -c .) new, none kept) and all are healthy" all_new
# --- a router.json the router refuses (limits.maxConcurrentRequests -5): the new task exits at start, never healthy, and
# the update rolls back by itself (failure_action: rollback); start-first, so no running replica was stopped meanwhile.
echo "== [$(at)] docker service update with a router.json the router refuses (the load goes on)"
sed 's/"maxConcurrentRequests": 64,/"maxConcurrentRequests": -5,/' deploy/router-scale/router.json > "$out/refused-router.json"
good_config=$(docker service inspect -f '{{range .Spec.TaskTemplate.ContainerSpec.Configs}}{{.ConfigName}}{{end}}' "${stack}_router")
refused_config="soap-router-config-refused-$started"
rollback_state=""
if ! grep -q '"maxConcurrentRequests": -5,' "$out/refused-router.json"; then
  fail "a refused router.json made from deploy/router-scale/router.json (its maxConcurrentRequests line changed)"
elif docker config create --label "com.docker.stack.namespace=$stack" "$refused_config" "$out/refused-router.json" > /dev/null 2>&1; then
  rollback_started=$(date +%s)
  docker service update --detach=false --config-rm "$good_config" \
    --config-add "source=$refused_config,target=/etc/router/router.json,mode=0444" "${stack}_router" > "$out/refused-update.log" 2>&1
  for _ in $(seq 1 90); do
    rollback_state=$(docker service inspect -f '{{if .UpdateStatus}}{{.UpdateStatus.State}}{{end}}' "${stack}_router" 2> /dev/null)
    case "$rollback_state" in rollback_completed|rollback_paused|completed|paused) break ;; esac
    sleep 1
  done
  config_now=$(docker service inspect -f '{{range .Spec.TaskTemplate.ContainerSpec.Configs}}{{.ConfigName}}{{end}}' "${stack}_router")
  kept() { [ "$rollback_state" = rollback_completed ] && [ "$config_now" = "$good_config" ] && [ "$(routers | sort)" = "$after" ] && all_healthy; }
  check "a refused router.json rolled back by itself in $(( $(date +%s) - rollback_started )) s: state '$rollback_state', config $config_now again, the $replicas running replicas untouched and healthy" kept
else
  fail "docker config create $refused_config"
fi

# One more run on the new replicas only, then stop the loops (each finishes its run).
sleep $((chunk + 2))
touch "$out/stop"
for pid in "${load_pids[@]}"; do wait "$pid"; done
load_pids=()

# --- the tally: every run's requests; a failed request is anything but an ok answer, a run with no report is one
read -r total_requests failed_requests runs broken < <(python3 - "$out" <<'PY'
import glob, json, os, sys
out = sys.argv[1]
total = failed = runs = broken = 0
for rc_file in sorted(glob.glob(os.path.join(out, "*.rc"))):
    runs += 1
    report = rc_file[:-3] + ".json"
    try:
        r = json.load(open(report))
    except (OSError, ValueError):
        broken += 1; failed += 1; total += 1
        continue
    total += r["requests"]
    failed += r["requests"] - r["ok"]
print(total, failed, runs, broken)
PY
)
check "load across the roll: $total_requests requests in $runs runs, failed $failed_requests (runs with no report: $broken)" \
  test "${total_requests:-0}" -gt 0 -a "${failed_requests:-1}" = 0 -a "${broken:-1}" = 0

# --- every new replica served (its own /stats, asked inside it: the admin is on the internal network only)
counts=""
zero=0
for c in $after; do
  ip=$(docker inspect -f "{{with index .NetworkSettings.Networks \"${stack}_internal\"}}{{.IPAddress}}{{end}}" "$c")
  n=$(docker exec "$c" bash -c "exec 3<>/dev/tcp/$ip/9901 && printf 'GET /stats HTTP/1.0\r\nHost: r\r\n\r\n' >&3 && cat <&3" 2> /dev/null \
    | sed '1,/^\r\{0,1\}$/d' | python3 -c 'import json, sys; print(json.load(sys.stdin)["messages"])' 2> /dev/null)
  counts+="${n:-?} "
  [ "${n:-0}" -gt 0 ] 2> /dev/null || zero=1
done
check "every new replica served messages (${counts% })" test "$zero" = 0

# --- every new replica keeps its durable queues in the stack's rabbitmq (its /queues says the store, its /health names
# no broker it cannot reach)
brokers=""
unreached=0
for c in $after; do
  ip=$(docker inspect -f "{{with index .NetworkSettings.Networks \"${stack}_internal\"}}{{.IPAddress}}{{end}}" "$c")
  admin_get() { docker exec "$c" bash -c "exec 3<>/dev/tcp/$ip/9901 && printf 'GET $1 HTTP/1.0\r\nHost: r\r\n\r\n' >&3 && cat <&3" 2> /dev/null | sed '1,/^\r\{0,1\}$/d'; }
  store=$(admin_get /queues | python3 -c 'import json, sys; print(json.load(sys.stdin)["store"])' 2> /dev/null)
  reached=$(admin_get /health | python3 -c 'import json, sys; print("no" if any("RabbitMQ" in r for r in json.load(sys.stdin).get("reasons", [])) else "yes")' 2> /dev/null)
  brokers+="${store:-?}/${reached:-?} "
  [ "$store" = rabbitmq ] && [ "$reached" = yes ] || unreached=1
done
check "every new replica's durable queues are in the stack's rabbitmq, reached (store/reached: ${brokers% })" test "$unreached" = 0

finish
