#!/usr/bin/env bash
# The router image's entry point and health check (Router/Dockerfile). Bash only: the bases have no curl, wget or ip.
#
#   docker-entrypoint.sh [router arguments]   finds the admin address, then execs /app/Router (PID 1 stays the
#                                             router, so docker stop's SIGTERM reaches it and it drains)
#   docker-entrypoint.sh --health             GET /health on that address; exit 0 on a 200
#
# The admin address: ROUTER_ADMIN_ADDRESS when set (the router reads it in place of router.json's admin.address).
# Else, when ROUTER_ADMIN_SUBNET is set (compose: the internal network's subnet, e.g. 172.30.0.0/24), this
# container's own address on that subnet, port ROUTER_ADMIN_PORT (9901): every replica of a scaled service binds its
# own internal address, none binds the DMZ side, and no replica needs a fixed IP. Else router.json's address stands.
# ROUTER_SECRETS_DIR: a folder of secrets as files, each exported as the variable it is named after (below).
set -uo pipefail

local_ipv4s() { # every IPv4 address of this network namespace (the kernel's routing trie marks them "/32 host LOCAL")
  local line last=""
  while IFS= read -r line; do
    if [[ $line =~ \|--\ ([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+) ]]; then last=${BASH_REMATCH[1]};
    elif [[ $line == *"/32 host LOCAL"* && -n $last ]]; then echo "$last"; fi
  done < /proc/net/fib_trie
}
to_int() { local IFS=.; set -- $1; echo $(( ($1 << 24) | ($2 << 16) | ($3 << 8) | $4 )); }
in_subnet() { # address, a.b.c.d/len
  local net=${2%/*} len=${2#*/}
  local mask=$(( len == 0 ? 0 : (0xFFFFFFFF << (32 - len)) & 0xFFFFFFFF ))
  (( ($(to_int "$1") & mask) == ($(to_int "$net") & mask) ))
}
admin_address() { # prints the address to bind, or nothing when router.json's stands
  if [ -n "${ROUTER_ADMIN_ADDRESS:-}" ]; then echo "$ROUTER_ADMIN_ADDRESS"; return 0; fi
  [ -n "${ROUTER_ADMIN_SUBNET:-}" ] || return 0
  local ip
  for ip in $(local_ipv4s); do
    if in_subnet "$ip" "$ROUTER_ADMIN_SUBNET"; then echo "http://$ip:${ROUTER_ADMIN_PORT:-9901}"; return 0; fi
  done
  echo "docker-entrypoint: no address of this container is on ROUTER_ADMIN_SUBNET=$ROUTER_ADMIN_SUBNET" >&2
  return 1
}

if [ "${1:-}" = --health ]; then
  # A degraded router answers 200; one whose listener cannot accept answers 503 and fails the check.
  url=$(admin_address) || exit 1
  url=${url:-${ROUTER_HEALTH_URL:-http://127.0.0.1:9901}}
  u=${url#http://}; hp=${u%%/*}
  exec 3<>"/dev/tcp/${hp%:*}/${hp##*:}" || exit 1
  printf 'GET /health HTTP/1.0\r\nHost: %s\r\n\r\n' "$hp" >&3
  IFS= read -r -t 2 line <&3 && [[ $line == 'HTTP/1.'?' 200 '* ]]
  exit
fi

address=$(admin_address) || exit 1
if [ -n "$address" ]; then
  export ROUTER_ADMIN_ADDRESS="$address"
  echo "docker-entrypoint: admin endpoint on $address"
fi

# Secrets that come as files (a compose volume, swarm and Kubernetes secrets) for router.json's `env:NAME` values:
# every file in ROUTER_SECRETS_DIR named like an environment variable becomes that variable for the router, e.g.
# RABBITMQ_PASSWORD for the scale-out stack's AMQP URI. A variable already set wins. Exported to the router alone
# (docker inspect does not show it); only the names are printed, never a value.
if [ -n "${ROUTER_SECRETS_DIR:-}" ]; then
  [ -d "$ROUTER_SECRETS_DIR" ] || { echo "docker-entrypoint: ROUTER_SECRETS_DIR=$ROUTER_SECRETS_DIR is not a folder" >&2; exit 1; }
  secrets=()
  for file in "$ROUTER_SECRETS_DIR"/*; do
    name=${file##*/}
    [[ -f $file && $name =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || continue
    [ -z "${!name+set}" ] || continue
    [ -r "$file" ] || { echo "docker-entrypoint: $file is not readable by $(id -un) (uid $(id -u))" >&2; exit 1; }
    export "$name=$(< "$file")"
    secrets+=("$name")
  done
  echo "docker-entrypoint: from $ROUTER_SECRETS_DIR: ${secrets[*]:-no variable}"
fi
exec /app/Router "$@"
