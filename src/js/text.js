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
  const BASELINE = 'alphabetic';
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

  // The p5.Font objects loadFont() made, by their number.
  const loaded = new Map();
  // A surface's text state, kept in the natives (src/js/text_state.rs)
  // with the rest that push() saves: the target's, or with `canvas` the
  // sketch's canvas's. `font` is a p5.Font or a page font's name; `canvas`
  // the face and size that draw and measure a page font.
  function stateOf(canvas) {
    const T = native.textState(canvas);
    if (typeof T.font === 'number') T.font = loaded.get(T.font);
    T.canvas = { face: T.face, size: T.faceSize };
    return T;
  }
  const own = () => stateOf(false);

  // --------------------------------------------------------------- fonts
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
      loaded.set(id, this);
      this.font = { familyName: name, styleName: 'Regular', unitsPerEm, ascender, descender: -descender, supported: true };
    }
    _scale(fontSize) { return 1 / this.font.unitsPerEm * (fontSize || stateOf(true).size); }
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
    _place(line, x, y, width = this._advance(line, stateOf(true).size)) {
      const T = stateOf(true);
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
      const T = stateOf(true);
      fontSize = fontSize || T.size;
      const scale = this._scale(fontSize);
      const lineHeight = T.leading;
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
      const T = stateOf(true);
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
  // For p5.js 2's front-end (src/js/v2/text.js): the text state, the face
  // and size that draw it, the faces' metrics, and the leading factor.
  P.text = { own, face, size, metricsOf, layout, Font };

  // ------------------------------------------------------------- settings
  // Each a getter without its argument, else a setter of the state.
  define('textSize', function (s) {
    if (typeof s !== 'number') return own().size;
    native.textSize(s, layout.leading);
    return undefined;
  });
  define('textLeading', function (l) {
    if (typeof l !== 'number') return own().leading;
    native.textLeading(l);
    return undefined;
  });
  define('textStyle', function (s) {
    if (!s) return own().style;
    native.textStyle(String(s));
    return undefined;
  });
  define('textAlign', function (h, v) {
    if (h === undefined) {
      const T = own();
      return { horizontal: T.align, vertical: T.baseline };
    }
    native.textAlign(String(h), v === undefined ? undefined : String(v));
    return undefined;
  });
  define('textWrap', function (w) { native.textWrap(String(w)); return own().wrap; });
  define('textFont', function (theFont, theSize) {
    if (arguments.length === 0) return own().font;
    if (!theFont) throw new Error('null font passed to textFont');
    native.textFont(theFont instanceof Font ? theFont._id : String(theFont), theSize || 0, layout.leading);
    return undefined;
  });
  define('textAscent', () => native.textAscent());
  define('textDescent', () => native.textDescent());
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
    if (T.rectCenter) x -= maxWidth / 2;
    if (T.align === CENTER) x += maxWidth / 2;
    else if (T.align === RIGHT) x += maxWidth;
    if (maxHeight !== undefined) {
      if (T.rectCenter) { y -= maxHeight / 2; finalMinHeight -= maxHeight / 2; }
      const originalY = y;
      const ascent = native.textAscent();
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
