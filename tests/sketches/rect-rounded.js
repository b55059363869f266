// rect and square with rounded corners: one radius, four radii, radii larger than the side, zero radii, with and without stroke.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(250, 245, 235);
  const r = frameCount * 2;
  stroke(40);
  strokeWeight(2);
  fill(90, 170, 220);
  rect(10, 10, 80, 50, r + 4);
  fill(230, 120, 80);
  rect(110, 10, 80, 50, 0, 10, 20 + r, 30);
  fill(120, 200, 120);
  rect(10, 80, 80, 40, 100); // radius clamped to half the short side
  noStroke();
  fill(160, 100, 200);
  square(110, 80, 60, 12, 2, 30, r);
  fill(0, 0, 0, 120);
  rect(10, 140, 180, 50, 25, 0, 25, 0);
}
