#!/usr/bin/env python3
"""Render a battery of parameter variants with p5.js (render.js) and with
whalegen, compare the chosen frames (compare.py's measures) and print a table.

  python3 battery.py [--only NAME,NAME] [--jobs 4] [--work /tmp/p5battery]
                     [--whalegen ../../target/release/whalegen]

Exit 1 when any variant is over its limits.
"""
import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# (mae, diff8 %) as in tests/fidelity.rs
LIMITS = {"whale": (0.15, 0.5), "chain": (0.10, 0.3), "tree": (1.0, 2.5), "tree5": (1.8, 5.0)}

W = [0, 30, 60, 150, 299]
KF = [[10, 100, 50], [40, 500, 200], [40, 300, 100], [80, 300, 100], [80, 600, 40], [95, 600, 40]]
PLANT = {"X": "F+[[X]-X]-F[-FX]+X", "F": "FF"}

# name, scene, frames, written frames, overrides (JSON values)
VARIANTS = [
    ("whale-seed2", "whale", 300, W, {"seed": 2}),
    ("whale-seed7", "whale", 300, W, {"seed": 7}),
    ("whale-seed12345", "whale", 300, W, {"seed": 12345}),
    ("whale-640x360", "whale", 300, W, {"width": 640, "height": 360}),
    ("whale-300x500", "whale", 300, W, {"width": 300, "height": 500}),
    ("whale-bounce-fast", "whale", 300, W, {"turn": "bounce", "speed_x": 4.5, "speed_y": -3, "boundary": 50}),
    ("whale-bounce-small", "whale", 300, W, {"turn": "bounce", "speed_x": 1.5, "speed_y": 2.5, "boundary": 120,
                                            "width": 640, "height": 360}),
    ("whale-steer-tight", "whale", 300, W, {"speed_x": -3, "speed_y": 0.5, "boundary": 60, "max_force": 0.2}),
    ("whale-seg5", "whale", 300, W, {"segments": 5, "profile": [30, 44, 40, 26, 12]}),
    ("whale-ct0", "whale", 300, W, {"curve_tightness": 0}),
    ("whale-ct-0.5", "whale", 300, W, {"curve_tightness": -0.5}),
    ("whale-colours", "whale", 300, W, {"body_color": [255, 120, 60, 90], "star_color": [200, 220, 255, 120],
                                       "background": [10, 10, 10]}),
    ("whale-grey-alpha", "whale", 300, W, {"body_color": [230, 128], "star_color": [180], "background": 20}),
    ("whale-stars-shield", "whale", 300, W, {"stars": 600, "shield_radius": 140, "push": 3.5, "ease": 0.2,
                                            "seed": 99}),
    ("whale-body-shape", "whale", 300, W, {"spacing": 20, "tail_spacing": 12, "length": 24, "margin": 6,
                                          "tail_length": 30, "tail_fin": 70}),
    ("chain-stiff1", "chain", 250, [0, 20, 45, 60, 120, 249], {"stiffness": 1}),
    ("chain-wiggle", "chain", 250, [0, 20, 45, 60, 120, 249], {"wiggle": 0.5}),
    ("chain-lissajous", "chain", 250, [0, 20, 45, 60, 120, 249], {"path": "lissajous"}),
    ("chain-liss-640x360", "chain", 250, [0, 37, 99, 180, 249],
     {"path": "lissajous", "width": 640, "height": 360, "ax": 250, "ay": 150, "px": 90, "py": 77,
      "wiggle": 0.3, "wiggle_speed": 0.25, "wiggle_phase": 1.1, "stiffness": 0.6}),
    ("chain-keyframes", "chain", 250, [0, 9, 10, 25, 40, 41, 60, 85, 99, 100, 150, 249],
     {"keyframes": KF, "period": 100}),
    ("chain-period100", "chain", 250, [0, 50, 99, 100, 150, 249], {"period": 100}),
    ("chain-seg20-taper1", "chain", 250, [0, 20, 45, 60, 120, 249], {"segments": 20, "taper": 1}),
    ("chain-taper-neg", "chain", 250, [0, 20, 60, 249], {"segments": 20, "taper": 2, "spacing": 10,
                                                         "head_ease": 0.3, "background": [40, 60, 90]}),
    ("chain-300x500", "chain", 250, [0, 20, 60, 249], {"width": 300, "height": 500, "path": "lissajous",
                                                       "ax": 120, "ay": 200}),
    ("tree-plant", "tree", 60, [0, 10, 20, 30, 40, 50, 59],
     {"axiom": "X", "rules": PLANT, "angle": 22.5, "generations": 5, "hold": 10}),
    ("tree-angle22.5", "tree", 150, [0, 30, 60, 90, 120, 149], {"angle": 22.5}),
    ("tree-ls0.45", "tree", 150, [30, 60, 90, 120], {"length_scale": 0.45}),
    ("tree-sw2", "tree", 150, [30, 60, 90, 120], {"stroke_weight": 2}),
    ("tree-colours", "tree", 150, [30, 60, 90, 120], {"stroke": [120, 255, 160, 40], "background": [20, 30, 20]}),
    ("tree-gen6", "tree", 70, [40, 50, 60, 69], {"generations": 6, "hold": 10}),
    ("tree-300x500", "tree", 150, [0, 60, 120], {"width": 300, "height": 500, "length": 160}),
    ("tree-axiom", "tree", 60, [0, 10, 20, 30, 40, 59],
     {"axiom": "-F", "rules": {"F": "F[+F]F[-F]F"}, "angle": 25.7, "length": 120, "length_scale": 0.33,
      "generations": 5, "hold": 10, "stroke": [255, 230, 200, 160], "stroke_weight": 1.5}),
    # edge cases
    ("whale-seg1", "whale", 120, [0, 60, 119], {"segments": 1, "profile": [20]}),
    ("whale-seg2", "whale", 120, [0, 60, 119], {"segments": 2, "profile": [30, 20]}),
    ("whale-bg-alpha", "whale", 60, [0, 1, 30, 59], {"background": [8, 18, 38, 60]}),
    ("chain-bg-alpha", "chain", 120, [0, 1, 30, 119], {"background": [255, 40]}),
    ("tree-bg-alpha", "tree", 60, [0, 30, 59], {"background": [52, 30]}),
    ("tree-sw0", "tree", 90, [30, 60, 89], {"stroke_weight": 0}),
    ("tree-sw0.5", "tree", 90, [30, 60, 89], {"stroke_weight": 0.5}),
    ("chain-fraction-alpha", "chain", 60, [0, 59], {"background": [250.5, 245.5, 240]}),
    ("tree-alpha-frac", "tree", 90, [60, 89], {"stroke": [255, 255, 255, 100.5]}),
]


def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ",".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join("%s=%s" % (k, toml_value(x)) for k, x in v.items()) + "}"
    raise TypeError(v)


def load_rgb(path):
    rgba = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64)
    return rgba[..., :3] * (rgba[..., 3:4] / 255.0)


def compare(a, b):
    a, b = load_rgb(a), load_rgb(b)
    if a.shape != b.shape:
        return float("inf"), float("inf")
    d = np.abs(a - b)
    return float(d.mean()), float((d.max(axis=2) > 8).mean() * 100.0)


def limit_for(scene, frame, ov):
    if scene != "tree":
        return LIMITS[scene]
    g = min(frame // ov.get("hold", 30), ov.get("generations", 4))
    return LIMITS["tree5"] if g >= 5 else LIMITS["tree"]


def run_variant(v, work, whalegen, reuse):
    name, scene, frames, only, ov = v
    pdir, wdir = os.path.join(work, name, "p5"), os.path.join(work, name, "whalegen")
    if not (reuse and os.path.exists(os.path.join(pdir, "render.json"))):
        cmd = ["node", os.path.join(HERE, "render.js"), "--scene", scene, "--frames", str(frames),
               "--only", ",".join(map(str, only)), "--out", pdir, "--state", "state.json"]
        for k, x in ov.items():
            cmd += ["--set", "%s=%s" % (k, json.dumps(x))]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            return name, scene, only, None, "p5 failed: " + r.stderr.strip()[-300:]
    cmd = [whalegen, "render", "--quiet", "--scene", scene, "--frames", str(frames), "-o", wdir + "/"]
    for k, x in ov.items():
        cmd += ["--set", "%s=%s" % (k, toml_value(x))]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        return name, scene, only, None, "whalegen failed: " + r.stderr.strip()[-300:]
    rows = []
    for f in only:
        fn = "frame_%04d.png" % f
        mae, d8 = compare(os.path.join(pdir, fn), os.path.join(wdir, fn))
        lm = limit_for(scene, f, ov)
        rows.append((f, mae, d8, lm, mae <= lm[0] and d8 <= lm[1]))
    return name, scene, only, rows, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--work", default="/tmp/p5battery")
    ap.add_argument("--whalegen", default=os.path.join(ROOT, "target", "release", "whalegen"))
    ap.add_argument("--reuse-p5", action="store_true", help="keep p5 frames already rendered in --work")
    ap.add_argument("--frames", action="store_true", help="print one line per frame")
    a = ap.parse_args()
    chosen = [v for v in VARIANTS if not a.only or v[0] in a.only.split(",")]
    with ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(lambda v: run_variant(v, a.work, a.whalegen, a.reuse_p5), chosen))
    print("| variant | frames | worst mae | worst diff8 % | limits | result |")
    print("|---|---|---|---|---|---|")
    bad = 0
    for name, scene, only, rows, err in results:
        if err:
            bad += 1
            print("| %s | %s | - | - | - | ERROR %s |" % (name, ",".join(map(str, only)), err.replace("\n", " ")))
            continue
        ok = all(r[4] for r in rows)
        bad += not ok
        lims = sorted(set(r[3] for r in rows))
        failing = [str(r[0]) for r in rows if not r[4]]
        print("| %s | %s | %.4f | %.4f | %s | %s |" % (
            name, ",".join(map(str, only)), max(r[1] for r in rows), max(r[2] for r in rows),
            " / ".join("%g & %g" % l for l in lims),
            "pass" if ok else "FAIL (frames %s)" % ",".join(failing)))
        if a.frames:
            for f, mae, d8, lm, okf in rows:
                print("|   frame %d | | %.4f | %.4f | | %s |" % (f, mae, d8, "ok" if okf else "over"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
