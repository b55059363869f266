// A noise flow field: 1000 particles steered by noise angles leave trails under a translucent background, over 30 frames.
const N = 1000;
let pts = [];

function setup() {
  createCanvas(200, 200);
  noiseSeed(7);
  randomSeed(7);
  for (let i = 0; i < N; i++) pts.push(createVector(random(width), random(height)));
  background(10, 10, 25);
}

function draw() {
  background(10, 10, 25, 20);
  stroke(160, 220, 255, 90);
  strokeWeight(1);
  for (const q of pts) {
    const a = noise(q.x * 0.01, q.y * 0.01, frameCount * 0.005) * TWO_PI * 2;
    const nx = q.x + cos(a), ny = q.y + sin(a);
    line(q.x, q.y, nx, ny);
    q.set(nx, ny);
    if (q.x < 0 || q.x > width || q.y < 0 || q.y > height) q.set(random(width), random(height));
  }
}
