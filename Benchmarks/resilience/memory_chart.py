#!/usr/bin/env python3
"""memory_chart.py CSV SVG LOAD_JSON: the soak's memory over time as an SVG line chart, and a JSON summary on stdout.

Growth is judged after the first minute (JIT, pools and the GC's budgets settle there): the largest RSS of the last
minute against the mean RSS of the second minute; goal at most 10% more. The peak over the whole run is reported too:
Server GC lets the heap grow to its gen2 budget between full collections, a sawtooth rather than a trend.
"""
import csv
import json
import sys

rows = [r for r in csv.DictReader(open(sys.argv[1]))]
load = json.load(open(sys.argv[3]))
t = [int(r["seconds"]) for r in rows]
rss = [float(r["rssMb"]) for r in rows]
heap = [float(r["heapMb"]) for r in rows]
end = t[-1] if t else 0
second_minute = [v for s, v in zip(t, rss) if 60 <= s < 120] or rss[:1]
last_minute = [v for s, v in zip(t, rss) if s >= end - 60] or rss[-1:]
base = sum(second_minute) / len(second_minute) if second_minute else 0
growth = (max(last_minute) / base - 1) if base else 0

width, height, pad = 720, 320, 50
top = max(rss + heap + [1]) * 1.1
def x(s): return pad + (width - 2 * pad) * (s / max(end, 1))
def y(v): return height - pad - (height - 2 * pad) * (v / top)
def line(values, colour):
    points = " ".join(f"{x(s):.1f},{y(v):.1f}" for s, v in zip(t, values))
    return f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>'
ticks = "".join(f'<text x="{pad - 8}" y="{y(top * i / 4):.0f}" text-anchor="end" font-size="11">{top * i / 4:.0f}</text>' for i in range(5))
svg = f"""<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="{width / 2}" y="20" text-anchor="middle" font-size="14">Router memory over a {end} s soak at saturation ({load['requestsPerSecond']:.0f} req/s)</text>
<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="black"/>
<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="black"/>
{ticks}
<text x="{width / 2}" y="{height - 15}" text-anchor="middle" font-size="12">seconds</text>
<text x="12" y="{height / 2}" font-size="12" transform="rotate(-90 12 {height / 2})" text-anchor="middle">MB</text>
{line(rss, "#1f77b4")}{line(heap, "#ff7f0e")}
<text x="{width - pad}" y="{pad - 10}" text-anchor="end" font-size="12" fill="#1f77b4">RSS</text>
<text x="{width - pad - 40}" y="{pad - 10}" text-anchor="end" font-size="12" fill="#ff7f0e">managed heap</text>
</svg>"""
open(sys.argv[2], "w").write(svg)
print(json.dumps({"seconds": end, "requestsPerSecond": round(load["requestsPerSecond"], 1), "ok": load["ok"],
                  "requests": load["requests"], "rssMbSecondMinuteMean": round(base, 1),
                  "rssMbLastMinuteMax": max(last_minute) if last_minute else None, "rssMbMax": max(rss) if rss else None,
                  "rssMbMin": min(rss) if rss else None, "heapMbMax": max(heap) if heap else None,
                  "heapMbLastMinuteMin": min(v for s, v in zip(t, heap) if s >= end - 60) if heap else None,
                  "growthAfterFirstMinute": round(growth, 3), "peakOverSecondMinute": round(max(rss) / base - 1, 3) if base else None,
                  "noGrowthBeyond10Percent": growth <= 0.10}))
