// p5.js 2's colours (color.js underneath): each mode's default maxes,
// CSS strings, getters, toString formats, setters, lerpColor, paletteLerp.
function show(label, c) {
  print(label, c.toString(), c.array().map((v) => round(v, 6)).join(' '));
}

function setup() {
  createCanvas(20, 20);
  show('rgb', color(10, 20, 30));
  show('rgb grey', color(128));
  show('rgb grey alpha', color(128, 100));
  show('rgb alpha', color(10, 20, 30, 128));
  show('rgb clamped', color(300, -5, 30));
  show('rgb fraction', color(10.7, 20.2, 30.9));
  colorMode(RGB, 1);
  show('rgb max 1', color(0.2, 0.4, 0.6, 0.5));
  colorMode(HSB);
  show('hsb', color(120, 50, 50));
  show('hsb alpha', color(200, 80, 90, 0.5));
  show('hsb grey', color(50));
  colorMode(HSL);
  show('hsl', color(120, 50, 50));
  show('hsl alpha', color(300, 70, 40, 0.25));
  show('hsl grey', color(30));
  colorMode(HWB);
  show('hwb', color(120, 50, 20));
  show('hwb grey', color(30));
  colorMode(LAB);
  show('lab', color(50, 60, -40));
  show('lab grey', color(70));
  colorMode(LCH);
  show('lch', color(50, 140, 300));
  show('lch in gamut', color(60, 30, 120));
  colorMode(OKLCH);
  show('oklch', color(70, 100, 30));
  colorMode(OKLCH, 1, 0.4, 360, 1);
  show('oklch maxes', color(0.7, 0.15, 30));
  colorMode(RGB);
  for (const css of ['teal', '#abc', '#a1b2c3', '#a1b2c380', 'rgb(10, 20, 30)', 'rgba(10, 20, 30, 0.5)',
    'hsl(120, 50%, 50%)', 'hwb(200 20% 30%)', 'lab(50% 40 -20)', 'lch(60% 50 120)',
    'oklch(70% 0.15 30)', 'oklab(0.6 0.1 -0.1)', 'color(srgb 0.2 0.4 0.6)', 'transparent']) {
    show(css, color(css));
  }
  const c = color(200, 100, 50);
  for (const f of ['#rrggbb', '#rgb', '#rrggbbaa', 'rgb', 'rgba', 'hsl', 'hsla', 'hsb', 'hex']) {
    print('toString', f, c.toString(f));
  }
  const getters = (label, c) => print(label, [red(c), green(c), blue(c), alpha(c), hue(c), saturation(c),
    brightness(c), lightness(c)].map((v) => round(v, 6)).join(' '));
  getters('getters rgb', color(200, 100, 50, 128));
  colorMode(HSB);
  getters('getters hsb', color(200, 100, 50, 0.5));
  colorMode(HSL);
  getters('getters hsl', color(200, 60, 40));
  colorMode(LCH);
  getters('getters lch', color(60, 50, 120));
  colorMode(OKLCH);
  getters('getters oklch', color(60, 50, 120));
  colorMode(RGB);
  const s = color(10, 20, 30);
  s.setRed(100); s.setGreen(150); s.setBlue(200); s.setAlpha(50);
  show('setters', s);
  colorMode(HSB);
  const h = color(120, 50, 50);
  h.setRed(255);
  show('setRed in hsb', h);
  colorMode(RGB);
  const from = color(255, 0, 0);
  const to = color(0, 0, 255);
  for (const m of [RGB, HSB, HSL, HWB, LAB, LCH, OKLCH]) {
    colorMode(m);
    show('lerp ' + m, lerpColor(from, to, 0.3));
  }
  colorMode(RGB);
  show('palette', paletteLerp([['white', 0], ['red', 0.25], ['green', 0.5], ['blue', 1]], 0.4));
  colorMode(OKLCH);
  show('palette oklch', paletteLerp([['white', 0], ['red', 0.25], ['green', 0.5], ['blue', 1]], 0.7));
  noLoop();
}
