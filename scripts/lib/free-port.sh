# free_port PORT: PORT when it is free on the host, else one the kernel picks (others share these machines).
# Sourced by the compose smokes.
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
