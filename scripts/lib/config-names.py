#!/usr/bin/env python3
"""Prints the route and destination names of a router.json (comments and trailing commas allowed), one a line."""
import json
import re
import sys


def strip_comments(text):
    out, i, in_string = [], 0, False
    while i < len(text):
        c = text[i]
        if in_string:
            out.append(c)
            if c == '\\':
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif text.startswith('//', i):
            while i < len(text) and text[i] != '\n':
                i += 1
            continue
        elif text.startswith('/*', i):
            i = text.index('*/', i) + 2
            continue
        else:
            out.append(c)
        i += 1
    return re.sub(r',\s*([}\]])', r'\1', ''.join(out))


config = json.loads(strip_comments(open(sys.argv[1]).read()))
for route in config.get('routes', []):
    print(route['name'])
for cluster in config.get('clusters', {}).values():
    for destination in cluster.get('destinations', []) + cluster.get('backups', []):
        print(destination['name'])
