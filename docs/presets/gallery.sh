#!/bin/sh
# Renders the README's gallery: one small still per preset, made by whalegen
# from the preset as shipped. A tree preset shows its last generation
# (hold = 1: one frame per generation), an animated scene a frame once it is
# under way.
# Usage, from the repository root: docs/presets/gallery.sh [path/to/whalegen]
set -eu
whalegen=${1:-target/release/whalegen}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# still NAME FRAMES [FLAGS...]: the last of FRAMES frames to docs/presets/NAME.png
still() {
    name=$1 frames=$2
    shift 2
    rm -rf "$tmp/f" && mkdir "$tmp/f"
    "$whalegen" render --preset "$name" --quiet --frames "$frames" "$@" -o "$tmp/f/"
    cp "$tmp/f/$(ls "$tmp/f" | tail -n 1)" "docs/presets/$name.png"
}
for name in whale whale-sketch whale-abyss; do
    still "$name" 100
done
for name in chain chain-rigid chain-swim chain-lissajous; do
    still "$name" 100
done
still tree 5 --set hold=1 --set length=55 --width 220 --height 220
# last NAME SIZE...: the last generation of an L-system preset
last() {
    name=$1
    shift
    generations=$("$whalegen" show "$name" | sed -n 's/^generations = //p')
    still "$name" $((generations + 1)) --set hold=1 "$@"
}
for name in plant-a plant-b plant-c plant-d plant-e plant-f; do
    last "$name" --width 192 --height 240
done
for name in koch-island koch-island-32 dragon sierpinski hilbert gosper; do
    last "$name" --width 200 --height 200
done
