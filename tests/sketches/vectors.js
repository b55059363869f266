// p5.Vector methods: add, sub, mult, div, mag, magSq, setMag, normalize, limit, heading, rotate, dist, dot, cross, lerp, copy, set, equals, drawn as lines.
let base;

function setup() {
  createCanvas(200, 200);
  base = createVector(40, 10);
}

function arrow(o, v, c) {
  stroke(c);
  line(o.x, o.y, o.x + v.x, o.y + v.y);
  circle(o.x + v.x, o.y + v.y, 4);
}

function draw() {
  background(250);
  strokeWeight(2);
  noFill();
  const o = createVector(100, 100);
  const v = base.copy().rotate(frameCount * 0.4);
  arrow(o, v, 'black');
  const w = createVector(-20, 30);
  arrow(o, v.copy().add(w), 'red');
  arrow(o, v.copy().sub(w), 'green');
  arrow(o, v.copy().mult(1.8), 'blue');
  arrow(o, v.copy().div(2).add(0, 40), 'orange');
  arrow(createVector(20, 20), v.copy().setMag(15), 'purple');
  arrow(createVector(20, 60), v.copy().normalize().mult(25), 'teal');
  arrow(createVector(180, 20), v.copy().limit(12), 'brown');
  arrow(createVector(180, 180), createVector(1, 0).rotate(v.heading()).mult(v.mag() / 2), 'magenta');
  const l = v.copy().lerp(w, 0.5);
  arrow(o, l, 'gray');
  const c = createVector(v.x, v.y, 0).cross(createVector(0, 0, 1));
  arrow(o, c.mult(0.5), 'olive');
  noStroke();
  fill(0);
  rect(0, 190, v.dist(w), 4);
  rect(0, 195, abs(v.dot(w)) / 20, 4);
  rect(190, 0, 4, v.magSq() / 20);
  const s = createVector();
  s.set(5, 6);
  if (s.equals(5, 6)) rect(196, 0, 4, 20);
}
