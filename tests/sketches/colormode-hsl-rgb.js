// colorMode(HSL) with default and custom ranges, colorMode(RGB, 1) and (RGB, 100, 100, 100, 100); a colour made in setup drawn later; colorMode(HSL) without ranges keeps the HSL ranges of the last frame (all 1).
let keep;

function setup() {
  createCanvas(200, 150);
  colorMode(HSL, 360, 100, 100, 1);
  keep = color(280, 70, 45, 0.9);
}

function draw() {
  colorMode(RGB, 1);
  background(0.95, 0.93, 0.88);
  noStroke();
  colorMode(HSL);
  for (let i = 0; i < 10; i++) {
    fill(20 + i * 30, 90, 20 + i * 6 + frameCount);
    rect(i * 19 + 6, 6, 16, 40);
  }
  colorMode(HSL, 1, 1, 1, 1);
  for (let i = 0; i < 10; i++) {
    fill(0.33, 0.8, i / 9, 0.7);
    rect(i * 19 + 6, 52, 16, 40);
  }
  colorMode(RGB, 100, 100, 100, 100);
  fill(100, 40, 0, 50 + frameCount * 10);
  rect(10, 100, 80, 40);
  colorMode(RGB);
  fill(keep);
  stroke(0, 0, 100);
  strokeWeight(3);
  rect(110, 100, 80, 40);
}
