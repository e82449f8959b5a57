#!/usr/bin/env python3
"""linechart.py DATA.csv X_COLUMN Y_COLUMN DIVISOR TITLE OUT.svg [MARKS.csv]: one line as a self-contained SVG.

Y values are divided by DIVISOR (1024 turns KiB into MiB). Rows with an empty Y are skipped. MARKS.csv (optional,
columns x,label) draws a dashed vertical line per row, labelled (e.g. the faults of a chaos run).
"""
import csv
import sys


def main():
    data, xcol, ycol, divisor, title, out = sys.argv[1:7]
    marks = []
    if len(sys.argv) > 7:
        marks = [(float(r["x"]), r["label"]) for r in csv.DictReader(open(sys.argv[7]))]
    points = [(float(r[xcol]), float(r[ycol]) / float(divisor)) for r in csv.DictReader(open(data)) if r.get(ycol)]
    if not points:
        sys.exit(f"{data}: no {ycol} values")
    width, height, left, top, plot_w, plot_h = 760, 360, 70, 40, 660, 260
    xmax = max(p[0] for p in points) or 1
    ymax = max(p[1] for p in points) * 1.15 or 1

    def sx(x):
        return left + plot_w * x / xmax

    def sy(y):
        return top + plot_h - plot_h * y / ymax

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">',
           '<rect width="100%" height="100%" fill="white"/>',
           f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="14">{title}</text>',
           f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="black"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="black"/>',
           f'<text x="{left + plot_w / 2}" y="{height - 12}" text-anchor="middle" font-size="12">{xcol}</text>']
    for i in range(6):
        y = ymax * i / 5
        svg.append(f'<text x="{left - 6}" y="{sy(y) + 4}" text-anchor="end" font-size="11">{y:.0f}</text>')
        svg.append(f'<line x1="{left}" y1="{sy(y)}" x2="{left + plot_w}" y2="{sy(y)}" stroke="#ddd"/>')
        x = xmax * i / 5
        svg.append(f'<text x="{sx(x)}" y="{top + plot_h + 16}" text-anchor="middle" font-size="11">{x:.0f}</text>')
    for x, label in marks:
        svg.append(f'<line x1="{sx(x)}" y1="{top}" x2="{sx(x)}" y2="{top + plot_h}" stroke="#d62728" stroke-dasharray="4,3"/>')
        svg.append(f'<text x="{sx(x) + 3}" y="{top + 10}" font-size="10" fill="#d62728">{label}</text>')
    path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in points)
    svg.append(f'<polyline fill="none" stroke="#1f77b4" stroke-width="1.5" points="{path}"/>')
    svg.append("</svg>")
    open(out, "w").write("\n".join(svg))


if __name__ == "__main__":
    main()
