# Shared by the scripts in scripts/: source it after `cd` to the repository root.
# Gives: require_free_ports PORT..., build_release LOGDIR, bin PROJECT, start NAME LOG CMD... (stopped at exit),
# wait_for URL WHAT LOGDIR, start_stub_and_router LOGDIR HTTP_PORT TCP_PORT ADMIN_PORT.
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

require_free_ports() {
  local port
  for port in "$@"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "port $port is already in use on 127.0.0.1; stop what holds it and retry" >&2
      exit 1
    fi
  done
}

build_release() { # log folder; SKIP_BUILD=1 uses the Release binaries already built (a busy machine's no-op build takes minutes)
  [[ -n "${SKIP_BUILD:-}" ]] && return 0
  dotnet build SoapRouter.slnx -c Release -v quiet -nologo > "$1/build.log" 2>&1 || { cat "$1/build.log"; exit 1; }
}

bin() { echo "$1/bin/Release/net10.0/$1.dll"; }

started_pids=()
stop_started() {
  local pid
  for pid in "${started_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_started EXIT

start() { # log file, command...; the pid is in $last_pid
  local log="$1"; shift
  "$@" > "$log" 2>&1 &
  last_pid=$!
  started_pids+=("$last_pid")
}

wait_for() { # url, what, log folder
  local _
  for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "$2 did not come up; logs are in $3/" >&2
  tail -n 20 "$3"/*.log >&2
  exit 1
}

start_stub_and_router() { # log folder (with router.json), the stub's HTTP and net.tcp ports, the router's admin port; router pid in $router
  start "$1/stub.log" dotnet "$(bin BackendStub)" --http-port "$2" --tcp-port "$3"
  start "$1/router.log" dotnet "$(bin Router)" --config "$1/router.json"; router=$last_pid
  wait_for "http://127.0.0.1:$4/health" "the router" "$1"
  wait_for "http://127.0.0.1:$2/stub/stats" "the stub" "$1"
}
