"""A GIF's frames against p5.js's own frames, frame by frame by index.

    python3 bench/gifvsframes.py FRAMES_DIR A.gif [B.gif ...]

FRAMES_DIR holds frame_NNNN.png (p5.js's canvas, as written by
`tools/p5ref/savegif.js --mode ffmpeg`). For each GIF: its frame count and
delays, the mean and lowest PSNR (RGB, a bit-exact frame counts as 100 dB)
and the mean absolute error of its composited frames against the PNGs of the
same index.
"""

import sys
from collections import Counter
from pathlib import Path

import numpy as np
from PIL import Image, ImageSequence


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return 100.0 if mse == 0 else 10 * np.log10(255.0**2 / mse)


def main(frames_dir, gifs):
    sources = sorted(Path(frames_dir).glob("frame_*.png"))
    refs = [np.asarray(Image.open(p).convert("RGB")) for p in sources]
    print(f"{frames_dir}: {len(refs)} frames")
    for g in gifs:
        im = Image.open(g)
        frames, delays = [], Counter()
        for fr in ImageSequence.Iterator(im):
            delays[fr.info.get("duration")] += 1
            frames.append(np.asarray(fr.convert("RGB")))
        n = min(len(frames), len(refs))
        ps = [psnr(frames[i], refs[i]) for i in range(n)]
        mae = np.mean([np.mean(np.abs(frames[i].astype(int) - refs[i].astype(int))) for i in range(n)])
        print(f"{g}: {Path(g).stat().st_size} bytes, {len(frames)} frames, delays ms {dict(delays)}, "
              f"PSNR mean {np.mean(ps):.1f} dB, min {min(ps):.1f} dB, mae {mae:.2f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
