// whalegen's p5.js 1.x filter(), blend modes and erase(), over
// the natives of src/js/filter.rs. Runs after prelude.js, before the
// sketch, and adds its functions and constants to the global object and
// to p5.prototype as the prelude does its own.
(function (native) {
  'use strict';
  const G = globalThis;
  const api = {};
  const constants = {
    THRESHOLD: 'threshold', GRAY: 'gray', OPAQUE: 'opaque', INVERT: 'invert',
    POSTERIZE: 'posterize', BLUR: 'blur', ERODE: 'erode', DILATE: 'dilate',
    BLEND: 'source-over', REMOVE: 'destination-out', ADD: 'lighter', DARKEST: 'darken',
    LIGHTEST: 'lighten', DIFFERENCE: 'difference', SUBTRACT: 'subtract', EXCLUSION: 'exclusion',
    MULTIPLY: 'multiply', SCREEN: 'screen', REPLACE: 'copy', OVERLAY: 'overlay',
    HARD_LIGHT: 'hard-light', SOFT_LIGHT: 'soft-light', DODGE: 'color-dodge', BURN: 'color-burn',
  };
  Object.assign(api, constants);

  // p5's forms: filter(OP), filter(OP, value), either with a last `false`
  // for the CPU filters; a value that is not a number is the default.
  api.filter = function (...args) {
    if (typeof args[0] !== 'string') {
      throw new Error('filter() with a shader is not supported: shaders are WEBGL, which whalegen does not draw');
    }
    const value = typeof args[1] === 'number' ? args[1] : undefined;
    const webgl = args[args.length - 1] !== false;
    native.filter(args[0], value, webgl);
  };
  api.blendMode = function (mode) {
    if (mode === 'normal') mode = 'source-over';
    // p5 only warns for SUBTRACT on a 2D canvas, and draws on as before.
    if (mode === 'subtract') { G.print('blendMode(SUBTRACT) only works in WEBGL mode.'); return; }
    native.blendMode(String(mode));
  };
  api.erase = function (fill, stroke) {
    const levels = (s) => G.color(255, s === undefined ? 255 : s).levels;
    native.erase(...levels(fill), ...levels(stroke));
  };
  api.noErase = function () { native.noErase(); };

  // Into the prelude's `api` too, so that a p5.Graphics has them.
  const shared = G.__whalegenPrelude.api;
  for (const key in api) {
    G[key] = api[key];
    G.p5.prototype[key] = api[key];
    shared[key] = api[key];
  }
})(__native);
