// curveTightness is not saved by push(): a curve drawn after pop() uses the tightness set inside.
function setup() {
  createCanvas(120, 80);
}
function draw() {
  background(250);
  noFill();
  strokeWeight(2);
  curveTightness(-1);
  push();
  curveTightness(0.8);
  stroke(200, 0, 0);
  curve(0, 80, 20, 20, 100, 30, 120, 80);
  pop();
  stroke(0, 0, 200);
  curve(0, 0, 20, 60, 100, 50, 120, 0);
}
