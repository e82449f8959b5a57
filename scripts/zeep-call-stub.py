#!/usr/bin/env python3
"""Calls the BackendStub through its WSDL with zeep, a SOAP stack that is not WCF.

Usage: zeep-call-stub.py WSDL_URL [--text TEXT] [--blob-hex HEX] [--orders N]

Loads the WSDL (e.g. http://127.0.0.1:9080/basic?wsdl), binds the ports of IEchoService and IOrderService,
calls Echo(text, blob) and GetOrders(N) and prints what came back as one JSON object on stdout. Needs python3-zeep
(Debian: apt-get install python3-zeep). Exit code 0 on success, 1 with the error on stderr otherwise.
"""
import argparse
import base64
import json
import sys

import zeep


def port_of(service, port_type):
    """The name of the service's port whose binding implements port_type (a local name)."""
    for name, port in service.ports.items():
        if port.binding.port_type.name.localname == port_type:
            return name
    raise LookupError(f"no port implements {port_type}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("wsdl")
    parser.add_argument("--text", default="hello from zeep")
    parser.add_argument("--blob-hex", default="00ff10")
    parser.add_argument("--orders", type=int, default=3)
    args = parser.parse_args()

    client = zeep.Client(args.wsdl)
    service_name, service = next(iter(client.wsdl.services.items()))
    echo = client.bind(service_name, port_of(service, "IEchoService"))
    orders_port = client.bind(service_name, port_of(service, "IOrderService"))

    echoed = echo.Echo({"Text": args.text, "Blob": bytes.fromhex(args.blob_hex)})
    orders = orders_port.GetOrders(args.orders) or []

    json.dump(
        {
            "service": service_name,
            "echo": {"text": echoed.Text, "blobHex": (echoed.Blob or b"").hex()},
            "orders": [
                {
                    "customerId": order.CustomerID,
                    "shippingCity": order.ShippingCity,
                    "creditCardNumber": order.CreditCardNumber,
                    "creditCardExpiration": order.CreditCardExpiration.isoformat() if order.CreditCardExpiration else None,
                    "items": [[line.ItemID, line.Quantity] for line in (order.OrderItems.OrderLine if order.OrderItems else [])],
                    "attachmentBase64": base64.b64encode(order.Attachment).decode() if order.Attachment else None,
                }
                for order in orders
            ],
        },
        sys.stdout,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
