// context-state: drawingContext.globalAlpha (on fills, strokes and backgrounds-free shapes), globalCompositeOperation by the names blendMode uses, lineWidth/lineCap/lineJoin set on the context, save()/restore() around them, filter = 'none', translate/rotate/scale/setTransform, reading the values back (they drive sizes), and a graphics' own drawingContext.
let g;
function setup() {
  createCanvas(160, 120);
  g = createGraphics(40, 30);
}

function draw() {
  background(235, 225, 200);
  noStroke();
  fill(200, 30, 30);
  rect(10, 10, 60, 40);
  drawingContext.save();
  drawingContext.globalAlpha = 0.5;
  fill(30, 30, 200);
  circle(60, 40, 40);
  stroke(0);
  strokeWeight(6);
  line(10, 60, 80, 60);
  drawingContext.restore();
  // restore() took globalAlpha back to 1.
  noStroke();
  fill(30, 160, 30);
  circle(20, 80, 20);
  drawingContext.globalCompositeOperation = 'multiply';
  fill(255, 200, 0);
  rect(40, 70, 60, 40);
  drawingContext.globalCompositeOperation = 'source-over';
  stroke(20, 20, 90);
  drawingContext.lineWidth = 7;
  drawingContext.lineCap = 'butt';
  drawingContext.lineJoin = 'round';
  noFill();
  beginShape();
  vertex(110, 20);
  vertex(150, 30);
  vertex(120, 55);
  endShape();
  drawingContext.filter = 'none';
  // The values read back drive sizes.
  const w = drawingContext.lineWidth;
  const a = drawingContext.globalAlpha;
  strokeWeight(1);
  drawingContext.globalAlpha = 0.4 + 0.2 * frameCount;
  fill(0);
  noStroke();
  rect(110, 70, w * 4, 20 * a);
  drawingContext.globalAlpha = 1;
  const op = drawingContext.globalCompositeOperation;
  rect(110, 100, op.length * 2, 5);
  // The context's transform calls are p5's.
  drawingContext.save();
  drawingContext.translate(20, 100);
  drawingContext.rotate(0.4);
  drawingContext.scale(1.5, 1);
  fill(250, 120, 0);
  rect(0, 0, 10, 6);
  drawingContext.setTransform(1, 0, 0.3, 1, 60, 100);
  rect(0, 0, 8, 8);
  drawingContext.restore();
  // The graphics' context is its own: its globalAlpha is not the canvas's.
  g.clear();
  g.drawingContext.globalAlpha = 0.5;
  g.noStroke();
  g.fill(0, 90, 255);
  g.rect(5, 5, 30, 20);
  image(g, 4, 4);
}
