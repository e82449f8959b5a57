# The durable queues in the DMZ compose stack (docs/queues.md): sourced by scripts/compose-smoke.sh after `cd` to the
# repository root, once the router has been stopped (its drain check). Gives:
#   durable_checks   starts the router again and checks, one PASS/FAIL each, that SubmitOrder on /router/soap12 (route
#                    orders-durable in deploy/router/router.json) is kept on the `queues` volume before its 202: it is
#                    delivered at once while the backends are up; with both backends stopped it waits in the queue; the
#                    router is killed (SIGKILL) and compose re-creates its container on the same volume, which finds
#                    what waits; the backends come back and every acknowledged order is delivered.
# Uses the smoke's pass, fail, check, lc (LoadClient on the host trusting the test CA), $out, $https, $router (updated
# here: the re-created container) and $admin_ip, and COMPOSE_PROJECT_NAME.

durable_route=orders-durable
durable_folder=/var/lib/soap-router/queues

durable_admin() { # PATH: the admin endpoint's body, asked inside the router (the admin is on the internal network only)
  docker exec "$router" bash -c "exec 3<>/dev/tcp/$admin_ip/9901 && printf 'GET $1 HTTP/1.0\r\nHost: r\r\n\r\n' >&3 && cat <&3" 2>/dev/null \
    | sed '1,/^\r\{0,1\}$/d'
}

durable_depth() { # messages waiting in the route's queue, from GET /queues; -1 when it cannot be read
  durable_admin /queues | python3 -c '
import json, sys
q = json.load(sys.stdin)["queues"].get(sys.argv[1], {})
print(q.get("depth", 0))' "$durable_route" 2>/dev/null || echo -1
}

durable_received() { # one-way messages the two backends accepted since they started, summed; -1 when one cannot be asked
  local b n total=0
  for b in backend-a backend-b; do
    n=$(docker exec "$(docker-compose ps -q "$b")" bash -c "exec 3<>/dev/tcp/127.0.0.1/9080 && printf 'GET /stub/stats HTTP/1.0\r\nHost: b\r\n\r\n' >&3 && cat <&3" 2>/dev/null \
      | sed '1,/^\r\{0,1\}$/d' | python3 -c 'import json, sys; print(json.load(sys.stdin)["oneWayReceived"])' 2>/dev/null) || n=""
    [ -n "$n" ] || { echo -1; return; }
    total=$((total + n))
  done
  echo "$total"
}

durable_send() { # name, count: SubmitOrder count times, one id each; prints how many were acknowledged (202)
  lc --url "$https/router/soap12" --binding soap12Http --operation submitOrder --requests "$2" --warmup 0 --concurrency 4 \
    --quiet --json "$out/$1.json" --record-acks "$out/$1-acks.txt" > "$out/$1.txt" 2>&1
  sort -u "$out/$1-acks.txt" 2>/dev/null | grep -c .
}

durable_router_up() { # waits up to 90 s for the router container to be healthy; sets router and admin_ip
  router=$(docker-compose ps -q router)
  admin_ip=$(docker inspect -f "{{with index .NetworkSettings.Networks \"${COMPOSE_PROJECT_NAME}_internal\"}}{{.IPAddress}}{{end}}" "$router")
  local _
  for _ in $(seq 1 90); do
    [ "$(docker inspect -f '{{.State.Health.Status}}' "$router" 2>/dev/null)" = healthy ] && return 0
    sleep 1
  done
  return 1
}

durable_wait() { # seconds, condition command...: 0 once the command succeeds, 1 after the seconds; elapsed in $waited
  local limit="$1" started=$SECONDS; shift
  while ! "$@"; do
    (( SECONDS - started >= limit )) && { waited=$((SECONDS - started)); return 1; }
    sleep 1
  done
  waited=$((SECONDS - started))
}

durable_delivered() { # at least $1 received by the backends and the queue empty
  [ "$(durable_received)" -ge "$1" ] 2>/dev/null && [ "$(durable_depth)" = 0 ]
}

durable_checks() {
  local n=20 acked before received depth old
  docker start "$router" > /dev/null
  durable_router_up || { fail "durable: the router healthy again after its drain"; return; }
  check "durable: the router's queues folder $durable_folder is the writable volume ${COMPOSE_PROJECT_NAME}_queues, owned by its user ($(docker exec "$router" stat -c '%U %a' "$durable_folder" 2>&1))" \
    test "$(docker inspect -f "{{range .Mounts}}{{if eq .Destination \"$durable_folder\"}}{{.Name}} {{.RW}}{{end}}{{end}}" "$router")" = "${COMPOSE_PROJECT_NAME}_queues true" \
      -a "$(docker exec "$router" stat -c '%U' "$durable_folder" 2>/dev/null)" = "$(docker exec "$router" id -un)"

  # Backends up: kept, acknowledged, delivered.
  before=$(durable_received)
  acked=$(durable_send durable-live "$n")
  durable_wait 30 durable_delivered $((before + n)); received=$(durable_received)
  check "durable: $acked of $n SubmitOrder acknowledged (202) on /router/soap12 and delivered within ${waited} s (backends' one-way count $before -> $received), queue empty; the store is on the volume ($(docker exec "$router" ls "$durable_folder" | tr '\n' ' '))" \
    test "$acked" = "$n" -a "$received" -ge $((before + n)) -a "$before" -ge 0 -a "$(durable_depth)" = 0 \
      -a -n "$(docker exec "$router" ls "$durable_folder" 2>/dev/null)"

  # Both backends stopped: acknowledged all the same, waiting in the queue.
  docker-compose stop backend-a backend-b > "$out/durable-stop.txt" 2>&1
  acked=$(durable_send durable-outage "$n")
  depth=$(durable_depth)
  check "durable: backends stopped, $acked of $n acknowledged all the same, $depth waiting in the queue" test "$acked" = "$n" -a "$depth" = "$n"

  # The router killed, its container re-created on the same volume (what an image update does): the messages are there.
  old=$router
  docker kill "$router" > /dev/null
  docker-compose up -d --no-deps --force-recreate router > "$out/durable-recreate.txt" 2>&1
  if ! durable_router_up; then fail "durable: the re-created router healthy within 90 s"; return; fi
  depth=$(durable_depth)
  check "durable: router SIGKILLed, a new container (${old:0:12} -> ${router:0:12}) on the same volume finds $depth waiting" \
    test "$router" != "$old" -a "$depth" = "$n"

  # The backends back (their counters start at 0): every acknowledged order arrives (at least once: a duplicate may).
  docker-compose start backend-a backend-b > "$out/durable-start.txt" 2>&1
  durable_wait 120 durable_delivered "$n"; received=$(durable_received)
  check "durable: backends started again, the $n delivered from the volume within ${waited} s (backends' one-way count $received), queue empty" \
    test "$received" -ge "$n" -a "$(durable_depth)" = 0
}
