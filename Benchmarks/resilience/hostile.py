#!/usr/bin/env python3
"""Hostile clients for Benchmarks/resilience/figures.sh, on real sockets.

  idle HOST PORT COUNT HOLD_SECONDS      open COUNT TCP connections that send nothing, hold them, then report how
                                        many were accepted, refused or closed by the server, and how many were still
                                        open at the end of the hold (JSON on stdout).
  slow HOST PORT PATH COUNT BODY_BYTES RATE SECONDS
                                        COUNT clients POST a SOAP 1.2 Echo envelope of BODY_BYTES at RATE bytes/s
                                        each, started within the first two seconds; report how each one ended.
"""
import asyncio
import json
import socket
import sys
import time


def idle(host, port, count, hold):
    sockets, refused, failed = [], 0, 0
    started = time.monotonic()
    for _ in range(count):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(5)
        try:
            s.connect((host, port))
            s.setblocking(False)
            sockets.append(s)
        except ConnectionRefusedError:
            refused += 1
            s.close()
        except OSError:
            failed += 1
            s.close()
    opened = time.monotonic() - started
    time.sleep(hold)
    open_at_end, closed_by_server = 0, 0
    for s in sockets:
        try:
            data = s.recv(1)
            # Data or an orderly close (b''): the server has written to or closed this connection.
            closed_by_server += 1
        except BlockingIOError:
            open_at_end += 1
        except OSError:
            closed_by_server += 1
    held_seconds = time.monotonic() - started
    for s in sockets:
        s.close()
    print(json.dumps({"requested": count, "connected": len(sockets), "refused": refused, "connectFailed": failed,
                      "openAtEnd": open_at_end, "closedByServer": closed_by_server,
                      "secondsToOpen": round(opened, 2), "heldSeconds": round(held_seconds, 1)}))


def envelope(size, to):
    head = ('<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing">'
            '<s:Header><a:Action s:mustUnderstand="1">http://tempuri.org/IEchoService/Echo</a:Action>'
            f'<a:To s:mustUnderstand="1">{to}</a:To>'
            '<a:MessageID>urn:uuid:00000000-0000-0000-0000-000000000001</a:MessageID>'
            '<a:ReplyTo><a:Address>http://www.w3.org/2005/08/addressing/anonymous</a:Address></a:ReplyTo></s:Header>'
            '<s:Body><Echo xmlns="http://tempuri.org/"><payload xmlns:d="http://schemas.datacontract.org/2004/07/BackendStub">'
            '<d:Text>')
    tail = '</d:Text></payload></Echo></s:Body></s:Envelope>'
    fill = max(0, size - len(head) - len(tail))
    return (head + ("slow client " * (fill // 12 + 1))[:fill] + tail).encode()


async def slow_one(host, port, path, body, rate, deadline, outcomes):
    try:
        reader, writer = await asyncio.open_connection(host, port)
    except OSError as e:
        outcomes["connectFailed"] = outcomes.get("connectFailed", 0) + 1
        return
    head = (f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/soap+xml; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    chunk = max(1, rate // 2)  # two writes a second
    kind = "answered"
    try:
        writer.write(head)
        sent = 0
        while sent < len(body):
            if time.monotonic() > deadline:
                kind = "gaveUp"
                break
            writer.write(body[sent:sent + chunk])
            await writer.drain()
            sent += chunk
            if sent < len(body):
                await asyncio.sleep(0.5)
        if kind == "answered":
            line = await asyncio.wait_for(reader.readline(), timeout=30)
            kind = f"http{line.split()[1].decode()}" if line else "closedWithoutAnswer"
    except (ConnectionResetError, BrokenPipeError):
        kind = "reset"
    except asyncio.TimeoutError:
        kind = "noAnswer"
    finally:
        writer.close()
    outcomes[kind] = outcomes.get(kind, 0) + 1


async def slow(host, port, path, count, size, rate, seconds):
    body = envelope(size, f"http://{host}:{port}{path}")
    outcomes = {}
    deadline = time.monotonic() + seconds
    tasks = []
    for i in range(count):
        tasks.append(asyncio.create_task(slow_one(host, port, path, body, rate, deadline, outcomes)))
        if i % 50 == 49:
            await asyncio.sleep(0.1)
    await asyncio.gather(*tasks)
    print(json.dumps({"clients": count, "bodyBytes": len(body), "bytesPerSecond": rate, "outcomes": outcomes}))


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "idle":
        idle(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))
    elif mode == "slow":
        asyncio.run(slow(sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), int(sys.argv[6]),
                         int(sys.argv[7]), float(sys.argv[8])))
    else:
        sys.exit(__doc__)
