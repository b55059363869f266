// Circles of diameters 4.5 to 30 at fractional positions (filled, stroked, under a rotation and a scale) and thick point()s: discs covered analytically as Chromium's Skia covers them.
function setup() {
  createCanvas(240, 240);
}

function draw() {
  background(250);
  noStroke();
  fill(20, 40, 90);
  // A grid of discs, each a little further off the pixel grid.
  for (let i = 0; i < 14; i++) {
    for (let j = 0; j < 9; j++) {
      const d = 4.5 + (i + j * 14) * 0.09;
      circle(9 + i * 16.5 + j * 0.13 + frameCount * 0.07, 9 + j * 16.5 + i * 0.11, d);
    }
  }
  // Stroked and translucent ones.
  stroke(200, 60, 30);
  strokeWeight(1.5);
  fill(255, 200, 0, 150);
  circle(40.3, 190.6, 30);
  circle(58.7, 200.2, 17.5);
  // Under a rotation and a scale.
  push();
  translate(150.25, 195.5);
  rotate(0.3 + frameCount * 0.1);
  scale(1.3, 0.8);
  noStroke();
  fill(30, 140, 90);
  circle(0, 0, 26);
  fill(240);
  circle(6.5, -3.2, 7.3);
  pop();
  // point() is a disc as wide as the stroke.
  stroke(120, 0, 160);
  for (let k = 0; k < 5; k++) {
    strokeWeight(3 + k * 2.5);
    point(190 + (k % 2) * 22.4, 172 + k * 13.3);
  }
}
