#!/bin/sh
# Rebuilds the fonts of this folder from Debian's fonts-dejavu-core 2.37
# (apt-get install fonts-dejavu-core; python3 -m pip install fonttools):
# Latin-1, Latin Extended-A, Greek, general punctuation and a few symbols,
# every OpenType feature kept (kerning, ligatures), hinting left out.
set -e
cd "$(dirname "$0")"
SRC=/usr/share/fonts/truetype/dejavu
U='U+0020-007E,U+00A0-017F,U+0370-03FF,U+2000-206F,U+20AC,U+2122,U+2190-2195,U+2212,U+221E,U+2248,U+2260,U+2264,U+2265,U+25A0,U+25B2,U+25BC,U+25CF,U+FFFD'
for family in DejaVuSans DejaVuSerif DejaVuSansMono; do
  case $family in DejaVuSerif) slant=Italic ;; *) slant=Oblique ;; esac
  for face in "" -Bold -$slant -Bold$slant; do
    pyftsubset "$SRC/$family$face.ttf" --unicodes="$U" --layout-features='*' \
      --no-hinting --output-file="$family$face.ttf"
  done
done
