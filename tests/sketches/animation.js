// A frameCount animation at the default 60 fps: a bouncing ball, a rotating bar and a growing ring, drawn over a fresh background each frame.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(25, 30, 50);
  const t = frameCount;
  const y = 30 + abs(sin(t * 0.4)) * 120;
  noStroke();
  fill(255, 200, 60);
  circle(50, 200 - y, 30);
  push();
  translate(140, 60);
  rotate(t * 0.3);
  fill(90, 200, 250);
  rectMode(CENTER);
  rect(0, 0, 80, 10);
  pop();
  noFill();
  stroke(250, 90, 120);
  strokeWeight(3);
  circle(140, 150, (t % 10) * 8);
  // the clock: millis() = frameCount * 1000 / 60
  noStroke();
  fill(255);
  rect(0, 195, millis() / 2, 5);
}
