// filter-webgl: the default (WebGL shader) filters, as p5.js 1.11 runs them in headless Chromium (SwiftShader), one a frame, on an opaque scene: THRESHOLD (default and 0.3), GRAY, INVERT, POSTERIZE (3 and default), BLUR (2, default, 12), ERODE, DILATE, OPAQUE; a translate() before the filter, a square after it (the shader filters reset the transform).
// p5's constants exist once p5 has started: FILTERS is made in setup().
let FILTERS;

function setup() {
  createCanvas(120, 90);
  FILTERS = [[THRESHOLD], [THRESHOLD, 0.3], [GRAY], [INVERT], [POSTERIZE, 3], [POSTERIZE], [BLUR, 2], [BLUR], [ERODE], [DILATE], [OPAQUE], [BLUR, 12]];
}

function draw() {
  scene(false);
  translate(50, 50);
  filter(...FILTERS[(frameCount - 1) % FILTERS.length]);
  fill(255, 0, 0);
  rect(0, 0, 8, 8);
}

// The scene: whole-pixel rectangles only, opaque or (alpha) translucent on
// a cleared canvas, so that the pixels before the filter are p5's exactly.
function scene(alpha) {
  if (alpha) clear(); else background(30, 60, 90);
  noStroke();
  for (let i = 0; i < 8; i++) {
    fill(i * 32, 255 - i * 30, (i * 97) % 256, alpha ? 40 + i * 30 : 255);
    rect(i * 15, 0, 15, 40);
  }
  fill(240, 200, 40, 180);
  rect(15, 30, 50, 45);
  fill(200, 40, 160, 140);
  rect(55, 40, 45, 40);
  fill(255, alpha ? 200 : 255);
  rect(5, 82, 110, 3);
  fill(20, 220, 120);
  rect(90, 10, 25, 25);
  for (let x = 0; x < 120; x += 2) {
    fill(x * 2, 255, 255 - x * 2, alpha ? 30 + x * 2 : 255);
    rect(x, 44 + (x % 7), 1, 1);
  }
}
