// p5.js 2's type, over text.js's state: a leading of 1.275 sizes,
// textWeight(), and measures read from the canvas's measureText() as 2.x
// reads them: textWidth() and textBounds() are the ink's (whole pixels
// around each glyph, src/p5/typeset/ink.rs), fontWidth() and fontBounds() the
// advance and the font's ascent and descent; each placed by textAlign()
// as the canvas places text. A loaded font is measured as a font of the
// page, as 2.x draws it. Evaluated before v2.js, which makes loadFont()
// give a promise.
(function (native, shared) {
  'use strict';
  const { api, publish } = shared;
  const { own, face, size, metricsOf, layout, Font } = shared.text;
  const LEFT = 'left', CENTER = 'center', RIGHT = 'right', TOP = 'top', BOTTOM = 'bottom';

  layout.leading = 1.275;
  layout.outlines = false;
  // 2.x's textAlign(_, CENTER) draws on the canvas's 'middle' line moved
  // down by `middle` (fontMetrics).
  layout.middle = (T) => { const f = fontMetrics(T); return f.middle - f.shift; };

  api.textWeight = function (weight) {
    if (typeof weight !== 'number') return own().weight;
    native.textWeight(weight);
    return undefined;
  };

  api.textDirection = function (direction) {
    if (direction === undefined) return own().direction;
    native.textDirection(String(direction));
    return undefined;
  };

  // 2.x's textWrap() is a getter too; a setter of WORD or CHAR only.
  api.textWrap = function (wrap) {
    if (wrap === 'WORD' || wrap === 'CHAR') native.textWrap(wrap);
    return own().wrap;
  };

  // 2.x's lines: tabs as two spaces, cut at line breaks.
  const linesOf = (str) => (String(str) || '').replace(/\t/g, '  ').split(/\r?\n|\r/);
  // measureText() of one line: its advance and ink, in pixels.
  function measure(T, line) {
    const [advance, left, right, ascent, descent] = native.textInk(face(T), size(T), line);
    return { advance, left, right, ascent, descent };
  }
  // The canvas's font ascent and descent (Blink's, whole pixels); `shift`,
  // how far below the alphabetic baseline the textBaseline's line is (the
  // em box split as the typographic metrics split it, in 64ths); `middle`,
  // how far 2.x moves a line down at textAlign(_, CENTER): the alphabetic
  // baseline's offset from the 'middle' line plus half the height it
  // centres on (a loaded font's cap height, else the ascent above that
  // line).
  function fontMetrics(T) {
    const [em, ascender, descender, typoAscender, typoDescender, cap] = metricsOf(face(T));
    const px = size(T);
    const above = Math.round(px * 64 * typoAscender / (typoAscender + typoDescender)) / 64;
    const below = px - above;
    const shift = { [TOP]: -above, [CENTER]: (below - above) / 2, [BOTTOM]: below }[T.baseline] || 0;
    const ascent = Math.round(px * ascender / em);
    const centre = (below - above) / 2;
    const height = T.font instanceof Font && cap > 0 ? cap * px / em : ascent + centre;
    return { ascent, descent: Math.round(px * descender / em), shift, middle: centre + height / 2 };
  }
  const alignOf = (T) => ({ [CENTER]: 0.5, [RIGHT]: 1 }[T.align] || 0);

  const widest = (str, f) => Math.max(...linesOf(str).map(f));
  api.textWidth = function (str) {
    const T = own();
    return widest(str, (line) => { const m = measure(T, line); return m.right - m.left; });
  };
  api.fontWidth = function (str) {
    const T = own();
    return widest(str, (line) => measure(T, line).advance);
  };
  api.textAscent = function () { const T = own(); const f = fontMetrics(T); return f.ascent + f.shift; };
  api.textDescent = function () { const T = own(); const f = fontMetrics(T); return f.descent - f.shift; };

  // The box of `str`'s lines (a leading apart) from each line's box, moved
  // down as 2.x moves a block of lines for textAlign's vertical part.
  function bounds(str, x, y, box) {
    const T = own();
    if (arguments.length > 4 && box.some((v) => v !== undefined)) {
      throw new Error('textBounds()/fontBounds(): whalegen measures text at a point only, not in a box (width, height)');
    }
    const f = fontMetrics(T);
    const lines = linesOf(str);
    const boxes = lines.map((line, i) => {
      const m = measure(T, line);
      const ly = y + i * T.leading;
      return box.ink
        ? { x: x + m.left - alignOf(T) * m.advance, y: ly - (m.ascent + f.shift), w: m.right - m.left, h: m.ascent + m.descent }
        : { x: x - alignOf(T) * m.advance, y: ly - (f.ascent + f.shift), w: m.advance, h: f.ascent + f.descent };
    });
    const spread = -T.leading * (lines.length - 1);
    let down = 0;
    if (T.baseline === CENTER) down = spread / 2 + f.middle;
    else if (T.baseline === BOTTOM) down = spread;
    for (const b of boxes) b.y += down;
    if (boxes.length === 1) return boxes[0];
    const left = Math.min(...boxes.map((b) => b.x));
    const top = Math.min(...boxes.map((b) => b.y));
    const right = Math.max(...boxes.map((b) => b.x + b.w));
    const bottom = Math.max(...boxes.map((b) => b.y + b.h));
    return { x: left, y: top, w: right - left, h: bottom - top };
  }
  api.textBounds = function (str, x = 0, y = 0, width, height) {
    return bounds(str, x, y, Object.assign([width, height], { ink: true }));
  };
  api.fontBounds = function (str, x = 0, y = 0, width, height) {
    return bounds(str, x, y, [width, height]);
  };
  // A loaded font's measures are the sketch's, in that font.
  const inFont = (name) => function (...args) {
    api.push();
    api.textFont(this);
    try {
      return api[name](...args);
    } finally {
      api.pop();
    }
  };
  Font.prototype.textBounds = inFont('textBounds');
  Font.prototype.fontBounds = inFont('fontBounds');

  // 2.x reads a font file, or CSS @font-face rules (a URL of them or the
  // text itself); whalegen reads font files of the sketch's folder.
  const load = api.loadFont;
  api.loadFont = function (path, ...args) {
    const css = typeof path === 'string' && path.includes('@font-face');
    try {
      if (css) throw new Error('@font-face rules');
      return load.call(this, path, ...args);
    } catch (e) {
      if (!css && /\.(ttf|otf|woff2?)$/i.test(String(path))) throw e;
      const name = css ? '@font-face rules' : JSON.stringify(String(path));
      throw new Error(`loadFont(${name}): whalegen loads a .ttf or .otf file of the sketch's folder, ` +
        "not CSS; for a font of the page, name it in textFont() ('sans-serif', 'Arial', ...)");
    }
  };

  publish(['textWeight', 'textDirection', 'textWrap', 'textWidth', 'fontWidth', 'textAscent', 'textDescent', 'textBounds',
    'fontBounds', 'loadFont']);
})(__native, __whalegenPrelude);
