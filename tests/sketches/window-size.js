// A canvas the size of the window, drawn in proportion to it: rendered in
// a 400 x 300 window (render-sketches*.sh; whalegen --width 400 --height
// 300), it is 400 x 300.
function setup() {
  createCanvas(windowWidth, windowHeight);
  noLoop();
}

function draw() {
  background(24, 32, 48);
  noStroke();
  fill(240, 180, 60);
  rect(windowWidth / 4, windowHeight / 4, windowWidth / 2, windowHeight / 2);
  fill(60, 160, 220);
  circle(windowWidth - 30, windowHeight - 30, 40);
  print(windowWidth, windowHeight, width, height);
}
