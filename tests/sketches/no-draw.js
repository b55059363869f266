// A sketch without draw(): one frame, the canvas as setup() left it (frameCount 0), with random() from the seeded Math.random.
function setup() {
  createCanvas(180, 120);
  background(20, 60, 90);
  noStroke();
  for (let i = 0; i < 40; i++) {
    fill(255, 255, 255, random(60, 255));
    circle(random(width), random(height), random(2, 12));
  }
  fill(255, 200, 0);
  rect(0, 110, 10 + frameCount * 100, 10);
}
