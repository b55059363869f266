// whalegen's drawingContext: the slice of the canvas's
// CanvasRenderingContext2D that published p5.js sketches use, over the
// natives of src/js/context.rs. Evaluated after image.js.
//
// Each surface (the canvas, each graphics) has its own context object, a
// Proxy: what it supports reads and writes the surface's state (recorded
// as drawing calls, read back from the drawing layer, so push()/pop(),
// save()/restore() and replays agree); any other member of a real
// context is refused by name where it is used; other names are the
// sketch's own, kept and ignored, as a browser keeps them.
(function (native, P) {
  'use strict';
  const { api, unsupported, publish } = P;

  // As src/p5/state/context.rs and src/p5/colour/gradient.rs bound them.
  const MAX_DASH = 1024;
  const MAX_STOPS = 1024;
  const PATHS = "whalegen draws p5's shapes, not the canvas's own path and pixel calls: " +
    "use p5's functions (beginShape, text, image, get, loadPixels...)";

  // The canvas's composite operations whalegen draws (p5's blend modes),
  // and the other names a canvas knows, which are refused.
  const COMPOSITES = new Set(['source-over', 'lighter', 'multiply', 'screen', 'darken', 'lighten',
    'difference', 'exclusion', 'overlay', 'hard-light', 'soft-light', 'color-dodge', 'color-burn',
    'destination-out', 'copy']);
  const OTHER_COMPOSITES = new Set(['source-in', 'source-out', 'source-atop', 'destination-over',
    'destination-in', 'destination-atop', 'xor', 'hue', 'saturation', 'color', 'luminosity']);

  // A real context's members that whalegen does not draw.
  const REFUSED = new Set(['arc', 'arcTo', 'beginPath', 'bezierCurveTo', 'clearRect', 'clip',
    'closePath', 'createImageData', 'createPattern', 'drawFocusIfNeeded', 'drawImage', 'ellipse',
    'fill', 'fillRect', 'fillText', 'getContextAttributes', 'getImageData', 'getTransform',
    'isContextLost', 'isPointInPath', 'isPointInStroke', 'lineTo', 'measureText', 'moveTo',
    'putImageData', 'quadraticCurveTo', 'rect', 'reset', 'roundRect', 'scrollPathIntoView', 'stroke',
    'strokeRect', 'strokeText', 'canvas', 'direction', 'font', 'fontKerning', 'fontStretch',
    'fontVariantCaps', 'imageSmoothingQuality', 'letterSpacing', 'miterLimit', 'textAlign',
    'textBaseline', 'textRendering', 'wordSpacing']);
  const refuse = (name) => unsupported('drawingContext.' + name, PATHS);
  // Whether the first `n` of `v` are finite numbers, made numbers in place.
  function finite(v, n) {
    for (let i = 0; i < n; i++) v[i] = Number(v[i]);
    v.length = n;
    return v.every(Number.isFinite);
  }

  // ---------------------------------------------------------- gradients
  let gradients = 0;
  class CanvasGradient {
    constructor(kind, at) {
      if (at.some((v) => !Number.isFinite(v))) {
        throw new TypeError('drawingContext.create' + kind[0].toUpperCase() + kind.slice(1) +
          'Gradient(): the numbers must be finite');
      }
      if (kind === 'radial' && (at[2] < 0 || at[5] < 0)) {
        throw new RangeError('drawingContext.createRadialGradient(): a radius is negative');
      }
      gradients += 1;
      this._id = gradients;
      this._kind = kind;
      this._at = at;
      this._stops = [];
    }
    addColorStop(offset, color) {
      offset = Number(offset);
      if (!(offset >= 0 && offset <= 1)) {
        throw new RangeError("CanvasGradient.addColorStop(): the offset (" + offset + ') is outside 0 to 1');
      }
      const rgba = native.cssColor(String(color));
      if (rgba === undefined || rgba === null) {
        throw new SyntaxError("CanvasGradient.addColorStop(): '" + String(color) + "' is not a colour");
      }
      if (this._stops.length >= 5 * MAX_STOPS) {
        unsupported('CanvasGradient.addColorStop() past ' + MAX_STOPS + ' stops', 'a gradient keeps at most ' + MAX_STOPS);
      }
      this._stops.push(offset, ...rgba);
    }
  }

  // ------------------------------------------------------------ context
  function make(surface) {
    const on = (f) => P.onTarget(surface, f);
    const get = (name) => on(() => native.contextGet(name));
    // The gradients assigned, by number, to give back the same object.
    const assigned = new Map();
    const style = (name) => ({
      get() {
        const v = get(name);
        return typeof v === 'number' ? assigned.get(v) : v;
      },
      set(v) {
        if (v instanceof CanvasGradient) {
          assigned.set(v._id, v);
          if (assigned.size > 64) assigned.delete(assigned.keys().next().value);
          on(() => native.contextGradient(name, v._id, v._kind, v._at, v._stops));
        } else if (v !== null && v !== undefined) {
          // A p5.Color is read through its toString(), as the canvas does;
          // what is not a colour is ignored.
          on(() => native.contextColor(name, String(v)));
        }
      },
    });
    const number = (name) => ({
      get: () => get(name),
      set: (v) => on(() => native.contextNumber(name, v)),
    });
    // Members p5's own functions set: lineWidth is strokeWeight, and so on.
    const properties = {
      shadowBlur: number('shadowBlur'),
      shadowOffsetX: number('shadowOffsetX'),
      shadowOffsetY: number('shadowOffsetY'),
      lineDashOffset: number('lineDashOffset'),
      globalAlpha: number('globalAlpha'),
      shadowColor: {
        get: () => get('shadowColor'),
        set: (v) => on(() => native.contextColor('shadowColor', String(v))),
      },
      fillStyle: style('fillStyle'),
      strokeStyle: style('strokeStyle'),
      lineWidth: {
        get: () => get('lineWidth'),
        set(v) {
          v = Number(v);
          if (Number.isFinite(v) && v > 0) on(() => api.strokeWeight(v));
        },
      },
      lineCap: {
        get: () => get('lineCap'),
        set(v) { if (['butt', 'round', 'square'].includes(v)) on(() => api.strokeCap(v)); },
      },
      lineJoin: {
        get: () => get('lineJoin'),
        set(v) { if (['miter', 'bevel', 'round'].includes(v)) on(() => api.strokeJoin(v)); },
      },
      globalCompositeOperation: {
        get: () => get('globalCompositeOperation'),
        set(v) {
          v = String(v);
          if (COMPOSITES.has(v)) on(() => native.blendMode(v));
          else if (OTHER_COMPOSITES.has(v)) {
            unsupported("drawingContext.globalCompositeOperation = '" + v + "'",
              "whalegen draws the composite operations of p5's blendMode(): " + [...COMPOSITES].join(', '));
          }
        },
      },
      // p5's smooth() and noSmooth() set it on a 2D canvas.
      imageSmoothingEnabled: {
        get: () => on(() => native.isSmooth()),
        set: (v) => on(() => (v ? api.smooth() : api.noSmooth())),
      },
      filter: {
        get: () => 'none',
        set(v) {
          if (String(v) !== 'none') {
            unsupported("drawingContext.filter = '" + String(v) + "'", "only 'none'; p5's filter() draws the filters");
          }
        },
      },
    };
    const methods = {
      setLineDash(list) {
        if (list === null || typeof list !== 'object' || typeof list.length !== 'number') {
          throw new TypeError('drawingContext.setLineDash(): the argument is not a list of numbers');
        }
        if (list.length > MAX_DASH) {
          unsupported('drawingContext.setLineDash() of ' + list.length + ' entries', 'at most ' + MAX_DASH);
        }
        on(() => native.contextDash(Array.from(list, Number)));
      },
      getLineDash: () => get('lineDash'),
      createLinearGradient: (x0, y0, x1, y1) => new CanvasGradient('linear', [x0, y0, x1, y1].map(Number)),
      createRadialGradient: (x0, y0, r0, x1, y1, r1) =>
        new CanvasGradient('radial', [x0, y0, r0, x1, y1, r1].map(Number)),
      createConicGradient: (start, x, y) => new CanvasGradient('conic', [start, x, y].map(Number)),
      // The transform calls are p5's; the canvas ignores them when a
      // number is not finite. setTransform() and resetTransform() set the
      // pixels' transform, which p5's holds the pixel density in.
      translate: (...v) => finite(v, 2) && on(() => native.translate(...v)),
      rotate: (...v) => finite(v, 1) && on(() => native.rotate(...v)),
      scale: (...v) => finite(v, 2) && on(() => native.scale(...v)),
      transform: (...v) => finite(v, 6) && on(() => native.applyMatrix(...v)),
      setTransform(...v) {
        if (typeof v[0] === 'object') refuse('setTransform(matrix)');
        if (!finite(v, 6)) return;
        on(() => {
          const k = native.density();
          native.resetMatrix();
          native.applyMatrix(...v.map((x) => x / k));
        });
      },
      resetTransform: () => on(() => {
        const k = native.density();
        native.resetMatrix();
        native.scale(1 / k, 1 / k);
      }),
      // The context's save() and restore() are push() and pop() here:
      // they also save what p5 keeps beside the context (rectMode...).
      save: () => on(() => native.push()),
      restore: () => on(() => native.pop()),
    };
    const own = Object.create(null);
    const has = (o, key) => Object.prototype.hasOwnProperty.call(o, key);
    return new Proxy(Object.create(null), {
      get(_, key) {
        if (has(properties, key)) return properties[key].get();
        if (has(methods, key)) return methods[key];
        if (REFUSED.has(key)) refuse(key);
        return own[key];
      },
      set(_, key, v) {
        if (has(properties, key)) properties[key].set(v);
        else if (REFUSED.has(key) || has(methods, key)) refuse(key);
        else own[key] = v;
        return true;
      },
      has(_, key) { return has(properties, key) || has(methods, key) || REFUSED.has(key) || key in own; },
    });
  }
  P.contextOf = (surface) => surface._context || (surface._context = make(surface));

  // image() does not draw through globalAlpha or a shadow yet: refused
  // rather than drawn as if they were not there.
  const image = api.image;
  api.image = function (...args) {
    if (!native.contextPlain()) {
      unsupported('image() under drawingContext.globalAlpha or a shadow', 'set globalAlpha = 1 and shadowColor to transparent around image()');
    }
    return image.apply(this, args);
  };
  api.drawingContext = P.contextOf(P.canvasSurface);
  publish(['image', 'drawingContext']);
})(__native, __whalegenPrelude);
