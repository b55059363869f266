#!/bin/sh
# Renders tests/reference/sketches/NAME/ for every sketch of tests/sketches
# (or only the NAMEs given) with p5.js 1.11.13: frames, the frames written,
# the seed. render-sketches2.sh does the same for p5.js 2.x.
#   sh render-sketches.sh [NAME ...]
set -e
cd "$(dirname "$0")"
SKETCHES=../../tests/sketches
REFERENCES=../../tests/reference/sketches
P5=1
BATTERY='
background-clear        7  0,2,4,6    7
color-forms             3  0,2        7
stroke-weight           4  0,3        7
colormode-hsb           3  0,2        7
colormode-hsl-rgb       3  0,2        7
lerpcolor-getters       4  0,3        7
primitives              5  0,4        7
rect-rounded            5  0,4        7
arcs                    5  0,4        7
shape-modes             3  0,2        7
shape-kinds-a           3  0,2        7
shape-kinds-b           3  0,2        7
curve-vertex            4  0,3        7
bezier-quadratic-vertex 4  0,3        7
contours                4  0,3        7
bezier-curve            4  0,3        7
caps-joins              4  0,3        7
transforms              6  0,3,5      7
shear-matrix            5  0,4        7
anglemode-degrees       6  0,5        7
frame-clock             6  0,5        7
animation               10 0,4,9      7
random-forms            4  0,1,3      7
random-unseeded         8  0,7        7
noise-field             4  0,3        7
vectors                 5  0,4        7
vectors-static          5  0,4        7
math-functions          10 0,5,9      7
conversions             5  0,4        7
dom-standins            3  0,2        7
noloop-setup            1  0          7
no-draw                 1  0          7
pixels                  3  0,2        7
filter-cpu              12 0,1,2,3,4,5,6,7,8,9,10,11 7
filter-cpu-alpha        12 0,1,2,3,4,5,6,7,8,9,10,11 7
filter-webgl            12 0,1,2,3,4,5,6,7,8,9,10,11 7
filter-webgl-alpha      12 0,1,2,3,4,5,6,7,8,9,10,11 7
blend-modes             15 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 7
blend-modes-alpha       15 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14 7
blend-background        16 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 7
erase                   2  0,1        7
context-shadow          2  0,1        7
context-dash            3  0,2        7
context-gradient        2  0,1        7
context-state           2  0,1        7
nosmooth                1  0          7
reaction-diffusion      30 0,29       7
image-forms             3  0,2        7
image-exact             3  0,2        7
window-size             1  0          7  400x300
image-tint              3  0,2        7
image-pixels            3  0,2        7
graphics-trails         30 0,15,29    7
graphics-density        4  0,3        7
clip                    3  0,1,2      7
clip-context            1  0          7
image-blend             3  0,1,2      7
curve-tightness-pop     1  0          7
instance-mode           8  0,7        7
particles               10 0,5,9      7
flow-field              30 0,15,29    7
recursive-tree          5  0,4        7
circles-fractional      3  0,2        7
hairline-closed         3  0,2        7
stroke-grid             3  0,2        7
circles-small-stroked   3  0,2        7
create-canvas-defaults  2  0,1        7
scene-whale             300 0,60,299  7
scene-chain             250 0,120,249 7
scene-tree              121 0,60,120  7
text-align              1  0          7
text-box                1  0          7
text-leading            1  0          7
text-metrics            1  0          7
text-sizes              1  0          7
text-stroke             3  0,1,2      7
text-transform          4  0,3        7
text-loadfont           1  0          7
text-labels             5  0,4        7
data-driven             4  0,3        7
text-points             1  0          7
text-graphics           1  0          7
'
. ./render-table.sh
