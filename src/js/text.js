// p5.js 1.11's text, written for whalegen over the natives of
// src/js/text.rs. It runs after prelude.js and image.js and adds to the
// globals and to p5.prototype what it defines. The state is p5's
// renderer's (`_textSize`, `_textLeading`, ...): each surface (the canvas,
// each graphics) has its own, with its quirks: push() and pop() save it
// but not the cached ascent, a box's lines are wrapped word by word (or
// character by character) with widths of the line so far plus a space.
(function (native, P) {
  'use strict';
  const G = globalThis;
  const proto = G.p5.prototype;
  // Into the prelude's `api` too, so that a p5.Graphics has them.
  const shared = P.api;
  function define(name, value) { G[name] = value; proto[name] = value; shared[name] = value; }

  const BOLDITALIC = 'bold italic', WORD = 'WORD', CHAR = 'CHAR';
  define('BOLDITALIC', BOLDITALIC); define('WORD', WORD); define('CHAR', CHAR);
  const LEFT = 'left', RIGHT = 'right', CENTER = 'center', TOP = 'top', BOTTOM = 'bottom';
  const BASELINE = 'alphabetic', NORMAL = 'normal', ITALIC = 'italic', BOLD = 'bold';
  // What p5.js 2's front-end (src/js/v2/text.js) sets otherwise: the
  // leading of a size when textLeading() was not called, a factor of it;
  // whether a loaded font is drawn as outlines placed by its ascender (1.x)
  // or as the canvas draws a font; how far textAlign(_, CENTER) puts the
  // baseline below y, from the em box's parts above and below it.
  const layout = {
    leading: 1.25,
    outlines: true,
    middle: (T, above, below) => (above - below) / 2,
  };

  // A renderer's text state. `canvas` is the canvas's font, the face and
  // size that draw and measure a page font: p5 sets it from the rest
  // whenever they change, and the canvas keeps the one before when the
  // font string is not CSS.
  const fresh = () => ({
    font: 'sans-serif', size: 12, leading: 15, leadingSet: false, style: NORMAL, weight: NORMAL,
    align: LEFT, baseline: BASELINE, wrap: WORD, ascent: null, descent: null,
    fillSet: false, strokeSet: false, rectMode: 'corner', canvas: { face: 0, size: 12 },
  });
  // A surface's text state and what push() saved of it, kept on the
  // surface (image.js's target) from its first use.
  function textOf(surface) {
    if (!surface._text) surface._text = { now: fresh(), saved: [] };
    return surface._text;
  }
  const own = () => textOf(P.surface()).now;
  // The canvas's, which a p5.Font reads (p5's `font.parent._renderer`):
  // this file runs while the canvas is the target.
  const canvasText = textOf(P.surface()).now;

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
  wrap('fill', () => { own().fillSet = true; });
  wrap('stroke', () => { own().strokeSet = true; });
  wrap('rectMode', (m) => { own().rectMode = String(m); });
  wrap('push', null, () => {
    const t = textOf(P.surface());
    t.saved.push(Object.assign({}, t.now));
  });
  wrap('pop', null, () => {
    const t = textOf(P.surface());
    if (t.saved.length === 0) return;
    const { ascent, descent } = t.now;
    Object.assign(t.now, t.saved.pop(), { ascent, descent });
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
  // the font's own ascender and descender. Its textBounds() and
  // textToPoints() read the canvas's text state, as p5's read the
  // sketch's renderer, and its outlines as opentype.js makes them
  // (src/p5/typeset/outline.rs).
  class Font {
    constructor(id, path) {
      const [unitsPerEm, ascender, descender] = native.fontMetrics(id);
      const name = String(path).split('/').pop().replace(/\.[^.]*$/, '');
      this._id = id;
      this.font = { familyName: name, styleName: 'Regular', unitsPerEm, ascender, descender: -descender, supported: true };
    }
    _scale(fontSize) { return 1 / this.font.unitsPerEm * (fontSize || canvasText.size); }
    // opentype.js's glyphs of `str`: number, advance, kerning after, box.
    _glyphs(str) {
      const flat = native.textGlyphs(this._id, str);
      const glyphs = [];
      for (let i = 0; i < flat.length; i += 7) {
        const [index, advance, kerning, xMin, xMax, yMin, yMax] = flat.slice(i, i + 7);
        glyphs.push({ index, advance, kerning, xMin, xMax, yMin, yMax });
      }
      return glyphs;
    }
    // opentype.js's forEachGlyph: f(glyph, x) for each, x moved by its
    // advance and the kerning after it; the end returned.
    _forEachGlyph(glyphs, x, fontSize, f) {
      const scale = 1 / this.font.unitsPerEm * fontSize;
      glyphs.forEach((g, i) => {
        f(g, x);
        if (g.advance) x += g.advance * scale;
        if (i < glyphs.length - 1) x += g.kerning * scale;
      });
      return x;
    }
    // opentype.js's getAdvanceWidth: the kerned advances of a line.
    _advance(line, fontSize) { return this._forEachGlyph(this._glyphs(line), 0, fontSize, () => {}); }
    // p5's _handleAlignment: (x, y) moved by the canvas's alignment, for a
    // line `width` wide (its advance at the canvas's text size by default).
    _place(line, x, y, width = this._advance(line, canvasText.size)) {
      const T = canvasText;
      if (T.align === CENTER) x -= width / 2;
      else if (T.align === RIGHT) x -= width;
      if (T.baseline === TOP) y += this.font.ascender * this._scale(T.size);
      else if (T.baseline === CENTER) y += this.font.ascender * this._scale(T.size) / 2;
      else if (T.baseline === BOTTOM) y -= -this.font.descender * this._scale(T.size);
      return { x, y };
    }
    // The box of the glyphs' boxes (their outlines' points, control points
    // too; 0 to the advance for a glyph without one), each line (cut where
    // a glyph is missing, as at '\n') a leading lower, its width the
    // widest line's, then placed as the canvas aligns text.
    textBounds(str, x = 0, y = 0, fontSize) {
      fontSize = fontSize || canvasText.size;
      const scale = this._scale(fontSize);
      const lineHeight = canvasText.leading;
      const xs = [[]];
      const ys = [];
      this._forEachGlyph(this._glyphs(String(str)), x, fontSize, (g, gX) => {
        if (g.index === 0) { xs.push([]); return; }
        const baseline = y + (xs.length - 1) * lineHeight;
        xs[xs.length - 1].push(gX + g.xMin * scale, gX + g.xMax * scale);
        ys.push(baseline + -g.yMin * scale, baseline + -g.yMax * scale);
      });
      const least = (v) => v.reduce((a, b) => Math.min(a, b), Infinity);
      const most = (v) => v.reduce((a, b) => Math.max(a, b), -Infinity);
      let w = 0;
      for (const line of xs) if (most(line) - least(line) > w) w = most(line) - least(line);
      const left = least(xs.map(least));
      const [minY, maxY] = [least(ys), most(ys)];
      const result = { x: left, y: minY, h: maxY - minY, w, advance: left - x };
      const pos = this._place(String(str), result.x, result.y, result.w + result.advance);
      result.x = pos.x;
      result.y = pos.y;
      return result;
    }
    // p5's points along the glyphs' outlines, every 1 / sampleFactor units
    // of each contour (simplifyThreshold: an angle under which turns are
    // dropped), each with the path's angle there in degrees (`alpha`);
    // lines a leading apart, each aligned as the canvas aligns text.
    textToPoints(txt, x, y, fontSize, options) {
      const T = canvasText;
      if (typeof txt !== 'string') throw new TypeError('font.textToPoints(): the text must be a string, not ' + typeof txt);
      const [sampleFactor, simplify] = sampling(options);
      fontSize = fontSize || T.size;
      const result = [];
      for (let line of txt.split(/\r?\n|\r|\n/g)) {
        line = line.replace(/\t/g, '  ');
        const at = [x === undefined ? 0 : x, y === undefined ? 0 : y, fontSize, sampleFactor, simplify];
        const flat = native.textPoints(this._id, line, at.map(Number), result.length);
        const width = flat.length > 0 ? this._advance(line, T.size) : 0;
        for (let i = 0; i < flat.length; i += 3) {
          const pos = this._place(line, flat[i], flat[i + 1], width);
          result.push({ x: pos.x, y: pos.y, alpha: flat[i + 2] });
        }
        y = y + T.leading;
      }
      return result;
    }
  }
  G.p5.Font = Font;
  // p5's parseOpts for textToPoints: the defaults written into the
  // options the sketch gives (or used for a non-object); the sampling
  // factor, and the simplifying angle (0: none).
  const SAMPLING = { sampleFactor: 0.1, simplifyThreshold: 0 };
  function sampling(options) {
    let opts = options;
    if (typeof opts !== 'object') opts = SAMPLING;
    else for (const key in SAMPLING) if (typeof opts[key] === 'undefined') opts[key] = SAMPLING[key];
    return [Number(opts.sampleFactor), opts.simplifyThreshold ? Number(opts.simplifyThreshold) : 0];
  }

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
  function face(T) {
    return T.font instanceof Font ? T.font._id : T.canvas.face;
  }
  const size = (T) => (T.font instanceof Font ? T.size : T.canvas.size);
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
  function updateMetrics(T) {
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
  function applied(T) {
    T.ascent = null;
    T.descent = null;
    if (T.font instanceof Font) return;
    const name = String(T.font || 'sans-serif');
    const fam = family(/\s/.test(name) ? '"' + name + '"' : name);
    const px = T.size || 12;
    // A weight over 500 picks the bold face (CSS's matching, between the
    // faces' 400 and 700); only p5.js 2's textWeight() sets one.
    const style = STYLES[T.style || NORMAL] | (T.weight > 500 ? STYLES[BOLD] : 0);
    if (fam !== null && STYLES[T.style || NORMAL] !== undefined && typeof px === 'number' && px >= 0 && px < Infinity) {
      T.canvas = { face: fam + style, size: Math.floor(px * 64) / 64 };
    }
  }

  // For p5.js 2's front-end (src/js/v2/text.js): the text state, the face
  // and size that draw it, the faces' metrics, and the leading factor.
  P.text = { own, face, size, applied, metricsOf, layout, Font };

  // ------------------------------------------------------------- settings
  define('textSize', function (s) {
    const T = own();
    if (typeof s !== 'number') return T.size;
    T.size = s;
    if (!T.leadingSet) T.leading = s * layout.leading;
    applied(T);
    return undefined;
  });
  define('textLeading', function (l) {
    const T = own();
    if (typeof l !== 'number') return T.leading;
    T.leadingSet = true;
    T.leading = l;
    return undefined;
  });
  define('textStyle', function (s) {
    const T = own();
    if (!s) return T.style;
    if (s === NORMAL || s === ITALIC || s === BOLD || s === BOLDITALIC) T.style = s;
    applied(T);
    return undefined;
  });
  define('textAlign', function (h, v) {
    const T = own();
    if (h === undefined) return { horizontal: T.align, vertical: T.baseline };
    T.align = h;
    if (v !== undefined) T.baseline = v;
    applied(T);
    return undefined;
  });
  define('textWrap', function (w) { const T = own(); T.wrap = w; return T.wrap; });
  define('textFont', function (theFont, theSize) {
    const T = own();
    if (arguments.length === 0) return T.font;
    if (!theFont) throw new Error('null font passed to textFont');
    T.font = theFont;
    if (theSize) {
      T.size = theSize;
      if (!T.leadingSet) T.leading = theSize * layout.leading;
    }
    applied(T);
    return undefined;
  });
  const ascentOf = (T) => { if (T.ascent === null) updateMetrics(T); return T.ascent; };
  define('textAscent', function () { return ascentOf(own()); });
  define('textDescent', function () {
    const T = own();
    if (T.descent === null) updateMetrics(T);
    return T.descent;
  });
  const lineWidth = (T, line) => native.textWidth(face(T), size(T), line);
  define('textWidth', function (...args) {
    const T = own();
    const s = args[0] + '';
    if (s.length === 0) return 0;
    return Math.max(...s.replace(/\t/g, '  ').split(/\r?\n|\r|\n/g).map((line) => lineWidth(T, line)));
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
  function drawLine(T, line, x, y, baseline) {
    const id = face(T);
    const px = size(T);
    const [em, ascender, descender, typoAscender, typoDescender] = metricsOf(id);
    const outline = T.font instanceof Font && layout.outlines;
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
      else if (baseline === CENTER) y += layout.middle(T, above, below);
      else if (baseline === BOTTOM) y -= below;
    }
    native.text(id, px, line, [x, y, ALIGN[T.align] || 0], [!outline, T.fillSet, T.strokeSet]);
  }

  // Renderer.text of p5.js 1.11, lines cut at '\n' and, in a box, wrapped.
  define('text', function (str, x, y, maxWidth, maxHeight) {
    const T = own();
    if (str === undefined) return;
    if (typeof str !== 'string') str = str.toString();
    // A box draws page fonts from the top of the line (Renderer2D's hack).
    const baseline = maxWidth !== undefined && T.baseline === BASELINE ? TOP : T.baseline;
    const render = (line, ly, maxY, minY) => {
      if (ly < minY || ly >= maxY) return;
      drawLine(T, line, x, ly, baseline);
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
      const ascent = ascentOf(T);
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
    const width = (line) => lineWidth(T, line);
    const wrapped = T.wrap === WORD ? byWords(lines, maxWidth, width) : byChars(lines, maxWidth, width);
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
  function byWords(lines, maxWidth, lineWidth) {
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
  function byChars(lines, maxWidth, lineWidth) {
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
})(__native, __whalegenPrelude);
