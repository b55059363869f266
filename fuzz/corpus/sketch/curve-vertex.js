// curveVertex shapes (open and endShape(CLOSE)) at curveTightness 0, 0.5, -0.5 and 1, filled and stroked.
function setup() {
  createCanvas(200, 200);
}

function blob(cx, cy, r, close) {
  beginShape();
  for (let i = 0; i < 7; i++) {
    const a = i * TWO_PI / 7, rr = r * (i % 2 ? 0.6 : 1) + frameCount;
    curveVertex(cx + rr * cos(a), cy + rr * sin(a));
  }
  if (close) endShape(CLOSE); else endShape();
}

function draw() {
  background(240);
  stroke(30);
  strokeWeight(2);
  const tight = [0, 0.5, -0.5, 1];
  for (let i = 0; i < 4; i++) {
    curveTightness(tight[i]);
    fill(60 * i, 140, 220 - 50 * i, 170);
    blob(50 + (i % 2) * 100, 50 + Math.floor(i / 2) * 100, 38, i !== 2);
  }
  curveTightness(0);
  noFill();
  stroke(200, 0, 0);
  beginShape();
  curveVertex(10, 190); curveVertex(10, 190); curveVertex(60, 150);
  curveVertex(140, 190 - frameCount * 4); curveVertex(190, 150); curveVertex(190, 150);
  endShape();
}
