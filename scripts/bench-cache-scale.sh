#!/usr/bin/env bash
# Seed 002's scenario for the response cache (issue 23), side by side in one run: CLIENTS concurrent raw LoadClient
# workers call GetOrders(ORDERS) in basicHttp (SOAP 1.1, no WS-Addressing: the same request is the same bytes, which
# nginx's key needs) on two workloads, "same" (every request the same key) and "mixed" (--repeat-share 0.8 --keys 8:
# 80% of requests one of 8 keys, 20% a key of their own; the key is a SOAP header the cached route varies by), through
#   nocache  router A, a route without cache (the verbatim path, every request to the stub)
#   l1       router A, the same route with the cache, in process only
#   l1redis  routers B and C, each with the cache and one shared redis-server (started here on a free port), half the
#            clients on each (two LoadClient processes at once)
#   nginx    nginx proxy_cache in front of the same stub (POST cached, key "$request_uri|$request_body", cache on tmpfs)
# The variants alternate within each round; each one is warmed (JIT, connections, hot keys) before the first round.
# Per run: requests/s, p99, backend (stub) calls per 1,000 requests and stub CPU per request (/stub/stats and /proc
# before and after), and the proxy's CPU per request (the router(s), or nginx's master and workers; redis apart).
# Everything shares the machine's cores: read ratios within a round, not absolute numbers.
# Usage: scripts/bench-cache-scale.sh [rounds (2)] [seconds per run (5)] [clients (100)] [orders (1000)]
#        WORKLOADS="same mixed" VARIANTS="nocache l1 l1redis nginx" narrow a run; OUT=folder (artifacts/bench-cache-scale).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh
source scripts/lib/free-port.sh
source scripts/lib/cache-bench.sh
source scripts/lib/nginx.sh
rounds="${1:-2}"; seconds="${2:-5}"; clients="${3:-100}"; orders="${4:-1000}"
workloads="${WORKLOADS:-same mixed}"; variants="${VARIANTS:-nocache l1 l1redis nginx}"
out="${OUT:-artifacts/bench-cache-scale}"; mkdir -p "$out"; : > "$out/runs.jsonl"
vary="{urn:soaprouter:loadclient}CacheKey"
command -v redis-server > /dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server > /dev/null; }
command -v nginx > /dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx > /dev/null; }
echo "# $0 $*  (WORKLOADS=$workloads VARIANTS=$variants)" | tee "$out/results.txt"
echo "# $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)," \
  "$(redis-server --version | cut -d' ' -f3), $(nginx -v 2>&1)" | tee -a "$out/results.txt"

stub="$(free_port 9080)"; redis="$(free_port 6379)"; nginx_port="$(free_port 8180)"
a="$(free_port 8080)"; a_admin="$(free_port 9901)"; b="$(free_port 8081)"; b_admin="$(free_port 9902)"
c="$(free_port 8082)"; c_admin="$(free_port 9903)"
build_release "$out"

cache_router_json "$out/router-a.json" "$a" "$a_admin" "$stub" basicHttp basic "" "$vary"
cache_router_json "$out/router-b.json" "$b" "$b_admin" "$stub" basicHttp basic "127.0.0.1:$redis" "$vary"
cache_router_json "$out/router-c.json" "$c" "$c_admin" "$stub" basicHttp basic "127.0.0.1:$redis" "$vary"

# nginx's cache and temp files on tmpfs, as the router's cache is in memory.
shm="/dev/shm/soaprouter-bench-cache-$$"; mkdir -p "$shm"
cache_server=$(cat <<'NGINX'
  proxy_cache_path SHM/cache levels=1:2 keys_zone=soap:32m max_size=1g inactive=1h use_temp_path=off;
  server {
    listen 127.0.0.1:PORT;
    client_body_buffer_size 64k;
    location /bench/ {
      proxy_pass http://stub/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffer_size 16k;
      proxy_buffers 64 16k;
      proxy_cache soap;
      proxy_cache_methods POST;
      proxy_cache_key "$request_uri|$request_body";
      proxy_cache_valid 200 1h;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 60s;
      add_header X-Cache $upstream_cache_status;
    }
  }
NGINX
)
NGINX_UPSTREAM="127.0.0.1:$stub" nginx_conf "$out" "$(sed -e "s|SHM|$shm|" -e "s|PORT|$nginx_port|" <<< "$cache_server")"

start "$out/redis.log" redis-server --port "$redis" --bind 127.0.0.1 --save "" --appendonly no --maxmemory 1gb --maxmemory-policy allkeys-lru
redis_pid=$last_pid
start "$out/stub.log" dotnet "$(bin BackendStub)" --http-port "$stub"; stub_pid=$last_pid
start "$out/router-a.log" dotnet "$(bin Router)" --config "$out/router-a.json"; router_a=$last_pid
start "$out/router-b.log" dotnet "$(bin Router)" --config "$out/router-b.json"; router_b=$last_pid
start "$out/router-c.log" dotnet "$(bin Router)" --config "$out/router-c.json"; router_c=$last_pid
nginx_start "$out"
trap 'nginx_stop "$out"; stop_started; rm -rf "$shm"' EXIT
for admin in "$a_admin" "$b_admin" "$c_admin"; do wait_for "http://127.0.0.1:$admin/health" "a router" "$out"; done
wait_for "http://127.0.0.1:$stub/stub/stats" "the stub" "$out"
nginx_pids() { local master; master=$(cat "$out/nginx.pid"); echo "$master" $(pgrep -P "$master"); }

keys() { [[ "$1" == same ]] && echo "--repeat-share 1 --keys 1" || echo "--repeat-share 0.8 --keys 8"; }
load() { # url, concurrency, json, seconds, workload
  # shellcheck disable=SC2046
  dotnet "$(bin LoadClient)" --url "$1" --binding basicHttp --operation getOrders --orders "$orders" $(keys "$5") \
    --warmup 5 --concurrency "$2" --duration "$4" --timeout 120 --quiet --json "$3" > "$3.log" 2>&1 || true
}
drive() { # variant, workload, json prefix, seconds: the variant's clients, their JSON files listed in $jsons
  case "$1" in
    nocache) load "http://127.0.0.1:$a/bench/miss" "$clients" "$3.json" "$4" "$2"; jsons="$3.json" ;;
    l1) load "http://127.0.0.1:$a/bench/hit" "$clients" "$3.json" "$4" "$2"; jsons="$3.json" ;;
    l1redis)
      load "http://127.0.0.1:$b/bench/hit" "$((clients / 2))" "$3-b.json" "$4" "$2" & local first=$!
      load "http://127.0.0.1:$c/bench/hit" "$((clients - clients / 2))" "$3-c.json" "$4" "$2"; wait "$first"
      jsons="$3-b.json,$3-c.json" ;;
    nginx) load "http://127.0.0.1:$nginx_port/bench/basic" "$clients" "$3.json" "$4" "$2"; jsons="$3.json" ;;
  esac
}
proxy_pids() { case "$1" in nocache|l1) echo "$router_a" ;; l1redis) echo "$router_b $router_c" ;; nginx) nginx_pids ;; esac; }
run() { # round, variant, workload
  local pids proxy0 stub0 redis0 calls0 proxy1 stub1 redis1 calls1
  # shellcheck disable=SC2207
  pids=($(proxy_pids "$2"))
  proxy0=$(proc_ticks "${pids[@]}"); stub0=$(proc_ticks "$stub_pid"); redis0=$(proc_ticks "$redis_pid"); calls0=$(stub_requests "$stub")
  drive "$2" "$3" "$out/r$1-$3-$2" "$seconds"
  pids=($(proxy_pids "$2"))  # nginx may have replaced a worker
  proxy1=$(proc_ticks "${pids[@]}"); stub1=$(proc_ticks "$stub_pid"); redis1=$(proc_ticks "$redis_pid"); calls1=$(stub_requests "$stub")
  python3 - "$jsons" "$1" "$2" "$3" "$((proxy1 - proxy0))" "$((stub1 - stub0))" "$((redis1 - redis0))" "$((calls1 - calls0))" \
    "$(cut -d' ' -f1 /proc/loadavg)" "$out/runs.jsonl" <<'PY' | tee -a "$out/results.txt"
import json, sys
files, rnd, variant, workload = sys.argv[1].split(','), int(sys.argv[2]), sys.argv[3], sys.argv[4]
proxy, stub, redis, calls = (int(x) for x in sys.argv[5:9])
load, log = float(sys.argv[9]), sys.argv[10]
runs = [json.load(open(f)) for f in files]
ok = sum(d['ok'] for d in runs); requests = sum(d['requests'] for d in runs); sent = requests + 5 * len(runs)  # warm-ups too
row = dict(round=rnd, variant=variant, workload=workload, load=load, ok=ok, requests=requests,
           errors=sum(d['errors'] for d in runs), rps=sum(d['requestsPerSecond'] for d in runs),
           # two clients: the worse p99 of the two (their histograms are not merged)
           p99=max(d['latencyMs']['p99'] for d in runs), proxyUs=proxy * 10000 / max(ok, 1), stubUs=stub * 10000 / max(sent, 1),
           redisUs=redis * 10000 / max(ok, 1), callsPer1000=calls * 1000 / max(sent, 1),
           reply=max(d.get('bytesReceivedPerRequest') or 0 for d in runs))
open(log, 'a').write(json.dumps(row) + '\n')
print(f"{workload:<5} {variant:<8} {row['rps']:>8.1f} req/s  p99 {row['p99']:>8.1f} ms  ok {ok:>6}/{requests:<6}  proxy CPU {row['proxyUs']:>6.0f} us/req"
      f"  stub CPU {row['stubUs']:>6.0f} us/req  stub calls/1000 {row['callsPer1000']:>6.1f}  redis CPU {row['redisUs']:>4.0f} us/req"
      f"  reply {row['reply']:>9.0f} B  load {load:.0f}")
PY
}

# Warm every variant on the mixed workload (its hot keys include the same workload's key) before anything is measured.
for variant in $variants; do drive "$variant" mixed "$out/warm-$variant" 3; done
for round in $(seq 1 "$rounds"); do
  echo "-- round $round" | tee -a "$out/results.txt"
  for workload in $workloads; do
    for variant in $variants; do run "$round" "$variant" "$workload"; done
  done
done
for admin in "$a_admin" "$b_admin" "$c_admin"; do
  curl -fsS "http://127.0.0.1:$admin/stats" | python3 -c "import json,sys; print(json.dumps(json.load(sys.stdin)['cache']))"
done > "$out/cache-stats.jsonl"
python3 - "$out/runs.jsonl" <<'PY' | tee -a "$out/results.txt"
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
cell = {(r['round'], r['workload'], r['variant']): r for r in rows}
print("\nratios of requests/s within each round (same workload, same round):")
for (rnd, workload) in sorted({(r['round'], r['workload']) for r in rows}):
    def ratio(x, y):
        a, b = cell.get((rnd, workload, x)), cell.get((rnd, workload, y))
        return f"{a['rps'] / b['rps']:6.2f}x" if a and b and b['rps'] else "   n/a "
    print(f"round {rnd} {workload:<5}  l1/nocache {ratio('l1', 'nocache')}  l1redis/nocache {ratio('l1redis', 'nocache')}"
          f"  l1/nginx {ratio('l1', 'nginx')}  l1redis/nginx {ratio('l1redis', 'nginx')}")
PY
