// p5.js 2.x: shapes with fill, stroke, strokeWeight, no fill / no stroke, push/pop and rotate, moving with frameCount.
function setup() {
  createCanvas(160, 120);
}

function draw() {
  background(235, 230, 220);
  const t = frameCount;
  fill(40, 120, 200);
  stroke(20);
  strokeWeight(3);
  rect(10 + t * 4, 10, 40, 30);
  noStroke();
  fill(220, 60, 60, 180);
  circle(80, 60, 50 + t * 2);
  stroke(30, 140, 60);
  strokeWeight(6);
  noFill();
  ellipse(120, 90, 50, 30);
  line(10, 110, 150, 70 - t * 3);
  strokeWeight(1);
  fill('#f0c020');
  triangle(20, 100, 45, 60, 60, 105);
  push();
  translate(130, 30);
  rotate(t * 0.3);
  fill(90, 60, 160);
  stroke(255);
  strokeWeight(2);
  quad(-15, -10, 15, -12, 12, 12, -14, 8);
  pop();
  stroke(0);
  point(150, 110);
}
