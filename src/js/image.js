// whalegen's p5.js images and off-screen graphics, over the natives of
// src/js/image.rs. Evaluated after prelude.js, whose `api` it extends.
//
// An image or a graphics is a canvas of the drawing layer known by a
// number (`_id`). Its methods make it the target of the same natives the
// sketch's canvas draws with (`onTarget`), with its own width, height,
// pixels[] and angleMode in `S` meanwhile, so that one API serves all.
(function (native, P) {
  'use strict';
  const G = globalThis;
  const { api, S, sync, unsupported, publish } = P;

  // The sketch's canvas, as a target (number 0). What p5 keeps on each
  // renderer for images (imageMode, tint, smoothing) is the target's own
  // in the natives (src/js/look.rs), which push() and pop() save.
  const canvas = { _id: 0, _s: null };
  let current = canvas;
  // The target, for the files after this one (text.js keeps each one's
  // text state on it).
  P.surface = () => current;
  // For context.js: each surface's drawingContext runs on it.
  P.onTarget = onTarget;
  P.canvasSurface = canvas;

  // The fields of `S` that are the target's own.
  const OWN = ['width', 'height', 'pixels', 'angleMode'];
  const park = (t) => { t._s = {}; for (const k of OWN) t._s[k] = S[k]; };
  const load = (t) => { for (const k of OWN) S[k] = t._s[k]; };

  // Runs f with `t` the target of the drawing calls, then the last one.
  function onTarget(t, f) {
    if (t === current) return f();
    const last = current;
    native.target(t._id);
    park(last); load(t); current = t;
    try {
      return f();
    } finally {
      park(t); load(last); current = last;
      native.target(last._id);
      sync();
    }
  }

  // An image's or graphics' own state while it is not the target.
  function own(t, w, h, density) {
    t.width = w; t.height = h; t._density = density;
    t._s = { width: w, height: h, pixels: [], angleMode: 'radians' };
  }
  // The pixels[] of `t`: the target's are in S.
  function pixelsOf(t) { return t === current ? S.pixels : t._s.pixels; }

  // ------------------------------------------------------------ p5.Image
  class Image {
    // new p5.Image(w, h) makes a transparent image, as createImage(w, h);
    // whalegen's own calls hand over the surface made (`made`).
    constructor(w, h, made) {
      const m = made || { handle: native.makeSurface('createImage', w, h, 1), density: 1 };
      this._handle = m.handle; // Collected with this object: releases its pixels.
      this._id = m.handle();
      own(this, Math.floor(w), Math.floor(h), m.density);
    }
    get pixels() { return pixelsOf(this); }
    set pixels(v) { if (this === current) S.pixels = v; else this._s.pixels = v; }
    pixelDensity(d) {
      if (d === undefined) return this._density;
      unsupported('p5.Image.pixelDensity(d)', 'an image keeps the density it was made with');
      return this;
    }
    // p5's: a side of 0 keeps the proportions; sides are floored.
    resize(w, h) {
      const [pw, ph] = [this.width * this._density, this.height * this._density];
      if (w === 0 && h === 0) { w = pw; h = ph; } else if (w === 0) { w = pw * h / ph; } else if (h === 0) { h = ph * w / pw; }
      w = Math.floor(w); h = Math.floor(h);
      const reload = this.pixels.length > 0;
      onTarget(this, () => native.resize(w, h));
      own(this, w, h, 1);
      if (reload) this.loadPixels();
    }
    mask(img) {
      if (img === undefined) img = this;
      onTarget(this, () => native.mask(img._id));
    }
    copy(...args) { return onTarget(this, () => copyInto(this, args)); }
    blend(...args) { return onTarget(this, () => blendInto(this, args)); }
    numFrames() { return 1; }
    play() {}
    pause() {}
    delay() {}
    reset() {}
    setFrame() {}
    getCurrentFrame() { return 0; }
  }
  // The pixel functions (and whatever others add, such as filter), on
  // the image as the target.
  for (const key of ['loadPixels', 'updatePixels', 'get', 'set', 'filter', 'save']) {
    Image.prototype[key] = function (...args) { return onTarget(this, () => api[key].apply(this, args)); };
  }

  // --------------------------------------------------------- p5.Graphics
  // A graphics has the whole drawing API: every function of `api` (taken
  // when the first one is made, after every file has added its own), run
  // with the graphics as the target.
  const NOT_ON_GRAPHICS = new Set(['createCanvas', 'resizeCanvas', 'noCanvas', 'frameRate', 'noLoop',
    'loop', 'isLooping', 'redraw', 'pixelDensity', 'remove']);
  class Graphics {
    constructor(w, h, renderer) {
      if (renderer === 'webgl' || renderer === 'webgl2') {
        unsupported('createGraphics(..., WEBGL)', '3D (WEBGL) is not drawn by whalegen: use the 2D renderer');
      }
      if (!Graphics.ready) {
        for (const key in api) {
          if (NOT_ON_GRAPHICS.has(key) || key in Graphics.prototype) continue;
          if (typeof api[key] !== 'function') { Graphics.prototype[key] = api[key]; continue; }
          Graphics.prototype[key] = function (...args) { return onTarget(this, () => api[key].apply(this, args)); };
        }
        Graphics.ready = true;
      }
      const density = native.density();
      this._handle = native.makeSurface('createGraphics', w, h, density);
      this._id = this._handle();
      own(this, Math.floor(w), Math.floor(h), density);
    }
    get pixels() { return pixelsOf(this); }
    set pixels(v) { if (this === current) S.pixels = v; else this._s.pixels = v; }
    // Its own density (the canvas's by default): setting it clears it.
    pixelDensity(d) {
      if (d === undefined) return this._density;
      if (typeof d === 'number' && d > 0) {
        onTarget(this, () => { native.setDensity(d); this._density = native.density(); S.pixels = []; });
      }
      return this;
    }
    // Takes back the pixels now, rather than when the object is collected.
    remove() { native.removeSurface(this._id); }
    resizeCanvas() { unsupported('p5.Graphics.resizeCanvas()', 'make a new graphics of the size'); }
    get drawingContext() { return P.contextOf(this); }
    reset() { this.resetMatrix(); }
  }
  Graphics.ready = false;

  // ------------------------------------------------------------- drawing
  const isImage = (img) => img instanceof Image || img instanceof Graphics;
  function source(call, img) {
    if (!isImage(img)) {
      throw new TypeError(call + '(): ' + String(img) + ' is not an image: loadImage(), createImage(), createGraphics() and get() make them');
    }
    return img;
  }
  // Every form of p5's image(): at (dx, dy) its own size, or dWidth x
  // dHeight, of the part sx, sy, sWidth, sHeight (in the image's units).
  api.image = function (img, dx, dy, dWidth, dHeight, sx, sy, sWidth, sHeight) {
    source('image', img);
    const [defW, defH] = [img.width, img.height];
    const within = (v, whole) => (v > 0 && v < whole ? v : whole);
    const sw = within(sWidth !== undefined ? sWidth : defW, defW);
    const sh = within(sHeight !== undefined ? sHeight : defH, defH);
    const s = img._density;
    native.drawImage(img._id, true, s * (sx || 0), s * (sy || 0), s * sw, s * sh,
      dx, dy, dWidth || defW, dHeight || defH);
  };
  // copy([src,] sx, sy, sw, sh, dx, dy, dw, dh) into `target`: unscaled
  // by imageMode or tint, smoothed as image() is.
  function copyInto(target, args) {
    let src = target;
    if (args.length === 9) src = source('copy', args.shift());
    else if (args.length !== 8) throw new Error('copy(): takes 8 numbers, or an image and 8 numbers');
    const [sx, sy, sw, sh, dx, dy, dw, dh] = args;
    const s = src === canvas ? native.density() : src._density;
    native.drawImage(src._id, false, s * sx, s * sy, s * sw, s * sh, dx, dy, dw, dh);
  }
  api.copy = function (...args) { copyInto(isImage(this) ? this : canvas, args); };
  // blend([src,] sx, sy, sw, sh, dx, dy, dw, dh, mode): copy() under the
  // composite operation `mode` (BLEND, ADD, ...), then the one before, as
  // p5's; into an image with its own blend().
  function blendInto(target, args) {
    if (args.length !== 9 && args.length !== 10) {
      throw new Error('blend(): takes 8 numbers and a blend mode, or an image, 8 numbers and a blend mode');
    }
    const mode = String(args.pop());
    native.push();
    try {
      native.blend(mode);
      copyInto(target, args);
    } finally {
      native.pop();
    }
  }
  api.blend = function (...args) { blendInto(isImage(this) ? this : canvas, args); };
  api.imageMode = function (m) { native.imageMode(String(m)); };
  api.tint = function (...args) { native.tint(...api.color(...args).levels); };
  api.noTint = function () { native.noTint(); };
  api.smooth = function () { native.smooth(true); };
  api.noSmooth = function () { native.smooth(false); };

  // ------------------------------------------------------------ making
  // Read at once from the sketch's folder (p5's preload() waits for it);
  // a callback is called before it returns. A missing or broken file
  // throws, naming it, unless there is a failure callback.
  api.loadImage = function (path, done, failed) {
    let img;
    try {
      const [handle, w, h] = native.loadImage(String(path));
      img = new Image(w, h, { handle, density: 1 });
    } catch (e) {
      if (typeof failed !== 'function') throw e;
      failed(e);
      return new Image(1, 1);
    }
    if (typeof done === 'function') done(img);
    return img;
  };
  api.createImage = (w, h) => new Image(w, h);
  api.createGraphics = (w, h, renderer) => new Graphics(w, h, renderer);
  // get() and get(x, y, w, h) give an image of the target's pixels.
  const pixel = api.get;
  api.get = function (x, y, w, h) {
    if (x === undefined && y === undefined) [x, y, w, h] = [0, 0, S.width, S.height];
    else if (w === undefined && h === undefined) return pixel(x, y);
    const density = native.density();
    const handle = native.region(x, y, w, h);
    return new Image(w, h, { handle, density });
  };

  // set(x, y, image) is refused rather than writing transparent pixels.
  const setPixel = api.set;
  api.set = function (x, y, c) {
    if (isImage(c)) unsupported('set(x, y, image)', 'draw it with image() or copy()');
    return setPixel(x, y, c);
  };

  const p5 = G.p5;
  p5.Image = Image;
  p5.Graphics = Graphics;
  publish(['image', 'copy', 'blend', 'imageMode', 'tint', 'noTint', 'smooth', 'noSmooth',
    'loadImage', 'createImage', 'createGraphics', 'get', 'set']);
})(__native, __whalegenPrelude);
