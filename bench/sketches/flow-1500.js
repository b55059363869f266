// The JavaScript-heavy case of BENCHMARKS.md: 1,500 particles with
// p5.Vector steered by noise, each drawn as a short line, under a
// translucent background (bench/js.sh renders 200 frames, --dry-run).
const N = 1500;
const particles = [];

function setup() {
  createCanvas(400, 400);
  noiseSeed(3);
  randomSeed(3);
  for (let i = 0; i < N; i++) {
    particles.push({ pos: createVector(random(width), random(height)), vel: createVector(0, 0) });
  }
  background(12, 14, 30);
}

function draw() {
  background(12, 14, 30, 18);
  stroke(250, 200, 120, 80);
  for (const p of particles) {
    const angle = noise(p.pos.x * 0.004, p.pos.y * 0.004, frameCount * 0.003) * TAU * 2;
    const force = p5.Vector.fromAngle(angle).mult(0.3);
    p.vel.add(force).limit(2);
    const before = p.pos.copy();
    p.pos.add(p.vel);
    line(before.x, before.y, p.pos.x, p.pos.y);
    if (p.pos.x < 0 || p.pos.x > width || p.pos.y < 0 || p.pos.y > height) {
      p.pos.set(random(width), random(height));
      p.vel.set(0, 0);
    }
  }
}
