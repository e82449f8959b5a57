# free_port PORT: PORT when it is free on the host, else one the kernel picks (others share these machines).
# Sourced by the compose smokes (with router_ports below).
free_port() {
  python3 - "$1" <<'PY'
import socket, sys
for port in (int(sys.argv[1]), 0):
    s = socket.socket()
    try:
        s.bind(("0.0.0.0", port)); print(s.getsockname()[1]); break
    except OSError:
        pass
    finally:
        s.close()
PY
}

# router_ports: exports the host ports of the stack's TLS listeners, each as already set, else its usual port when
# free, else one the kernel picks: ROUTER_HTTPS_PORT (8443), ROUTER_PARTNER_PORT (8444), ROUTER_NETTCP_PORT (8808).
router_ports() {
  export ROUTER_HTTPS_PORT="${ROUTER_HTTPS_PORT:-$(free_port 8443)}" ROUTER_PARTNER_PORT="${ROUTER_PARTNER_PORT:-$(free_port 8444)}" \
    ROUTER_NETTCP_PORT="${ROUTER_NETTCP_PORT:-$(free_port 8808)}"
}
