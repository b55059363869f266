// blend-modes: every blendMode, one a frame (BLEND, ADD, MULTIPLY, SCREEN, DARKEST, LIGHTEST, DIFFERENCE, EXCLUSION, OVERLAY, HARD_LIGHT, SOFT_LIGHT, DODGE, BURN, REMOVE, REPLACE): overlapping opaque and translucent shapes and a translucent stroke over colour stripes; REPLACE clears the canvas outside each shape.
let MODES;

function setup() {
  createCanvas(120, 90);
  MODES = [BLEND, ADD, MULTIPLY, SCREEN, DARKEST, LIGHTEST, DIFFERENCE, EXCLUSION, OVERLAY,
    HARD_LIGHT, SOFT_LIGHT, DODGE, BURN, REMOVE, REPLACE];
}

function draw() {
  blendMode(BLEND);
  stripes();
  blendMode(MODES[(frameCount - 1) % MODES.length]);
  shapes();
}

function stripes() {
  background(40, 90, 140);
  noStroke();
  for (let i = 0; i < 8; i++) {
    fill((i * 53) % 256, 255 - i * 31, i * 36, i % 2 ? 255 : 150);
    rect(i * 15, 0, 15, 90);
  }
  fill(0);
  rect(0, 40, 120, 6);
  fill(255);
  rect(0, 48, 120, 6);
}

function shapes() {
  noStroke();
  fill(255, 60, 30, 200);
  rect(10, 10, 50, 45);
  fill(30, 200, 255, 120);
  rect(40, 25, 55, 45);
  fill(250, 230, 40);
  rect(70, 5, 40, 30);
  fill(120, 40, 200, 255);
  circle(30, 70, 30);
  stroke(255, 255, 255, 180);
  strokeWeight(4);
  line(5, 85, 115, 60);
}
