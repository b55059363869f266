// point, line, rect, square, ellipse (one and two sizes), circle, triangle and quad, filled and stroked.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(240);
  const t = frameCount * 3;
  stroke(0);
  strokeWeight(4);
  point(10, 10);
  point(20.5, 10.5);
  strokeWeight(1);
  line(10, 20, 90, 40 + t);
  fill(220, 60, 60);
  rect(10, 50, 60, 30);
  fill(60, 160, 60);
  square(80, 50, 25 + t);
  fill(60, 60, 220, 180);
  ellipse(150, 40, 70, 30);
  ellipse(150, 80, 20);
  fill(240, 200, 0);
  circle(40, 130, 50 + t);
  fill(0, 180, 200);
  triangle(100, 110, 190, 120, 130, 180 - t);
  fill(150, 0, 150, 120);
  quad(20, 170, 80, 160, 95, 195, 10, 198);
}
