// Style set before createCanvas(): p5 resets the fill and stroke colours, the weight, caps, joins, transform and blend mode, and keeps noFill/noStroke, rectMode and ellipseMode; resizeCanvas() keeps the style but resets the transform.
function setup() {
  fill(200, 30, 30);
  stroke(30, 30, 200);
  strokeWeight(6);
  strokeCap(SQUARE);
  strokeJoin(BEVEL);
  rectMode(CENTER);
  ellipseMode(CORNER);
  translate(40, 10);
  blendMode(DIFFERENCE);
  createCanvas(160, 120);
  background(230);
  rect(40, 40, 40, 30);
  ellipse(90, 20, 40, 30);
  line(10, 100, 70, 90);
  noStroke();
  fill(20, 120, 60);
  translate(7, 3);
  resizeCanvas(180, 120);
}

function draw() {
  background(240);
  rect(40, 40, 40, 30);
  ellipse(90, 20, 40, 30);
  stroke(0);
  strokeWeight(1 + frameCount);
  noFill();
  rect(120, 80, 30, 20);
  noStroke();
  fill(20, 120, 60);
}
