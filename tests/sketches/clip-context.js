// A clip holds drawingContext's shadows and gradients too: a shadowed disc and a gradient-filled band drawn inside a clipped rectangle.
function setup() {
  createCanvas(160, 120);
  background(240);
  push();
  beginClip();
  rect(20, 20, 100, 70);
  endClip();
  drawingContext.shadowBlur = 12;
  drawingContext.shadowColor = color(0, 0, 200);
  fill(250, 120, 0);
  noStroke();
  circle(110, 60, 60);
  const g = drawingContext.createLinearGradient(0, 0, 160, 0);
  g.addColorStop(0, 'red'); g.addColorStop(1, 'blue');
  drawingContext.fillStyle = g;
  rect(0, 70, 160, 40);
  pop();
  noLoop();
}
