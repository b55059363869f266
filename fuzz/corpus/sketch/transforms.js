// push/pop (style and matrix), translate, rotate, scale (uniform and two-axis, negative) nested several deep.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(230, 240, 230);
  const a = frameCount * 0.15;
  rectMode(CENTER);
  push();
  translate(60, 60);
  rotate(a);
  fill(220, 80, 80);
  rect(0, 0, 60, 30);
  push();
  translate(30, 0);
  rotate(-2 * a);
  scale(0.5);
  fill(80, 80, 220);
  stroke(255);
  strokeWeight(4);
  rect(0, 0, 60, 30);
  pop();
  circle(-30, 0, 10); // back to the first push's style: no white stroke
  pop();
  push();
  translate(150, 60);
  scale(1.5, 0.6);
  fill(80, 200, 80);
  circle(0, 0, 40);
  pop();
  push();
  translate(100, 150);
  scale(-1, 1);
  rotate(a);
  fill(240, 180, 0);
  triangle(0, 0, 50, 10, 20, 40);
  pop();
  fill(0);
  rect(10, 190, 10, 10); // untouched matrix
}
