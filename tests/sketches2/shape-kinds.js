// p5.js 2.x: beginShape kinds POINTS, LINES, TRIANGLES, TRIANGLE_FAN, TRIANGLE_STRIP, QUADS and QUAD_STRIP, each one path in the current fill and stroke (a fill() between vertices is the shape's colour, not the vertex's), and endShape(CLOSE) on them.
function setup() {
  createCanvas(200, 150);
}

function draw() {
  background(238);
  const t = frameCount;
  stroke(20, 40, 80);
  strokeWeight(6);
  beginShape(POINTS);
  vertex(10, 10);
  vertex(25, 12);
  strokeCap(SQUARE);
  vertex(40, 10 + t);
  endShape();
  strokeCap(ROUND);
  strokeWeight(2);
  beginShape(LINES);
  vertex(55, 10);
  vertex(90, 30);
  vertex(55, 30);
  vertex(90, 10 + t * 2);
  endShape();
  fill(230, 120, 60, 160);
  beginShape(TRIANGLES);
  vertex(100, 10);
  vertex(140, 15);
  vertex(110, 45);
  fill(60, 120, 230, 160);
  vertex(150, 10);
  vertex(190, 40);
  vertex(145, 45);
  endShape(CLOSE);
  fill(120, 200, 90, 160);
  beginShape(TRIANGLE_FAN);
  vertex(40, 85);
  vertex(40, 55);
  vertex(70, 70);
  vertex(70, 100);
  vertex(40, 115 - t);
  vertex(10, 100);
  endShape();
  fill(200, 90, 160, 160);
  beginShape(TRIANGLE_STRIP);
  for (let i = 0; i < 7; i++) vertex(85 + i * 15, i % 2 ? 60 : 90 + t);
  endShape();
  fill(250, 210, 70, 200);
  beginShape(QUADS);
  vertex(10, 120);
  vertex(40, 118);
  vertex(42, 145);
  vertex(8, 140);
  vertex(50, 120);
  vertex(80, 125);
  vertex(75, 145);
  vertex(55, 140);
  endShape();
  fill(90, 200, 200, 180);
  beginShape(QUAD_STRIP);
  for (let i = 0; i < 4; i++) {
    vertex(100 + i * 30, 105);
    vertex(100 + i * 30, 140 - (i % 2) * 10 - t);
  }
  endShape();
}
