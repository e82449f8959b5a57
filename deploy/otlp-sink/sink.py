# OTLP/HTTP sink for scripts/compose-smoke.sh (docker-compose.traces.yml): answers 200 with an empty protobuf reply
# to every POST of /v1/traces and /v1/metrics and keeps each body as a file, /tmp/otlp/<n>-<signal>.pb, for the
# smoke's traces hook (scripts/compose-smoke.d/traces.sh) to search. GET /health answers 200. Not a collector: the
# bodies are never decoded here; no more than MAX_FILES are kept (later ones are still answered 200).
import os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

STORE = "/tmp/otlp"
MAX_FILES = 20000
os.makedirs(STORE, exist_ok=True)
count = 0


class Sink(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the exporters expect

    def reply(self, status, content_type="application/x-protobuf"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self):
        global count
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        signal = {"/v1/traces": "traces", "/v1/metrics": "metrics"}.get(self.path)
        if signal is None:
            return self.reply(404, "text/plain")
        count += 1
        if count <= MAX_FILES:
            with open(f"{STORE}/{count:06d}-{signal}.pb", "wb") as f:
                f.write(body)
        self.reply(200)

    def do_GET(self):
        self.reply(200 if self.path == "/health" else 404, "text/plain")

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("0.0.0.0", 4318), Sink).serve_forever()
