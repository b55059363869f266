// colorMode(HSB) with the default ranges (360, 100, 100, 1) and custom ones (HSB, 1; HSB, 255, 100, 50, 10); the mode and its ranges carry over into the next frame's background().
function setup() {
  createCanvas(200, 150);
}

function draw() {
  colorMode(HSB);
  background(210, 20, 95);
  noStroke();
  for (let i = 0; i < 12; i++) {
    fill((i * 30 + frameCount * 10) % 360, 80, 90);
    rect(i * 16 + 4, 8, 14, 40);
  }
  colorMode(HSB, 1);
  for (let i = 0; i < 10; i++) {
    fill(0.6, i / 9, 1 - i / 20, 0.8);
    rect(i * 19 + 6, 56, 16, 40);
  }
  colorMode(HSB, 255, 100, 50, 10);
  strokeWeight(4);
  for (let i = 0; i < 6; i++) {
    stroke(i * 40, 100, 50, 3 + i);
    fill(255 - i * 40, 60, 40, 10);
    circle(20 + i * 32, 125, 24);
  }
}
