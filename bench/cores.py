#!/usr/bin/env python3
"""Two cores against one: each binary renders the same thing on
`taskset -c 0` and on `taskset -c 0,1`, the runs interleaved (binary by
binary, one core then two) so that a neighbour's load falls on all of them
alike; prints the medians and their ratio. Run by hand, not in CI.

    bench/cores.py RUNS BIN[,BIN...] RENDER-ARGS...
    bench/cores.py 25 target/release/whalegen render --scene whale --frames 300 -q

The output goes to a temporary GIF (`-o` is added); the first two rounds
are warm-up and not counted.
"""

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WARMUP = 2


def main() -> None:
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    runs, binaries, args = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3:]
    times: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as work:
        out = str(Path(work) / "out.gif")
        for round_ in range(runs + WARMUP):
            for binary in binaries:
                for cpus in ("0", "0,1"):
                    start = time.perf_counter()
                    subprocess.run(["taskset", "-c", cpus, binary, *args, "-o", out], check=True)
                    if round_ >= WARMUP:
                        times.setdefault((binary, cpus), []).append(time.perf_counter() - start)
    for binary in binaries:
        one = statistics.median(times[(binary, "0")])
        two = statistics.median(times[(binary, "0,1")])
        print(f"{binary}: 1 core {one * 1e3:.1f} ms, 2 cores {two * 1e3:.1f} ms, "
              f"{one / two:.2f}x (medians of {runs})")


if __name__ == "__main__":
    main()
