#!/usr/bin/env python3
"""Measures the seam of presets' default GIFs, from the decoded frames.

usage: gif_seams.py PRESET...      (WHALEGEN=path/to/whalegen, default
                                    target/release/whalegen)

For each preset it renders the default GIF, and the same one frame further
on (--start 1), decodes both, and prints the share of pixels whose RGB
differs by more than 8 between the first frame of the loop and the last of
the shifted render (the frame that follows the loop's last), beside the
median of the loop's frame-to-frame changes. A loop has no visible seam when
the first is at most half the second. tests/seams.rs measures the same on
the rendered frames of every shipped preset.
"""
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageSequence

WHALEGEN = os.environ.get("WHALEGEN", "target/release/whalegen")


def frames(path):
    with Image.open(path) as gif:
        return [frame.convert("RGB").tobytes() for frame in ImageSequence.Iterator(gif)]


def diff8(a, b):
    """% of pixels whose largest channel differs by more than 8."""
    pixels = len(a) // 3
    over = sum(
        1
        for i in range(0, len(a), 3)
        if max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2])) > 8
    )
    return 100.0 * over / pixels


def seam(preset, folder):
    loop, shifted = os.path.join(folder, "loop.gif"), os.path.join(folder, "shifted.gif")
    for extra, out in (([], loop), (["--start", "1"], shifted)):
        cmd = [WHALEGEN, "render", "--quiet", "--preset", preset, *extra, "-o", out]
        subprocess.run(cmd, check=True)
    a, b = frames(loop), frames(shifted)
    # Identical frames are merged in a GIF: the steps are between shown frames.
    steps = sorted(diff8(a[i], a[i + 1]) for i in range(len(a) - 1))
    median = steps[len(steps) // 2] if steps else 0.0
    return diff8(a[0], b[-1]), median


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as folder:
        for preset in sys.argv[1:]:
            s, m = seam(preset, folder)
            print(f"{preset:<16} seam {s:6.3f} %  median step {m:6.3f} %")


if __name__ == "__main__":
    main()
