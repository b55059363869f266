// Unseeded random(), randomGaussian(), shuffle(), noise() and p5.Vector.random2D(): all read the seeded Math.random (seed from the command line).
function setup() {
  createCanvas(200, 200);
  background(255);
}

function draw() {
  noStroke();
  fill(random(255), random(255), random(255), 150);
  circle(random(width), random(height), random(10, 40));
  fill(0);
  rect(frameCount * 20, noise(frameCount * 0.3) * 150, 10, 10);
  const v = p5.Vector.random2D().mult(60);
  stroke(0, 0, 200);
  strokeWeight(2);
  line(100, 100, 100 + v.x, 100 + v.y);
  noStroke();
  fill(200, 0, 0);
  circle(100 + randomGaussian() * 30, 180, 6);
  const s = shuffle([10, 20, 30, 40]);
  rect(150, 10, s[0], 5);
}
