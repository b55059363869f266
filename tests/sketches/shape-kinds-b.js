// beginShape(TRIANGLE_STRIP), QUADS, QUAD_STRIP, and a plain polygon with endShape() versus endShape(CLOSE).
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(250);
  const d = frameCount * 2;
  stroke(0);
  strokeWeight(1);
  fill(100, 150, 250, 180);
  beginShape(TRIANGLE_STRIP);
  for (let i = 0; i < 8; i++) vertex(10 + i * 11, 20 + (i % 2) * 40 + (i > 3 ? d : 0));
  endShape();
  fill(250, 120, 120, 180);
  beginShape(QUADS);
  vertex(110, 10); vertex(150, 10); vertex(150, 40 + d); vertex(110, 40);
  vertex(155, 45); vertex(190, 50); vertex(185, 85); vertex(150, 80);
  endShape();
  fill(120, 220, 120, 180);
  beginShape(QUAD_STRIP);
  for (let i = 0; i < 5; i++) { vertex(10 + i * 20, 100 + d); vertex(10 + i * 20, 140 + (i % 2) * 10); }
  endShape();
  strokeWeight(4);
  fill(240, 220, 60);
  beginShape();
  vertex(115, 110); vertex(190, 115); vertex(170, 150 + d); vertex(130, 140);
  endShape();
  beginShape();
  vertex(115, 160); vertex(190, 165); vertex(170, 195); vertex(130, 190);
  endShape(CLOSE);
  noFill();
  beginShape();
  vertex(20, 160); vertex(60, 170); vertex(40, 195);
  endShape();
}
