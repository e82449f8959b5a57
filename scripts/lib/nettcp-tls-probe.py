#!/usr/bin/env python3
"""Opens a net.tcp session's preamble ([MC-NMF]) on a router's TLS net.tcp listener and reports how far it got.

    nettcp-tls-probe.py HOST PORT --ca CA.crt     Version, Mode (duplex), Via net.tcp://HOST:PORT/router, binary
        session encoding, Upgrade Request application/ssl-tls; after the Upgrade Response a TLS handshake that checks
        the server certificate against CA.crt alone and for HOST; Preamble End through TLS, and the Preamble Ack
        expected back through TLS; then End. Exit 0 with one line saying what was negotiated.
    nettcp-tls-probe.py HOST PORT --plain         the same preamble without the upgrade: a TLS listener must not
        acknowledge it (it closes the connection, or answers a framing fault). Exit 0 when it was not acknowledged.

A WCF client (NetTcpBinding with SecurityMode.Transport) sends the same records; this stops before any message, which
needs WCF's binary session encoder (LoadClient --client wcf does that part).
"""
import argparse
import socket
import ssl
import sys

UPGRADE_RESPONSE, PREAMBLE_ACK, FAULT = 0x0A, 0x0B, 0x08


def sized(data):
    """A record's length as [MC-NMF] writes it (7 bits a byte, low first), then the bytes."""
    length, out = len(data), bytearray()
    while True:
        byte = length & 0x7F
        length >>= 7
        out.append(byte | (0x80 if length else 0))
        if not length:
            return bytes(out) + data


def preamble(host, port, upgrade):
    via = f"net.tcp://{host}:{port}/router".encode()
    records = bytes([0x00, 0x01, 0x00, 0x01, 0x02, 0x02]) + sized(via) + bytes([0x03, 0x08])
    return records + (bytes([0x09]) + sized(upgrade.encode()) if upgrade else b"")


def read_record(stream):
    """The record type byte, or None when the peer closed; a fault's text is read and returned with it."""
    first = stream.recv(1)
    if not first:
        return None, ""
    if first[0] != FAULT:
        return first[0], ""
    length, shift = 0, 0
    while True:
        byte = stream.recv(1)[0]
        length |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            break
    text = b""
    while len(text) < length:
        text += stream.recv(length - len(text))
    return FAULT, text.decode(errors="replace")


def tls_session(args):
    sock = socket.create_connection((args.host, args.port), timeout=10)
    sock.sendall(preamble(args.host, args.port, "application/ssl-tls"))
    record, fault = read_record(sock)
    if record != UPGRADE_RESPONSE:
        sys.exit(f"FAIL: no Upgrade Response to application/ssl-tls (got {record!r} {fault})")
    context = ssl.create_default_context(cafile=args.ca)  # with a cafile, only that CA: not the system store
    tls = context.wrap_socket(sock, server_hostname=args.host)
    subject = dict(part[0] for part in tls.getpeercert()["subject"]).get("commonName")
    tls.sendall(bytes([0x0C]))  # Preamble End, through TLS
    record, fault = read_record(tls)
    if record != PREAMBLE_ACK:
        sys.exit(f"FAIL: no Preamble Ack through TLS (got {record!r} {fault})")
    tls.sendall(bytes([0x07]))  # End: no message in this session
    print(f"upgrade application/ssl-tls accepted, {tls.version()} {tls.cipher()[0]}, server certificate CN={subject} "
          f"valid for {args.host} under {args.ca.rsplit('/', 1)[-1]}, Preamble Ack through TLS")
    tls.close()


def plain_session(args):
    sock = socket.create_connection((args.host, args.port), timeout=10)
    sock.sendall(preamble(args.host, args.port, None) + bytes([0x0C]))
    try:
        record, fault = read_record(sock)
    except (ConnectionResetError, socket.timeout) as error:
        record, fault = None, type(error).__name__
    if record == PREAMBLE_ACK:
        sys.exit("FAIL: a plain preamble (no TLS upgrade) was acknowledged")
    print("plain preamble not acknowledged: " + (f"framing fault {fault}" if record == FAULT else f"closed {fault}".strip()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--ca", help="PEM file of the only CA the server certificate may chain to")
    mode.add_argument("--plain", action="store_true", help="a preamble without the TLS upgrade")
    args = parser.parse_args()
    try:
        plain_session(args) if args.plain else tls_session(args)
    except (OSError, ssl.SSLError, IndexError) as error:
        sys.exit(f"FAIL: {type(error).__name__}: {error}")


main()
