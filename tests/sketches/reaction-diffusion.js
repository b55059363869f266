// reaction-diffusion: a 400 x 400 Gray-Scott reaction-diffusion in Float64Arrays, two steps a frame, drawn with loadPixels(), pixels[] and updatePixels(); the pixels[] speed benchmark of BENCHMARKS.md, and bit for bit p5's (EXACT).
const W = 400;
const H = 400;
const STEPS = 2;
let a, b, na, nb;

function setup() {
  createCanvas(W, H);
  pixelDensity(1);
  a = new Float64Array(W * H).fill(1);
  b = new Float64Array(W * H);
  na = new Float64Array(W * H);
  nb = new Float64Array(W * H);
  for (let s = 0; s < 12; s++) {
    const cx = floor(random(40, W - 40));
    const cy = floor(random(40, H - 40));
    for (let y = cy - 6; y < cy + 6; y++) {
      for (let x = cx - 6; x < cx + 6; x++) b[y * W + x] = 1;
    }
  }
}

function step() {
  const feed = 0.055;
  const kill = 0.062;
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      const la = 0.2 * (a[i - 1] + a[i + 1] + a[i - W] + a[i + W]) +
        0.05 * (a[i - W - 1] + a[i - W + 1] + a[i + W - 1] + a[i + W + 1]) - a[i];
      const lb = 0.2 * (b[i - 1] + b[i + 1] + b[i - W] + b[i + W]) +
        0.05 * (b[i - W - 1] + b[i - W + 1] + b[i + W - 1] + b[i + W + 1]) - b[i];
      const abb = a[i] * b[i] * b[i];
      na[i] = a[i] + la - abb + feed * (1 - a[i]);
      nb[i] = b[i] + 0.5 * lb + abb - (kill + feed) * b[i];
    }
  }
  [a, na] = [na, a];
  [b, nb] = [nb, b];
}

function draw() {
  for (let s = 0; s < STEPS; s++) step();
  loadPixels();
  for (let i = 0; i < W * H; i++) {
    const v = (a[i] - b[i]) * 255;
    pixels[4 * i] = v;
    pixels[4 * i + 1] = v * 0.8 + 30;
    pixels[4 * i + 2] = 255 - v * 0.5;
    pixels[4 * i + 3] = 255;
  }
  updatePixels();
}
