# Shared by scripts/bench-cache.sh and scripts/bench-cache-scale.sh (source it after scripts/lib/common.sh): the router
# config of the cache benchmarks and the counters read around each run.
#
#   cache_router_json FILE PORT ADMIN STUB BINDING STUB_PATH [REDIS] [VARY]
#       a router on 127.0.0.1:PORT with two listeners of BINDING: /bench/hit (a route caching GetOrders for an hour) and
#       /bench/miss (the same route without cache), both to the stub's http://127.0.0.1:STUB/STUB_PATH; admin on ADMIN;
#       256 MiB of in-process cache; REDIS (host:port) as the shared second level; VARY a header for varyByHeaders
#   proc_ticks PID...     CPU ticks (1/100 s, user + system) of those processes, summed
#   stub_requests STUB    the stub's request counter (/stub/stats `requests`)

cache_router_json() { # file port admin stub binding stub-path [redis] [vary]
  local redis="" vary=""
  [[ -n "${7:-}" ]] && redis=", \"redis\": { \"configuration\": \"$7\" }"
  [[ -n "${8:-}" ]] && vary=", \"varyByHeaders\": [ \"$8\" ]"
  cat > "$1" <<JSON
{
  "listeners": [
    { "name": "hit", "binding": "$5", "address": "http://127.0.0.1:$2/bench/hit" },
    { "name": "miss", "binding": "$5", "address": "http://127.0.0.1:$2/bench/miss" }
  ],
  "routes": [
    { "name": "hit", "filters": [ { "type": "address", "value": "/bench/hit" } ], "cluster": "stub",
      "idempotentActions": [ "http://tempuri.org/IOrderService/GetOrders" ],
      "cache": { "actions": [ "http://tempuri.org/IOrderService/GetOrders" ], "ttl": "01:00:00"$vary } },
    { "name": "miss", "filters": [ { "type": "address", "value": "/bench/miss" } ], "cluster": "stub" }
  ],
  "clusters": {
    "stub": { "destinations": [ { "name": "stub", "binding": "$5", "address": "http://127.0.0.1:$4/$6" } ] }
  },
  "cache": { "memoryLimitBytes": 268435456$redis },
  "admin": { "address": "http://127.0.0.1:$3" },
  "telemetry": { "logLevel": "Warning" }
}
JSON
}

proc_ticks() { # pid...
  local pid total=0
  for pid in "$@"; do total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat"))); done
  echo "$total"
}

stub_requests() { # stub port
  curl -fsS "http://127.0.0.1:$1/stub/stats" | python3 -c "import json,sys; print(json.load(sys.stdin)['requests'])"
}
