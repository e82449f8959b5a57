#!/usr/bin/env bash
# CI's smoke run of the benchmark harness (about a minute): the pass-through script with 1 round of 1-second runs at
# concurrency 4, then a check that its report has sane fields: every cell present, every run answered and every
# request OK, ratios and CPU where they belong, a chart written. Never a timing threshold.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p artifacts
WARMUP_ROUNDS=0 Benchmarks/scripts/passthrough.sh 1 1 4 > artifacts/smoke-passthrough.log 2>&1 || { tail -n 40 artifacts/smoke-passthrough.log; exit 1; }
python3 - <<'PY'
import json, sys
d = json.load(open("artifacts/passthrough/passthrough.json"))
problems = []
for key in ("command", "date", "cores", "memoryGiB", "cells"):
    if key not in d:
        problems.append(f"no '{key}' in the report")
cells = d.get("cells", [])
variants = {(c["variant"], c["encoding"], c["sizeBytes"]) for c in cells}
for size in (1024, 153600):
    for encoding in ("text", "binary"):
        for variant in ("direct", "router", "trusted"):
            if (variant, encoding, size) not in variants:
                problems.append(f"missing cell {variant} {encoding} {size}")
    for destination in ("binary", "nettcp"):
        if ("reencode", destination, size) not in variants:
            problems.append(f"missing cell reencode {destination} {size}")
for c in cells:
    name = f"{c['variant']} {c['encoding']} {c['sizeBytes']}"
    if not c["requestsPerSecondMedian"] or c["requestsPerSecondMedian"] <= 0:
        problems.append(f"{name}: no throughput")
    for run in c["runs"].values():
        if run["requests"] <= 0 or run["ok"] != run["requests"]:
            problems.append(f"{name}: {run['ok']} of {run['requests']} requests OK")
    if c["variant"] != "direct" and (c["ratioToDirectMedian"] is None or c["cpuUsPerMessageMedian"] is None):
        problems.append(f"{name}: no ratio to direct or no CPU per message")
if problems:
    print("benchmark smoke: " + "; ".join(problems))
    sys.exit(1)
print(f"benchmark smoke: {len(cells)} cells, every request OK")
PY
test -s artifacts/passthrough/passthrough.svg
