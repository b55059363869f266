// beginContour/endContour: holes cut in a square, a vertex polygon and a curved shape, with strokes on every contour.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(200, 220, 240);
  const s = frameCount * 2;
  stroke(0);
  strokeWeight(2);
  fill(240, 120, 40);
  beginShape();
  vertex(10, 10); vertex(90, 10); vertex(90, 90); vertex(10, 90);
  beginContour(); // wound the other way
  vertex(30, 30); vertex(30, 70 - s); vertex(70, 70); vertex(70, 30);
  endContour();
  endShape(CLOSE);
  fill(60, 160, 90);
  beginShape();
  for (let i = 0; i < 6; i++) vertex(150 + 45 * cos(i * PI / 3), 50 + 45 * sin(i * PI / 3));
  beginContour();
  for (let i = 0; i < 6; i++) vertex(150 + (15 + s) * cos(-i * PI / 3), 50 + (15 + s) * sin(-i * PI / 3));
  endContour();
  endShape(CLOSE);
  fill(120, 60, 200, 200);
  beginShape();
  vertex(20, 110); vertex(180, 110); vertex(180, 190); vertex(20, 190);
  beginContour();
  vertex(40, 130); vertex(80, 130); vertex(60, 170);
  endContour();
  beginContour();
  vertex(110, 130); vertex(160, 130); vertex(160, 175); vertex(110, 175);
  endContour();
  endShape(CLOSE);
}
