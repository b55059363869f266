// p5.js 2.x: contours with splines and Béziers: a shape with holes (endContour(CLOSE) and open), endShape(CLOSE) closing only the first contour, a spline after straight segments, and a smooth closed spline made in beginContour.
function setup() {
  createCanvas(200, 150);
}

function draw() {
  background(232, 236, 240);
  const t = frameCount;
  stroke(30);
  strokeWeight(3);
  fill(90, 160, 110);
  // An outer square, a spline hole closed smoothly, a Bézier hole closed
  // with a line, and a straight hole left open.
  beginShape();
  vertex(10, 10);
  vertex(120, 10);
  vertex(120, 120);
  vertex(10, 120);
  beginContour();
  splineVertex(30, 30);
  splineVertex(30, 60);
  splineVertex(55 + t * 2, 70);
  splineVertex(60, 35);
  endContour(CLOSE);
  beginContour();
  vertex(100, 30);
  bezierVertex(80, 40);
  bezierVertex(110, 60);
  bezierVertex(100, 80);
  endContour(CLOSE);
  beginContour();
  vertex(30, 90);
  vertex(50, 110);
  vertex(90, 110);
  vertex(100, 90);
  endContour();
  endShape(CLOSE);
  // Straight, then a spline from where it ended.
  fill(220, 120, 80, 200);
  beginShape();
  vertex(140, 140);
  vertex(140, 100);
  splineVertex(160, 80);
  splineVertex(190, 90 + t * 3);
  splineVertex(180, 140);
  endShape(CLOSE);
  // A contour begun at once: a spline loop, closed by endShape(CLOSE).
  fill(120, 110, 200, 200);
  beginShape();
  beginContour();
  splineVertex(140, 20);
  splineVertex(190, 15);
  splineVertex(180, 60);
  splineVertex(150, 55);
  endContour();
  endShape(CLOSE);
}
