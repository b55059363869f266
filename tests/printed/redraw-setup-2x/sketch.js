// p5 ignores redraw() until setup() is done, and inside draw(): one
// draw() in all, after setup() called noLoop().
function setup() {
  createCanvas(20, 20);
  redraw(2);
  noLoop();
  redraw();
  print('setup done');
}

function draw() {
  print('draw ' + frameCount);
  if (frameCount === 1) redraw(3);
}
