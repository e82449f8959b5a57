#!/usr/bin/env bash
# The operator's page checked from outside, on the real processes: two BackendStubs and the router on the shipped
# router.json (moved to ports of its own, base PORT_BASE, default 27000), LoadClient at a fixed rate through it. Then:
#  1. headless chromium (Debian's, not Playwright) renders GET / during the traffic: the answer is 200 text/html, the
#     DOM names every route and destination of the config and holds an svg chart, and its network log shows nothing
#     requested from another host;
#  2. with CPU=1, the router's CPU with the page open vs closed under the same load (alternating windows), and the
#     router's CPU per read of the three figures the page polls (/stats, /overview, /health).
# Usage: [SKIP_BUILD=1] [CPU=1] [RATE=200] [WINDOW=40] [ROUNDS=3] scripts/operator-page-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/common.sh

base="${PORT_BASE:-27000}"
rate="${RATE:-200}"
window="${WINDOW:-40}"
out="artifacts/operator-page"
mkdir -p "$out"
http=$((base + 80)) tcp=$((base + 808)) stub_a=$((base + 90)) stub_b=$((base + 91)) stub_a_tcp=$((base + 95)) stub_b_tcp=$((base + 96)) admin=$((base + 901))
require_free_ports "$http" "$tcp" "$stub_a" "$stub_b" "$stub_a_tcp" "$stub_b_tcp" "$admin"
sed -e "s/127.0.0.1:8080/127.0.0.1:$http/g" -e "s/127.0.0.1:8808/127.0.0.1:$tcp/g" \
    -e "s/127.0.0.1:9080/127.0.0.1:$stub_a/g" -e "s/127.0.0.1:9081/127.0.0.1:$stub_b/g" \
    -e "s/127.0.0.1:9090/127.0.0.1:$stub_a_tcp/g" -e "s/127.0.0.1:9091/127.0.0.1:$stub_b_tcp/g" \
    -e "s/127.0.0.1:9901/127.0.0.1:$admin/g" router.json > "$out/router.json"

build_release "$out"
start "$out/stub-a.log" dotnet "$(bin BackendStub)" --http-port "$stub_a" --tcp-port "$stub_a_tcp"
start "$out/stub-b.log" dotnet "$(bin BackendStub)" --http-port "$stub_b" --tcp-port "$stub_b_tcp" --seed 2
start "$out/router.log" dotnet "$(bin Router)" --config "$out/router.json"; router=$last_pid
wait_for "http://127.0.0.1:$stub_a/stub/stats" "stub A" "$out"
wait_for "http://127.0.0.1:$stub_b/stub/stats" "stub B" "$out"
wait_for "http://127.0.0.1:$admin/health" "the router" "$out"
page="http://127.0.0.1:$admin/"

duration=$((window * 2 * ${ROUNDS:-3} + 90))
start "$out/load.log" dotnet "$(bin LoadClient)" --url "http://127.0.0.1:$http/router/soap12" --binding soap12Http \
  --operation getOrders --orders 10 --rate "$rate" --concurrency 16 --duration "$duration" --quiet
load=$last_pid
sleep 5

chromium_args=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --disable-features=AutofillServerCommunication,OptimizationHints
  --user-data-dir="$out/chromium-profile")

echo "== 1. headless chromium renders $page during traffic"
status=0
headers=$(curl -sS -D - -o /dev/null "$page")
echo "$headers" | grep -qi '^HTTP/1.1 200' || { echo "FAIL: GET / is not 200"; status=1; }
echo "$headers" | grep -qi '^content-type: text/html' || { echo "FAIL: GET / is not text/html"; status=1; }
rm -rf "$out/chromium-profile"
chromium "${chromium_args[@]}" --virtual-time-budget=12000 --log-net-log="$out/netlog.json" --dump-dom "$page" > "$out/dom.html" 2> "$out/chromium.log"
missing=0
while read -r name; do
  grep -q "data-route=\"$name\"\|data-destination=\"$name\"" "$out/dom.html" || { echo "FAIL: the DOM does not name $name"; missing=1; status=1; }
done < <(python3 scripts/lib/config-names.py "$out/router.json")
[[ $missing -eq 0 ]] && echo "ok: the DOM names every route and destination of the config ($(python3 scripts/lib/config-names.py "$out/router.json" | wc -l) names)"
grep -q '<svg class="chart"' "$out/dom.html" && echo "ok: the DOM holds svg charts ($(grep -o '<svg class="chart"' "$out/dom.html" | wc -l))" || { echo "FAIL: no svg chart"; status=1; }
# The page's requests are those it initiated (initiator: its origin) and its own navigation; chromium's own background
# requests (update checks, autofill; initiator "not an origin", no page site) are not the page's and are listed apart.
others=$(python3 - "$out/netlog.json" "127.0.0.1:$admin" <<'PY'
import json, sys, urllib.parse
log = json.load(open(sys.argv[1]))
start = log['constants']['logEventTypes']['URL_REQUEST_START_JOB']
page, browser = set(), set()
for event in log.get('events', []):
    params = event.get('params') or {}
    if event['type'] != start or 'url' not in params:
        continue
    initiator = params.get('initiator', '')
    ours = initiator.startswith('http') or (params['url'].startswith('http://' + sys.argv[2] + '/') and 'site=http://127.0.0.1' in params.get('site_for_cookies', ''))
    (page if ours else browser).add(params['url'])
print('\n'.join(sorted(u for u in page if urllib.parse.urlsplit(u).netloc != sys.argv[2])))
print(f'page requests: {len(page)} urls, all listed: ' + ' '.join(sorted(urllib.parse.urlsplit(u).path for u in page)), file=sys.stderr)
print(f'chromium\'s own background requests (not the page\'s): {len(browser)}', file=sys.stderr)
PY
)
if [[ -z "$others" ]]; then echo "ok: nothing requested from another host (chromium's network log)"; else echo "FAIL: requested elsewhere: $others"; status=1; fi

if [[ -n "${CPU:-}" ]]; then
  echo
  echo "== 2. router CPU under $rate getOrders/s, page closed vs open ($window s windows, alternating)"
  ticks=$(getconf CLK_TCK)
  cpu() { awk '{print $14 + $15}' "/proc/$router/stat"; }
  measure() { # label; prints CPU % of one core over the window and keeps it in $last
    local before after
    before=$(cpu); sleep "$window"; after=$(cpu)
    last=$(awk -v a="$before" -v b="$after" -v t="$ticks" -v w="$window" 'BEGIN { printf "%.2f", 100 * (b - a) / t / w }')
    echo "$1: $last% of one core" | tee -a "$out/cpu.txt"
  }
  : > "$out/cpu.txt"
  closed_sum=0 open_sum=0
  for round in $(seq 1 "${ROUNDS:-3}"); do
    measure "closed (round $round)"; closed_sum=$(awk -v a="$closed_sum" -v b="$last" 'BEGIN { print a + b }')
    rm -rf "$out/chromium-profile"
    chromium "${chromium_args[@]}" --remote-debugging-port=0 "$page" > "$out/chromium-open.log" 2>&1 &
    browser=$!
    sleep 3
    measure "open   (round $round)"; open_sum=$(awk -v a="$open_sum" -v b="$last" 'BEGIN { print a + b }')
    kill -TERM "$browser" 2>/dev/null || true; wait "$browser" 2>/dev/null || true
  done
  awk -v c="$closed_sum" -v o="$open_sum" -v n="${ROUNDS:-3}" 'BEGIN {
    printf "mean: closed %.2f%%, open %.2f%% of one core: the page open costs %+.2f points of one core\n", c / n, o / n, (o - c) / n }' | tee -a "$out/cpu.txt"
  echo "== the three reads the page makes every 2 s, 200 times back to back, on the router with the load stopped"
  kill -TERM "$load" 2>/dev/null || true; wait "$load" 2>/dev/null || true
  sleep 3
  before=$(cpu); sleep 10; idle=$(( $(cpu) - before ))
  before=$(cpu); started=$(date +%s.%N)
  for _ in $(seq 1 200); do
    curl -fsS -o /dev/null "http://127.0.0.1:$admin/stats" -o /dev/null "http://127.0.0.1:$admin/overview" -o /dev/null "http://127.0.0.1:$admin/health"
  done
  after=$(cpu)
  awk -v a="$before" -v b="$after" -v t="$ticks" -v s="$started" -v e="$(date +%s.%N)" -v i="$idle" 'BEGIN {
    seconds = e - s; total = (b - a) / t; own = total - i / t / 10 * seconds; per = 1000 * own / 200
    printf "router CPU per poll: %.2f ms (%.2f s of CPU in %.1f s, idle %.2f%%); one poll per 2 s: %.3f%% of one core\n", per, total, seconds, 100 * i / t / 10, per / 2000 * 100 }' | tee -a "$out/cpu.txt"
  curl -fsS -o "$out/stats.json" "http://127.0.0.1:$admin/stats"; curl -fsS -o "$out/overview.json" "http://127.0.0.1:$admin/overview"
  echo "sizes: /stats $(wc -c < "$out/stats.json") B, /overview $(wc -c < "$out/overview.json") B" | tee -a "$out/cpu.txt"
fi

kill -TERM "$load" 2>/dev/null || true
exit "$status"
