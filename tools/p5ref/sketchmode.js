// Sketch mode of render.js: runs a p5.js sketch file (global or instance
// mode), or a folder's index.html, under harness.js and writes the frames
// asked for. Frame k is the canvas after the (k+1)-th draw() (frameCount =
// k + 1); a sketch without draw() has one frame, the canvas after setup(),
// and a sketch that calls noLoop() ends after the draw in which it did.
'use strict';
const fs = require('fs');
const path = require('path');

const P5 = path.join(__dirname, 'node_modules/p5/lib/p5.min.js');
const P5_VERSION = require('./node_modules/p5/package.json').version;

// The page and every file it loads come from one made-up origin that maps
// its paths onto the file system (see `serve`): a sketch's loadImage()
// fetches files beside it, and the canvas is not tainted by them, as
// from a web server; file:// would refuse both.
const ORIGIN = 'http://p5ref.test';
const fileUrl = (p) => ORIGIN + path.resolve(p).split(path.sep).map(encodeURIComponent).join('/');
const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.json': 'application/json', '.csv': 'text/csv',
  '.txt': 'text/plain', '.ttf': 'font/ttf', '.otf': 'font/otf' };

// Answers the page's requests: `page` (the page's own HTML) at `pageUrl`,
// a file for any other path of ORIGIN, 404 when there is none.
function serve(request, pageUrl, page) {
  const url = request.url();
  if (url === pageUrl) return request.respond({ status: 200, contentType: 'text/html', body: page });
  if (!url.startsWith(ORIGIN + '/')) return request.abort();
  const file = decodeURIComponent(new URL(url).pathname);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return request.respond({ status: 404, body: '' });
  const type = TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
  return request.respond({ status: 200, contentType: type, body: fs.readFileSync(file) });
}

// The sketch's scripts, in order: PATH itself, or every script of
// PATH/index.html except p5.js and its add-ons.
function sketchScripts(sketch) {
  if (!fs.statSync(sketch).isDirectory()) return [{ src: path.resolve(sketch) }];
  const dir = path.resolve(sketch);
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const scripts = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(m[1]);
    if (!src) { if (m[2].trim()) scripts.push({ inline: m[2] }); continue; }
    const base = src[1].split(/[?#]/)[0].split('/').pop();
    if (/^p5(\.[\w-]+)*\.js$/i.test(base)) continue;
    if (/^[a-z]+:/i.test(src[1])) throw new Error(dir + '/index.html: remote script ' + src[1] + ' is not supported');
    scripts.push({ src: path.join(dir, src[1]) });
  }
  return scripts;
}

// Opens `html` in `page` as a page in the folder of `sketch` (a file or
// a folder), so that its relative paths are the sketch's.
async function openPage(page, sketch, html) {
  const abs = path.resolve(sketch);
  const folder = fs.statSync(abs).isDirectory() ? abs : path.dirname(abs);
  const pageUrl = fileUrl(path.join(folder, '__p5ref_page.html'));
  await page.setRequestInterception(true);
  page.on('request', (request) => serve(request, pageUrl, html));
  await page.goto(pageUrl);
}

function pageHtml(args) {
  const config = { seed: args.seed, fps: args.fps };
  const tag = (s) => (s.src ? '<script src="' + fileUrl(s.src) + '"></script>'
    : '<script>' + s.inline.replace(/<\/script/gi, '<\\/script') + '</script>');
  // Relative paths (loadFont, loadJSON) are the sketch's folder's, as in whalegen.
  const folder = fs.statSync(args.sketch).isDirectory() ? args.sketch : path.dirname(args.sketch);
  return ['<!doctype html><html><head><meta charset="utf-8">',
    '<base href="' + fileUrl(folder) + '/">',
    '<script>window.__p5refConfig = ' + JSON.stringify(config) + ';</script>',
    tag({ src: path.join(__dirname, 'harness.js') }),
    tag({ src: P5 }),
    '<script>window.__p5ref.afterP5();</script>',
    ...sketchScripts(args.sketch).map(tag),
    '</head><body style="margin:0"></body></html>', ''].join('\n');
}

// In the page: draws the frames and returns the pixels of those in `only`.
function runFrames(frames, only) {
  const p = window.__p5ref.instances[0];
  if (!p) throw new Error('no p5 instance: the sketch defines neither setup() nor draw()');
  if (p.canvas.width !== p.width || p.canvas.height !== p.height) {
    throw new Error('pixel density ' + p.pixelDensity() + ': only 1 is supported');
  }
  const context = p._isGlobal ? window : p;
  const hasDraw = typeof context.draw === 'function';
  const wanted = new Set(only);
  const out = {};
  let drawn = 0;
  for (let f = 0; f < frames; f++) {
    if (f > 0) {
      if (!hasDraw || !p._loop) break; // no draw(), or noLoop(): the sketch has ended
      p.redraw();
    }
    if (hasDraw && p.frameCount !== f + 1) throw new Error('frameCount ' + p.frameCount + ' at frame ' + f);
    drawn = f + 1;
    if (wanted.has(f)) {
      const d = p.drawingContext.getImageData(0, 0, p.width, p.height).data;
      let bin = '';
      for (let k = 0; k < d.length; k += 0x8000) bin += String.fromCharCode.apply(null, d.subarray(k, k + 0x8000));
      out[f] = btoa(bin);
    }
  }
  return { frames: out, drawn, width: p.width, height: p.height, fps: window.__p5ref.fps,
    log: window.__p5ref.log, randomCalls: window.__p5ref.randomCalls() };
}

async function render(args, launch, encodePng) {
  const html = pageHtml(args);
  const browser = await launch(args);
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const printed = [];
    page.on('console', (m) => {
      if (m.type() === 'log') printed.push(m.text());
      if ((m.type() === 'error' || m.type() === 'warn') && !/willReadFrequently/.test(m.text())) console.error('page:', m.text());
    });
    await openPage(page, args.sketch, html);
    // p5 runs setup() and the first draw() in one task on the load event.
    for (let waited = 0; ; waited += 50) {
      if (errors.length) throw new Error(args.sketch + ': ' + errors.join('; '));
      const ready = await page.evaluate(() => window.__p5ref.log.randomAfterSetup !== null);
      if (ready) break;
      if (waited > 20000) throw new Error(args.sketch + ': setup() did not finish');
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await page.evaluate(runFrames, args.frames, args.only);
    if (errors.length) throw new Error(args.sketch + ': ' + errors.join('; '));
    if (!args.onlyGiven) args.only = args.only.filter((f) => f < res.drawn);
    const missing = args.only.filter((f) => res.frames[f] === undefined);
    if (missing.length) {
      throw new Error(args.sketch + ' has ' + res.drawn + ' frame(s): frame ' + missing.join(', ') + ' does not exist');
    }
    for (const f of args.only) {
      const file = path.join(args.out, 'frame_' + String(f).padStart(4, '0') + '.png');
      fs.writeFileSync(file, encodePng(res.width, res.height, Buffer.from(res.frames[f], 'base64')));
    }
    const root = path.resolve(__dirname, '../..');
    const abs = path.resolve(args.sketch);
    const render = {
      sketch: abs.startsWith(root + path.sep) ? path.relative(root, abs) : abs,
      p5: P5_VERSION, seed: Number(args.seed), frames: res.drawn, written: args.only,
      fps: res.fps, fps_option: args.fps, width: res.width, height: res.height,
      pixel_density: 1, via: 'imagedata',
      math_random: { p5_load: res.log.randomAtLoad, after_setup: res.log.randomAfterSetup, end: res.randomCalls },
      millis_first_draws: res.log.millis,
      command: 'node render.js ' + process.argv.slice(2).map((x) => (/[\s"'{[]/.test(x) ? "'" + x + "'" : x)).join(' '),
    };
    fs.writeFileSync(path.join(args.out, 'render.json'), JSON.stringify(render, null, 1) + '\n');
    // What the sketch printed (print(), console.log), a line each, when
    // asked for and there is any.
    if (args.log && printed.length) fs.writeFileSync(args.log, printed.join('\n') + '\n');
  } finally {
    await browser.close();
  }
}

module.exports = { render, pageHtml, openPage };
