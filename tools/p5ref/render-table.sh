# Sourced by render-sketches.sh and render-sketches2.sh, from this folder:
# renders $REFERENCES/NAME/ from $SKETCHES/NAME.js (or the folder NAME)
# with p5.js $P5 for every line "NAME FRAMES ONLY SEED [WINDOW]" of
# $BATTERY whose NAME is among the script's arguments (all when there are
# none); WINDOW, such as 400x300, is the browser window's size.
echo "$BATTERY" | while read -r name frames only seed window; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ] && ! echo " $* " | grep -q " $name "; then continue; fi
  out=$REFERENCES/$name
  # A sketch is NAME.js, or the folder NAME (its index.html).
  sketch=$SKETCHES/$name
  [ -d "$sketch" ] || sketch=$sketch.js
  rm -rf "$out"
  node render.js --p5 "$P5" --sketch "$sketch" --frames "$frames" --only "$only" \
    --seed "$seed" --out "$out" --console "$out/printed.txt" ${window:+--window "$window"}
  # What the sketch printed, kept when it printed anything.
  [ -s "$out/printed.txt" ] || rm -f "$out/printed.txt"
  echo "$name: frames $frames, wrote $only"
done
