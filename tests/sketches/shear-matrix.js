// shearX, shearY, applyMatrix with six numbers and with an array, and resetMatrix in the middle of a stack.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(250);
  const a = 0.1 * frameCount;
  noStroke();
  push();
  translate(40, 30);
  shearX(a);
  fill(200, 50, 50, 200);
  rect(0, 0, 50, 40);
  pop();
  push();
  translate(120, 20);
  shearY(-a);
  fill(50, 50, 200, 200);
  rect(0, 0, 50, 40);
  pop();
  push();
  applyMatrix(1, 0.2, -0.3, 1, 60, 100 + frameCount);
  fill(50, 180, 50, 200);
  rect(0, 0, 50, 40);
  applyMatrix([cos(a), sin(a), -sin(a), cos(a), 40, 0]);
  fill(200, 160, 0, 200);
  rect(0, 0, 30, 20);
  resetMatrix();
  fill(0, 0, 0, 150);
  rect(0, 180, 40, 20); // at the origin despite the matrices above
  translate(150, 150);
  stroke(0);
  strokeWeight(3);
  line(0, 0, 40, 0);
  pop();
}
