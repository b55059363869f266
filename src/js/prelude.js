// whalegen's p5.js 1.x API, written for whalegen over its native drawing
// layer (`__native`, bound in src/js/bind.rs). It runs before the sketch.
// Argument handling, modes and p5.Vector live here; drawing, colours,
// random numbers and noise are native. Global mode copies `api` onto the
// global object; `new p5(fn)` gives the sketch an object that reads it.
(function (native) {
  'use strict';
  const G = globalThis;
  const api = {};
  // The p5.js major the sketch was written for (engine.rs sets it).
  const MAJOR = G.__whalegenP5;
  delete G.__whalegenP5;
  // What the sketch reads and what whalegen changes each frame.
  const S = {
    width: 100, height: 100, frameCount: 0, deltaTime: 0, millis: 0,
    fps: 60, looping: true, redraws: 0, angleMode: 'radians', setupDone: false, inDraw: false,
    mouseX: 0, mouseY: 0, pmouseX: 0, pmouseY: 0, mouseIsPressed: false,
    // 1's is 0 until the first press; 2's an object of the buttons held.
    mouseButton: MAJOR === 1 ? 0 : { left: false, right: false, center: false },
    instance: null, params: {}, pixels: [], version: MAJOR,
    // What setup() or draw() returned, while it is a promise still
    // waiting ('waiting'), or the reason it was rejected.
    outcome: null,
    // The canvas sits at the window's corner: the window's mouse is the
    // canvas's. movedX is the move since the last draw().
    winMouseX: 0, winMouseY: 0, pwinMouseX: 0, pwinMouseY: 0, movedX: 0, movedY: 0,
  };

  // ---------------------------------------------------------- constants
  const PI = Math.PI;
  const DEG_TO_RAD = PI / 180;
  const RAD_TO_DEG = 180 / PI;
  const constants = {
    PI, HALF_PI: PI / 2, QUARTER_PI: PI / 4, TWO_PI: PI * 2, TAU: PI * 2,
    DEG_TO_RAD, RAD_TO_DEG, DEGREES: 'degrees', RADIANS: 'radians',
    CORNER: 'corner', CORNERS: 'corners', CENTER: 'center', RADIUS: 'radius',
    OPEN: 'open', CHORD: 'chord', PIE: 'pie', CLOSE: 'close',
    POINTS: 0x0000, LINES: 0x0001, LINE_STRIP: 0x0003, LINE_LOOP: 0x0002,
    TRIANGLES: 0x0004, TRIANGLE_FAN: 0x0006, TRIANGLE_STRIP: 0x0005,
    QUADS: 'quads', QUAD_STRIP: 'quad_strip', TESS: 'tess',
    ROUND: 'round', SQUARE: 'butt', PROJECT: 'square', MITER: 'miter',
    BEVEL: 'bevel', RGB: 'rgb', HSB: 'hsb', HSL: 'hsl',
    P2D: 'p2d', WEBGL: 'webgl', WEBGL2: 'webgl2',
    LEFT: 'left', RIGHT: 'right', TOP: 'top', BOTTOM: 'bottom',
    BASELINE: 'alphabetic', NORMAL: 'normal', ITALIC: 'italic', BOLD: 'bold',
    BLEND: 'source-over', ARROW: 'default', HAND: 'pointer', CROSS: 'crosshair',
    MOVE: 'move', TEXT: 'text', WAIT: 'wait',
    UP_ARROW: 38, DOWN_ARROW: 40, LEFT_ARROW: 37, RIGHT_ARROW: 39,
    BACKSPACE: 8, DELETE: 46, ENTER: 13, RETURN: 13, TAB: 9, ESCAPE: 27,
    SHIFT: 16, CONTROL: 17, OPTION: 18, ALT: 18,
    AUTO: 'auto', VIDEO: 'video', AUDIO: 'audio',
    // The p5.js whose semantics whalegen follows.
    VERSION: '1.11.13',
  };
  Object.assign(api, constants);

  const toRad = (a) => (S.angleMode === 'degrees' ? a * DEG_TO_RAD : a);
  const fromRad = (a) => (S.angleMode === 'degrees' ? a * RAD_TO_DEG : a);

  // ------------------------------------------------------------ structure
  api.createCanvas = function (w, h, renderer) {
    if (renderer === 'webgl' || renderer === 'webgl2') {
      unsupported('createCanvas(..., WEBGL)', '3D (WEBGL) is not drawn by whalegen: use the 2D renderer');
    }
    native.createCanvas(w, h);
    // p5 sizes the canvas afresh, which resets its context, and applies
    // its defaults (src/p5/state/style.rs, canvas_defaults).
    native.canvasDefaults();
    S.width = Math.floor(w); S.height = Math.floor(h);
    sync();
    return inert();
  };
  api.resizeCanvas = function (w, h) {
    native.createCanvas(w, h);
    // p5 restores the context's state but its transform.
    native.resetMatrix();
    S.width = Math.floor(w); S.height = Math.floor(h);
    sync();
  };
  api.noCanvas = function () {};
  api.pixelDensity = function () { return native.density(); };

  // ------------------------------------------------------------- pixels
  // pixels[] holds the canvas's bytes as the last loadPixels() read them
  // (straight RGBA, rows from the top, pixelDensity() squared per unit);
  // set() writes into it and updatePixels() puts it back, as p5's do.
  const pixelsLoaded = () => S.pixels instanceof Uint8ClampedArray;
  api.loadPixels = function () {
    S.pixels = native.loadPixels();
    sync();
  };
  api.updatePixels = function (x, y, w, h) {
    if (!pixelsLoaded()) return;
    if (x === undefined && y === undefined && w === undefined && h === undefined) {
      x = 0; y = 0; w = S.width; h = S.height;
    }
    const d = native.density();
    native.updatePixels(S.pixels, x * d, y * d, w * d, h * d);
  };
  // get(x, y); image.js adds get() and get(x, y, w, h), which give images.
  api.get = function (x, y) {
    const d = native.density();
    return native.getPixel(x * d, y * d);
  };
  api.set = function (x, y, c) {
    x = Math.floor(x); y = Math.floor(y);
    if (!pixelsLoaded()) api.loadPixels();
    const d = native.density();
    const across = S.width * d;
    const first = 4 * (y * d * across + x * d);
    let rgba = [0, 0, 0, 0];
    if (typeof c === 'number') {
      if (first < S.pixels.length) rgba = [c, c, c, 255];
    } else if (Array.isArray(c)) {
      if (c.length < 4) throw new Error('pixel array must be of the form [R, G, B, A]');
      if (first < S.pixels.length) rgba = c.slice(0, 4);
    } else if (c instanceof Color) {
      if (first < S.pixels.length) rgba = c.levels;
    }
    for (let i = 0; i < d; i++) {
      for (let j = 0; j < d; j++) {
        const at = 4 * ((y * d + j) * across + (x * d + i));
        for (let k = 0; k < 4; k++) S.pixels[at + k] = rgba[k];
      }
    }
  };
  api.displayDensity = function () { return 1; };
  api.frameRate = function (f) {
    if (f === undefined) return S.frameCount === 0 ? 0 : S.fps;
    if (typeof f === 'number' && f > 0) native.frameRate(f);
    return undefined;
  };
  api.getTargetFrameRate = function () { return S.fps; };
  api.noLoop = function () { S.looping = false; native.noLoop(); };
  api.loop = function () { S.looping = true; native.loop(); };
  api.isLooping = function () { return S.looping; };
  // p5 ignores redraw() until setup() is done, and inside draw().
  api.redraw = function (n) {
    if (!S.setupDone || S.inDraw) return;
    const count = parseInt(n, 10);
    S.redraws += count >= 1 ? count : 1;
  };
  api.millis = function () { return S.millis; };
  api.second = () => Math.floor(S.millis / 1000) % 60;
  api.minute = () => Math.floor(S.millis / 60000) % 60;
  api.hour = () => Math.floor(S.millis / 3600000) % 24;
  api.day = () => 1;
  api.month = () => 1;
  api.year = () => 1970;
  api.getURLParams = function () { return Object.assign({}, S.params); };
  api.print = function (...args) { native.print(args.map(show).join(' ')); };
  api.describe = api.describeElement = api.textOutput = api.gridOutput = function () {};
  api.cursor = api.noCursor = api.fullscreen = function () {};
  api.windowResized = undefined;

  // ---------------------------------------------------------------- style
  api.background = function (...args) { native.background(...colorArgs(args)); };
  api.clear = function () { native.clear(); };
  api.fill = function (...args) { native.fill(...colorArgs(args)); };
  api.noFill = function () { native.noFill(); };
  api.stroke = function (...args) { native.stroke(...colorArgs(args)); };
  api.noStroke = function () { native.noStroke(); };
  api.strokeWeight = function (w) { native.strokeWeight(w); };
  api.strokeCap = function (cap) { native.strokeCap(String(cap)); };
  api.strokeJoin = function (join) { native.strokeJoin(String(join)); };
  api.rectMode = function (m) { native.rectMode(String(m)); };
  api.ellipseMode = function (m) { native.ellipseMode(String(m)); };
  api.angleMode = function (m) {
    if (m === undefined) return S.angleMode;
    if (m === 'degrees' || m === 'radians') S.angleMode = m;
    return undefined;
  };
  // p5 ignores a mode that is not RGB, HSB or HSL, and its maxes with it.
  api.colorMode = function (mode, ...maxes) {
    if (mode === 'rgb' || mode === 'hsb' || mode === 'hsl') native.colorMode(mode, ...maxes);
  };
  // The tightness is each surface's own, as on p5's renderers (push()
  // does not save it): kept on the surface for curvePoint().
  api.curveTightness = function (t) {
    shared.surface()._curveTightness = t;
    native.curveTightness(t);
  };
  api.bezierDetail = api.curveDetail = function () {};
  api.push = function () { native.push(); };
  api.pop = function () { native.pop(); };
  // Each surface gathers its own clip, with p5's errors for one begun
  // twice or ended unbegun; pop() undoes a clip made since its push().
  api.beginClip = function (options) {
    const t = shared.surface();
    if (t._clipping) {
      throw new Error("It looks like you're trying to clip while already in the middle of clipping. Did you forget to endClip()?");
    }
    t._clipping = true;
    native.beginClip(Boolean(options && options.invert));
  };
  api.endClip = function () {
    const t = shared.surface();
    if (!t._clipping) {
      throw new Error("It looks like you've called endClip() without beginClip(). Did you forget to call beginClip() first?");
    }
    t._clipping = false;
    native.endClip();
  };
  api.clip = function (callback, options) {
    api.beginClip(options);
    callback();
    api.endClip();
  };

  // ------------------------------------------------------------ transform
  api.translate = function (x, y) {
    if (x instanceof Vector) { y = x.y; x = x.x; }
    native.translate(x, y || 0);
  };
  api.rotate = function (a) { native.rotate(toRad(a)); };
  api.scale = function (x, y) {
    if (typeof x === 'object' && x !== null) { y = x.y === undefined ? x[1] : x.y; x = x.x === undefined ? x[0] : x.x; }
    native.scale(x, y === undefined ? x : y);
  };
  api.shearX = function (a) { native.shearX(toRad(a)); };
  api.shearY = function (a) { native.shearY(toRad(a)); };
  api.applyMatrix = function (...m) {
    if (Array.isArray(m[0])) m = m[0];
    if (m.length !== 6) unsupported('applyMatrix with ' + m.length + ' values', 'the 2D form takes 6 values (a, b, c, d, e, f)');
    native.applyMatrix(m[0], m[1], m[2], m[3], m[4], m[5]);
  };
  api.resetMatrix = function () { native.resetMatrix(); };

  // --------------------------------------------------------------- shapes
  api.point = function (x, y) {
    if (typeof x === 'object' && x !== null) { y = x.y; x = x.x; }
    native.point(x, y);
  };
  api.line = function (x1, y1, x2, y2) { native.line(x1, y1, x2, y2); };
  api.rect = function (x, y, w, h, tl, tr, br, bl) {
    if (h === undefined) h = w;
    tl = tl || 0;
    if (tr === undefined) { tr = tl; br = tl; bl = tl; } else { br = br || 0; bl = bl || 0; }
    native.rect(x, y, w, h, tl, tr || 0, br, bl);
  };
  api.square = function (x, y, s, tl, tr, br, bl) { api.rect(x, y, s, s, tl, tr, br, bl); };
  api.ellipse = function (x, y, w, h) { native.ellipse(x, y, w, h === undefined ? w : h); };
  api.circle = function (x, y, d) { native.circle(x, y, d); };
  api.arc = function (x, y, w, h, start, stop, mode) {
    native.arc(mode === undefined ? 'default' : String(mode), x, y, w, h, toRad(start), toRad(stop));
  };
  api.triangle = function (x1, y1, x2, y2, x3, y3) { native.triangle(x1, y1, x2, y2, x3, y3); };
  api.quad = function (x1, y1, x2, y2, x3, y3, x4, y4) { native.quad(x1, y1, x2, y2, x3, y3, x4, y4); };
  api.beginShape = function (kind) { native.beginShape(kind === undefined ? 'polygon' : String(kind)); };
  api.vertex = function (x, y) { native.vertex(x, y); };
  api.curveVertex = function (x, y) { native.curveVertex(x, y); };
  api.bezierVertex = function (...v) {
    if (v.length !== 6) unsupported('bezierVertex with ' + v.length + ' values', 'the 2D form takes 6 (x2, y2, x3, y3, x4, y4)');
    native.bezierVertex(...v);
  };
  api.quadraticVertex = function (...v) {
    if (v.length !== 4) unsupported('quadraticVertex with ' + v.length + ' values', 'the 2D form takes 4 (cx, cy, x3, y3)');
    native.quadraticVertex(...v);
  };
  api.beginContour = function () { native.beginContour(); };
  api.endContour = function () { native.endContour(); };
  api.endShape = function (mode) { native.endShape(mode === 'close'); };
  api.bezier = function (...v) {
    if (v.length !== 8) unsupported('bezier with ' + v.length + ' values', 'the 2D form takes 8');
    native.bezier(...v);
  };
  api.curve = function (...v) {
    if (v.length !== 8) unsupported('curve with ' + v.length + ' values', 'the 2D form takes 8');
    native.curve(...v);
  };
  api.bezierPoint = function (a, b, c, d, t) {
    const adjustedT = 1 - t;
    return Math.pow(adjustedT, 3) * a + 3 * Math.pow(adjustedT, 2) * t * b +
      3 * adjustedT * Math.pow(t, 2) * c + Math.pow(t, 3) * d;
  };
  api.bezierTangent = function (a, b, c, d, t) {
    // The squares first, as p5's Math.pow(t, 2): the same rounding.
    const [u, t2] = [1 - t, t * t];
    const u2 = u * u;
    return 3 * d * t2 - 3 * c * t2 + 6 * c * u * t - 6 * b * u * t + 3 * b * u2 - 3 * a * u2;
  };
  // A point of curve(a, b, c, d) at t, and its slope there: the
  // Catmull-Rom basis at tightness s (0 is Catmull-Rom). p5.js 2's
  // splinePoint() and splineTangent() are the same sums.
  const curveBasis = (a, b, c, d, [w1, w2, w3, w4]) => a * w1 + b * w2 + c * w3 + d * w4;
  const curveAt = (a, b, c, d, t, s) => {
    const [t3, t2] = [t * t * t, t * t];
    return curveBasis(a, b, c, d, [
      ((s - 1) / 2) * t3 + (1 - s) * t2 + ((s - 1) / 2) * t,
      ((s + 3) / 2) * t3 + ((-5 - s) / 2) * t2 + 1,
      ((-3 - s) / 2) * t3 + (s + 2) * t2 + ((1 - s) / 2) * t,
      ((1 - s) / 2) * t3 + ((s - 1) / 2) * t2,
    ]);
  };
  const curveSlope = (a, b, c, d, t, s) => {
    const [tt3, t2] = [t * t * 3, t * 2];
    return curveBasis(a, b, c, d, [
      ((s - 1) / 2) * tt3 + (1 - s) * t2 + (s - 1) / 2,
      ((s + 3) / 2) * tt3 + ((-5 - s) / 2) * t2,
      ((-3 - s) / 2) * tt3 + (s + 2) * t2 + (1 - s) / 2,
      ((1 - s) / 2) * tt3 + ((s - 1) / 2) * t2,
    ]);
  };
  const tightness = () => shared.surface()._curveTightness || 0;
  api.curvePoint = (a, b, c, d, t) => curveAt(a, b, c, d, t, tightness());
  api.curveTangent = (a, b, c, d, t) => curveSlope(a, b, c, d, t, tightness());

  // --------------------------------------------------------------- colour
  // A p5.Color: `_array` is RGBA in 0..1, `levels` the 8-bit channels.
  class Color {
    constructor(v) {
      const array = v.slice(0, 4);
      this._array = array;
      this._mode = v[4];
      this.levels = array.map((v) => Math.round(v * 255));
    }
    toString() { return native.colorString('#', ...this._array, this._mode); }
    setRed(v) { this._set(0, v); }
    setGreen(v) { this._set(1, v); }
    setBlue(v) { this._set(2, v); }
    setAlpha(v) { this._set(3, v); }
    _set(i, v) {
      this._array[i] = v / native.rgbMax(i);
      this.levels[i] = Math.round(this._array[i] * 255);
    }
  }
  // Colour arguments as the native layer takes them: numbers, a string, or
  // a colour's channels (`['#', r, g, b, a]` in 0..1).
  function colorArgs(args) {
    const a = args[0];
    if (a instanceof Color) return ['#', ...a._array, a._mode];
    if (Array.isArray(a)) return a;
    return args;
  }
  api.color = function (...args) {
    if (args[0] instanceof Color) return new Color([...args[0]._array, args[0]._mode]);
    return new Color(native.color(...colorArgs(args)));
  };
  const getter = (name) => function (...c) { return native.channel(name, ...colorArgs(c)); };
  for (const name of ['red', 'green', 'blue', 'alpha', 'hue', 'saturation', 'brightness', 'lightness']) {
    api[name] = getter(name);
  }
  api.lerpColor = function (c1, c2, t) {
    return new Color(native.lerpColor(t, ...colorArgs([c1]), ...colorArgs([c2])));
  };
  // paletteLerp([[colour, stop], ...], amt): the colour at amt between
  // the stops about it (stops in rising order), the end colours past them.
  api.paletteLerp = function (stops, amt) {
    if (amt < stops[0][1]) return api.color(stops[0][0]);
    for (let i = 1; i < stops.length; i++) {
      const [[c0, at0], [c1, at1]] = [stops[i - 1], stops[i]];
      if (amt < at1) return api.lerpColor(api.color(c0), api.color(c1), (amt - at0) / (at1 - at0));
    }
    return api.color(stops[stops.length - 1][0]);
  };

  // ----------------------------------------------------------------- maths
  api.abs = Math.abs; api.ceil = Math.ceil; api.floor = Math.floor;
  api.exp = (x) => Math.exp(x); api.log = (x) => Math.log(x);
  api.sqrt = Math.sqrt; api.pow = (a, b) => Math.pow(a, b);
  api.sq = (n) => n * n;
  api.constrain = (n, low, high) => Math.max(Math.min(n, high), low);
  api.dist = function (...a) {
    return a.length === 4 ? Math.hypot(a[2] - a[0], a[3] - a[1]) : Math.hypot(a[3] - a[0], a[4] - a[1], a[5] - a[2]);
  };
  api.mag = (x, y) => Math.hypot(x, y);
  api.lerp = (start, stop, amt) => amt * (stop - start) + start;
  api.map = function (n, start1, stop1, start2, stop2, within) {
    const v = (n - start1) / (stop1 - start1) * (stop2 - start2) + start2;
    if (!within) return v;
    return start2 < stop2 ? api.constrain(v, start2, stop2) : api.constrain(v, stop2, start2);
  };
  api.norm = (n, start, stop) => api.map(n, start, stop, 0, 1);
  api.min = (...a) => (Array.isArray(a[0]) ? Math.min(...a[0]) : Math.min(...a));
  api.max = (...a) => (Array.isArray(a[0]) ? Math.max(...a[0]) : Math.max(...a));
  api.round = function (n, decimals) {
    if (!decimals) return Math.round(n);
    const m = Math.pow(10, decimals);
    return Math.round(n * m) / m;
  };
  api.fract = (x) => x - Math.floor(x);
  api.sin = (a) => Math.sin(toRad(a));
  api.cos = (a) => Math.cos(toRad(a));
  api.tan = (a) => Math.tan(toRad(a));
  api.asin = (x) => fromRad(Math.asin(x));
  api.acos = (x) => fromRad(Math.acos(x));
  api.atan = (x) => fromRad(Math.atan(x));
  api.atan2 = (y, x) => fromRad(Math.atan2(y, x));
  api.degrees = (a) => a * RAD_TO_DEG;
  api.radians = (a) => a * DEG_TO_RAD;

  // ---------------------------------------------------- random and noise
  api.random = function (min, max) {
    if (min === undefined) return native.random();
    if (max === undefined) {
      if (Array.isArray(min)) return min[native.randomIndex(min.length)];
      return native.randomMax(min);
    }
    return native.randomRange(min, max);
  };
  api.randomSeed = function (seed) { native.randomSeed(seed); };
  api.randomGaussian = function (mean, sd) { return native.randomGaussian(mean, sd === undefined ? 1 : sd); };
  api.shuffle = function (arr, modify) {
    const order = native.shuffle(arr.length);
    const shuffled = order.map((i) => arr[i]);
    if (!modify && !ArrayBuffer.isView(arr)) return shuffled;
    for (let i = 0; i < shuffled.length; i++) arr[i] = shuffled[i];
    return arr;
  };
  api.noise = function (x, y, z) { return native.noise(x, y || 0, z || 0); };
  api.noiseSeed = function (seed) { native.noiseSeed(seed); };
  api.noiseDetail = function (lod, falloff) { native.noiseDetail(lod, falloff); };

  // ---------------------------------------------------------------- data
  api.int = function (n) {
    if (Array.isArray(n)) return n.map(api.int);
    if (typeof n === 'string') return n === 'Infinity' ? Infinity : n === '-Infinity' ? -Infinity : parseInt(n, 10);
    if (typeof n === 'boolean') return n ? 1 : 0;
    if (typeof n === 'number') return n | 0;
    return NaN;
  };
  api.float = (s) => (Array.isArray(s) ? s.map(parseFloat) : parseFloat(s));
  api.str = (n) => (Array.isArray(n) ? n.map(String) : String(n));
  api.boolean = (n) => (typeof n === 'string' ? n.toLowerCase() === 'true' : !!n);
  api.append = (a, v) => { a.push(v); return a; };
  api.concat = (a, b) => a.concat(b);
  api.reverse = (a) => a.reverse();
  api.sort = (a, count) => { const s = a.slice(0, count === undefined ? a.length : count).sort(); return s.concat(a.slice(s.length)); };
  api.subset = (a, start, count) => a.slice(start, count === undefined ? a.length : start + count);
  api.splice = (a, v, i) => { a.splice(i, 0, ...(Array.isArray(v) ? v : [v])); return a; };
  api.arrayCopy = function (src, a, b, c, d) {
    if (b === undefined) { b = a; a = 0; c = 0; d = src.length; } else if (d === undefined) { d = b; b = a; a = 0; c = 0; }
    for (let i = 0; i < d; i++) b[c + i] = src[a + i];
  };
  api.join = (a, sep) => a.join(sep);
  api.split = (s, sep) => s.split(sep);
  api.splitTokens = (s, d) => s.split(new RegExp('[' + (d === undefined ? ' \\t\\n\\r\\f' : d.replace(/[\]\\^-]/g, '\\$&')) + ']+')).filter((t) => t !== '');
  api.trim = (s) => (Array.isArray(s) ? s.map((x) => x.trim()) : s.trim());
  api.match = (s, re) => s.match(re);
  api.matchAll = (s, re) => [...s.matchAll(new RegExp(re, 'g'))];
  api.char = (n) => String.fromCharCode(n);
  api.unchar = (s) => s.charCodeAt(0);
  api.hex = (n, digits) => {
    digits = digits === undefined ? 8 : digits;
    const h = (n < 0 ? 0xffffffff + n + 1 : n).toString(16).toUpperCase();
    return h.length >= digits ? h.slice(h.length - digits) : '0'.repeat(digits - h.length) + h;
  };
  api.unhex = (s) => parseInt('0x' + s, 16);
  function padNumber(num, left, right) {
    const neg = num < 0;
    let s = Math.abs(num).toString();
    let [whole, decimals] = s.split('.');
    if (right !== undefined) {
      if (right === 0) whole = String(Math.round(Math.abs(num)));
      decimals = right === 0 ? undefined : Math.abs(num).toFixed(right).split('.')[1];
      if (right !== 0) whole = Math.abs(num).toFixed(right).split('.')[0];
    }
    if (left !== undefined && whole.length < left) whole = '0'.repeat(left - whole.length) + whole;
    return (neg ? '-' : '') + whole + (decimals === undefined ? '' : '.' + decimals);
  }
  api.nf = function (num, left, right) {
    if (Array.isArray(num)) return num.map((n) => api.nf(n, left, right));
    return padNumber(Number(num), left, right);
  };
  api.nfc = function (num, right) {
    if (Array.isArray(num)) return num.map((n) => api.nfc(n, right));
    const s = padNumber(Number(num), undefined, right);
    const [whole, decimals] = s.split('.');
    return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (decimals === undefined ? '' : '.' + decimals);
  };
  api.nfp = (num, left, right) => (num >= 0 ? '+' : '') + api.nf(num, left, right);
  api.nfs = (num, left, right) => (num >= 0 ? ' ' : '') + api.nf(num, left, right);

  // --------------------------------------------------------------- vector
  const scratch = [0, 0, 0];
  // A vector's or an array's components, or the numbers (missing ones 0);
  // `z` missing after two plain numbers is `unit` (mult and div leave z be).
  function triple(x, y, z, unit) {
    if (x instanceof Vector) { scratch[0] = x.x || 0; scratch[1] = x.y || 0; scratch[2] = x.z || 0; }
    else if (Array.isArray(x)) { scratch[0] = x[0] || 0; scratch[1] = x[1] || 0; scratch[2] = x[2] || 0; }
    else { scratch[0] = x || 0; scratch[1] = y || 0; scratch[2] = z === undefined ? unit : z || 0; }
    return scratch;
  }
  class Vector {
    constructor(x, y, z) { this.x = x || 0; this.y = y || 0; this.z = z || 0; }
    toString() { return 'p5.Vector Object : [' + this.x + ', ' + this.y + ', ' + this.z + ']'; }
    set(x, y, z) {
      if (x instanceof Vector) { this.x = x.x || 0; this.y = x.y || 0; this.z = x.z || 0; return this; }
      if (Array.isArray(x)) { this.x = x[0] || 0; this.y = x[1] || 0; this.z = x[2] || 0; return this; }
      this.x = x || 0; this.y = y || 0; this.z = z || 0;
      return this;
    }
    copy() { return new Vector(this.x, this.y, this.z); }
    // The three numbers an argument list gives (a vector, an array, or
    // numbers), in one scratch triple: no closure or array a call.
    add(x, y, z) { const t = triple(x, y, z, 0); this.x += t[0]; this.y += t[1]; this.z += t[2]; return this; }
    sub(x, y, z) { const t = triple(x, y, z, 0); this.x -= t[0]; this.y -= t[1]; this.z -= t[2]; return this; }
    mult(x, y, z) {
      if (typeof x === 'number' && y === undefined) { this.x *= x; this.y *= x; this.z *= x; return this; }
      const t = triple(x, y, z, 1);
      this.x *= t[0]; this.y *= t[1]; this.z *= t[2];
      return this;
    }
    div(x, y, z) {
      if (typeof x === 'number' && y === undefined) {
        if (x === 0) return this;
        this.x /= x; this.y /= x; this.z /= x; return this;
      }
      const t = triple(x, y, z, 1);
      if (t[0] === 0 || t[1] === 0 || t[2] === 0) return this;
      this.x /= t[0]; this.y /= t[1]; this.z /= t[2];
      return this;
    }
    rem(x, y, z) {
      const t = triple(x, y, z, 0);
      if (t[0]) this.x %= t[0];
      if (t[1]) this.y %= t[1];
      if (t[2]) this.z %= t[2];
      return this;
    }
    mag() { return Math.sqrt(this.magSq()); }
    magSq() { return this.x * this.x + this.y * this.y + this.z * this.z; }
    dot(x, y, z) { const t = triple(x, y, z, 0); return this.x * t[0] + this.y * t[1] + this.z * t[2]; }
    cross(v) {
      return new Vector(this.y * v.z - this.z * v.y, this.z * v.x - this.x * v.z, this.x * v.y - this.y * v.x);
    }
    dist(v) { return v.copy().sub(this).mag(); }
    normalize() {
      const len = this.mag();
      if (len !== 0) this.mult(1 / len);
      return this;
    }
    limit(max) {
      const mSq = this.magSq();
      if (mSq > max * max) this.div(Math.sqrt(mSq)).mult(max);
      return this;
    }
    setMag(n) { return this.normalize().mult(n); }
    heading() { return fromRad(Math.atan2(this.y, this.x)); }
    setHeading(a) {
      const m = this.mag();
      a = toRad(a);
      this.x = m * Math.cos(a); this.y = m * Math.sin(a);
      return this;
    }
    rotate(a) {
      let newHeading = Math.atan2(this.y, this.x) + toRad(a);
      const m = this.mag();
      this.x = Math.cos(newHeading) * m;
      this.y = Math.sin(newHeading) * m;
      return this;
    }
    angleBetween(v) {
      const magSqMult = this.magSq() * v.magSq();
      if (magSqMult === 0) return NaN;
      const u = this.cross(v);
      let angle = Math.atan2(u.mag(), this.dot(v)) * Math.sign(u.z || 1);
      return fromRad(angle);
    }
    lerp(x, y, z, amt) {
      if (x instanceof Vector) return this.lerp(x.x, x.y, x.z, y);
      this.x += (x - this.x) * amt || 0;
      this.y += (y - this.y) * amt || 0;
      this.z += (z - this.z) * amt || 0;
      return this;
    }
    reflect(n) {
      const nn = n.copy().normalize();
      return this.sub(nn.mult(2 * this.dot(nn)));
    }
    // p5's: the angle and the length interpolated, about the axis the
    // two vectors span (the z axis for two 2D vectors facing apart).
    slerp(v, amt) {
      if (amt === 0) return this;
      if (amt === 1) return this.set(v);
      const selfMag = this.mag(), vMag = v.mag();
      const linear = () => this.mult(1 - amt).add(v.x * amt, v.y * amt, v.z * amt);
      if (selfMag * vMag === 0) return linear();
      const axis = this.cross(v);
      const axisMag = axis.mag();
      const theta = Math.atan2(axisMag, this.dot(v));
      if (axisMag > 0) axis.div(axisMag);
      else if (theta < PI * 0.5) return linear();
      else if (this.z === 0 && v.z === 0) axis.set(0, 0, 1);
      else if (this.x !== 0) axis.set(this.y, -this.x, 0).normalize();
      else axis.set(1, 0, 0);
      const ey = axis.cross(this);
      const factor = 1 - amt + amt * vMag / selfMag;
      const c = factor * Math.cos(amt * theta), s = factor * Math.sin(amt * theta);
      this.x = this.x * c + ey.x * s;
      this.y = this.y * c + ey.y * s;
      this.z = this.z * c + ey.z * s;
      return this;
    }
    clampToZero() {
      const clamp = (v) => (Math.abs(v || 0) <= Number.EPSILON ? 0 : v);
      this.x = clamp(this.x); this.y = clamp(this.y); this.z = clamp(this.z);
      return this;
    }
    array() { return [this.x, this.y, this.z]; }
    equals(x, y, z) { const t = triple(x, y, z, 0); return this.x === t[0] && this.y === t[1] && this.z === t[2]; }
    static fromAngle(angle, length) {
      if (length === undefined) length = 1;
      return new Vector(length * Math.cos(angle), length * Math.sin(angle), 0);
    }
    static fromAngles(theta, phi, length) {
      if (length === undefined) length = 1;
      const cosPhi = Math.cos(phi), sinPhi = Math.sin(phi);
      const cosTheta = Math.cos(theta), sinTheta = Math.sin(theta);
      return new Vector(length * sinTheta * sinPhi, -length * cosTheta, length * sinTheta * cosPhi);
    }
    // As p5's, these read Math.random, not randomSeed()'s generator.
    static random2D() { return Vector.fromAngle(Math.random() * PI * 2); }
    static random3D() {
      const angle = Math.random() * PI * 2;
      const vz = Math.random() * 2 - 1;
      const vzBase = Math.sqrt(1 - vz * vz);
      return new Vector(vzBase * Math.cos(angle), vzBase * Math.sin(angle), vz);
    }
  }
  // The static forms: p5.Vector.add(v1, v2[, target]) and the like.
  for (const name of ['add', 'sub', 'mult', 'div', 'rem']) {
    Vector[name] = function (v, x, target) {
      const out = target === undefined ? v.copy() : target.set(v);
      return out[name](x);
    };
  }
  for (const name of ['mag', 'magSq', 'heading', 'normalize', 'copy', 'array']) {
    Vector[name] = (v, target) => (target === undefined ? v.copy()[name]() : target.set(v)[name]());
  }
  for (const name of ['dot', 'cross', 'dist', 'angleBetween', 'equals']) {
    Vector[name] = (a, b) => a[name](b);
  }
  Vector.limit = (v, max, target) => (target === undefined ? v.copy() : target.set(v)).limit(max);
  Vector.setMag = (v, n, target) => (target === undefined ? v.copy() : target.set(v)).setMag(n);
  Vector.rotate = (v, a, target) => (target === undefined ? v.copy() : target.set(v)).rotate(a);
  Vector.lerp = (a, b, amt, target) => (target === undefined ? a.copy() : target.set(a)).lerp(b, amt);
  Vector.reflect = (v, n, target) => (target === undefined ? v.copy() : target.set(v)).reflect(n);
  Vector.slerp = (a, b, amt, target) => (target === undefined ? a.copy() : target.set(a)).slerp(b, amt);
  api.createVector = (x, y, z) => new Vector(x, y, z);

  // -------------------------------------------------------- DOM stand-ins
  // An element that takes every call and does nothing, so a sketch that
  // builds a slider or a paragraph runs; `value()` gives its value.
  // `kept` makes a value given to value(v) the element's (a slider's
  // sanitising).
  function inert(value, html, kept = (v) => v) {
    html = html === undefined ? '' : String(html);
    const element = new Proxy(function () {}, {
      get(_, key) {
        if (key === 'value') return (v) => (v === undefined ? value : ((value = kept(v)), element));
        if (key === 'html') return (v, append) => (v === undefined ? html : ((html = append ? html + v : String(v)), element));
        if (key === 'checked') return (v) => (v === undefined ? !!value : ((value = v), element));
        if (key === 'elt') return {};
        if (key === Symbol.toPrimitive) return () => '';
        return () => element;
      },
    });
    return element;
  }
  // A slider's value is what the browser's range input makes of it: within
  // min and max (100 and 0 by default), on a step (1 by default; p5's 0 is
  // 1e-18) counted from min, the nearest one, written out to the step's
  // decimals; without a value, 50 (the middle of the input's 0 to 100
  // before p5 sets min and max) made so.
  function slider(min, max, step) {
    const number = (v, otherwise) => (Number.isFinite(Number(v)) && v !== '' && v !== null ? Number(v) : otherwise);
    min = number(min, 0);
    max = Math.max(min, number(max, 100));
    step = step === 0 ? 1e-18 : number(step, 1) > 0 ? number(step, 1) : 1;
    const decimals = (x) => {
      const [digits, exponent] = String(x).split('e');
      const point = (digits.split('.')[1] || '').length;
      return Math.max(0, point - Number(exponent || 0));
    };
    const places = Math.min(100, Math.max(decimals(step), decimals(min)));
    return (v) => {
      v = Math.min(Math.max(number(v, 50), min), max);
      let n = Math.round((v - min) / step);
      if (min + n * step > max) n -= 1;
      return parseFloat((min + n * step).toFixed(places));
    };
  }
  api.createSlider = (min, max, value, step) => {
    const kept = slider(min, max, step);
    return inert(kept(typeof value === 'number' ? value : undefined), '', kept);
  };
  api.createCheckbox = (label, value) => inert(!!value);
  api.createInput = (value) => inert(value === undefined ? '' : value);
  api.createSelect = () => inert('');
  api.createRadio = () => inert('');
  api.createColorPicker = (value) => inert(value === undefined ? '#000000' : value);
  for (const name of ['createP', 'createDiv', 'createSpan', 'createButton']) {
    api[name] = (html) => inert('', html);
  }
  api.createA = (href, html) => inert('', html);
  api.createElement = (tag, html) => inert('', html);
  for (const name of ['createImg', 'select', 'createFileInput']) api[name] = () => inert('');
  api.selectAll = () => [];
  api.removeElements = () => {};

  // -------------------------------------------------------- loading data
  // Files inside the sketch's folder, read at once (a browser fetches
  // them; p5's preload() waits for them). A callback is called before the
  // function returns.
  function callbacks(args) {
    const fns = args.filter((a) => typeof a === 'function');
    return { done: fns[0], failed: fns[1] };
  }
  // `read(path)` reads the file (its text by default), `parse` makes the
  // result and what the callback is given from what it read.
  function load(call, path, args, parse, read) {
    const { done, failed } = callbacks(args);
    let value;
    try {
      value = parse(read ? read(String(path)) : native.readText(String(path), call));
    } catch (e) {
      if (failed) { failed(e); return undefined; }
      throw e;
    }
    if (done) done(value.callback);
    return value.result;
  }
  api.loadStrings = function (path, ...args) {
    return load('loadStrings', path, args, (text) => {
      const lines = text.replace(/\r\n/g, '\r').replace(/\n/g, '\r').split(/\r/);
      return { result: lines, callback: lines };
    });
  };
  api.loadJSON = function (path, ...args) {
    return load('loadJSON', path, args, (text) => {
      const data = JSON.parse(text);
      // p5 copies the keys into an object of its own, an array's too.
      const copy = {};
      for (const k in data) copy[k] = data[k];
      return { result: copy, callback: data };
    });
  };

  // ------------------------------------------------------ what is refused
  class Unsupported extends Error {}
  Unsupported.prototype.name = 'NotSupported';
  function unsupported(name, why) {
    throw new Unsupported(name + ' is not supported: ' + why);
  }
  const refused = {
    '3D (WEBGL) is not drawn by whalegen': ['box', 'sphere', 'cylinder', 'cone', 'torus', 'plane', 'ellipsoid',
      'orbitControl', 'camera', 'perspective', 'ortho', 'frustum', 'createCamera', 'ambientLight', 'directionalLight',
      'pointLight', 'spotLight', 'lights', 'noLights', 'ambientMaterial', 'specularMaterial', 'emissiveMaterial',
      'normalMaterial', 'shininess', 'texture', 'textureMode', 'textureWrap', 'loadModel', 'model', 'createShader',
      'loadShader', 'shader', 'resetShader', 'rotateX', 'rotateY', 'rotateZ', 'debugMode', 'setAttributes'],
    'a sketch reads only data files of its own folder': ['httpGet', 'httpPost', 'httpDo'],
    'whalegen renders pictures, without sound (p5.sound), video or a camera':
      ['createCapture', 'createVideo', 'createAudio', 'loadSound'],
  };
  // Saving does nothing: whalegen writes what its command line asks for.
  // Said once per function, on stderr.
  const said = new Set();
  for (const name of ['save', 'saveCanvas', 'saveFrames', 'saveGif', 'saveJSON', 'saveStrings', 'saveTable',
    'saveJSONObject', 'saveJSONArray', 'writeFile', 'downloadFile']) {
    api[name] = function () {
      if (said.has(name)) return;
      said.add(name);
      api.print('whalegen: ' + name + '() ignored: whalegen writes the outputs its command line asks for (-o)');
    };
  }
  for (const why in refused) {
    for (const name of refused[why]) api[name] = () => unsupported(name + '()', why);
  }

  // ---------------------------------------------------------- the clock
  // Date, performance and the mouse read whalegen's frame clock, never the
  // wall clock: the same sketch draws the same frames on every run.
  const RealDate = Date;
  // The epoch is the first frame's: Date.now() is millis().
  const epoch = 0;
  // Its time zone is UTC whatever the machine's (QuickJS reads the local
  // zone): the local getters and setters are the UTC ones, and a date made
  // of its parts (new Date(2020, 0, 1)) is a UTC date.
  class FrameDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(epoch + S.millis);
      else if (args.length === 1) super(args[0]);
      else super(RealDate.UTC(...args));
    }
    static now() { return epoch + S.millis; }
    getTimezoneOffset() { return 0; }
    toString() { return this.toDateString() + ' ' + this.toTimeString(); }
    toDateString() { return this.toUTCString().replace(/^(\w+), (\d+) (\w+) (-?\d+).*$/, '$1 $3 $2 $4'); }
    toTimeString() {
      return this.toISOString().slice(11, 19) + ' GMT+0000 (Coordinated Universal Time)';
    }
  }
  for (const part of ['FullYear', 'Month', 'Date', 'Day', 'Hours', 'Minutes', 'Seconds', 'Milliseconds']) {
    FrameDate.prototype['get' + part] = RealDate.prototype['getUTC' + part];
    if (part !== 'Day') FrameDate.prototype['set' + part] = RealDate.prototype['setUTC' + part];
  }
  G.Date = FrameDate;
  G.performance = { now: () => S.millis };

  // ---------------------------------------------------- browser globals
  // The page's global object names itself: a global-mode sketch may write
  // window.setup = ..., window.x or self.x. The window is headless
  // Chromium's 800 x 600 (whalegen's `window` sets another) at density 1;
  // its listeners never hear an event (nothing happens to the page). Its
  // timers and animation frames run on the frame clock (data.js).
  G.window = G;
  G.self = G;
  G.devicePixelRatio = 1;
  G.addEventListener = G.removeEventListener = () => {};
  // The HTML structured clone of plain data: arrays (holes kept), objects'
  // own enumerable properties (not their prototypes), Maps, Sets, Dates,
  // RegExps, typed arrays and buffers, boxed primitives, errors, with shared
  // and cyclic references kept; a function or a symbol can't be cloned.
  G.structuredClone = function structuredClone(value) {
    const copies = new Map();
    const clone = (v) => {
      if (typeof v === 'function' || typeof v === 'symbol') {
        const e = new Error(String(v) + ' could not be cloned.');
        e.name = 'DataCloneError';
        throw e;
      }
      if (v === null || typeof v !== 'object') return v;
      if (copies.has(v)) return copies.get(v);
      const keep = (out) => { copies.set(v, out); return out; };
      if (v instanceof RealDate) return keep(new G.Date(v.getTime()));
      if (v instanceof RegExp) return keep(new RegExp(v.source, v.flags));
      if (v instanceof ArrayBuffer) return keep(v.slice(0));
      if (ArrayBuffer.isView(v)) return keep(new v.constructor(clone(v.buffer), v.byteOffset, v.length === undefined ? v.byteLength : v.length));
      if (v instanceof Number || v instanceof String || v instanceof Boolean) return keep(Object(v.valueOf()));
      if (v instanceof Map) {
        const out = keep(new Map());
        for (const [k, x] of v) out.set(clone(k), clone(x));
        return out;
      }
      if (v instanceof Set) {
        const out = keep(new Set());
        for (const x of v) out.add(clone(x));
        return out;
      }
      if (v instanceof Error) {
        const out = keep(new Error(v.message));
        out.name = v.name;
        return out;
      }
      const out = keep(Array.isArray(v) ? new Array(v.length) : {});
      for (const k of Object.keys(v)) out[k] = clone(v[k]);
      return out;
    };
    return clone(value);
  };

  // ----------------------------------------------------- globals and p5
  const dynamic = ['width', 'height', 'frameCount', 'deltaTime', 'mouseX', 'mouseY', 'pmouseX',
    'pmouseY', 'mouseIsPressed', 'mouseButton', 'pixels', 'winMouseX', 'winMouseY', 'pwinMouseX',
    'pwinMouseY', 'movedX', 'movedY'];
  function sync() {
    if (S.instance !== null) return;
    for (const key of dynamic) G[key] = S[key];
  }
  function p5(sketch) {
    if (!(this instanceof p5)) throw new TypeError('p5 must be called with new');
    // new p5() without a sketch function is global mode, as p5's: the
    // sketch's setup and draw stay the global ones.
    if (typeof sketch !== 'function') return;
    S.instance = this;
    p5.instance = this;
    sketch(this);
  }
  p5.prototype = Object.create(null);
  for (const key in api) p5.prototype[key] = api[key];
  for (const key of dynamic) Object.defineProperty(p5.prototype, key, { get: () => S[key] });
  Object.defineProperty(p5.prototype, 'constructor', { value: p5 });
  // In global mode the sketch's instance is p5's own: it reads the API.
  p5.instance = Object.create(p5.prototype);
  p5.Vector = Vector;
  p5.Color = Color;
  p5.prototype.key = '';
  p5.prototype.keyCode = 0;
  p5.prototype.keyIsPressed = false;
  p5.prototype.focused = true;
  // The window, and the screen, which headless Chromium makes the same.
  function setWindow(width, height) {
    G.innerWidth = width;
    G.innerHeight = height;
    for (const [key, value] of [['windowWidth', width], ['windowHeight', height],
      ['displayWidth', width], ['displayHeight', height]]) {
      p5.prototype[key] = value;
      G[key] = value;
    }
  }
  setWindow(800, 600);
  p5.prototype.disableFriendlyErrors = true;
  p5.prototype.keyIsDown = () => false;
  G.p5 = p5;
  for (const key in api) G[key] = api[key];
  for (const key of ['key', 'keyCode', 'keyIsPressed', 'focused', 'keyIsDown']) G[key] = p5.prototype[key];
  sync();
  G.console = {
    log: api.print, info: api.print, warn: api.print, error: api.print, debug: api.print,
    table: api.print, trace: api.print, assert: () => {}, time: () => {}, timeEnd: () => {},
  };

  function show(v) {
    if (typeof v === 'string') return v;
    if (v instanceof Vector || v instanceof Color) return String(v);
    try { return JSON.stringify(v); } catch (e) { return String(v); }
  }

  // ------------------------------------------------ driven by whalegen
  // The sketch's own functions: the instance's in instance mode.
  function user(name) {
    const f = S.instance !== null ? S.instance[name] : G[name];
    return typeof f === 'function' ? f : null;
  }
  // For the API's other files (image.js), evaluated after this one
  // (engine.rs deletes it after the last). `publish` puts what they add
  // to `api` where the sketch finds it, in global and instance mode.
  // What the API's files run before each draw() the sketch makes, given
  // its frameCount (data.js's timers).
  const beforeDraw = [];
  // A promise the sketch's own function returned (an async setup()):
  // its outcome is kept for `settled`, once the jobs have run.
  function track(result) {
    if (result === null || typeof result !== 'object' || typeof result.then !== 'function') return;
    S.outcome = 'waiting';
    result.then(() => { S.outcome = null; }, (reason) => { S.outcome = { reason }; });
  }
  const shared = G.__whalegenPrelude = {
    api, S, sync, unsupported, load, beforeDraw, curveAt, curveSlope, version: MAJOR,
    publish(names) {
      for (const key of names) { G[key] = api[key]; p5.prototype[key] = api[key]; }
    },
  };
  G.__whalegen = {
    params(json) { S.params = JSON.parse(json); },
    window: setWindow,
    frameRate(fps) { S.fps = fps; },
    hasDraw() { return user('draw') !== null; },
    looping() { return S.looping || S.redraws > 0; },
    setup() {
      if (MAJOR === 1) {
        // p5.js 1 draws two values from Math.random while it loads (2
        // draws none), and calls preload() (2 does not).
        Math.random(); Math.random();
        const preload = user('preload');
        if (preload) preload.call(S.instance);
      } else if (user('preload')) {
        api.print('whalegen: preload() is not called: p5.js 2 removed it (load in an async ' +
          'setup() with await, or render as p5.js 1 with --p5 1)');
      }
      const setup = user('setup');
      if (setup) track(setup.call(S.instance));
    },
    // After a call and its jobs: an async setup() still waiting is an
    // error in p5.js 2, which awaits it before the first draw() (1 does
    // not wait); a rejected one is an error in both.
    settled(what) {
      const outcome = S.outcome;
      if (outcome === 'waiting' && (MAJOR === 1 || what !== 'setup()')) return;
      S.outcome = null;
      if (outcome === 'waiting') {
        throw new Error('setup() awaits a promise that never settles: nothing left to run ' +
          'resolves it (whalegen runs timers only between frames)');
      }
      if (outcome !== null) throw outcome.reason;
    },
    // Frame `n` (from 1): the pointer where it is, then draw().
    draw(n, x, y, pressed) {
      S.setupDone = true;
      S.frameCount = n;
      S.deltaTime = 1000 / S.fps;
      S.millis = n * S.deltaTime;
      S.pmouseX = n === 1 ? x : S.mouseX; S.pmouseY = n === 1 ? y : S.mouseY;
      S.mouseX = x; S.mouseY = y;
      S.pwinMouseX = S.pmouseX; S.pwinMouseY = S.pmouseY; S.winMouseX = x; S.winMouseY = y;
      S.movedX = x - S.pmouseX; S.movedY = y - S.pmouseY;
      const was = S.mouseIsPressed;
      S.mouseIsPressed = pressed;
      // whalegen's pointer is the left button.
      if (MAJOR === 1 && pressed) S.mouseButton = 'left';
      if (MAJOR === 2) S.mouseButton = { left: pressed, right: false, center: false };
      sync();
      if (pressed !== was) {
        const f = user(pressed ? 'mousePressed' : 'mouseReleased');
        if (f) f.call(S.instance);
        if (!pressed) {
          const click = user('mouseClicked');
          if (click) click.call(S.instance);
        }
      } else if (x !== S.pmouseX || y !== S.pmouseY) {
        const f = user(pressed ? 'mouseDragged' : 'mouseMoved');
        if (f) f.call(S.instance);
      }
      // p5 draws once after setup() even if setup() called noLoop().
      if (!S.looping && n > 1) {
        if (S.redraws === 0) return;
        S.redraws -= 1;
      }
      for (const f of beforeDraw) f(n);
      const draw = user('draw');
      if (!draw) return;
      S.inDraw = true;
      try {
        track(draw.call(S.instance));
      } finally {
        S.inDraw = false;
      }
    },
  };
})(__native);
