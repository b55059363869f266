#!/usr/bin/env bash
# Every shipped preset's default GIF and its last frame as a PNG, rendered
# by BIN into DIR with one batch, then the SHA-256 of each file: run it with
# the binaries before and after a change and diff the lists.
#
#   bench/identity.sh BIN DIR > hashes.txt
set -euo pipefail
BIN=$1
OUT=$2
rm -rf "$OUT"
mkdir -p "$OUT"
for p in whale whale-sketch whale-abyss whale-shark chain chain-rigid chain-swim \
    chain-lissajous tree plant-a plant-b plant-c plant-d plant-e plant-f koch-island \
    koch-island-32 dragon sierpinski hilbert gosper; do
    printf '[[job]]\npreset = "%s"\noutputs = ["gif", "png"]\n\n' "$p"
done >"$OUT.batch.toml"
"$BIN" batch -q "$OUT.batch.toml" -o "$OUT" >/dev/null
(cd "$OUT" && find . -type f ! -name manifest.json | sort | xargs sha256sum)
