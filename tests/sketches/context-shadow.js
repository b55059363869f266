// context-shadow: drawingContext.shadowBlur/shadowColor/shadowOffsetX/Y: the glow idiom with a p5 Color, CSS-string colours, offsets not turned by rotate(), a translucent shadow, a shadow on strokes and lines, shadows saved by push()/pop(), and no shadow when the colour is transparent or blur and offset are 0.
function setup() {
  createCanvas(160, 120);
}

function draw() {
  background(20, 24, 40);
  noStroke();
  // The glow: a p5 Color assigned, read through toString().
  drawingContext.shadowBlur = 16;
  drawingContext.shadowColor = color(255, 60, 40);
  fill(255, 200, 120);
  circle(30, 30, 26);
  push();
  // An offset, blurred a little; the rotation does not turn it.
  drawingContext.shadowBlur = 4;
  drawingContext.shadowOffsetX = 6;
  drawingContext.shadowOffsetY = 4;
  drawingContext.shadowColor = 'rgba(0, 0, 0, 0.8)';
  translate(80, 30);
  rotate(PI / 5);
  fill(120, 200, 255);
  rect(-14, -10, 28, 20);
  pop();
  // pop() took the offset back: the glow again, in a CSS name and a hex.
  drawingContext.shadowColor = '#30ff60';
  drawingContext.shadowBlur = 10;
  stroke(240);
  strokeWeight(4);
  noFill();
  rect(115, 15, 30, 30);
  line(20, 70, 60, 100);
  // A translucent shape casts a fainter shadow.
  noStroke();
  fill(255, 255, 255, 100);
  drawingContext.shadowColor = 'white';
  drawingContext.shadowBlur = 8 + frameCount * 4;
  ellipse(90, 85, 40, 24);
  // A hard offset shadow, no blur.
  drawingContext.shadowBlur = 0;
  drawingContext.shadowOffsetX = -5;
  drawingContext.shadowOffsetY = 5;
  drawingContext.shadowColor = color(250, 220, 0);
  fill(200, 40, 160);
  triangle(130, 70, 150, 105, 115, 105);
  // No shadow: transparent colour, or no blur and no offset.
  drawingContext.shadowOffsetX = 0;
  drawingContext.shadowOffsetY = 0;
  fill(200);
  rect(10, 105, 8, 8);
  drawingContext.shadowBlur = 10;
  drawingContext.shadowColor = 'rgba(255, 0, 0, 0)';
  rect(25, 105, 8, 8);
  drawingContext.shadowBlur = 0;
}
