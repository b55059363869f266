#!/usr/bin/env python3
"""The GIF writer's three speed marks (issue 29), measured in one run, the
commands interleaved round by round so that a neighbour's load falls on all
of them alike; prints the medians and the ratios. Run by hand, not in CI.

    bench/speed.py RUNS BIN[,BIN...]          # e.g. 7 /tmp/main-whalegen,target/release/whalegen
    NO_P5=1 bench/speed.py RUNS BIN[,BIN...]  # without saveGif (10 s a run)

1. Two cores against one: SCENES.md's whale (`--scene whale --set
   style=sketch --set seamless=false`, 300 frames) with `taskset -c 0
   --threads 1` and `taskset -c 0,1 --threads 2`.
2. The whale shark's 300-frame GIF (`--preset whale-shark`) against
   ffmpeg's two-pass palettegen / paletteuse encoding of the same PNG frames
   (written once, by the first binary, before the rounds): ffmpeg encodes
   only, whalegen draws and encodes.
3. The plain whale as p5.js draws it (tests/sketches/scene-whale.js, 300
   frames at 30 fps) against p5.js 1.11.13's saveGif in headless Chromium
   (tools/p5ref/savegif.js, one repetition a round; `npm ci` in tools/p5ref
   first).

Work files go to target/bench-speed. The first round is a warm-up and not
counted.
"""

import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "target" / "bench-speed"
WHALE = ["--scene", "whale", "--set", "style=sketch", "--set", "seamless=false", "--frames", "300"]
SHARK = ["--preset", "whale-shark", "--frames", "300"]
SKETCH = ROOT / "tests" / "sketches" / "scene-whale.js"
PLAIN = [str(SKETCH), "--frames", "300", "--fps", "30"]


CPU: dict[str, list[float]] = {}


def timed(command: list[str], key: str = "") -> float:
    """Wall seconds of `command`; its CPU seconds (user + system) noted
    under `key`: on a loaded box they show the work when wall times can't."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if key:
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        CPU.setdefault(key, []).append(cpu)
    return wall


def ffmpeg(frames: Path, out: Path) -> list[str]:
    pattern, palette = str(frames / "frame_%04d.png"), str(out / "palette.png")
    return ["sh", "-c",
            f"ffmpeg -v error -y -framerate 30 -i '{pattern}' -vf palettegen=stats_mode=full "
            f"'{palette}' && ffmpeg -v error -y -framerate 30 -i '{pattern}' -i '{palette}' "
            f"-lavfi paletteuse '{out / 'ffmpeg.gif'}'"]


def savegif(out: Path) -> float:
    """saveGif's time from the call to the download, as savegif.js reports it."""
    run = subprocess.run(
        ["node", str(ROOT / "tools" / "p5ref" / "savegif.js"), "--sketch", str(SKETCH),
         "--frames", "300", "--fps", "30", "--reps", "1", "--out", str(out)],
        check=True, capture_output=True, text=True)
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    return float(lines[-1]["total"])


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    runs, binaries = int(sys.argv[1]), sys.argv[2].split(",")
    p5 = not os.environ.get("NO_P5")
    WORK.mkdir(parents=True, exist_ok=True)
    frames = WORK / "shark-frames"
    subprocess.run(["rm", "-rf", str(frames)], check=True)
    frames.mkdir()
    subprocess.run([binaries[0], "render", *SHARK, "-q", "-o", f"{frames}/"], check=True)
    out = str(WORK / "out.gif")
    times: dict[str, list[float]] = {}

    def note(key: str, seconds: float, round_: int) -> None:
        if round_ > 0:
            times.setdefault(key, []).append(seconds)

    for round_ in range(runs + 1):
        for b in binaries:
            note(f"{b} whale 1", timed(["taskset", "-c", "0", b, "render", *WHALE, "--threads", "1",
                                        "-q", "-o", out], f"{b} whale 1"), round_)
            note(f"{b} whale 2", timed(["taskset", "-c", "0,1", b, "render", *WHALE, "--threads",
                                        "2", "-q", "-o", out], f"{b} whale 2"), round_)
            note(f"{b} shark", timed([b, "render", *SHARK, "-q", "-o", out], f"{b} shark"), round_)
            note(f"{b} plain", timed([b, "render", *PLAIN, "-q", "-o", out], f"{b} plain"), round_)
        note("ffmpeg", timed(ffmpeg(frames, WORK)), round_)
        if p5:
            note("saveGif", savegif(WORK / "savegif"), round_)
        print(f"round {round_ + 1} of {runs + 1} done", file=sys.stderr)

    med = {key: statistics.median(values) for key, values in times.items()}
    print(f"medians of {runs} rounds; {os.cpu_count()} cores; load "
          f"{' '.join(open('/proc/loadavg').read().split()[:3])}")
    print(f"ffmpeg two-pass, shark frames: {med['ffmpeg']:.3f} s"
          + (f"; saveGif, plain whale: {med['saveGif']:.3f} s" if p5 else ""))
    print()
    print("| binary | whale 1 core s | 2 cores s | 2 / 1 | shark s | ffmpeg / shark "
          "| plain whale s | saveGif / plain |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for b in binaries:
        one, two = med[f"{b} whale 1"], med[f"{b} whale 2"]
        shark, plain = med[f"{b} shark"], med[f"{b} plain"]
        vs_p5 = f"{med['saveGif'] / plain:.1f}x" if p5 else "-"
        print(f"| {b} | {one:.3f} | {two:.3f} | {one / two:.2f}x | {shark:.3f} | "
              f"{med['ffmpeg'] / shark:.1f}x | {plain:.3f} | {vs_p5} |")
    print()
    print("CPU seconds (user + system, medians of every round, warm-up too):")
    for key, values in CPU.items():
        print(f"  {key}: {statistics.median(values):.3f}")


if __name__ == "__main__":
    main()
