// Independent p5.js 1.x implementation of docs/SCENES.md (whale, chain, tree).
// Loaded by page.html; driven by render.js through window.p5ref.
'use strict';

const DEFAULTS = {
  whale: {
    width: 800, height: 600, seed: 1, fps: 30,
    background: [8, 18, 38], stars: 220, star_color: [255, 255, 255, 220],
    shield_radius: 90, push: 2, ease: 0.05, speed_x: 2.4, speed_y: 1.6,
    boundary: 150, turn: 'steer', max_force: 0.05, segments: 8, spacing: 26,
    tail_spacing: 7, length: 32, margin: 3, tail_length: 16, tail_fin: 52,
    profile: [36, 46, 50, 47, 40, 30, 20, 11], body_color: [255, 255, 255, 200],
    curve_tightness: 0.5,
  },
  chain: {
    width: 670, height: 240, seed: 1, fps: 30, background: 255, segments: 12,
    head_ease: 0.1, spacing: 16, stiffness: 0.3, head_size: 30, taper: 2,
    wiggle: 0, wiggle_speed: 0.1, wiggle_phase: 0.6, path: 'keyframes',
    keyframes: [[0, 60, 60], [45, 610, 180], [75, 610, 180], [110, 335, 40],
      [140, 335, 40], [185, 60, 200], [215, 60, 200], [250, 60, 60]],
    period: 250, ax: 280, ay: 80, px: 200, py: 130,
  },
  tree: {
    width: 400, height: 400, seed: 1, fps: 30, background: 52,
    stroke: [255, 255, 255, 100], stroke_weight: 1, axiom: 'F',
    rules: { F: 'FF+[+F-F-F]-[-F+F+F]' }, angle: 25, length: 100,
    length_scale: 0.5, hold: 30, generations: 4,
  },
};

// SplitMix64 exactly as SCENES.md, with BigInt arithmetic mod 2^64.
const MASK = (1n << 64n) - 1n;
class SplitMix64 {
  constructor(seed) { this.state = BigInt(seed) & MASK; }
  next() {
    this.state = (this.state + 0x9E3779B97F4A7C15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
    return z ^ (z >> 31n);
  }
  uniform() { return Number(this.next() >> 11n) * Math.pow(2, -53); }
}

function colorArgs(c) { return Array.isArray(c) ? c : [c]; }

// ---------------------------------------------------------------- whale
function makeWhale(p, P) {
  const W = P.width, H = P.height;
  const rng = new SplitMix64(P.seed);
  const stars = [];
  for (let i = 0; i < P.stars; i++) {
    const x = rng.uniform() * W;
    const y = rng.uniform() * H;
    const d = 1 + rng.uniform() * 3;
    stars.push({ x, y, ox: x, oy: y, d });
  }
  const pos = p.createVector(W / 2, H / 2);
  const vel = p.createVector(P.speed_x, P.speed_y);
  const top = vel.mag();
  const back = top > 0 ? p.createVector(-vel.x / top, -vel.y / top) : p.createVector(-1, 0);
  const ang0 = Math.atan2(back.y, back.x);
  const spacingOf = (i) => (i === P.segments - 1 ? P.tail_spacing : P.spacing);
  const joints = [];
  let ax = pos.x, ay = pos.y;
  for (let i = 0; i < P.segments; i++) {
    ax += back.x * spacingOf(i); ay += back.y * spacingOf(i);
    joints.push({ x: ax, y: ay, angle: ang0 });
  }
  function step() {
    if (P.turn === 'steer') {
      let desired = null;
      if (pos.x < P.boundary) desired = p.createVector(top, vel.y);
      else if (pos.x > W - P.boundary) desired = p.createVector(-top, vel.y);
      if (pos.y < P.boundary) desired = p.createVector(vel.x, top);
      else if (pos.y > H - P.boundary) desired = p.createVector(vel.x, -top);
      if (desired !== null) {
        desired.setMag(top);
        const steer = p5.Vector.sub(desired, vel);
        steer.limit(P.max_force);
        vel.add(steer);
        vel.limit(top);
      }
      pos.add(vel);
    } else {
      pos.add(vel);
      if (pos.x < P.boundary || pos.x > W - P.boundary) vel.x = -vel.x;
      if (pos.y < P.boundary || pos.y > H - P.boundary) vel.y = -vel.y;
    }
    let tx = pos.x, ty = pos.y;
    for (let i = 0; i < joints.length; i++) {
      const j = joints[i];
      const d = p.createVector(j.x - tx, j.y - ty);
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
      if (dist > 0 && dist < P.shield_radius) {
        s.x -= P.push * dx / dist; s.y -= P.push * dy / dist;
      } else if (dist >= P.shield_radius) {
        s.x += P.ease * (s.ox - s.x); s.y += P.ease * (s.oy - s.y);
      }
    }
  }
  function corners(j, L, a, b) {
    const ux = Math.cos(j.angle), uy = Math.sin(j.angle);
    const nx = -uy, ny = ux, m = P.margin;
    const fx = j.x + m * ux, fy = j.y + m * uy;
    const bx = j.x - (L + m) * ux, by = j.y - (L + m) * uy;
    return [[fx + a / 2 * nx, fy + a / 2 * ny], [fx - a / 2 * nx, fy - a / 2 * ny],
      [bx - b / 2 * nx, by - b / 2 * ny], [bx + b / 2 * nx, by + b / 2 * ny]];
  }
  function shape(pts) {
    p.beginShape();
    for (const q of pts) p.curveVertex(q[0], q[1]);
    p.endShape(p.CLOSE);
  }
  function draw() {
    p.background(...colorArgs(P.background));
    p.noStroke();
    p.fill(...colorArgs(P.star_color));
    for (const s of stars) p.circle(s.x, s.y, s.d);
    p.fill(...colorArgs(P.body_color));
    p.curveTightness(P.curve_tightness);
    for (let i = 0; i < P.segments - 1; i++) {
      const [c1, c2, c3, c4] = corners(joints[i], P.length, P.profile[i + 1], P.profile[i]);
      shape([c1, c2, c3, c4, c1, c2]);
    }
    const tail = joints[P.segments - 1];
    const [c1, c2, c3] = corners(tail, P.tail_length, P.tail_fin, 0);
    shape([c1, c2, c3, c1, c2]);
  }
  function state() {
    return { head: [pos.x, pos.y], vel: [vel.x, vel.y],
      joints: joints.map((j) => [j.x, j.y, j.angle]),
      stars_first3: stars.slice(0, 3).map((s) => [s.x, s.y, s.d]) };
  }
  return { step, draw, state };
}

// ---------------------------------------------------------------- chain
function makeChain(p, P) {
  const xs = [], ys = [];
  for (let i = 0; i < P.segments; i++) { xs.push(P.width / 2); ys.push(P.height / 2); }
  let pointer = [0, 0];
  function pointerAt(f) {
    if (P.path === 'lissajous') {
      return [P.width / 2 + P.ax * Math.sin(2 * Math.PI * f / P.px),
        P.height / 2 + P.ay * Math.sin(2 * Math.PI * f / P.py)];
    }
    const K = P.keyframes;
    const t = f % P.period;
    if (t <= K[0][0]) return [K[0][1], K[0][2]];
    for (let k = 0; k + 1 < K.length; k++) {
      const [f0, x0, y0] = K[k], [f1, x1, y1] = K[k + 1];
      if (f0 <= t && t < f1) {
        const s = (t - f0) / (f1 - f0);
        return [x0 + (x1 - x0) * s, y0 + (y1 - y0) * s];
      }
    }
    const last = K[K.length - 1];
    return [last[1], last[2]];
  }
  // Chain: the sketch's draw() both moves and draws, interleaved.
  function frame(f) {
    p.background(...colorArgs(P.background));
    pointer = pointerAt(f);
    xs[0] = p.lerp(xs[0], pointer[0], P.head_ease);
    ys[0] = p.lerp(ys[0], pointer[1], P.head_ease);
    for (let i = P.segments - 1; i >= 1; i--) {
      const a = Math.atan2(ys[i] - ys[i - 1], xs[i] - xs[i - 1]) +
        P.wiggle * Math.sin(p.frameCount * P.wiggle_speed - i * P.wiggle_phase);
      xs[i] = p.lerp(xs[i], xs[i - 1] + Math.cos(a) * P.spacing, P.stiffness);
      ys[i] = p.lerp(ys[i], ys[i - 1] + Math.sin(a) * P.spacing, P.stiffness);
      p.circle(xs[i], ys[i], P.head_size - i * P.taper);
    }
    p.circle(xs[0], ys[0], P.head_size);
  }
  function state() { return { pointer, xy: xs.map((x, i) => [x, ys[i]]) }; }
  return { frame, state };
}

// ---------------------------------------------------------------- tree
function makeTree(p, P) {
  const cache = [P.axiom];
  function generation(g) {
    while (cache.length <= g) {
      const prev = cache[cache.length - 1];
      let out = '';
      for (const ch of prev) out += (Object.prototype.hasOwnProperty.call(P.rules, ch) ? P.rules[ch] : ch);
      cache.push(out);
    }
    return cache[g];
  }
  let shown = 0;
  function frame(f, needed) {
    shown = Math.min(Math.floor(f / P.hold), P.generations);
    // The tree has no state: skip drawing frames nobody reads, unless a
    // translucent background makes each frame paint over the previous one.
    const bg = colorArgs(P.background);
    const opaque = bg.length === 1 || bg.length === 3;
    if (!needed && opaque) return;
    p.background(...colorArgs(P.background));
    p.stroke(...colorArgs(P.stroke));
    p.strokeWeight(P.stroke_weight);
    const sentence = generation(shown);
    const len = P.length * Math.pow(P.length_scale, shown);
    const angle = p.radians(P.angle);
    p.resetMatrix();
    p.translate(P.width / 2, P.height);
    for (const ch of sentence) {
      if (ch === 'F') { p.line(0, 0, 0, -len); p.translate(0, -len); }
      else if (ch === '+') p.rotate(angle);
      else if (ch === '-') p.rotate(-angle);
      else if (ch === '[') p.push();
      else if (ch === ']') p.pop();
    }
  }
  function state() { return { generation: shown, symbols: generation(shown).length }; }
  return { frame, state };
}

// ---------------------------------------------------------------- driver
window.p5ref = {
  defaults: DEFAULTS,
  // Runs `frames` frames of `scene` with `set` over the defaults; returns
  // {frame: {png: dataURL, state}} for the frames in `only` (no png, only
  // the time taken, with `via` 'timing').
  run(scene, set, frames, only, via) {
    const P = Object.assign(JSON.parse(JSON.stringify(DEFAULTS[scene])), set);
    const wanted = new Set(only);
    const out = {};
    return new Promise((resolve, reject) => {
      new p5((p) => {
        let model = null;
        p.setup = () => {
          p.pixelDensity(1);
          const c = p.createCanvas(P.width, P.height);
          p.noLoop();
          p.angleMode(p.RADIANS);
          if (scene === 'whale') model = makeWhale(p, P);
          if (scene === 'chain') model = makeChain(p, P);
          if (scene === 'tree') model = makeTree(p, P);
          // redraw() does nothing before setup() has returned, and p5 calls
          // draw() once by itself after setup(): define draw() only later.
          setTimeout(() => { try {
            let f = 0;
            // With `via` 'timing': the seconds spent drawing the frames and
            // reading them back (the canvas rasterizes what was drawn there),
            // and no pixels kept.
            let drawn = 0;
            p.draw = () => {
              if (scene === 'whale') { model.step(); model.draw(); }
              else if (scene === 'chain') model.frame(f);
              else model.frame(f, wanted.has(f));
            };
            for (f = 0; f < frames; f++) {
              const start = performance.now();
              p.redraw();
              if (p.frameCount !== f + 1) throw new Error('frameCount ' + p.frameCount + ' at frame ' + f);
              if (wanted.has(f)) {
                out[f] = { state: model.state() };
                if (via === 'timing') {
                  p.drawingContext.getImageData(0, 0, P.width, P.height);
                  drawn += performance.now() - start;
                } else if (via === 'imagedata') {
                  // getImageData: straight RGBA as Chromium unpremultiplies it
                  // for scripts (what /work/shared/reference used).
                  const d = p.drawingContext.getImageData(0, 0, P.width, P.height).data;
                  let bin = '';
                  for (let k = 0; k < d.length; k += 0x8000) {
                    bin += String.fromCharCode.apply(null, d.subarray(k, k + 0x8000));
                  }
                  out[f].rgba = btoa(bin);
                } else {
                  out[f].png = c.elt.toDataURL('image/png');
                }
              }
            }
            resolve({ params: P, frames: out, drawn_s: drawn / 1000 });
          } catch (e) { reject(String(e && e.stack || e)); } }, 0);
        };
      }, document.getElementById('holder'));
    });
  },
};
