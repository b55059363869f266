// p5.js 2's shapes in 2D, run after v2.js for a p5.js 2 sketch. A shape
// is a list of contours, each a list of primitives (an anchor, then line,
// Bézier and spline segments; or points, lines, triangles, quads, fans
// and strips), drawn at endShape() as one path, filled once and stroked
// once in the current fill and stroke (2.x's 2D renderer draws no colour
// per vertex). Splines are Catmull-Rom curves turned into cubic Béziers,
// as p5.js 2.3.4 builds them; the path goes to the native `path`.
(function (native, shared) {
  'use strict';
  const { api, publish } = shared;

  const PATH = 0x0008;
  const INCLUDE = Symbol('include');
  const EXCLUDE = Symbol('exclude');
  const JOIN = Symbol('join');
  // The kinds 2.x's 2D renderer draws, and how many vertices make each of
  // their primitives (Infinity: one primitive takes them all).
  const KINDS = new Map([[PATH, 0], [0, 1], [1, 2], [4, 3], [5, Infinity], [6, Infinity],
    ['quads', 4], ['quad_strip', Infinity]]);
  const NAMES = new Map([[PATH, 'PATH'], [0, 'POINTS'], [1, 'LINES'], [4, 'TRIANGLES'],
    [5, 'TRIANGLE_STRIP'], [6, 'TRIANGLE_FAN'], ['quads', 'QUADS'], ['quad_strip', 'QUAD_STRIP']]);
  // The path's codes, as src/p5/raster/path.rs reads them.
  const [MOVE, LINE, QUAD, CUBIC, CLOSE] = [0, 1, 2, 3, 4];

  // Each surface's shape state, which push() saves as p5's renderer
  // states do: the Bézier order, the spline properties, and the shape
  // being built.
  function state() {
    const t = shared.surface();
    if (!t._shape2) {
      t._shape2 = { order: 3, ends: INCLUDE, tightness: 0, saved: [], shape: null };
    }
    return t._shape2;
  }
  const [push, pop] = [api.push, api.pop];
  api.push = function () {
    push();
    const s = state();
    s.saved.push([s.order, s.ends, s.tightness]);
  };
  api.pop = function () {
    pop();
    const s = state();
    const was = s.saved.pop();
    if (was) [s.order, s.ends, s.tightness] = was;
  };

  api.bezierOrder = function (order) {
    if (order === undefined) return state().order;
    state().order = order;
    return undefined;
  };
  api.splineProperty = function (name, value) {
    if (value === undefined) return state()[name];
    if (name === 'ends' || name === 'tightness') state()[name] = value;
    return undefined;
  };
  api.splineProperties = function (values) {
    const s = state();
    if (!values) return { ends: s.ends, tightness: s.tightness };
    for (const name in values) api.splineProperty(name, values[name]);
    return undefined;
  };
  api.splinePoint = (a, b, c, d, t) => shared.curveAt(a, b, c, d, t, state().tightness);
  api.splineTangent = (a, b, c, d, t) => shared.curveSlope(a, b, c, d, t, state().tightness);

  // ------------------------------------------------------------ building
  // The shape being built; endShape() keeps it, as 2.x does, until the
  // next beginShape().
  function current(name) {
    const s = state();
    if (!s.shape) throw new TypeError(name + '() before any beginShape()');
    return s.shape;
  }
  const contour = (kind) => ({ kind, prims: [] });
  api.beginShape = function (kind = PATH) {
    if (!KINDS.has(kind)) {
      throw new TypeError('beginShape(' + String(kind) + '): p5.js 2 draws PATH, POINTS, LINES, ' +
        'TRIANGLES, TRIANGLE_FAN, TRIANGLE_STRIP, QUADS and QUAD_STRIP shapes');
    }
    state().shape = { contours: [contour(kind)] };
  };
  api.beginContour = function (kind = PATH) {
    const { contours } = current('beginContour');
    const last = contours[contours.length - 1];
    if (last && last.kind === PATH && last.prims.length === 0) contours.pop();
    contours.push(contour(kind));
  };

  // A vertex of `type` ('line', 'bezier' or 'spline'), added as 2.x does:
  // the first of a path is its anchor; one that fits the last primitive
  // joins it, else it starts another.
  function add(type, x, y, name) {
    const { contours } = current(name);
    const c = contours[contours.length - 1];
    const v = [Number(x), Number(y)];
    let prim;
    if (c.kind === PATH && c.prims.length === 0) {
      prim = { type: 'anchor', size: 1 };
    } else if (c.kind === PATH) {
      const s = state();
      prim = type === 'bezier' ? { type, size: s.order, order: s.order }
        : type === 'spline' ? { type, size: Infinity, ends: s.ends, tightness: s.tightness }
          : { type, size: Infinity };
    } else if (type === 'line') {
      prim = { type: c.kind, size: KINDS.get(c.kind) };
    } else {
      throw new TypeError(name + '() is for PATH shapes, not ' + NAMES.get(c.kind) +
        ': use vertex()');
    }
    const last = c.prims[c.prims.length - 1];
    if (last && last.type === prim.type && last.v.length < last.size) {
      last.v.push(v);
    } else {
      prim.v = [v];
      c.prims.push(prim);
    }
  }
  api.vertex = function (x, y) { add('line', x, y, 'vertex'); };
  api.bezierVertex = function (x, y) { add('bezier', x, y, 'bezierVertex'); };
  api.splineVertex = function (x, y) { add('spline', x, y, 'splineVertex'); };

  // CLOSE on a path: a spline alone after its anchor loops back smoothly;
  // any other path gets a closing line to its anchor.
  function close(c, name) {
    const anchor = c && c.prims[0];
    if (!anchor) throw new TypeError(name + '(CLOSE): the shape has no vertices to close');
    if (c.kind !== PATH) return;
    const last = c.prims[c.prims.length - 1];
    if (last.type === 'spline' && c.prims.length === 2) {
      last.ends = JOIN;
    } else {
      c.prims.push({ type: 'close', size: 0, v: [anchor.v[0]] });
    }
  }
  api.endContour = function (mode) {
    const { contours } = current('endContour');
    if (mode === api.CLOSE) close(contours[contours.length - 1], 'endContour');
  };
  api.endShape = function (mode) {
    const shape = state().shape;
    if (!shape) return;
    if (mode === api.CLOSE) close(shape.contours[0], 'endShape');
    const path = [];
    for (const c of shape.contours) {
      c.prims.forEach((prim, i) => trace(path, prim, c.prims[i - 1]));
    }
    native.path(path);
  };
  api.vertexProperty = function () {
    throw new TypeError('vertexProperty() is for WEBGL shapes: p5.js 2 draws 2D shapes without it');
  };

  // ------------------------------------------------------------- drawing
  // Appends `prim` to `path`, as 2.x's PrimitiveToPath2DConverter.
  function trace(path, prim, before) {
    const v = prim.v;
    const n = v.length;
    const polygon = (...points) => {
      path.push(MOVE, ...v[points[0]]);
      for (const i of points.slice(1)) path.push(LINE, ...v[i]);
      path.push(CLOSE);
    };
    const incomplete = (what, k) => {
      if (n < k) {
        throw new TypeError('endShape(): ' + what + ' takes ' + k + ' vertices; the last has ' + n);
      }
    };
    switch (prim.type) {
      case 'anchor': path.push(MOVE, ...v[0]); break;
      case 'line': for (const p of v) path.push(LINE, ...p); break;
      case 'close': path.push(CLOSE); break;
      case 'bezier':
        if (prim.order === 2 || prim.order === 3) {
          incomplete('a Bézier of bezierOrder(' + prim.order + ') after its start', prim.order);
          path.push(prim.order === 2 ? QUAD : CUBIC, ...v.slice(0, prim.order).flat());
        }
        break;
      case 'spline': spline(path, prim, before); break;
      // A point is a line 0.00001 long, as 2.x strokes it.
      case 0: path.push(MOVE, ...v[0], LINE, v[0][0] + 0.00001, v[0][1]); break;
      case 1: incomplete('a line of LINES', 2); path.push(MOVE, ...v[0], LINE, ...v[1]); break;
      case 4: incomplete('a triangle of TRIANGLES', 3); polygon(0, 1, 2); break;
      case 'quads': incomplete('a quad of QUADS', 4); polygon(0, 1, 2, 3); break;
      case 6: for (let i = 1; i + 1 < n; i++) polygon(0, i, i + 1); break;
      case 5: for (let i = 0; i + 2 < n; i++) polygon(i, i + 1, i + 2); break;
      case 'quad_strip': for (let i = 0; i + 3 < n; i += 2) polygon(i, i + 1, i + 3, i + 2); break;
    }
  }

  // A spline segment: the points it steers by, then a cubic Bézier for
  // each four of them (Catmull-Rom at the segment's tightness). It starts
  // where the primitive before it ends (never a spline: splines merge).
  function spline(path, prim, before) {
    const v = prim.v;
    const start = before.v[before.v.length - 1];
    const afterSegment = before.type !== 'anchor';
    if (prim.ends === EXCLUDE && !afterSegment) path.push(MOVE, ...v[0]);
    const points = afterSegment ? [start, start, ...v] : [start, ...v];
    if (prim.ends === INCLUDE) {
      points.unshift(start);
      points.push(v[v.length - 1]);
    } else if (prim.ends === JOIN) {
      points.unshift(v[v.length - 1]);
      points.push(start, v[0]);
    }
    const s = 1 - prim.tightness;
    for (let i = 0; i + 3 < points.length; i++) {
      const [a, b, c, d] = points.slice(i, i + 4);
      const k = (j) => [b[j] + (c[j] - a[j]) * (s / 6), c[j] + (b[j] - d[j]) * (s / 6)];
      const [x1, x2] = k(0);
      const [y1, y2] = k(1);
      path.push(CUBIC, x1, y1, x2, y2, c[0], c[1]);
    }
  }

  api.bezier = function (...v) {
    api.beginShape();
    for (let i = 0; i < 8; i += 2) api.bezierVertex(v[i], v[i + 1]);
    api.endShape();
  };
  api.spline = function (...v) {
    if (v.length !== 8) return;
    api.beginShape();
    for (let i = 0; i < 8; i += 2) api.splineVertex(v[i], v[i + 1]);
    api.endShape();
  };

  Object.assign(api, { PATH, INCLUDE, EXCLUDE, JOIN });
  publish(['push', 'pop', 'bezierOrder', 'splineProperty', 'splineProperties', 'splinePoint',
    'splineTangent', 'beginShape', 'beginContour', 'vertex', 'bezierVertex', 'splineVertex',
    'endContour', 'endShape', 'vertexProperty', 'bezier', 'spline', 'PATH', 'INCLUDE', 'EXCLUDE',
    'JOIN']);
})(__native, __whalegenPrelude);
