// bezierVertex and quadraticVertex in shapes (open, closed, mixed with vertex), filled and stroked.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(250, 250, 240);
  const m = frameCount * 4;
  stroke(0);
  strokeWeight(2);
  fill(250, 100, 100, 180);
  beginShape();
  vertex(20, 80);
  bezierVertex(20, 10 + m, 90, 10, 90, 80);
  bezierVertex(70, 70, 40, 100, 20, 80);
  endShape();
  fill(100, 100, 250, 180);
  beginShape();
  vertex(110, 20);
  quadraticVertex(190, 20 + m, 190, 90);
  quadraticVertex(150, 60, 110, 90);
  endShape(CLOSE);
  noFill();
  stroke(0, 140, 60);
  strokeWeight(4);
  beginShape();
  vertex(10, 120);
  bezierVertex(60, 100, 40, 190, 100, 180 - m);
  quadraticVertex(150, 110, 190, 170);
  vertex(190, 195);
  endShape();
}
