// The built-in whale scene (docs/SCENES.md, default parameters) as a global-mode sketch; from tools/p5ref/sketch.js.
const W = 800, H = 600;
const SEED = 1, STARS = 220, SHIELD_RADIUS = 90, PUSH = 2, EASE = 0.05;
const SPEED_X = 2.4, SPEED_Y = 1.6, BOUNDARY = 150, MAX_FORCE = 0.05;
const SEGMENTS = 8, SPACING = 26, TAIL_SPACING = 7, LENGTH = 32, MARGIN = 3;
const TAIL_LENGTH = 16, TAIL_FIN = 52, CURVE_TIGHTNESS = 0.5;
const PROFILE = [36, 46, 50, 47, 40, 30, 20, 11];

// SplitMix64 exactly as SCENES.md, with BigInt arithmetic mod 2^64.
const MASK = (1n << 64n) - 1n;
let rngState = BigInt(SEED) & MASK;
function nextU64() {
  rngState = (rngState + 0x9E3779B97F4A7C15n) & MASK;
  let z = rngState;
  z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
  return z ^ (z >> 31n);
}
function uniform() { return Number(nextU64() >> 11n) * Math.pow(2, -53); }

let stars, pos, vel, topSpeed, joints;
const spacingOf = (i) => (i === SEGMENTS - 1 ? TAIL_SPACING : SPACING);

function setup() {
  pixelDensity(1);
  createCanvas(W, H);
  frameRate(30);
  stars = [];
  for (let i = 0; i < STARS; i++) {
    const x = uniform() * W;
    const y = uniform() * H;
    const d = 1 + uniform() * 3;
    stars.push({ x, y, ox: x, oy: y, d });
  }
  pos = createVector(W / 2, H / 2);
  vel = createVector(SPEED_X, SPEED_Y);
  topSpeed = vel.mag();
  const back = createVector(-vel.x / topSpeed, -vel.y / topSpeed);
  const ang0 = Math.atan2(back.y, back.x);
  joints = [];
  let ax = pos.x, ay = pos.y;
  for (let i = 0; i < SEGMENTS; i++) {
    ax += back.x * spacingOf(i); ay += back.y * spacingOf(i);
    joints.push({ x: ax, y: ay, angle: ang0 });
  }
}

function step() {
  let desired = null;
  if (pos.x < BOUNDARY) desired = createVector(topSpeed, vel.y);
  else if (pos.x > W - BOUNDARY) desired = createVector(-topSpeed, vel.y);
  if (pos.y < BOUNDARY) desired = createVector(vel.x, topSpeed);
  else if (pos.y > H - BOUNDARY) desired = createVector(vel.x, -topSpeed);
  if (desired !== null) {
    desired.setMag(topSpeed);
    const steer = p5.Vector.sub(desired, vel);
    steer.limit(MAX_FORCE);
    vel.add(steer);
    vel.limit(topSpeed);
  }
  pos.add(vel);
  let tx = pos.x, ty = pos.y;
  for (let i = 0; i < joints.length; i++) {
    const j = joints[i];
    const d = createVector(j.x - tx, j.y - ty);
    if (d.mag() > 0) {
      d.setMag(spacingOf(i));
      j.x = tx + d.x; j.y = ty + d.y;
      j.angle = Math.atan2(d.y, d.x);
    }
    tx = j.x; ty = j.y;
  }
  for (const s of stars) {
    const dx = pos.x - s.x, dy = pos.y - s.y;
    const dist = Math.sqrt(dx * dx + dy * dy);
    if (dist > 0 && dist < SHIELD_RADIUS) {
      s.x -= PUSH * dx / dist; s.y -= PUSH * dy / dist;
    } else if (dist >= SHIELD_RADIUS) {
      s.x += EASE * (s.ox - s.x); s.y += EASE * (s.oy - s.y);
    }
  }
}

function corners(j, L, a, b) {
  const ux = Math.cos(j.angle), uy = Math.sin(j.angle);
  const nx = -uy, ny = ux, m = MARGIN;
  const fx = j.x + m * ux, fy = j.y + m * uy;
  const bx = j.x - (L + m) * ux, by = j.y - (L + m) * uy;
  return [[fx + a / 2 * nx, fy + a / 2 * ny], [fx - a / 2 * nx, fy - a / 2 * ny],
    [bx - b / 2 * nx, by - b / 2 * ny], [bx + b / 2 * nx, by + b / 2 * ny]];
}

function shape(pts) {
  beginShape();
  for (const q of pts) curveVertex(q[0], q[1]);
  endShape(CLOSE);
}

function draw() {
  step();
  background(8, 18, 38);
  noStroke();
  fill(255, 255, 255, 220);
  for (const s of stars) circle(s.x, s.y, s.d);
  fill(255, 255, 255, 200);
  curveTightness(CURVE_TIGHTNESS);
  for (let i = 0; i < SEGMENTS - 1; i++) {
    const [c1, c2, c3, c4] = corners(joints[i], LENGTH, PROFILE[i + 1], PROFILE[i]);
    shape([c1, c2, c3, c4, c1, c2]);
  }
  const tail = joints[SEGMENTS - 1];
  const [c1, c2, c3] = corners(tail, TAIL_LENGTH, TAIL_FIN, 0);
  shape([c1, c2, c3, c1, c2]);
}
