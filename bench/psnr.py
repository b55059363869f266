"""Mean PSNR of a GIF's frames against the PNG frames it was made from.

    python3 bench/psnr.py FRAMES_DIR OUT.gif

Each source frame is compared with the GIF frame on screen when it starts
(GIF frames may last several source frames when identical ones were
merged). A bit-exact frame counts as 100 dB; the count of exact frames is
printed beside the mean.
"""

import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageSequence

FPS = 30


def source_delays(n):
    """Centiseconds per frame from the accumulated time, as whalegen."""
    at = [int(i * 100 / FPS + 1e-9) for i in range(n + 1)]
    return [at[i + 1] - at[i] for i in range(n)]


def main(frames_dir, gif_path):
    sources = sorted(Path(frames_dir).glob("frame_*.png"))
    gif = Image.open(gif_path)
    shown = []  # (start in ms, RGB array)
    t = 0
    for frame in ImageSequence.Iterator(gif):
        shown.append((t, np.asarray(frame.convert("RGB"), dtype=np.float64)))
        t += frame.info.get("duration", 0)
    starts = np.cumsum([0] + source_delays(len(sources)))[:-1] * 10
    psnrs = []
    k = 0
    for start, path in zip(starts, sources):
        while k + 1 < len(shown) and shown[k + 1][0] <= start:
            k += 1
        want = np.asarray(Image.open(path).convert("RGB"), dtype=np.float64)
        mse = np.mean((want - shown[k][1]) ** 2)
        psnrs.append(100.0 if mse == 0 else min(100.0, 10 * np.log10(255**2 / mse)))
    exact = sum(p == 100.0 for p in psnrs)
    print(f"{np.mean(psnrs):.1f} ({exact}/{len(psnrs)})")


if __name__ == "__main__":
    main(*sys.argv[1:])
