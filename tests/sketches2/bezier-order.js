// p5.js 2.x: bezierOrder(3) and bezierOrder(2) with one-point bezierVertex calls, mixed with vertex(), open and closed; bezier() drawn through them; bezierOrder() read back and pushed/popped.
function setup() {
  createCanvas(200, 150);
}

function draw() {
  background(236, 240, 232);
  const t = frameCount;
  strokeWeight(4);
  stroke(40, 40, 90);
  fill(240, 190, 80);
  // Cubic: a start, then threes.
  beginShape();
  bezierVertex(10, 70);
  bezierVertex(20, 10 + t * 4);
  bezierVertex(70, 10);
  bezierVertex(80, 60);
  bezierVertex(85, 90);
  bezierVertex(40, 100);
  bezierVertex(30, 70);
  endShape(CLOSE);
  // Quadratic, after corners.
  push();
  bezierOrder(2);
  fill(100, 170, 220, 180);
  stroke(20, 90, 50);
  beginShape();
  vertex(110, 80);
  vertex(110, 20);
  bezierVertex(150, 0);
  bezierVertex(190, 20);
  bezierVertex(150, 50 + t * 3);
  bezierVertex(190, 80);
  endShape();
  strokeWeight(bezierOrder());
  noFill();
  stroke(150, 30, 90);
  beginShape();
  vertex(10, 140);
  bezierVertex(50, 90);
  bezierVertex(90, 140);
  vertex(100, 110);
  endShape(CLOSE);
  pop();
  // Back to cubic after pop(): bezier() is four one-point calls.
  stroke(30, 110, 160);
  strokeWeight(bezierOrder() - 1);
  noFill();
  bezier(110, 140, 130, 90, 170, 150, 195, 100);
}
