// A particle system: particles born at a seeded-random emitter each frame with p5.Vector velocity and gravity, fading out; a class with update/show.
class Particle {
  constructor(x, y) {
    this.pos = createVector(x, y);
    this.vel = createVector(random(-1.5, 1.5), random(-4, -1));
    this.life = 255;
  }
  update() {
    this.vel.add(0, 0.15);
    this.pos.add(this.vel);
    this.life -= 12;
  }
  show() {
    noStroke();
    fill(255, 140 + this.life / 3, 40, this.life);
    circle(this.pos.x, this.pos.y, 8);
  }
}

let particles = [];

function setup() {
  createCanvas(200, 200);
  randomSeed(11);
}

function draw() {
  background(20, 20, 30);
  for (let i = 0; i < 8; i++) particles.push(new Particle(100, 150));
  for (const q of particles) { q.update(); q.show(); }
  particles = particles.filter((q) => q.life > 0);
  fill(255);
  rect(0, 195, particles.length, 5);
}
