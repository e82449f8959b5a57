#!/usr/bin/env bash
# Makes a random password in FILE, once: a FILE that exists and is not empty is kept. Run by the scale-out stack's
# `rabbitmq-secret` init service on first start (docker-compose.scale.yml, in the certs image) into the volume that
# the rabbitmq service and the router replicas mount read-only; runs on a host too (a folder for RABBITMQ_SECRET_DIR).
# Never commit what it writes.
#
# 48 hex digits (192 bits from openssl's generator): nothing in it needs escaping in a URI (the routers' AMQP URI), a
# config file or a shell. Written mode 440 (the user running this and its group: `app` in the container, which the
# router runs as and the rabbitmq image's user belongs to), to a temporary name and renamed, so no reader sees half of it.
# Prints one line: "make-password: made FILE" or "make-password: kept FILE".
#
# Usage: scripts/make-password.sh FILE
set -euo pipefail

[ $# = 1 ] || { echo "usage: make-password.sh FILE" >&2; exit 2; }
file="$1"
if [ -s "$file" ]; then
  echo "make-password: kept $file"
  exit 0
fi
mkdir -p "$(dirname "$file")"
tmp="$file.tmp.$$"
trap 'rm -f "$tmp"' EXIT
(umask 337 && openssl rand -hex 24 | tr -d '\n' > "$tmp")
[ "$(wc -c < "$tmp")" = 48 ] || { echo "make-password: openssl rand gave no password" >&2; exit 1; }
mv "$tmp" "$file"
echo "make-password: made $file"
