// noLoop() in setup: p5 still calls draw() once, so the sketch has one frame (frameCount 1 in draw).
function setup() {
  createCanvas(160, 160);
  noLoop();
  background(255, 240, 200);
}

function draw() {
  noStroke();
  fill(200, 50, 80);
  circle(80, 80, 40 + frameCount * 40); // 80: frameCount is 1
  fill(0);
  rect(0, 150, isLooping() ? 160 : 40, 10);
}
