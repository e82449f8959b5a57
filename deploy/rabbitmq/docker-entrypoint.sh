#!/usr/bin/env bash
# deploy/rabbitmq/Dockerfile's entry point: the router's user from the environment, then the node in the foreground.
#
#   docker-entrypoint.sh            configures the node and execs the package's script, which runs it in the
#                                   foreground and stops it cleanly on docker stop's SIGTERM (exit 0)
#   docker-entrypoint.sh --health   the HEALTHCHECK: exit 0 when the AMQP port (5672) accepts a connection
#
#   RABBITMQ_USER            the user the routers log in as [router]
#   RABBITMQ_PASSWORD_FILE   a file holding its password (compose: the rabbitmq-secret volume, which the stack's init
#                            service fills on first start), or RABBITMQ_PASSWORD, the password itself
#
# There is no guest: the user comes in as a definitions file imported at every start (so a changed password takes
# effect at the next start, on an existing volume too), and a node that has definitions to import makes no default
# user. The password itself is written nowhere: the definitions (in /tmp, a tmpfs) hold it as RabbitMQ keeps it, a
# salted SHA-256, which the node stores in its database on the volume.
# The memory RabbitMQ plans with is the container's limit (cgroup), not the host's.
set -euo pipefail

# The listener opens once the node has booted and imported the definitions, so a connection that is accepted is the
# readiness the routers need. Not rabbitmq-diagnostics: each run starts an Erlang VM (0.6-0.8 s of CPU here, every
# interval), and its ping answers before the listener is up; not an AMQP protocol header either: RabbitMQ logs a
# warning for every connection closed before its handshake ends, a bare connect it does not log.
if [ "${1:-}" = --health ]; then
  exec timeout 3 bash -c 'exec 3<>/dev/tcp/127.0.0.1/5672'
fi

die() { echo "rabbitmq-entrypoint: $*" >&2; exit 1; }

user="${RABBITMQ_USER:-router}"
if [ -n "${RABBITMQ_PASSWORD_FILE:-}" ]; then
  [ -f "$RABBITMQ_PASSWORD_FILE" ] && [ -r "$RABBITMQ_PASSWORD_FILE" ] \
    || die "RABBITMQ_PASSWORD_FILE=$RABBITMQ_PASSWORD_FILE is not a file this user ($(id -un)) can read"
  password=$(< "$RABBITMQ_PASSWORD_FILE")
else
  password="${RABBITMQ_PASSWORD:-}"
fi
password="${password%$'\n'}"
[ -n "$password" ] || die "no password for $user: set RABBITMQ_PASSWORD_FILE or RABBITMQ_PASSWORD (there is no default)"
[[ "$user" =~ ^[A-Za-z0-9._-]+$ ]] || die "RABBITMQ_USER must be letters, digits, '.', '_' or '-'"

conf=/tmp/rabbitmq
mkdir -p "$conf"
chmod 700 "$conf"

# rabbit_password_hashing_sha256: base64(salt + sha256(salt + password)), 4 random bytes of salt.
openssl rand 4 > "$conf/salt"
hash=$( { cat "$conf/salt"; { cat "$conf/salt"; printf '%s' "$password"; } | openssl dgst -sha256 -binary; } | base64 -w 0 )
rm -f "$conf/salt"
cat > "$conf/definitions.json" <<JSON
{
  "users": [ { "name": "$user", "password_hash": "$hash", "hashing_algorithm": "rabbit_password_hashing_sha256", "tags": ["administrator"] } ],
  "vhosts": [ { "name": "/" } ],
  "permissions": [ { "user": "$user", "vhost": "/", "configure": ".*", "write": ".*", "read": ".*" } ]
}
JSON

{
  cat /etc/rabbitmq/rabbitmq.conf
  echo "load_definitions = $conf/definitions.json"
  limit=$(cat /sys/fs/cgroup/memory.max 2>/dev/null || cat /sys/fs/cgroup/memory/memory.limit_in_bytes 2>/dev/null || echo max)
  # cgroup v1 says "no limit" with a huge number.
  if [[ "$limit" =~ ^[0-9]+$ ]] && (( limit < (1 << 50) )); then
    echo "total_memory_available_override_value = $limit"
  fi
} > "$conf/rabbitmq.conf"
export RABBITMQ_CONFIG_FILE="$conf/rabbitmq.conf"

echo "rabbitmq-entrypoint: user $user, memory limit ${limit:-none}; starting $RABBITMQ_NODENAME"
# The package's script runs the node in the foreground and stops it cleanly on SIGTERM (docker stop).
exec /usr/lib/rabbitmq/bin/rabbitmq-server
