// p5.js 2.x: swatches filled in every colour mode (RGB, HSB, HSL, HWB, LAB, LCH, OKLCH) with each mode's default maxes, greys, alphas, out-of-gamut LAB/LCH/OKLCH, CSS strings (hwb(), lab(), lch(), oklch(), oklab(), color(srgb)), stroke and background in a mode, lerpColor and paletteLerp.
function setup() {
  createCanvas(160, 120);
  colorMode(HSL);
  background(210, 30, 90);
  noStroke();
  const rows = [
    [RGB, [[200, 40, 40], [40, 200, 90, 160], [128], [60, 200]]],
    [HSB, [[0, 80, 90], [120, 50, 70], [240, 100, 100, 0.5], [40]]],
    [HSL, [[30, 90, 50], [180, 60, 40], [300, 70, 60, 0.7], [70]]],
    [HWB, [[0, 20, 10], [90, 10, 30], [200, 40, 20], [30]]],
    [LAB, [[50, 60, -40], [80, -70, 70], [30, 20, 80], [60]]],
    [LCH, [[50, 140, 300], [70, 40, 120], [40, 60, 20, 0.5], [85]]],
    [OKLCH, [[70, 100, 30], [50, 60, 250], [90, 40, 110], [40]]],
  ];
  rows.forEach(([mode, colours], y) => {
    colorMode(mode);
    colours.forEach((c, x) => {
      fill(...c);
      rect(4 + x * 18, 4 + y * 16, 16, 14);
    });
  });
  colorMode(RGB);
  const css = ['hwb(200 20% 30%)', 'lab(50% 40 -20)', 'lch(60% 50 120)', 'oklch(70% 0.15 30)',
    'oklab(0.6 0.1 -0.1)', 'color(srgb 0.2 0.4 0.6)', 'lch(60% 130 200)'];
  css.forEach((c, y) => {
    fill(c);
    rect(80, 4 + y * 16, 16, 14);
  });
  const from = color(255, 0, 0);
  const to = color(0, 0, 255);
  [RGB, HSL, LAB, OKLCH].forEach((mode, i) => {
    colorMode(mode);
    fill(lerpColor(from, to, 0.4));
    rect(100, 4 + i * 16, 16, 14);
    fill(lerpColor(color('yellow'), color('purple'), 0.5));
    rect(118, 4 + i * 16, 16, 14);
  });
  colorMode(OKLCH);
  fill(paletteLerp([['white', 0], ['red', 0.3], ['teal', 1]], 0.6));
  colorMode(LCH);
  stroke(60, 80, 40);
  strokeWeight(3);
  rect(104, 72, 30, 40);
}
