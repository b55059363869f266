// p5.js 2's colour spaces, as color.js (which p5.js 2 builds on) defines
// them: each space's base, its conversions to and from that base, and its
// coordinates' reference ranges. CIE XYZ (D65) is the root. A null
// coordinate is color.js's `none` (an achromatic hue); it counts as 0 in a
// conversion. Run before v2/colour.js, which takes `shared.spaces`.
(function (shared) {
  'use strict';
  const mul = (m, v) => m.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]);
  const matrix = (m) => ({ toBase: (v) => mul(m[0], v), fromBase: (v) => mul(m[1], v) });
  // sRGB's primaries and the Bradford adaptation between D65 and D50.
  const SRGB = [
    [[0.41239079926595934, 0.357584339383878, 0.1804807884018343],
      [0.21263900587151027, 0.715168678767756, 0.07219231536073371],
      [0.01933081871559182, 0.11919477979462598, 0.9505321522496607]],
    [[3.2409699419045226, -1.537383177570094, -0.4986107602930034],
      [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
      [0.05563007969699366, -0.20397695888897652, 1.0569715142428786]],
  ];
  const D50 = [
    [[0.955473421488075, -0.02309845494876471, 0.06325924320057072],
      [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
      [0.012314014864481998, -0.020507649298898964, 1.330365926242124]],
    [[1.0479297925449969, 0.022946870601609652, -0.05019226628920524],
      [0.02962780877005599, 0.9904344267538799, -0.017073799063418826],
      [-0.009243040646204504, 0.015055191490298152, 0.7518742814281371]],
  ];
  const OK_LMS = [
    [[1.2268798758459243, -0.5578149944602171, 0.2813910456659647],
      [-0.0405757452148008, 1.1122868032803170, -0.0717110580655164],
      [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816]],
    [[0.8190224379967030, 0.3619062600528904, -0.1288737815209879],
      [0.0329836539323885, 0.9292868615863434, 0.0361446663506424],
      [0.0481771893596242, 0.2642395317527308, 0.6335478284694309]],
  ];
  const OK_LAB = [
    [[1, 0.3963377773761749, 0.2158037573099136],
      [1, -0.1055613458156586, -0.0638541728258133],
      [1, -0.0894841775298119, -1.2914855480194092]],
    [[0.2104542683093140, 0.7936177747023054, -0.0040720430116193],
      [1.9779985324311684, -2.4285922420485799, 0.4505937096174110],
      [0.0259040424655478, 0.7827717124575296, -0.8086757549230774]],
  ];
  const WHITE_D50 = [0.3457 / 0.3585, 1.00000, (1.0 - 0.3457 - 0.3585) / 0.3585];

  // sRGB's transfer function, odd about 0.
  const gamma = (v) => {
    const sign = v < 0 ? -1 : 1;
    const abs = v * sign;
    return abs > 0.0031308 ? sign * (1.055 * abs ** (1 / 2.4) - 0.055) : 12.92 * v;
  };
  const linear = (v) => {
    const sign = v < 0 ? -1 : 1;
    const abs = v * sign;
    return abs <= 0.04045 ? v / 12.92 : sign * ((abs + 0.055) / 1.055) ** 2.4;
  };
  // The hue of r, g, b in sixths, or null for a grey.
  function sextant(r, g, b, max, d) {
    if (max === r) return (g - b) / d + (g < b ? 6 : 0);
    if (max === g) return (b - r) / d + 2;
    return (r - g) / d + 4;
  }
  const wrap = (h) => { h %= 360; return h < 0 ? h + 360 : h; };
  // Cylindrical forms of Lab and OKLab: a hue of none below `eps` chroma.
  const polar = (eps) => ({
    fromBase([l, a, b]) {
      if (Math.abs(a) < eps && Math.abs(b) < eps) return [l, 0, null];
      let h = (Math.atan2(b, a) * 180) / Math.PI;
      h = ((h % 360) + 360) % 360;
      return [l, Math.sqrt(a ** 2 + b ** 2), h];
    },
    toBase([l, c, h]) {
      if (h === null) return [l, null, null];
      c = c < 0 ? 0 : c;
      return [l, c * Math.cos((h * Math.PI) / 180), c * Math.sin((h * Math.PI) / 180)];
    },
  });
  const ANGLE = [0, 360];
  const PERCENT = [0, 100];

  const spaces = {
    'xyz-d65': { base: null },
    'srgb-linear': { base: 'xyz-d65', ...matrix(SRGB) },
    srgb: {
      base: 'srgb-linear', ranges: [[0, 1], [0, 1], [0, 1]],
      toBase: (v) => v.map(linear), fromBase: (v) => v.map(gamma),
    },
    hsl: {
      base: 'srgb', ranges: [ANGLE, PERCENT, PERCENT], hue: 0,
      fromBase(rgb) {
        const [max, min] = [Math.max(...rgb), Math.min(...rgb)];
        const l = (min + max) / 2;
        const d = max - min;
        let [h, s] = [null, 0];
        if (d !== 0) {
          s = l === 0 || l === 1 ? 0 : (max - l) / Math.min(l, 1 - l);
          h = sextant(...rgb, max, d) * 60;
        }
        if (s < 0) { h += 180; s = Math.abs(s); }
        if (h >= 360) h -= 360;
        return [h, s * 100, l * 100];
      },
      toBase([h, s, l]) {
        h = wrap(h); s /= 100; l /= 100;
        const f = (n) => {
          const k = (n + h / 30) % 12;
          return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
        };
        return [f(0), f(8), f(4)];
      },
    },
    // p5's own HSB: a grey's hue is 0, not none.
    hsb: {
      base: 'srgb', ranges: [ANGLE, PERCENT, PERCENT], hue: 0,
      fromBase(rgb) {
        const val = Math.max(...rgb);
        const chroma = val - Math.min(...rgb);
        if (chroma === 0) return [0, 0, val * 100];
        let hue = sextant(...rgb, val, chroma);
        if (hue >= 6) hue -= 6;
        return [(hue / 6) * 360, (chroma / val) * 100, val * 100];
      },
      toBase([h, s, v]) {
        const hue = (h / 360) * 6;
        [s, v] = [s / 100, v / 100];
        if (s === 0) return [v, v, v];
        const sector = Math.floor(hue);
        const t1 = v * (1 - s);
        const t2 = v * (1 - s * (hue - sector));
        const t3 = v * (1 - s * (1 + sector - hue));
        return [[v, t3, t1], [t2, v, t1], [t1, v, t3], [t1, t2, v], [t3, t1, v], [v, t1, t2],
          [v, t3, t1]][sector] || [v, t3, t1];
      },
    },
    hsv: {
      base: 'srgb',
      fromBase(rgb) {
        const [max, min] = [Math.max(...rgb), Math.min(...rgb)];
        const d = max - min;
        let h = d === 0 ? null : sextant(...rgb, max, d) * 60;
        if (h >= 360) h -= 360;
        return [h, max ? (d / max) * 100 : 0, max * 100];
      },
      toBase([h, s, v]) {
        h = wrap(h); s /= 100; v /= 100;
        const f = (n) => {
          const k = (n + h / 60) % 6;
          return v - v * s * Math.max(0, Math.min(k, 4 - k, 1));
        };
        return [f(5), f(3), f(1)];
      },
    },
    hwb: {
      base: 'hsv', ranges: [ANGLE, PERCENT, PERCENT], hue: 0,
      fromBase: ([h, s, v]) => [h, (v * (100 - s)) / 100, 100 - v],
      toBase([h, w, b]) {
        w /= 100; b /= 100;
        if (w + b >= 1) return [h, 0, (w / (w + b)) * 100];
        const v = 1 - b;
        return [h, v === 0 ? 0 : (1 - w / v) * 100, v * 100];
      },
    },
    'xyz-d50': { base: 'xyz-d65', ...matrix(D50) },
    lab: {
      base: 'xyz-d50', ranges: [PERCENT, [-125, 125], [-125, 125]],
      fromBase(xyz) {
        const [e, k] = [216 / 24389, 24389 / 27];
        const f = xyz.map((v, i) => v / WHITE_D50[i])
          .map((v) => (v > e ? Math.cbrt(v) : (k * v + 16) / 116));
        return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])];
      },
      toBase([l, a, b]) {
        const [e3, k] = [24 / 116, 24389 / 27];
        const f1 = (l + 16) / 116;
        const [f0, f2] = [a / 500 + f1, f1 - b / 200];
        return [
          f0 > e3 ? Math.pow(f0, 3) : (116 * f0 - 16) / k,
          l > 8 ? Math.pow((l + 16) / 116, 3) : l / k,
          f2 > e3 ? Math.pow(f2, 3) : (116 * f2 - 16) / k,
        ].map((v, i) => v * WHITE_D50[i]);
      },
    },
    lch: { base: 'lab', ranges: [PERCENT, [0, 150], ANGLE], hue: 2, ...polar(250 / 100000) },
    oklab: {
      base: 'xyz-d65', ranges: [[0, 1], [-0.4, 0.4], [-0.4, 0.4]],
      fromBase: (xyz) => mul(OK_LAB[1], mul(OK_LMS[1], xyz).map(Math.cbrt)),
      toBase: (lab) => mul(OK_LMS[0], mul(OK_LAB[0], lab).map((v) => v ** 3)),
    },
    oklch: { base: 'oklab', ranges: [[0, 1], [0, 0.4], ANGLE], hue: 2, ...polar(0.8 / 100000) },
  };
  // The spaces from the root down to `id`.
  const path = (id) => (id === null ? [] : path(spaces[id].base).concat([id]));
  for (const id in spaces) spaces[id].path = path(id);

  // `coords` of space `from` in space `to`, through their nearest common
  // ancestor (as color.js converts; a none counts as 0).
  function convert(coords, from, to) {
    if (from === to) return coords.slice();
    const [up, down] = [spaces[from].path, spaces[to].path];
    let common = 0;
    while (common < up.length && up[common] === down[common]) common++;
    let v = coords.map((c) => (c === null ? 0 : c));
    for (let i = up.length - 1; i >= common; i--) v = spaces[up[i]].toBase(v).map((c) => c ?? 0);
    for (let i = common; i < down.length; i++) v = spaces[down[i]].fromBase(v);
    return v;
  }
  shared.spaces = { spaces, convert };
})(globalThis.__whalegenPrelude);
