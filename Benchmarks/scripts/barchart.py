#!/usr/bin/env python3
"""barchart.py SPEC.json OUT.svg: a grouped bar chart as a self-contained SVG (no plotting package needed).

SPEC: {"title": str, "unit": str, "series": [names...], "groups": [{"name": str, "values": {series: number}}],
       "decimals": int (optional, 0), "reference": number (optional: a dashed line, e.g. 1 for a ratio)}
Each group is a cluster of bars, one per series present in it; values are printed above the bars.
"""
import json
import sys

PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2"]


def render(spec):
    series, groups = spec["series"], spec["groups"]
    bar, gap, pad_left, pad_top, plot_h = 22, 26, 70, 60, 260
    group_w = bar * len(series) + gap
    width = pad_left + group_w * len(groups) + 40
    height = pad_top + plot_h + 90
    top = max([v for g in groups for v in g["values"].values()] + [1, spec.get("reference") or 0]) * 1.15
    decimals = spec.get("decimals", 0)

    def y(v):
        return pad_top + plot_h - plot_h * v / top

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">',
           '<rect width="100%" height="100%" fill="white"/>',
           f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="14">{spec["title"]}</text>',
           f'<line x1="{pad_left}" y1="{pad_top + plot_h}" x2="{width - 20}" y2="{pad_top + plot_h}" stroke="black"/>',
           f'<text x="14" y="{pad_top + plot_h / 2}" font-size="12" text-anchor="middle" '
           f'transform="rotate(-90 14 {pad_top + plot_h / 2})">{spec["unit"]}</text>']
    for i in range(5):
        v = top * i / 4
        out.append(f'<text x="{pad_left - 6}" y="{y(v) + 4:.0f}" text-anchor="end" font-size="10">{v:.{decimals}f}</text>')
        out.append(f'<line x1="{pad_left}" y1="{y(v):.0f}" x2="{width - 20}" y2="{y(v):.0f}" stroke="#eee"/>')
    for gi, group in enumerate(groups):
        x0 = pad_left + gi * group_w + gap / 2
        for si, name in enumerate(series):
            if name not in group["values"]:
                continue
            v = group["values"][name]
            x = x0 + si * bar
            out.append(f'<rect x="{x:.0f}" y="{y(v):.0f}" width="{bar - 2}" height="{pad_top + plot_h - y(v):.0f}" '
                       f'fill="{PALETTE[si % len(PALETTE)]}"/>')
            out.append(f'<text x="{x + bar / 2 - 1:.0f}" y="{y(v) - 3:.0f}" text-anchor="middle" font-size="8">{v:.{decimals}f}</text>')
        out.append(f'<text x="{x0 + bar * len(series) / 2:.0f}" y="{pad_top + plot_h + 16}" text-anchor="middle" '
                   f'font-size="10">{group["name"]}</text>')
    if spec.get("reference") is not None:
        ry = y(spec["reference"])
        out.append(f'<line x1="{pad_left}" y1="{ry:.0f}" x2="{width - 20}" y2="{ry:.0f}" stroke="black" stroke-dasharray="4 3"/>')
    for si, name in enumerate(series):
        x = pad_left + si * 130
        out.append(f'<rect x="{x}" y="{height - 30}" width="12" height="12" fill="{PALETTE[si % len(PALETTE)]}"/>')
        out.append(f'<text x="{x + 16}" y="{height - 20}" font-size="11">{name}</text>')
    out.append('</svg>')
    return "\n".join(out)


if __name__ == "__main__":
    spec = json.load(open(sys.argv[1]))
    open(sys.argv[2], "w").write(render(spec))
