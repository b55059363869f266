// blend-modes-alpha: every blendMode, one a frame, on a translucent canvas: clear(), then translucent stripes and shapes (the modes' formulas with destination alpha below 1, and over fully transparent pixels).
let MODES;

function setup() {
  createCanvas(120, 90);
  MODES = [BLEND, ADD, MULTIPLY, SCREEN, DARKEST, LIGHTEST, DIFFERENCE, EXCLUSION, OVERLAY,
    HARD_LIGHT, SOFT_LIGHT, DODGE, BURN, REMOVE, REPLACE];
}

function draw() {
  blendMode(BLEND);
  clear();
  noStroke();
  for (let i = 0; i < 7; i++) {
    fill((i * 53) % 256, 255 - i * 31, i * 36, 60 + i * 30);
    rect(i * 15, 0, 15, 70);
  }
  blendMode(MODES[(frameCount - 1) % MODES.length]);
  fill(255, 60, 30, 200);
  rect(10, 10, 50, 45);
  fill(30, 200, 255, 120);
  rect(40, 25, 75, 55);
  fill(250, 230, 40);
  rect(70, 5, 40, 30);
}
