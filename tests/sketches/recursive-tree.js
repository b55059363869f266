// A recursive tree: branch() calls itself with push/pop, translate, rotate and thinner strokes; the angle sways with frameCount and random(seeded) twigs.
function setup() {
  createCanvas(200, 200);
}

function branch(len, depth) {
  strokeWeight(max(depth * 0.8, 0.5));
  line(0, 0, 0, -len);
  translate(0, -len);
  if (depth <= 0) {
    noStroke();
    fill(80, 180, 80, 160);
    circle(0, 0, 5);
    stroke(90, 60, 30);
    return;
  }
  const sway = 0.4 + 0.05 * sin(frameCount * 0.7);
  push();
  rotate(sway + random(-0.1, 0.1));
  branch(len * 0.7, depth - 1);
  pop();
  push();
  rotate(-sway + random(-0.1, 0.1));
  branch(len * 0.72, depth - 1);
  pop();
}

function draw() {
  background(235, 245, 255);
  randomSeed(3);
  stroke(90, 60, 30);
  translate(100, 200);
  branch(45, 8);
}
