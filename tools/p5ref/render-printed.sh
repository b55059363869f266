#!/bin/sh
# Writes tests/printed/NAME/p5.txt: what p5.js prints (print(), console.log)
# running tests/printed/NAME/sketch.js for 6 frames, seed 7, under
# harness.js: p5.js 2.3.4 for a NAME ending in -2x (render.js --p5 2),
# 1.11.13 for the others. tests/sketch_runner.rs runs whalegen on the same
# and compares. For every NAME, or those given:
#   sh render-printed.sh [NAME ...]
set -e
cd "$(dirname "$0")"
ROOT=../..
for dir in "$ROOT"/tests/printed/*/; do
  name=$(basename "$dir")
  if [ $# -gt 0 ] && ! echo " $* " | grep -q " $name "; then continue; fi
  case $name in *-2x) p5=2 ;; *) p5=1 ;; esac
  out=$(mktemp -d)
  node render.js --p5 "$p5" --sketch "$dir/sketch.js" --frames 6 --only 0 --seed 7 --out "$out" --console "$dir/p5.txt"
  rm -rf "$out"
  echo "$name: p5.js $p5, $(wc -l < "$dir/p5.txt") lines"
done
