// p5.js 2.x: splineVertex shapes, open and closed smoothly by endShape(CLOSE), at tightness 0, 0.5 and -1, ends INCLUDE and EXCLUDE, spline(), splinePoint and splineTangent, splineProperty pushed and popped.
function setup() {
  createCanvas(200, 150);
}

function draw() {
  background(240, 236, 228);
  const t = frameCount;
  strokeWeight(3);
  stroke(30, 60, 120);
  fill(120, 180, 230, 160);
  // Open: the fill closes it, the stroke does not.
  beginShape();
  splineVertex(10, 60);
  splineVertex(30, 15 + t * 3);
  splineVertex(60, 40);
  splineVertex(80, 10);
  endShape();
  // Closed smoothly.
  fill(230, 150, 90, 200);
  beginShape();
  splineVertex(120, 20);
  splineVertex(180, 30);
  splineVertex(170, 70);
  splineVertex(130 + t * 2, 60);
  endShape(CLOSE);
  // Tightness pushed and popped; ends EXCLUDE: the first and last only steer.
  push();
  splineProperties({ tightness: 0.5, ends: EXCLUDE });
  noFill();
  stroke(160, 40, 40);
  beginShape();
  splineVertex(10, 140);
  splineVertex(30, 90);
  splineVertex(60, 130);
  splineVertex(90, 85);
  splineVertex(110, 140);
  endShape();
  splineProperty('tightness', -1);
  stroke(40, 130, 60);
  splineProperty('ends', INCLUDE);
  spline(120, 140, 140, 90, 170, 135, 195, 95);
  pop();
  // After pop(): tightness 0 and ends INCLUDE again.
  noStroke();
  fill(20);
  const ends = splineProperty('ends') === INCLUDE ? 1 : 0;
  for (let i = 0; i <= 4; i++) {
    const s = i / 4;
    const x = splinePoint(120, 140, 170, 195, s);
    const y = splinePoint(140, 90, 135, 95, s);
    const dx = splineTangent(120, 140, 170, 195, s);
    const dy = splineTangent(140, 90, 135, 95, s);
    circle(x, y, 4 + ends);
    stroke(20);
    strokeWeight(1);
    line(x, y, x + dx * 0.15, y + dy * 0.15);
    noStroke();
  }
  fill(0);
  circle(100, 75, 4 + splineProperty('tightness') * 10);
}
