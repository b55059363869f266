// Flow: particles drifting along a Perlin-noise field, leaving trails.
// whalegen render examples/sketches/flow.js --seed 3 -o out/flow.gif
// Parameters: --set particles=N (default 600).

let particles = [];

function setup() {
  createCanvas(480, 270);
  background(12, 16, 28);
  const n = int(getURLParams().particles || 600);
  for (let i = 0; i < n; i++) {
    particles.push(createVector(random(width), random(height)));
  }
}

function draw() {
  background(12, 16, 28, 18);
  strokeWeight(1.5);
  for (const p of particles) {
    const angle = noise(p.x * 0.004, p.y * 0.004, frameCount * 0.003) * TWO_PI * 2;
    const step = p5.Vector.fromAngle(angle, 1.6);
    stroke(lerpColor(color(80, 200, 255, 90), color(255, 120, 200, 90), noise(p.x * 0.01, p.y * 0.01)));
    line(p.x, p.y, p.x + step.x, p.y + step.y);
    p.add(step);
    if (p.x < 0 || p.x > width || p.y < 0 || p.y > height) {
      p.set(random(width), random(height));
    }
  }
}
