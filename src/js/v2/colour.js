// p5.js 2's colours: a p5.Color keeps its coordinates in its mode's colour
// space (v2/spaces.js) and the canvas paints the CSS string p5 gives it,
// as Chromium reads it: RGB made from numbers as the hex of each channel
// cut to 8 bits, other modes and strings converted to sRGB, clipped and
// rounded. Run after v2.js for a sketch written for p5.js 2.
(function (native, shared) {
  'use strict';
  const { api, publish } = shared;
  const { spaces, convert } = shared.spaces;
  const G = globalThis;

  const SPACE = { rgb: 'srgb', hsb: 'hsb', hsl: 'hsl', hwb: 'hwb', lab: 'lab', lch: 'lch', oklab: 'oklab',
    oklch: 'oklch' };
  const MODE = Object.fromEntries(Object.entries(SPACE).map(([m, s]) => [s, m]));
  const LABS = [100, [-125, 125], [-125, 125], 1];
  const DEFAULT_MAXES = { rgb: [255, 255, 255, 255], hsb: [360, 100, 100, 1], hsl: [360, 100, 100, 1],
    hwb: [360, 100, 100, 1], lab: LABS, lch: [100, 150, 360, 1], oklab: LABS, oklch: [100, 150, 360, 1] };
  const state = {
    mode: 'rgb',
    maxes: Object.fromEntries(Object.entries(DEFAULT_MAXES).map(([m, v]) => [m, v.slice()])),
  };

  const span = (max) => (Array.isArray(max) ? max : [0, max]);
  function map(n, [a0, a1], [b0, b1], clamp) {
    let v = ((n - a0) / (a1 - a0)) * (b1 - b0) + b0;
    if (clamp) v = Math.min(Math.max(v, Math.min(b0, b1)), Math.max(b0, b1));
    return v;
  }
  const rangesOf = (space) => spaces[space].ranges.concat([[0, 1]]);
  const hex8 = (v) => { const n = ~~(v * 255); return n < 16 ? '0' + n.toString(16) : n.toString(16); };
  const level = (v) => Math.round(Math.min(Math.max(v, 0), 1) * 255);

  class Color {
    // `coords` in `space`, alpha 0..1; `text` the string p5 keeps for the
    // canvas when there is one.
    constructor(space, coords, alpha, text) {
      this._space = space;
      this._coords = coords;
      this._alpha = alpha;
      this._text = text;
    }
    get mode() { return MODE[this._space]; }
    _in(space) { return convert(this._coords, this._space, space); }
    array() { return this._in('srgb').concat([this._alpha]); }
    get _array() { return this.array(); }
    // The 8-bit RGBA the canvas paints.
    get levels() {
      const hex = /^#([0-9a-f]{6}|[0-9a-f]{8})$/.exec(this._text || '');
      if (hex) {
        const bytes = hex[1].match(/../g).map((h) => parseInt(h, 16));
        return bytes.length === 4 ? bytes : bytes.concat([255]);
      }
      return this._in('srgb').map(level).concat([Math.round(Math.min(Math.max(this._alpha, 0), 1) * 255)]);
    }
    toString(format) {
      if (format === undefined && this._text !== undefined) return this._text;
      return serialize(this, format);
    }
    _setChannel(i, v) {
      this._text = undefined;
      if (this._space === 'srgb') {
        this._coords[i] = v;
      } else {
        const rgb = this._in('srgb');
        rgb[i] = v;
        this._coords = convert(rgb, 'srgb', this._space);
      }
    }
    setRed(v, max) { this._setChannel(0, map(v, span(max || 1), [0, 1])); }
    setGreen(v, max) { this._setChannel(1, map(v, span(max || 1), [0, 1])); }
    setBlue(v, max) { this._setChannel(2, map(v, span(max || 1), [0, 1])); }
    setAlpha(v, max) { this._text = undefined; this._alpha = map(v, span(max || 1), [0, 1]); }
    // A channel of the colour in `space` (its own when it is one of
    // `own`), mapped from that space's range onto `max`.
    _get(own, space, i, max) {
      const from = own.includes(this._space) ? this._space : space;
      const v = from === this._space ? this._coords[i] : this._in(from)[i];
      return map(v, rangesOf(from)[i], span(max));
    }
    lerp(other, amt, mode) {
      const [a, b] = [this._space, other._space].map((s) => spaces[s].path);
      let common = -1;
      while (common + 1 < Math.max(a.length, b.length) && a[common + 1] === b[common + 1]) common++;
      const space = a[common];
      const [c1, c2] = [this, other].map((c) => inGamut(c._in(space), space));
      const hue = spaces[space].hue;
      if (hue !== undefined) {
        let [h1, h2] = [c1[hue], c2[hue]];
        if (h1 === null) h1 = h2;
        if (h2 === null) h2 = h1;
        if (h1 !== null) {
          [h1, h2] = [h1, h2].map((h) => ((h % 360) + 360) % 360);
          if (h2 - h1 > 180) h1 += 360; else if (h2 - h1 < -180) h2 += 360;
        }
        [c1[hue], c2[hue]] = [h1, h2];
      }
      const mix = (x, y) => (Number.isNaN(x) ? y : Number.isNaN(y) ? x : x + (y - x) * amt);
      const coords = c1.map((x, i) => mix(x, c2[i]));
      const to = SPACE[mode || this.mode] || space;
      return new Color(to, convert(coords, space, to), mix(this._alpha, other._alpha));
    }
  }

  // `coords` of `space` brought into sRGB's gamut when the space is sRGB's,
  // as color.js does before mixing or writing: white at or past OKLCh's
  // lightness 1, black at 0 or below, else clipped in sRGB (color.js
  // lowers the chroma in OKLCh instead: the same where the clip is small).
  function inGamut(coords, space) {
    if (!spaces[space].path.includes('srgb')) return coords;
    const rgb = convert(coords, space, 'srgb');
    if (rgb.every((v) => v >= 0 && v <= 1)) return coords;
    const l = convert(rgb, 'srgb', 'oklch')[0];
    const clipped = l >= 1 ? [1, 1, 1] : l <= 0 ? [0, 0, 0] : rgb.map((v) => Math.min(Math.max(v, 0), 1));
    const fixed = convert(clipped, 'srgb', space);
    if (spaces[space].hue !== undefined && coords[spaces[space].hue] === null) fixed[spaces[space].hue] = null;
    return fixed;
  }

  // color.js's rounding to `digits` significant digits.
  function precise(n, digits = 5) {
    if (n === null) return 'none';
    if (n === 0) return 0;
    const whole = ~~n;
    const before = whole ? ~~Math.log10(Math.abs(whole)) + 1 : 0;
    const m = 10.0 ** (digits - before);
    return Math.floor(n * m + 0.5) / m;
  }
  const FORMATS = {
    rgb: ['srgb', 'rgb', '%%%'], rgba: ['srgb', 'rgba', '%%%', true], hsl: ['hsl', 'hsl', 'n%%'],
    hsla: ['hsl', 'hsla', 'n%%', true], hsb: ['hsb', 'hsb', 'n%%'], hsba: ['hsb', 'hsba', 'n%%', true],
    hwb: ['hwb', 'hwb', 'n%%'], lab: ['lab', 'lab', '%nn'], lch: ['lch', 'lch', '%nn'],
    oklab: ['oklab', 'oklab', '%nn'], oklch: ['oklch', 'oklch', '%nn'],
  };
  // `toString(format)`: p5's formats as color.js writes them, a colour of
  // sRGB's family clipped to its gamut first.
  function serialize(c, format) {
    if (format === '#rrggbb' || format === 'hex') {
      const rgb = c._in('srgb').map(level);
      if (format === '#rrggbb') return '#' + rgb.map((v) => v.toString(16).padStart(2, '0')).join('');
      if (c._alpha < 1) rgb.push(level(c._alpha));
      const short = rgb.every((v) => v % 17 === 0);
      return '#' + rgb.map((v) => (short ? (v / 17).toString(16) : v.toString(16).padStart(2, '0'))).join('');
    }
    const spec = FORMATS[format] || (c.mode === 'hsb' ? undefined : FORMATS[c.mode]);
    if (spec === undefined) {
      // p5's HSB by default: sRGB in percentages to 2 decimals.
      const rgb = convert(inGamut(c._coords, 'hsb'), 'hsb', 'srgb')
        .map((v) => Math.round(v * 100 * 100) / 100 + '%').join(' ');
      return `rgb(${rgb}${c._alpha < 1 ? ' / ' + c._alpha : ''})`;
    }
    const [space, name, types, commas] = spec;
    const coords = inGamut(c._in(space), space);
    const ranges = rangesOf(space);
    const args = coords.map((v, i) => (types[i] === '%'
      ? precise(v === null ? null : (v / ranges[i][1]) * 100) + (v === null ? '' : '%') : precise(v)));
    if (commas) return `${name}(${args.join(', ')}, ${precise(c._alpha)})`;
    return `${name}(${args.join(' ')}${c._alpha < 1 ? ' / ' + precise(c._alpha) : ''})`;
  }

  // A CSS colour function's arguments in its space's coordinates: a
  // percentage of the coordinate's reference range, else the number.
  const CSS = { rgb: 'srgb', rgba: 'srgb', hsl: 'hsl', hsla: 'hsl', hwb: 'hwb', lab: 'lab', lch: 'lch',
    oklab: 'oklab', oklch: 'oklch' };
  function parse(text) {
    const call = /^\s*([a-z]+)\(\s*(.*?)\s*\)\s*$/i.exec(text);
    if (call === null) {
      if (text.trim().toLowerCase() === 'transparent') return new Color('srgb', [0, 0, 0], 0, text);
      const v = native.color(text);
      return new Color('srgb', v.slice(0, 3), v[3], text);
    }
    let [name, body] = [call[1].toLowerCase(), call[2]];
    let args = body.split(/\s*[,/]\s*|\s+/);
    if (name === 'color') {
      if (args.shift() !== 'srgb') throw new Error('Invalid color string');
      name = 'srgb';
    }
    const space = name === 'srgb' ? 'srgb' : CSS[name];
    if (space === undefined || args.length < 3 || args.length > 4) throw new Error('Invalid color string');
    const ranges = rangesOf(space);
    const value = (arg, i) => {
      if (arg === 'none') return null;
      const n = parseFloat(arg);
      if (!/^[-+.\d]/.test(arg) || Number.isNaN(n)) throw new Error('Invalid color string');
      if (arg.endsWith('%')) return (n / 100) * (i === 3 ? 1 : Math.abs(ranges[i][1]));
      if (space === 'srgb' && name !== 'srgb' && i < 3) return n / 255;
      return n;
    };
    const v = args.map(value);
    return new Color(space, v.slice(0, 3), v.length === 4 ? v[3] : 1, text);
  }

  // p5.js 2's color(): numbers in the mode's maxes, clamped; one number
  // (and an alpha) a grey; a string; a colour itself (not a copy).
  function color(...args) {
    if (args[0] instanceof Color) return args[0];
    const v = Array.isArray(args[0]) ? args[0] : args;
    if (typeof v[0] === 'string') return parse(v[0]);
    const { mode } = state;
    const space = SPACE[mode];
    const maxes = state.maxes[mode].map(span);
    const ranges = rangesOf(space);
    const to = (n, i) => map(n, maxes[i], ranges[i], true);
    let coords;
    if (v.length >= 3) {
      coords = [0, 1, 2].map((i) => to(v[i], i));
    } else if (v.length >= 1) {
      coords = grey(mode, v[0], maxes);
    } else {
      throw new Error('color(): no values given');
    }
    const a = v.length === 4 ? to(v[3], 3) : v.length === 2 ? map(v[1], maxes[3], [0, 1], true) : 1;
    const text = mode === 'rgb' ? '#' + coords.map(hex8).join('') + (a === 1 ? '' : hex8(a)) : undefined;
    return new Color(space, coords, a, text);
  }
  // A grey from one number, each mode its own way (p5.js 2's fromGray).
  function grey(mode, n, maxes) {
    if (mode === 'rgb') { const v = map(n, maxes[2], [0, 1], true); return [v, v, v]; }
    if (mode === 'hsb' || mode === 'hsl') return [0, 0, map(n, maxes[2], [0, 100], true)];
    if (mode === 'hwb') {
      const wb = Math.abs(maxes[1][0] - maxes[1][1]) / 2 + Math.abs(maxes[2][0] - maxes[2][1]) / 2;
      const v = map(n, [0, wb], [0, 100]);
      return v < 50 ? [0, 100 - v, v] : [0, v, 100 - v];
    }
    // Lab's family: the lightness on 0..100, even OKLab's (0..1) as p5 does.
    return [map(n, maxes[0], [0, 100], true), 0, 0];
  }

  api.color = color;
  api.colorMode = function (mode, ...maxes) {
    if (SPACE[mode] === undefined) return state.mode;
    state.mode = mode;
    const m = state.maxes[mode];
    if (maxes.length === 1) m.fill(maxes[0]);
    if (maxes.length >= 3) [m[0], m[1], m[2]] = maxes;
    if (maxes.length >= 4) m[3] = maxes[3];
    return state.mode;
  };
  const OWN = { hue: ['hsb', 'hsl'], saturation: ['hsb', 'hsl'] };
  api.red = (c) => color(c)._get(['srgb'], 'srgb', 0, 1);
  api.green = (c) => color(c)._get(['srgb'], 'srgb', 1, 1);
  api.blue = (c) => color(c)._get(['srgb'], 'srgb', 2, 1);
  api.alpha = (c) => color(c)._alpha;
  api.hue = function (c) {
    const { mode, maxes } = state;
    const i = mode === 'lch' || mode === 'oklch' ? 2 : 0;
    const max = OWN.hue.includes(mode) || i === 2 ? maxes[mode][i] : maxes.hsl[0];
    return color(c)._get(OWN.hue, 'hsl', 0, max);
  };
  api.saturation = function (c) {
    const own = state.mode === 'hsb' ? 'hsb' : 'hsl';
    return color(c)._get(OWN.saturation, 'hsl', 1, state.maxes[own][1]);
  };
  api.brightness = (c) => color(c)._get(['hsb'], 'hsb', 2, state.maxes.hsb[2]);
  api.lightness = (c) => color(c)._get(['hsl'], 'hsl', 2, state.maxes.hsl[2]);
  api.lerpColor = (c1, c2, amt) => c1.lerp(c2, amt, state.mode);

  // The canvas paints the colour's 8-bit RGBA: handed on as RGB numbers
  // to what the other files made of fill() and its kin (the native colour
  // mode stays RGB 0..255), so that their wrappers (text.js's) still run.
  const paint = (name, isColour) => {
    const before = G[name];
    api[name] = function (...args) {
      if (!isColour(args)) return before.apply(this, args);
      return before.apply(this, color(...args).levels);
    };
  };
  const some = (args) => args.length > 0;
  paint('fill', some);
  paint('stroke', some);
  // background(image) is the image's.
  paint('background', (args) => some(args) && (typeof args[0] !== 'object' || args[0] instanceof Color ||
    Array.isArray(args[0])));
  const set = G.set;
  api.set = (x, y, c) => set(x, y, c instanceof Color ? c.levels : c);
  G.p5.Color = Color;
  Object.assign(api, { HWB: 'hwb', LAB: 'lab', LCH: 'lch', OKLAB: 'oklab', OKLCH: 'oklch', RGBA: 'rgba' });
  publish(['color', 'colorMode', 'red', 'green', 'blue', 'alpha', 'hue', 'saturation', 'brightness',
    'lightness', 'lerpColor', 'background', 'fill', 'stroke', 'set', 'HWB', 'LAB', 'LCH', 'OKLAB', 'OKLCH',
    'RGBA']);
})(__native, globalThis.__whalegenPrelude);
