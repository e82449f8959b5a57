# The DMZ compose stack for the long runs (Benchmarks/scripts/soak.sh, Benchmarks/scripts/chaos.sh): source it after
# `cd` to the repository root, with OUT set to the run's artifacts folder. Gives:
#   stack_prepare          the daemon (started when none answers and we are root), the base image, the host publish,
#                          the images; exits 1 with a line on what failed
#   stack_up [ARGS...]     docker-compose up -d ARGS, waits for every router replica to be healthy; sets router (the first one) and
#                          admin_ip (its admin address on the internal network)
#   stack_admin PATH       GET PATH on the admin endpoint, asked inside the router container (the body)
#   stack_rss CONTAINER    the container's main process's resident set, in KiB, from /proc on the host
#   stack_down             logs into $OUT/compose.log, then down --volumes (registered on EXIT by stack_up)
# The compose files: COMPOSE_FILE (default docker-compose.yml + docker-compose.override.yml, the published ports).
# Host ports: the free-port library's ROUTER_HTTPS_PORT, ROUTER_PARTNER_PORT, ROUTER_NETTCP_PORT.
export PATH="/usr/bin:/usr/sbin:$PATH" COMPOSE_DOCKER_CLI_BUILD=0 DOCKER_BUILDKIT=0
export BASE_IMAGE="${BASE_IMAGE:-soap-router-base:bookworm}"
export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-soaprouter}"
export COMPOSE_FILE="${COMPOSE_FILE:-docker-compose.yml:docker-compose.override.yml}"
source "$(dirname "${BASH_SOURCE[0]}")/free-port.sh"

stack_fail() { echo "FAIL  $1" >&2; exit 1; }

stack_prepare() {
  if ! docker info > /dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && [ -x /usr/sbin/dockerd ]; then
      nohup /usr/sbin/dockerd > "$OUT/dockerd.log" 2>&1 &
      for _ in $(seq 1 60); do docker info > /dev/null 2>&1 && break; sleep 0.5; done
    fi
    docker info > /dev/null 2>&1 || stack_fail "Docker daemon: none answers and none could be started"
  fi
  docker-compose version --short > /dev/null 2>&1 || stack_fail "docker-compose (v1) is not installed"
  docker-compose --profile load down --volumes --remove-orphans > /dev/null 2>&1 || true
  if [ "$BASE_IMAGE" = soap-router-base:bookworm ]; then
    scripts/docker-base.sh > "$OUT/base.log" 2>&1 || stack_fail "base image (scripts/docker-base.sh; $OUT/base.log)"
  fi
  scripts/docker-publish.sh > "$OUT/publish.log" 2>&1 || stack_fail "host publish (scripts/docker-publish.sh; $OUT/publish.log)"
  docker-compose --profile load build > "$OUT/build.log" 2>&1 || stack_fail "images build ($OUT/build.log)"
}

stack_up() {
  router_ports
  docker-compose up -d "$@" > "$OUT/up.log" 2>&1 || { cat "$OUT/up.log"; stack_fail "docker-compose up"; }
  trap stack_down EXIT
  # With --scale router=N: the first replica (every one must be healthy).
  router=$(docker-compose ps -q router | head -n 1)
  admin_ip=$(docker inspect -f "{{with index .NetworkSettings.Networks \"${COMPOSE_PROJECT_NAME}_internal\"}}{{.IPAddress}}{{end}}" "$router")
  local c unhealthy
  for _ in $(seq 1 90); do
    unhealthy=0
    for c in $(docker-compose ps -q router); do
      [ "$(docker inspect -f '{{.State.Health.Status}}' "$c" 2>/dev/null)" = healthy ] || unhealthy=1
    done
    [ "$unhealthy" = 0 ] && return 0
    sleep 1
  done
  docker-compose logs --tail 30 router
  stack_fail "router healthy within 90 s"
}

stack_admin() {
  docker exec "$router" bash -c "exec 3<>/dev/tcp/$admin_ip/9901 && printf 'GET $1 HTTP/1.0\r\nHost: r\r\n\r\n' >&3 && cat <&3" 2>/dev/null \
    | sed '1,/^\r\{0,1\}$/d'
}

stack_rss() {
  local pid
  pid=$(docker inspect -f '{{.State.Pid}}' "$1" 2>/dev/null) && [ "$pid" != 0 ] && awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null
}

stack_down() {
  docker-compose logs --no-color > "$OUT/compose.log" 2>&1 || true
  docker-compose --profile load down --volumes --remove-orphans > "$OUT/down.log" 2>&1 || true
}
