// nosmooth: noSmooth() and smooth() on shapes: in p5.js 1.11 they set the 2D canvas's imageSmoothingEnabled, which only images use, so shapes are anti-aliased as ever; push()/pop() around them.
function setup() {
  createCanvas(120, 90);
}

function draw() {
  background(250);
  noSmooth();
  stroke(20);
  strokeWeight(3);
  fill(200, 80, 60);
  circle(30, 30, 40);
  line(5, 85, 115, 50);
  push();
  smooth();
  fill(60, 120, 220, 180);
  ellipse(75, 45, 60, 35);
  pop();
  noFill();
  arc(90, 70, 40, 30, 0, PI + QUARTER_PI);
  triangle(10, 60, 40, 85, 55, 55);
}
