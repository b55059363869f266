#!/usr/bin/env bash
# GIF quality against size: whalegen --quality, gifsicle -O3 --lossy of
# whalegen's lossless GIF, and gifski on the PNG frames, all on SCENES.md's
# whale (style=sketch, not seamless, 300 frames). Run by hand, not in CI.
#
#   bench/quality.sh [WORK]     # WORK defaults to target/bench-quality
#
# Prints one Markdown row per encoder and setting: file size in bytes, mean
# PSNR of the decoded frames against the PNG frames (bench/psnr.py) and the
# CPU time (user + system) of one run. whalegen's time includes rendering;
# gifsicle's and gifski's only encode (the lossless GIF, the PNG frames).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${1:-$ROOT/target/bench-quality}
REPS=1
mkdir -p "$WORK"
source "$ROOT/bench/lib.sh"

command -v gifsicle >/dev/null ||
    (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y gifsicle)
GIFSKI=$WORK/gifski/bin/gifski
# gifski is AGPL: it is only ever run as a separate program, never linked.
[ -x "$GIFSKI" ] || cargo install gifski --locked --root "$WORK/gifski"
python3 -c 'import numpy, PIL' 2>/dev/null || pip install numpy pillow

WHALE=(--scene whale --set style=sketch --set seamless=false --frames 300 --quiet)
FRAMES=$WORK/frames
rm -rf "$FRAMES" && mkdir -p "$FRAMES"
"$WG" render "${WHALE[@]}" -o "$FRAMES/"
"$WG" render "${WHALE[@]}" -o "$WORK/lossless.gif"

# row NAME OUT CMD...: runs CMD once, prints its row.
row() {
    local name=$1 out=$2
    shift 2
    timed "$WORK/times.txt" "$@"
    local cpu
    cpu=$(awk '{ printf "%.2f", $2 + $3 }' "$WORK/times.txt")
    printf '| %-28s | %9s | %s | %s |\n' "$name" "$(stat -c %s "$out")" \
        "$(python3 "$ROOT/bench/psnr.py" "$FRAMES" "$out")" "$cpu"
}

echo "| encoder, setting | bytes | mean PSNR dB (exact frames) | CPU s |"
echo "|---|---:|---|---:|"
for q in 100 95 90 85 80 70 50 30; do
    row "whalegen --quality $q" "$WORK/wg-$q.gif" \
        "$WG" render "${WHALE[@]}" --quality "$q" -o "$WORK/wg-$q.gif"
done
for l in 20 30 40 60 80 100 150 200; do
    row "gifsicle -O3 --lossy=$l" "$WORK/gs-$l.gif" \
        gifsicle -O3 --lossy="$l" "$WORK/lossless.gif" -o "$WORK/gs-$l.gif"
done
for q in 100 90 70 50; do
    row "gifski --quality $q" "$WORK/gifski-$q.gif" \
        "$GIFSKI" --quiet --fps 30 --quality "$q" -o "$WORK/gifski-$q.gif" "$FRAMES"/frame_*.png
done
