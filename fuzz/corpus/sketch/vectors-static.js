// p5.Vector static forms: add, sub, mult, div, dist, dot, cross, lerp, mag, normalize, fromAngle (radians whatever the angleMode), random2D (reads Math.random), angleBetween; and the instance angleBetween.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(240, 240, 255);
  strokeWeight(2);
  const a = p5.Vector.fromAngle(frameCount * 0.5, 50);
  const b = createVector(30, -20);
  const o = createVector(100, 100);
  const seg = (v, c) => { stroke(c); line(o.x, o.y, o.x + v.x, o.y + v.y); };
  seg(a, 'black');
  seg(p5.Vector.add(a, b), 'red');
  seg(p5.Vector.sub(a, b), 'green');
  seg(p5.Vector.mult(a, 0.5), 'blue');
  seg(p5.Vector.div(b, 2), 'orange');
  seg(p5.Vector.lerp(a, b, 0.25), 'purple');
  seg(p5.Vector.normalize(b).mult(70), 'gray');
  const r = p5.Vector.random2D().mult(30);
  seg(r, 'magenta');
  const ang = p5.Vector.angleBetween(a, b);
  const ang2 = a.angleBetween(b);
  noStroke();
  fill(0);
  rect(0, 180, p5.Vector.dist(a, b), 5);
  rect(0, 187, abs(p5.Vector.dot(a, b)) / 30, 5);
  rect(0, 194, p5.Vector.mag(a), 5);
  rect(190, 0, 5, abs(ang) * 30);
  rect(195, 0, 5, abs(ang2) * 30);
  const c = p5.Vector.cross(createVector(1, 0, 0), createVector(0, 1, 0));
  rect(180, 100, 5, c.z * 40);
}
