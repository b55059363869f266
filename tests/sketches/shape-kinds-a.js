// beginShape(POINTS), LINES, TRIANGLES, TRIANGLE_FAN, filled and stroked.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(250);
  const d = frameCount * 3;
  strokeWeight(4);
  stroke(200, 0, 0);
  beginShape(POINTS);
  for (let i = 0; i < 8; i++) vertex(10 + i * 10, 15 + (i % 2) * 10 + d);
  endShape();
  strokeWeight(2);
  stroke(0, 90, 200);
  beginShape(LINES);
  for (let i = 0; i < 8; i++) vertex(110 + (i % 2) * 70, 10 + i * 8 + d);
  endShape();
  stroke(0);
  fill(250, 160, 40, 200);
  beginShape(TRIANGLES);
  vertex(10, 110); vertex(50, 100); vertex(30, 150 + d);
  vertex(60, 110); vertex(90, 160); vertex(55, 170);
  vertex(20, 170); vertex(40, 195); vertex(5, 195);
  endShape();
  fill(60, 200, 140, 200);
  beginShape(TRIANGLE_FAN);
  vertex(150, 150);
  for (let i = 0; i <= 6; i++) vertex(150 + 40 * Math.cos(i * 0.8 + d * 0.01), 150 + 40 * Math.sin(i * 0.8));
  endShape();
}
