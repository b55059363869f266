#!/bin/sh
# Writes tests/printed/NAME/p5.txt: what p5.js 1.11.13 prints (print(),
# console.log) running tests/printed/NAME/sketch.js for 6 frames, seed 7,
# under harness.js. tests/sketch_runner.rs runs whalegen on the same and
# compares. For every NAME, or those given:
#   sh render-printed.sh [NAME ...]
set -e
cd "$(dirname "$0")"
ROOT=../..
for dir in "$ROOT"/tests/printed/*/; do
  name=$(basename "$dir")
  if [ $# -gt 0 ] && ! echo " $* " | grep -q " $name "; then continue; fi
  out=$(mktemp -d)
  node render.js --sketch "$dir/sketch.js" --frames 6 --only 0 --seed 7 --out "$out" --console "$dir/p5.txt"
  rm -rf "$out"
  echo "$name: $(wc -l < "$dir/p5.txt") lines"
done
