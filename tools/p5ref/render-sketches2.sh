#!/bin/sh
# Renders tests/reference/sketches2/NAME/ for every sketch of tests/sketches2
# (or only the NAMEs given) with p5.js 2.3.4 (render.js --p5 2): frames, the
# frames written, the seed.
#   sh render-sketches2.sh [NAME ...]
set -e
cd "$(dirname "$0")"
SKETCHES=../../tests/sketches2
REFERENCES=../../tests/reference/sketches2
P5=2
BATTERY='
shapes-style            3  0,2        7
text-default            1  0          7
random-noise            4  0,3        7
async-image             3  0,2        7
colour-modes            1  0          7
spline-shapes           3  0,2        7
bezier-order            3  0,2        7
spline-contours         3  0,2        7
shape-kinds             3  0,2        7
type                    1  0          7
window-size             1  0          7  400x300
text-direction          1  0          7
'
. ./render-table.sh
