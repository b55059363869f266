// p5.js 2's font.textToPaths(), textToContours() and textToPoints(): the
// glyphs' paths as Typr.js makes them (src/p5/typeset/typr.rs), each line placed
// where 2.x places it (its fontBounds() box, down by the font's ascent),
// and points spaced evenly along each contour by the arc-length table
// that 2.x's path library builds: every segment a cubic, its length from
// points 2 px apart, samples nudged four times towards equal spacing, a
// length found between the two samples around it. The arithmetic is done
// in the same order, so that the numbers are 2.x's.
(function (native, shared) {
  'use strict';
  const { api } = shared;
  const { own, Font } = shared.text;
  const SPACING = 2;
  // The most points one call makes (as src/js/text.rs bounds 1.x's).
  const MAX_POINTS = 250000;

  const range = (n) => Array.from({ length: n }, (_, i) => i);
  const hypot = (a, b) => Math.hypot(b.x - a.x, b.y - a.y);
  const same = (a, b) => a.x === b.x && a.y === b.y;
  // A unit vector, or the vector itself when it is about 0 long.
  function unit(x, y) {
    const h = Math.hypot(x, y);
    return Math.abs(h) > 1e-4 ? { x: x / h, y: y / h } : { x, y };
  }

  class Cubic {
    constructor(a, b, c, d) { Object.assign(this, { a, b, c, d }); this._length = undefined; }
    point(t) {
      t = Math.max(0, Math.min(1, t));
      const { a, b, c, d } = this;
      const at = (k) => Math.pow(1 - t, 3) * a[k] + 3 * Math.pow(1 - t, 2) * t * b[k] +
        3 * (1 - t) * Math.pow(t, 2) * c[k] + Math.pow(t, 3) * d[k];
      return { x: at('x'), y: at('y') };
    }
    // The direction at `t`; at an end whose control point sits on it, the
    // direction to the next point that differs.
    tangent(t) {
      t = Math.max(0, Math.min(1, t));
      const { a, b, c, d } = this;
      if (t === 0) return same(a, b) ? unit(c.x - a.x, c.y - a.y) : unit(b.x - a.x, b.y - a.y);
      if (t === 1) return same(d, c) ? unit(d.x - b.x, d.y - b.y) : unit(d.x - c.x, d.y - c.y);
      const s = 1 - t;
      const at = (k) => 3 * d[k] * Math.pow(t, 2) - 3 * c[k] * Math.pow(t, 2) + 6 * c[k] * s * t -
        6 * b[k] * s * t + 3 * b[k] * Math.pow(s, 2) - 3 * a[k] * Math.pow(s, 2);
      return unit(at('x'), at('y'));
    }
    length() {
      if (this._length !== undefined) return this._length;
      const { a, b, c, d } = this;
      if (same(a, b) && same(c, d)) {
        this._length = hypot(a, d);
      } else {
        const n = Math.max(10, Math.ceil((hypot(a, b) + hypot(b, c) + hypot(c, d)) / SPACING));
        const pts = range(n).map((i) => this.point(i / (n - 1)));
        let total = 0;
        for (let i = 1; i < n; i++) total += hypot(pts[i - 1], pts[i]);
        this._length = total;
      }
      return this._length;
    }
  }

  // One contour's commands ([type, ...coordinates]) as cubics: a line is a
  // cubic with its ends as control points, a quadratic raised to a cubic,
  // a close a line back to the start when it is not there.
  function cubicsOf(commands) {
    if (commands.length < 2 || commands[0][0] !== 'M') {
      throw new Error('font.textToPoints(): a contour must start with M and have two commands');
    }
    const cubics = [];
    let last, first;
    for (const [type, ...v] of commands) {
      const end = { x: v[v.length - 2], y: v[v.length - 1] };
      if (type === 'M') {
        first = last = end;
        continue;
      }
      if (type === 'L') {
        if (!same(end, last)) cubics.push(new Cubic(last, last, end, end));
      } else if (type === 'Q') {
        const q = { x: v[0], y: v[1] };
        cubics.push(new Cubic(last, { x: last.x + (2 / 3) * (q.x - last.x), y: last.y + (2 / 3) * (q.y - last.y) },
          { x: end.x + (2 / 3) * (q.x - end.x), y: end.y + (2 / 3) * (q.y - end.y) }, end));
      } else if (type === 'C') {
        cubics.push(new Cubic(last, { x: v[0], y: v[1] }, { x: v[2], y: v[3] }, end));
      } else {
        if (hypot(last, first) > 0) cubics.push(new Cubic(last, last, first, first));
        continue;
      }
      last = end;
    }
    return cubics;
  }

  // A contour's table of lengths: samples along each cubic, their
  // distances from the start.
  class Contour {
    constructor(cubics) {
      this.cubics = cubics;
      const lengths = cubics.map((c) => c.length());
      const offsets = [0];
      for (let i = 1; i < lengths.length; i++) offsets.push(offsets[i - 1] + lengths[i - 1]);
      this.total = offsets[offsets.length - 1] + lengths[lengths.length - 1];
      const counts = cubics.map((c) => Math.max(4, Math.ceil(c.length() / SPACING)));
      const count = counts.reduce((a, b) => a + b);
      const step = 1 / count / 10;
      const spacing = this.total / count;
      const s = [{ dist: 0, pt: cubics[0].a, tan: cubics[0].tangent(0), seg: 0, t: 0 }];
      cubics.forEach((cubic, seg) => {
        const n = counts[seg];
        const ts = range(n + 1).map((i) => i / n);
        const pts = ts.map((t) => cubic.point(t));
        let dists;
        for (let round = 0; round < 4; round++) {
          dists = range(n).map((i) => hypot(pts[i], pts[i + 1]));
          let drift = 0;
          for (let i = 1; i < n; i++) {
            drift += dists[i - 1] - spacing;
            ts[i] -= step * drift;
            pts[i] = cubic.point(ts[i]);
          }
        }
        let along = 0;
        for (let i = 1; i <= n; i++) {
          along += dists[i - 1];
          s.push({ dist: offsets[seg] + along, pt: pts[i], tan: cubic.tangent(ts[i]), seg, t: ts[i] });
        }
      });
      // Where a cubic starts, a sample at its start (two at a gap).
      for (let i = 1; i < s.length; i++) {
        const [prev, next] = [s[i - 1], s[i]];
        if (next.seg === prev.seg) continue;
        const start = next.dist - hypot(cubics[next.seg].a, next.pt);
        const opening = { dist: start, pt: cubics[next.seg].a, tan: cubics[next.seg].tangent(0), seg: next.seg, t: 0 };
        if (!same(cubics[prev.seg].d, cubics[next.seg].a)) {
          const closing = { dist: start - 1e-8, pt: cubics[prev.seg].d, tan: cubics[prev.seg].tangent(1), seg: prev.seg, t: 1 };
          opening.dist = start + 1e-8;
          s.splice(i, 0, closing, opening);
          i += 2;
        } else if (next.t !== 0) {
          s.splice(i, 0, opening);
          i++;
        }
      }
      this.samples = s;
    }
    // The sample nearest `dist` by halving, and its neighbour on the
    // other side of `dist`.
    around(dist) {
      const s = this.samples;
      let lo = 0, hi = s.length - 1;
      let found = -1;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        if (s[mid].dist > dist) hi = mid - 1;
        else if (s[mid].dist < dist) lo = mid + 1;
        else { found = mid; break; }
      }
      const a = found >= 0 ? found : Math.max(0, Math.min(s.length - 1, Math.floor((lo + hi) / 2)));
      const b = s[a].dist < dist ? Math.min(a + 1, s.length - 1) : Math.max(0, a - 1);
      return [s[a], s[b]];
    }
    pointAt(dist) {
      const s = this.samples;
      if (dist <= 0) return s[0].pt;
      if (dist >= this.total) return s[s.length - 1].pt;
      const [A, B] = this.around(dist);
      const mix = Math.abs(B.dist - A.dist) < 1e-6 ? 0 : (dist - A.dist) / (B.dist - A.dist);
      if (A.seg > B.seg) return { x: (1 - mix) * A.pt.x + mix * B.pt.x, y: (1 - mix) * A.pt.y + mix * B.pt.y };
      if (A.seg !== B.seg) {
        const span = 1 - A.t + B.t;
        const middle = span > 0 ? (1 - A.t) / span : 0.5;
        if (mix < middle) {
          const m = mix / middle;
          return this.cubics[A.seg].point((1 - m) * A.t + m);
        }
        return this.cubics[B.seg].point((mix - middle) / (1 - middle) * B.t);
      }
      return this.cubics[A.seg].point((1 - mix) * A.t + mix * B.t);
    }
    tangentAt(dist) {
      const s = this.samples;
      if (dist <= 0) return s[0].tan;
      if (dist >= this.total) return s[s.length - 1].tan;
      const [A, B] = this.around(dist);
      const mix = (dist - A.dist) / (B.dist - A.dist);
      if (A.seg > B.seg) {
        const x = (1 - mix) * A.tan.x + mix * B.tan.x;
        const y = (1 - mix) * A.tan.y + mix * B.tan.y;
        const h = Math.max(Math.hypot(x, y), 1e-4);
        return { x: x / h, y: y / h };
      }
      if (A.seg !== B.seg) {
        if (mix < 0.5) return this.cubics[A.seg].tangent((1 - 2 * mix) * A.t + 2 * mix);
        return this.cubics[B.seg].tangent(2 * (mix - 0.5) * B.t);
      }
      return this.cubics[A.seg].tangent((1 - mix) * A.t + mix * B.t);
    }
  }

  // 2.x's textToPoints options: the defaults written into the object
  // given (or used for a non-object).
  function sampling(options) {
    const defaults = { sampleFactor: 0.1, simplifyThreshold: 0 };
    if (typeof options !== 'object' || options === null) return defaults;
    for (const key in defaults) if (typeof options[key] === 'undefined') options[key] = defaults[key];
    return options;
  }
  // Whether b turns from a -> b -> c by less than `angle` (radians).
  function straight(a, b, c, angle) {
    if (!angle) return false;
    const [abx, aby, bcx, bcy] = [b.x - a.x, b.y - a.y, c.x - b.x, c.y - b.y];
    const dot = abx * bcx + aby * bcy;
    const turn = Math.acos(dot / (Math.sqrt(abx * abx + aby * aby) * Math.sqrt(bcx * bcx + bcy * bcy)));
    return turn < angle;
  }
  function simplify(pts, angle) {
    const at = (i) => pts[i < 0 ? i % pts.length + pts.length : i % pts.length];
    for (let i = pts.length - 1; pts.length > 3 && i >= 0; --i) {
      if (straight(at(i - 1), at(i), at(i + 1), angle)) pts.splice(i % pts.length, 1);
    }
  }

  // A contour's points: max(1, ceil(length * sampleFactor)), the first at
  // its start and the last at its end, each with the angle there (in the
  // sketch's angle mode; `alpha` too, as 1.x named it).
  function pointsOf(commands, opts, made) {
    const contour = new Contour(cubicsOf(commands));
    const n = Math.max(1, Math.ceil(contour.total * opts.sampleFactor));
    if (!(made + n <= MAX_POINTS)) {
      throw new Error(`font.textToPoints(): more than ${MAX_POINTS} points (sampleFactor ` +
        `${opts.sampleFactor}); whalegen makes at most ${MAX_POINTS} in one call`);
    }
    const degrees = api.angleMode() === 'degrees';
    const points = range(n).map((i) => {
      const dist = contour.total * (n === 1 ? 0 : i / (n - 1));
      const { x, y } = contour.pointAt(dist);
      const tan = contour.tangentAt(dist);
      const angle = Math.atan2(tan.y, tan.x);
      return { x, y, angle: degrees ? angle * 180 / Math.PI : angle, get alpha() { return this.angle; } };
    });
    if (opts.simplifyThreshold) simplify(points, opts.simplifyThreshold);
    return points;
  }

  const CODES = ['M', 'L', 'Q', 'C', 'Z'];
  const ARITY = [2, 2, 4, 6, 0];
  // 2.x's arguments after x and y: a width and height of a box, then the
  // options; whalegen places text at a point, and takes a width only when
  // no line needs it.
  function lines(font, str, x, y, width, height) {
    if (typeof width === 'object') return lines(font, str, x, y, undefined, undefined);
    if (typeof height === 'object') height = undefined;
    api.push();
    try {
      api.textFont(font);
      const T = own();
      const all = String(str).replace(/\t/g, '  ').split(/\r?\n|\r/);
      const boxed = width !== undefined || height !== undefined;
      if (boxed && (height !== undefined || all.length > 1 || api.textWidth(str) > width)) {
        throw new Error(`font.textToPaths(): whalegen places text at a point, not in a box ${width} wide` +
          ' (a width or height that wraps or cuts its lines)');
      }
      const box = api.fontBounds(str, x, y);
      const ascent = Math.round(T.size * font.font.ascender / font.font.unitsPerEm);
      const scale = T.size / font.font.unitsPerEm;
      const share = { center: 0.5, right: 1 }[T.align] || 0;
      return all.map((line, i) => ({
        line,
        x: box.x + (box.w - api.fontWidth(line)) * share,
        y: box.y + i * T.leading + ascent,
        scale,
      }));
    } finally {
      api.pop();
    }
  }
  Font.prototype.textToPaths = function (str, x, y, width, height) {
    const paths = [];
    for (const { line, x: lx, y: ly, scale } of lines(this, str, x, y, width, height)) {
      const flat = native.textPaths(this._id, line);
      for (let i = 0; i < flat.length;) {
        const code = flat[i++];
        const command = [CODES[code]];
        for (let k = 0; k < ARITY[code]; k += 2, i += 2) command.push(lx + flat[i] * scale, ly + flat[i + 1] * -scale);
        paths.push(command);
      }
    }
    return paths;
  };
  Font.prototype.textToContours = function (str, x = 0, y = 0, width, height, options) {
    if (typeof width === 'object') options = width;
    else if (typeof height === 'object') options = height;
    const contours = [];
    for (const command of this.textToPaths(str, x, y, width, height)) {
      if (command[0] === 'M') contours.push([]);
      contours[contours.length - 1].push(command);
    }
    const opts = sampling(options);
    let made = 0;
    return contours.map((c) => { const p = pointsOf(c, opts, made); made += p.length; return p; });
  };
  Font.prototype.textToPoints = function (...args) {
    return this.textToContours(...args).flat();
  };
})(__native, __whalegenPrelude);
