"""Holds COUNT TLS connections to HOST:PORT open (issue 20 §2: what one connection costs the router).

Opens them with at most 32 handshakes at once. MODE idle: the handshake only. MODE request: then one SOAP 1.1 Echo
(PATH, 1 KB) on each and the reply read, so the connection has served a request and waits kept alive. Prints one line
("open N") once all are open, waits for a line on stdin (or HOLD seconds), closes them.
Usage: tls-connections.py HOST PORT COUNT MODE PATH CAFILE [HOLD=600]
"""
import resource
import socket
import ssl
import sys
import time
from concurrent.futures import ThreadPoolExecutor

host, port, count, mode, path, cafile = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
hold = float(sys.argv[7]) if len(sys.argv) > 7 else 600.0
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

context = ssl.create_default_context(cafile=cafile)
context.check_hostname = False
body = ('<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Echo xmlns="http://tempuri.org/">'
        '<payload>' + 'x' * 1024 + '</payload></Echo></s:Body></s:Envelope>').encode()
request = (f'POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: text/xml; charset=utf-8\r\n'
           f'SOAPAction: "http://tempuri.org/IEchoService/Echo"\r\nContent-Length: {len(body)}\r\n\r\n').encode() + body


def read_reply(s):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError("closed before the reply's head")
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(rest) < length:
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError("closed inside the reply's body")
        rest += chunk
    return head.split(b"\r\n", 1)[0].decode()


def open_one(_):
    try:
        raw = socket.create_connection((host, port), timeout=30)
        s = context.wrap_socket(raw, server_hostname=host)
        if mode == "request":
            s.sendall(request)
            status = read_reply(s)
            if " 200 " not in status:
                print("reply:", status, file=sys.stderr)
        return s
    except Exception as e:  # counted, not fatal: the point is the router's memory
        print("failed:", e, file=sys.stderr)
        return None


with ThreadPoolExecutor(32) as pool:
    sockets = [s for s in pool.map(open_one, range(count)) if s is not None]
print(f"open {len(sockets)}", flush=True)
import select
select.select([sys.stdin], [], [], hold)
for s in sockets:
    s.close()
