// blend-background: background() under each blend mode (an opaque and a translucent colour over stripes), the mode carried into the next frame's first shapes, and push()/pop() saving and restoring the blend mode.
let MODES;

function setup() {
  createCanvas(120, 90);
  MODES = [ADD, MULTIPLY, SCREEN, DARKEST, LIGHTEST, DIFFERENCE, EXCLUSION, OVERLAY,
    HARD_LIGHT, SOFT_LIGHT, DODGE, BURN, REMOVE, REPLACE, BLEND];
}

function draw() {
  // The last frame's mode, still set: these stripes are drawn with it.
  noStroke();
  fill(200, 80, 40);
  rect(0, 80, 120, 10);
  push();
  blendMode(BLEND);
  background(20, 40, 60);
  for (let i = 0; i < 6; i++) {
    fill((i * 71) % 256, 255 - i * 40, i * 50);
    rect(i * 20, 0, 20, 80);
  }
  pop();
  const mode = MODES[(frameCount - 1) % MODES.length];
  blendMode(mode);
  if (frameCount % 2) background(230, 120, 60, 160); else background(60, 140, 230);
  push();
  blendMode(MULTIPLY);
  fill(255, 255, 0);
  rect(10, 10, 30, 30);
  pop();
  // Back to `mode`.
  fill(100, 200, 100, 200);
  rect(60, 40, 40, 30);
}
