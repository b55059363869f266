// bezier() and curve() functions, filled and stroked, and curveTightness applied to curve().
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(245);
  const m = frameCount * 5;
  strokeWeight(3);
  stroke(200, 30, 30);
  noFill();
  bezier(10, 60, 40, 0 + m, 80, 120, 110, 20);
  fill(30, 100, 200, 120);
  bezier(120, 90, 130, 10, 200, 20 + m, 190, 90);
  noFill();
  stroke(0);
  for (let i = 0; i < 4; i++) {
    curveTightness(-1 + i * 0.6);
    stroke(40 * i, 120, 200 - 40 * i);
    curve(0, 200, 20, 120 + i * 20, 180, 130 + i * 15, 200 - m, 0);
  }
  curveTightness(0);
  fill(250, 200, 0, 160);
  curve(10, 0, 30, 190, 170, 190, 190, 0);
}
