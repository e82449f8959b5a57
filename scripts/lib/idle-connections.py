"""Opens COUNT idle TCP connections to HOST:PORT, holds them HOLD seconds, closes them; ROUNDS times (issue 20).

Each connect waits at most 2 s (a full listen backlog drops the SYN). While the connections are held, GET HEALTH_URL
is read and printed, so the router's /health during the flood is on record. One line per round on stdout.
Usage: idle-connections.py HOST PORT [COUNT=1500] [ROUNDS=2] [HOLD=5] [HEALTH_URL]
"""
import resource
import socket
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

host, port = sys.argv[1], int(sys.argv[2])
count = int(sys.argv[3]) if len(sys.argv) > 3 else 1500
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 2
hold = float(sys.argv[5]) if len(sys.argv) > 5 else 5.0
health = sys.argv[6] if len(sys.argv) > 6 else None

# This process holds the connections: its own limit must not be what stops them.
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def connect(_):
    s = socket.socket()
    s.settimeout(2)
    try:
        s.connect((host, port))
        return s
    except OSError:
        s.close()
        return None


def read_health():
    try:
        with urllib.request.urlopen(health, timeout=5) as response:
            return response.read().decode()
    except Exception as e:  # the status of a router that does not answer is the point here
        return f"unreadable: {e}"


for r in range(1, rounds + 1):
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=64) as pool:
        sockets = [s for s in pool.map(connect, range(count)) if s is not None]
    print(f"round {r}: {len(sockets)} of {count} connected in {time.monotonic() - started:.1f} s", flush=True)
    if health:
        time.sleep(min(1.0, hold))
        print(f"round {r}: health while held: {read_health()}", flush=True)
    time.sleep(max(0.0, hold - (1.0 if health else 0.0)))
    for s in sockets:
        s.close()
    print(f"round {r}: closed", flush=True)
    time.sleep(1)
