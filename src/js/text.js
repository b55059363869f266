// p5.js 1.11's text, written for whalegen over the natives of
// src/js/text.rs. It runs after prelude.js and adds to the globals and to
// p5.prototype what it defines. The state is p5's renderer's (`_textSize`,
// `_textLeading`, ...), with its quirks: push() and pop() save it but not
// the cached ascent, a box's lines are wrapped word by word (or character
// by character) with widths of the line so far plus a space.
(function (native) {
  'use strict';
  const G = globalThis;
  const proto = G.p5.prototype;
  // Into the prelude's `api` too, so that a p5.Graphics has them.
  const shared = G.__whalegenPrelude.api;
  function define(name, value) { G[name] = value; proto[name] = value; shared[name] = value; }

  const BOLDITALIC = 'bold italic', WORD = 'WORD', CHAR = 'CHAR';
  define('BOLDITALIC', BOLDITALIC); define('WORD', WORD); define('CHAR', CHAR);
  const LEFT = 'left', RIGHT = 'right', CENTER = 'center', TOP = 'top', BOTTOM = 'bottom';
  const BASELINE = 'alphabetic', NORMAL = 'normal', ITALIC = 'italic', BOLD = 'bold';
  const LEADING = 1.25;

  // `canvas` is the canvas's font, the face and size that draw and
  // measure a page font: p5 sets it from the rest whenever they change,
  // and the canvas keeps the one before when the font string is not CSS.
  const T = {
    font: 'sans-serif', size: 12, leading: 15, leadingSet: false, style: NORMAL,
    align: LEFT, baseline: BASELINE, wrap: WORD, ascent: null, descent: null,
    fillSet: false, strokeSet: false, rectMode: 'corner', canvas: { face: 0, size: 12 },
  };

  // p5's renderer remembers whether fill() and stroke() were ever called
  // (text is black and unstroked until they are) and the rect mode (a
  // text box reads it); push() and pop() save that with the text state,
  // except the ascent and descent cached, as p5's do.
  function wrap(name, before, after) {
    const f = G[name];
    define(name, function (...args) {
      if (before) before(...args);
      const result = f.apply(this, args);
      if (after) after(...args);
      return result;
    });
  }
  const saved = [];
  wrap('fill', () => { T.fillSet = true; });
  wrap('stroke', () => { T.strokeSet = true; });
  wrap('rectMode', (m) => { T.rectMode = String(m); });
  wrap('push', null, () => { saved.push(Object.assign({}, T)); });
  wrap('pop', null, () => {
    if (saved.length === 0) return;
    const { ascent, descent } = T;
    Object.assign(T, saved.pop(), { ascent, descent });
  });

  // --------------------------------------------------------------- fonts
  // The bundled faces are numbered family * 4 + style; the page maps CSS
  // names to them as tools/p5ref/fonts.conf maps them for Chromium, and
  // any other name to the browser's standard font, serif.
  const SANS = 0, SERIF = 4, MONO = 8;
  const FAMILIES = {
    'sans-serif': SANS, 'dejavu sans': SANS, arial: SANS, helvetica: SANS, verdana: SANS,
    tahoma: SANS, 'trebuchet ms': SANS, 'system-ui': SANS, 'liberation sans': SANS,
    serif: SERIF, 'dejavu serif': SERIF, times: SERIF, 'times new roman': SERIF, georgia: SERIF,
    'liberation serif': SERIF,
    monospace: MONO, 'dejavu sans mono': MONO, courier: MONO, 'courier new': MONO,
    consolas: MONO, menlo: MONO, monaco: MONO, 'liberation mono': MONO,
  };
  const STYLES = { [NORMAL]: 0, [BOLD]: 1, [ITALIC]: 2, [BOLDITALIC]: 3 };

  // A font loaded with loadFont(): p5 draws it as outlines, measured by
  // the font's own ascender and descender.
  class Font {
    constructor(id, path) {
      const [unitsPerEm, ascender, descender] = native.fontMetrics(id);
      const name = String(path).split('/').pop().replace(/\.[^.]*$/, '');
      this._id = id;
      this.font = { familyName: name, styleName: 'Regular', unitsPerEm, ascender, descender: -descender, supported: true };
    }
  }
  G.p5.Font = Font;

  // The family of a CSS font-family list: the first one known, else the
  // page's standard font; null when the list is not CSS.
  const FAMILY_LIST = /^\s*("[^"]*"|'[^']*'|[^,"']+)(\s*,\s*("[^"]*"|'[^']*'|[^,"']+))*\s*$/;
  function family(list) {
    if (!FAMILY_LIST.test(list)) return null;
    for (const part of list.split(',')) {
      const name = part.trim().replace(/^["']|["']$/g, '').replace(/\s+/g, ' ').toLowerCase();
      if (FAMILIES[name] !== undefined) return FAMILIES[name];
    }
    return SERIF;
  }
  // The face that draws and measures: the loaded font's, or the canvas's.
  function face() {
    return T.font instanceof Font ? T.font._id : T.canvas.face;
  }
  const size = () => (T.font instanceof Font ? T.size : T.canvas.size);
  const metrics = new Map();
  function metricsOf(id) {
    if (!metrics.has(id)) metrics.set(id, native.fontMetrics(id));
    return metrics.get(id);
  }
  // Skia's SkScalarRoundToScalar.
  const round = (v) => Math.floor(v + 0.5);

  // p5 measures a page font's ascent and descent in the page, where a
  // span of its size sits in a line of the page's 16 px font (DejaVu
  // Serif): whole pixels, and a descent never below that line's.
  function updateMetrics() {
    if (T.font instanceof Font) {
      const [em, ascender, descender] = metricsOf(T.font._id);
      T.ascent = ascender * T.size / em;
      T.descent = descender * T.size / em;
      return;
    }
    const [em, ascender, descender] = metricsOf(family(String(T.font)) || SERIF);
    const [pageEm, , pageDescender] = metricsOf(SERIF);
    T.ascent = round(T.size * ascender / em);
    T.descent = Math.max(round(T.size * descender / em), round(16 * pageDescender / pageEm));
  }
  // p5's _applyTextProperties: the cached metrics forgotten, and the
  // canvas's font set to `${style} ${size}px ${font}`, a name with spaces
  // quoted (so a list with spaces is one unknown name). Blink keeps the
  // size in 64ths of a pixel, rounded down.
  function applied() {
    T.ascent = null;
    T.descent = null;
    if (T.font instanceof Font) return;
    const name = String(T.font || 'sans-serif');
    const fam = family(/\s/.test(name) ? '"' + name + '"' : name);
    const px = T.size || 12;
    const style = STYLES[T.style || NORMAL];
    if (fam !== null && style !== undefined && typeof px === 'number' && px >= 0 && px < Infinity) {
      T.canvas = { face: fam + style, size: Math.floor(px * 64) / 64 };
    }
  }

  // ------------------------------------------------------------- settings
  define('textSize', function (s) {
    if (typeof s !== 'number') return T.size;
    T.size = s;
    if (!T.leadingSet) T.leading = s * LEADING;
    applied();
    return undefined;
  });
  define('textLeading', function (l) {
    if (typeof l !== 'number') return T.leading;
    T.leadingSet = true;
    T.leading = l;
    return undefined;
  });
  define('textStyle', function (s) {
    if (!s) return T.style;
    if (s === NORMAL || s === ITALIC || s === BOLD || s === BOLDITALIC) T.style = s;
    applied();
    return undefined;
  });
  define('textAlign', function (h, v) {
    if (h === undefined) return { horizontal: T.align, vertical: T.baseline };
    T.align = h;
    if (v !== undefined) T.baseline = v;
    applied();
    return undefined;
  });
  define('textWrap', function (w) { T.wrap = w; return T.wrap; });
  define('textFont', function (theFont, theSize) {
    if (arguments.length === 0) return T.font;
    if (!theFont) throw new Error('null font passed to textFont');
    T.font = theFont;
    if (theSize) {
      T.size = theSize;
      if (!T.leadingSet) T.leading = theSize * LEADING;
    }
    applied();
    return undefined;
  });
  define('textAscent', function () {
    if (T.ascent === null) updateMetrics();
    return T.ascent;
  });
  define('textDescent', function () {
    if (T.descent === null) updateMetrics();
    return T.descent;
  });
  const lineWidth = (line) => native.textWidth(face(), size(), line);
  define('textWidth', function (...args) {
    const s = args[0] + '';
    if (s.length === 0) return 0;
    return Math.max(...s.replace(/\t/g, '  ').split(/\r?\n|\r|\n/g).map(lineWidth));
  });
  define('loadFont', function (path, done, failed) {
    let font;
    try {
      font = new Font(native.loadFont(String(path)), path);
    } catch (e) {
      if (typeof failed === 'function') return failed(e);
      throw e;
    }
    if (typeof done === 'function') done(font);
    return font;
  });

  // -------------------------------------------------------------- drawing
  const ALIGN = { [LEFT]: 0, [CENTER]: 0.5, [RIGHT]: 1 };
  // One line with its baseline placed as the canvas places it for
  // `baseline` (the normalised typographic ascent and descent, in 64ths of
  // a pixel), or as p5 places a loaded font's outline.
  function drawLine(line, x, y, baseline) {
    const id = face();
    const px = size();
    const [em, ascender, descender, typoAscender, typoDescender] = metricsOf(id);
    const outline = T.font instanceof Font;
    if (outline) {
      const scale = px / em;
      if (T.baseline === TOP) y += ascender * scale;
      else if (T.baseline === CENTER) y += ascender * scale / 2;
      else if (T.baseline === BOTTOM) y -= descender * scale;
    } else {
      const em64 = px * 64;
      const above = Math.round(em64 * typoAscender / (typoAscender + typoDescender)) / 64;
      const below = em64 / 64 - above;
      if (baseline === TOP) y += above;
      else if (baseline === CENTER) y += (above - below) / 2;
      else if (baseline === BOTTOM) y -= below;
    }
    native.text(id, px, line, [x, y, ALIGN[T.align] || 0], [!outline, T.fillSet, T.strokeSet]);
  }

  // Renderer.text of p5.js 1.11, lines cut at '\n' and, in a box, wrapped.
  define('text', function (str, x, y, maxWidth, maxHeight) {
    if (str === undefined) return;
    if (typeof str !== 'string') str = str.toString();
    // A box draws page fonts from the top of the line (Renderer2D's hack).
    const baseline = maxWidth !== undefined && T.baseline === BASELINE ? TOP : T.baseline;
    const render = (line, ly, maxY, minY) => {
      if (ly < minY || ly >= maxY) return;
      drawLine(line, x, ly, baseline);
    };
    const leading = () => T.leading;
    const lines = str.replace(/(\t)/g, '  ').split('\n');
    let finalMaxHeight = Number.MAX_VALUE;
    let finalMinHeight = y;
    if (maxWidth === undefined) {
      let offset = 0;
      if (T.baseline === CENTER) offset = (lines.length - 1) * leading() / 2;
      else if (T.baseline === BOTTOM) offset = (lines.length - 1) * leading();
      for (const line of lines) {
        render(line, y - offset, finalMaxHeight, finalMinHeight - offset);
        y += leading();
      }
      return;
    }
    if (T.rectMode === CENTER) x -= maxWidth / 2;
    if (T.align === CENTER) x += maxWidth / 2;
    else if (T.align === RIGHT) x += maxWidth;
    if (maxHeight !== undefined) {
      if (T.rectMode === CENTER) { y -= maxHeight / 2; finalMinHeight -= maxHeight / 2; }
      const originalY = y;
      const ascent = G.textAscent();
      if (T.baseline === BOTTOM) {
        y = Math.max(y + maxHeight, y);
        finalMinHeight += ascent;
      } else if (T.baseline === CENTER) {
        y = Math.max(y + maxHeight / 2, y);
        finalMinHeight += ascent / 2;
      }
      finalMaxHeight = y + maxHeight - ascent;
      if (T.baseline === CENTER) finalMaxHeight = originalY + maxHeight - ascent / 2;
    } else if (T.baseline === BOTTOM || T.baseline === CENTER) {
      const rectHeight = T.size * T.leading;
      finalMinHeight = y - rectHeight / 2;
      finalMaxHeight = y + rectHeight / 2;
    }
    const wrapped = T.wrap === WORD ? byWords(lines, maxWidth) : byChars(lines, maxWidth);
    let offset = 0;
    if (T.baseline === CENTER) offset = (wrapped.length - 1) * leading() / 2;
    else if (T.baseline === BOTTOM) offset = (wrapped.length - 1) * leading();
    for (const line of wrapped) {
      render(line, y - offset, finalMaxHeight, finalMinHeight);
      y += leading();
    }
  });

  // Words added while the line so far, plus the word and a space, fits;
  // the lines drawn trimmed.
  function byWords(lines, maxWidth) {
    const out = [];
    for (const text of lines) {
      let line = '';
      for (const word of text.split(' ')) {
        const testLine = line + word + ' ';
        if (lineWidth(testLine) > maxWidth && line.length > 0) {
          out.push(line.trim());
          line = word + ' ';
        } else {
          line = testLine;
        }
      }
      out.push(line.trim());
    }
    return out;
  }
  // Characters added while they fit. As p5 1.11's, a line cut at '\n'
  // starts the next afresh, losing its last part: only the last is drawn
  // whole.
  function byChars(lines, maxWidth) {
    const out = [];
    let line = '';
    for (const text of lines) {
      line = '';
      for (const c of text.split('')) {
        const testLine = line + c;
        const width = lineWidth(testLine);
        if (width <= maxWidth) {
          line += c;
        } else if (line.length > 0) {
          out.push(line.trim());
          line = c;
        }
      }
    }
    out.push(line.trim());
    return out;
  }
})(__native);
