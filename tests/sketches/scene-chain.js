// The built-in chain scene (docs/SCENES.md, default parameters) as a global-mode sketch; from tools/p5ref/sketch.js.
const SEGMENTS = 12, HEAD_EASE = 0.1, SPACING = 16, STIFFNESS = 0.3;
const HEAD_SIZE = 30, TAPER = 2, PERIOD = 250;
const KEYFRAMES = [[0, 60, 60], [45, 610, 180], [75, 610, 180], [110, 335, 40],
  [140, 335, 40], [185, 60, 200], [215, 60, 200], [250, 60, 60]];
const xs = [], ys = [];

function setup() {
  pixelDensity(1);
  createCanvas(670, 240);
  frameRate(30);
  for (let i = 0; i < SEGMENTS; i++) { xs.push(width / 2); ys.push(height / 2); }
}

// The pointer's position at frame f: linear between keyframes.
function pointerAt(f) {
  const K = KEYFRAMES;
  const t = f % PERIOD;
  if (t <= K[0][0]) return [K[0][1], K[0][2]];
  for (let k = 0; k + 1 < K.length; k++) {
    const [f0, x0, y0] = K[k], [f1, x1, y1] = K[k + 1];
    if (f0 <= t && t < f1) {
      const s = (t - f0) / (f1 - f0);
      return [x0 + (x1 - x0) * s, y0 + (y1 - y0) * s];
    }
  }
  const last = K[K.length - 1];
  return [last[1], last[2]];
}

function draw() {
  background(255);
  const pointer = pointerAt(frameCount - 1);
  xs[0] = lerp(xs[0], pointer[0], HEAD_EASE);
  ys[0] = lerp(ys[0], pointer[1], HEAD_EASE);
  for (let i = SEGMENTS - 1; i >= 1; i--) {
    const a = Math.atan2(ys[i] - ys[i - 1], xs[i] - xs[i - 1]);
    xs[i] = lerp(xs[i], xs[i - 1] + Math.cos(a) * SPACING, STIFFNESS);
    ys[i] = lerp(ys[i], ys[i - 1] + Math.sin(a) * SPACING, STIFFNESS);
    circle(xs[i], ys[i], HEAD_SIZE - i * TAPER);
  }
  circle(xs[0], ys[0], HEAD_SIZE);
}
