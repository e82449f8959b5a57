# The scale-out stack's images (router, BackendStub, LoadClient, certs, the HAProxy front, redis, rabbitmq), built as compose
# builds them: the offline base images (scripts/docker-base.sh) when BASE_IMAGE is the local one, the host publish
# (scripts/docker-publish.sh) when an app is missing from artifacts/publish/, then `docker-compose -f docker-compose.yml
# -f docker-compose.scale.yml --profile load build` (the classic builder's cache makes unchanged images quick).
# Sourced after `cd` to the repository root by scripts/compose-scale-smoke.sh (which runs that stack) and
# scripts/swarm-smoke.sh (which deploys the same images as a swarm stack).
#
#   scale_images_env        exports BASE_IMAGE (default soap-router-base:bookworm), FRONT_BASE_IMAGE (the front, redis
#                           and rabbitmq install Debian packages: on the local base, its twin with apt) and the classic builder
#   scale_images_build LOG  builds what is missing, the compose build's output in LOG; on a failure returns 1 with
#                           what failed in scale_images_error
scale_images_env() {
  export PATH="/usr/bin:/usr/sbin:$PATH" COMPOSE_DOCKER_CLI_BUILD=0 DOCKER_BUILDKIT=0
  export BASE_IMAGE="${BASE_IMAGE:-soap-router-base:bookworm}"
  if [ "$BASE_IMAGE" = soap-router-base:bookworm ]; then
    export FRONT_BASE_IMAGE="${FRONT_BASE_IMAGE:-soap-router-base:bookworm-apt}"
  fi
}

scale_images_build() {
  local log="$1" app binary
  scale_images_env
  if [ "$BASE_IMAGE" = soap-router-base:bookworm ]; then
    scripts/docker-base.sh || { scale_images_error="base image (scripts/docker-base.sh)"; return 1; }
  fi
  for app in Router BackendStub LoadClient; do
    binary="artifacts/publish/$(echo "$app" | tr '[:upper:]' '[:lower:]')/$app"
    [ -x "$binary" ] || { scripts/docker-publish.sh || { scale_images_error="host publish (scripts/docker-publish.sh)"; return 1; }; break; }
  done
  echo "== docker-compose build (certs, router, backends, loadclient, front, redis, rabbitmq)"
  docker-compose -f docker-compose.yml -f docker-compose.scale.yml --profile load build > "$log" 2>&1 \
    || { tail -n 30 "$log"; scale_images_error="images build ($log)"; return 1; }
}
