// context-dash: drawingContext.setLineDash/getLineDash/lineDashOffset on strokes: lines, rects, circles and curves, odd-length arrays doubled, a negative entry ignoring the call, all zeros solid, [] solid again, the offset moving with frameCount, dashes scaled by the transform, saved by push()/pop().
function setup() {
  createCanvas(160, 120);
}

function draw() {
  background(250);
  stroke(30, 40, 120);
  strokeWeight(3);
  strokeCap(SQUARE);
  drawingContext.setLineDash([8, 4]);
  line(10, 10, 150, 10);
  // Odd length: [6, 3, 2] is drawn as [6, 3, 2, 6, 3, 2].
  drawingContext.setLineDash([6, 3, 2]);
  drawingContext.lineDashOffset = frameCount * 3;
  line(10, 22, 150, 22);
  // A negative entry: the call is ignored, the last dash kept.
  drawingContext.setLineDash([5, -1]);
  noFill();
  rect(10, 32, 60, 30);
  drawingContext.lineDashOffset = 0;
  // The length the getter gives drives a size.
  const n = drawingContext.getLineDash().length;
  strokeCap(ROUND);
  strokeWeight(2);
  drawingContext.setLineDash([1, 5]);
  circle(110, 48, 14 * n / 3);
  push();
  // Scaled with the transform.
  scale(2);
  strokeWeight(1);
  drawingContext.setLineDash([3, 2]);
  line(5, 38, 35, 38);
  pop();
  // pop() gave back [1, 5].
  stroke(200, 60, 40);
  bezier(10, 110, 40, 70, 70, 120, 100, 80);
  // All zeros: solid.
  drawingContext.setLineDash([0, 0]);
  strokeWeight(1);
  line(110, 90, 150, 90);
  drawingContext.setLineDash([4, 4]);
  fill(240, 200, 60);
  strokeWeight(4);
  strokeCap(SQUARE);
  triangle(110, 115, 130, 96, 150, 115);
  drawingContext.setLineDash([]);
  line(110, 100, 110, 115);
}
