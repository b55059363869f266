#!/usr/bin/env bash
# whalegen's GIF writer against gifski and ffmpeg's two-pass palettegen /
# paletteuse, on the default whale (300 frames) and tree (150 frames).
# Run by hand, not in CI; needs root for apt-get the first time.
#
#   bench/gif.sh [WORK]        # WORK defaults to target/bench-gif; REPS=3
#
# Prints, per scene and encoder: median wall time and CPU time of REPS runs,
# median peak RSS, file size and mean PSNR of the decoded frames against the
# PNG frames (bench/psnr.py). whalegen's row renders and encodes; the peers
# only encode the PNG frames whalegen wrote. Then whalegen's peak RSS for a
# 300- and a 3,000-frame whale.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${1:-$ROOT/target/bench-gif}
REPS=${REPS:-3}
mkdir -p "$WORK"

if ! command -v ffmpeg >/dev/null || [ ! -x /usr/bin/time ]; then
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ffmpeg time
fi
GIFSKI=$WORK/gifski/bin/gifski
# gifski is AGPL: it is only ever run as a separate program, never linked.
[ -x "$GIFSKI" ] || cargo install gifski --locked --root "$WORK/gifski"
python3 -c 'import numpy, PIL' 2>/dev/null || pip install numpy pillow

source "$ROOT/bench/lib.sh"

# measure NAME OUT CMD...: runs CMD REPS times; prints one row.
measure() {
    local name=$1 out=$2
    shift 2
    local times=$WORK/times.txt
    BEFORE="rm -f '$out'" timed "$times" "$@"
    local wall cpu rss size quality
    wall=$(awk '{ print $1 }' "$times" | median)
    cpu=$(awk '{ print $2 + $3 }' "$times" | median)
    rss=$(awk '{ print $4 / 1024 }' "$times" | median)
    size=$(($(stat -c %s "$out") / 1024))
    quality=$(python3 "$ROOT/bench/psnr.py" "$FRAMES" "$out")
    printf '| %-5s | %-26s | %6.2f | %6.2f | %5.0f | %6d | %s |\n' \
        "$SCENE" "$name" "$wall" "$cpu" "$rss" "$size" "$quality"
}

echo "| scene | encoder | wall s | CPU s | RSS MB | KB | mean PSNR dB (exact frames) |"
echo "|---|---|---:|---:|---:|---:|---|"
for SCENE in whale tree; do
    FRAMES=$WORK/$SCENE/frames
    OUT=$WORK/$SCENE
    rm -rf "$FRAMES" && mkdir -p "$FRAMES"
    "$WG" render --scene "$SCENE" --quiet -o "$FRAMES/"
    measure "whalegen (render+encode)" "$OUT/whalegen.gif" \
        "$WG" render --scene "$SCENE" --quiet -o "$OUT/whalegen.gif"
    measure "gifski" "$OUT/gifski.gif" \
        "$GIFSKI" --quiet --fps 30 -o "$OUT/gifski.gif" "$FRAMES"/frame_*.png
    measure "ffmpeg two-pass" "$OUT/ffmpeg.gif" sh -c "
        ffmpeg -v error -y -framerate 30 -i '$FRAMES/frame_%04d.png' \
            -vf palettegen=stats_mode=full '$OUT/palette.png' &&
        ffmpeg -v error -y -framerate 30 -i '$FRAMES/frame_%04d.png' -i '$OUT/palette.png' \
            -lavfi paletteuse '$OUT/ffmpeg.gif'"
done

echo
echo "| whale frames | wall s | peak RSS MB |"
echo "|---:|---:|---:|"
for n in 300 3000; do
    /usr/bin/time -f "| $n | %e | %M |" -o "$WORK/rss.txt" \
        "$WG" render --scene whale --frames "$n" --quiet -o "$WORK/whale-$n.gif"
    awk '{ $6 = sprintf("%.0f", $6 / 1024); print }' "$WORK/rss.txt"
done
