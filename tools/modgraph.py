#!/usr/bin/env python3
"""Prints whalegen's module graph (which top-level module uses which) and
every cycle in it. The binary's modules (src/main.rs, src/cli/) count as
one node, `cli`, which uses the library as `whalegen::`.

    python3 tools/modgraph.py          # edges, then cycles; exit 1 if any
"""
import pathlib
import re
import sys

SRC = pathlib.Path(__file__).resolve().parent.parent / "src"


def node(path):
    rel = path.relative_to(SRC)
    if rel.parts[0] in ("main.rs", "cli"):
        return "cli"
    return rel.parts[0].removesuffix(".rs")


def main():
    edges = {}
    for path in SRC.rglob("*.rs"):
        here = node(path)
        if here == "lib":
            continue
        text = path.read_text()
        # Outside tests: a unit test may reach anywhere.
        text = text.split("#[cfg(test)]")[0]
        used = set(re.findall(r"\bcrate::([a-z_][a-z0-9_]*)", text))
        if here == "cli":
            used |= {"api"} if "whalegen::" in text else set()
        edges.setdefault(here, set()).update(u for u in used if u != here)
    for a in sorted(edges):
        print(f"{a:>9} -> {', '.join(sorted(edges[a]))}")
    cycles = set()

    def walk(start, at, seen):
        for nxt in edges.get(at, ()):
            if nxt == start:
                cycles.add(tuple(sorted(seen)))
            elif nxt not in seen and nxt > start:
                walk(start, nxt, seen + [nxt])

    for start in edges:
        walk(start, start, [start])
    for cycle in sorted(cycles):
        print("cycle:", " -> ".join(cycle))
    sys.exit(1 if cycles else 0)


main()
