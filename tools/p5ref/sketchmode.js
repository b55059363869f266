// Sketch mode of render.js: runs a p5.js sketch file (global or instance
// mode), or a folder's index.html, under harness.js and writes the frames
// asked for. Frame k is the canvas after the (k+1)-th draw() (frameCount =
// k + 1); a sketch without draw() has one frame, the canvas after setup(),
// and a sketch that calls noLoop() ends after the draw in which it did.
'use strict';
const fs = require('fs');
const path = require('path');

const { serveFolder, typeOf } = require('./server');

// The p5.js builds, by --p5 major version.
const P5 = {
  1: { file: path.join(__dirname, 'node_modules/p5/lib/p5.min.js'),
    version: require('./node_modules/p5/package.json').version },
  2: { file: path.join(__dirname, 'node_modules/p5v2/lib/p5.min.js'),
    version: require('./node_modules/p5v2/package.json').version },
};
const TIMERS = path.join(__dirname, '../../src/js/timers.js');
const HARNESS = path.join(__dirname, 'harness.js');

// p5.js 1.x: the page and every file it loads come from one made-up origin
// that maps its paths onto the file system (see `serve`): a sketch's
// loadImage() fetches files beside it, and the canvas is not tainted by
// them, as from a web server; file:// would refuse both.
const ORIGIN = 'http://p5ref.test';
const fileUrl = (p) => ORIGIN + path.resolve(p).split(path.sep).map(encodeURIComponent).join('/');

// Answers the page's requests: `page` (the page's own HTML) at `pageUrl`,
// a file for any other path of ORIGIN, 404 when there is none.
function serve(request, pageUrl, page) {
  const url = request.url();
  if (url === pageUrl) return request.respond({ status: 200, contentType: 'text/html', body: page });
  if (!url.startsWith(ORIGIN + '/')) return request.abort();
  const file = decodeURIComponent(new URL(url).pathname);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return request.respond({ status: 404, body: '' });
  return request.respond({ status: 200, contentType: typeOf(file), body: fs.readFileSync(file) });
}

const folderOf = (sketch) => (fs.statSync(sketch).isDirectory() ? path.resolve(sketch) : path.dirname(path.resolve(sketch)));

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
// a folder), so that its relative paths are the sketch's (p5.js 1.x).
async function openPage(page, sketch, html) {
  const pageUrl = fileUrl(path.join(folderOf(sketch), '__p5ref_page.html'));
  await page.setRequestInterception(true);
  page.on('request', (request) => serve(request, pageUrl, html));
  await page.goto(pageUrl);
}

// The page of `args.sketch` for p5.js `args.p5` (default 1); `urlOf` maps
// a script's file to its URL. With 1.x the page's `<base>` is the sketch's
// folder (relative paths of loadFont, loadJSON are the folder's, as in
// whalegen); with 2.x the page sits at the root of the served folder.
function pageHtml(args, urlOf = fileUrl) {
  const major = args.p5 || 1;
  const config = { seed: args.seed, fps: args.fps, p5: major };
  const tag = (s) => (s.src ? '<script src="' + urlOf(s.src) + '"></script>'
    : '<script>' + s.inline.replace(/<\/script/gi, '<\\/script') + '</script>');
  return ['<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">',
    ...(major === 1 ? ['<base href="' + fileUrl(folderOf(args.sketch)) + '/">'] : []),
    '<script>window.__p5refConfig = ' + JSON.stringify(config) + ';</script>',
    tag({ src: TIMERS }),
    tag({ src: HARNESS }),
    tag({ src: P5[major].file }),
    '<script>window.__p5ref.afterP5();</script>',
    ...sketchScripts(args.sketch).map(tag),
    '</head><body style="margin:0"></body></html>', ''].join('\n');
}

// p5.js 2.x: serves the sketch's folder as the site's root on 127.0.0.1
// (see server.js) with the page at /__p5ref.html and the harness's files
// beside it, and opens the page. The sketch's own scripts must be in its
// folder. Resolves to the server's close().
async function openServed(page, args) {
  const folder = folderOf(args.sketch);
  const own = {};
  const urlOf = (file) => {
    const named = { [TIMERS]: 'timers.js', [HARNESS]: 'harness.js', [P5[2].file]: 'p5.min.js' }[file];
    if (named) {
      own['/__p5ref/' + named] = { file };
      return '/__p5ref/' + named;
    }
    const rel = path.relative(folder, file);
    if (rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel)) {
      throw new Error(args.sketch + ': script ' + file + ' is outside the sketch\'s folder ' + folder);
    }
    return '/' + rel.split(path.sep).map(encodeURIComponent).join('/');
  };
  own['/__p5ref.html'] = { body: pageHtml(args, urlOf), type: 'text/html' };
  const server = await serveFolder(folder, own);
  try {
    await page.goto(server.origin + '/__p5ref.html');
  } catch (e) {
    await server.close();
    throw e;
  }
  return server.close;
}

// In the page: draws the frames and returns the pixels of those in `only`.
// p5.js 2.x's redraw() returns a promise (draw() may be async); 1.x's
// returns nothing and has drawn when it returns.
async function runFrames(frames, only) {
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
      await p.redraw();
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
    window: [window.innerWidth, window.innerHeight],
    log: window.__p5ref.log, randomCalls: window.__p5ref.randomCalls() };
}

async function render(args, launch, encodePng) {
  const browser = await launch(args);
  let closeServer = null;
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if ((m.type() === 'error' || m.type() === 'warn') && !/willReadFrequently/.test(m.text())) console.error('page:', m.text()); });
    // What the sketch prints (print(), console.log), one line each, for
    // tests of printed values: written to --console FILE.
    const printed = [];
    page.on('console', (m) => { if (m.type() === 'log') printed.push(m.text()); });
    if (args.p5 === 2) closeServer = await openServed(page, args);
    else await openPage(page, args.sketch, pageHtml(args));
    // p5 runs setup() and its first draw() after the load event (2.x
    // awaits an async setup() first): see harness.js's ready().
    for (let waited = 0; ; waited += 50) {
      if (errors.length) throw new Error(args.sketch + ': ' + errors.join('; '));
      const ready = await page.evaluate(() => window.__p5ref.ready());
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
      p5: P5[args.p5 || 1].version, seed: Number(args.seed), frames: res.drawn, written: args.only,
      fps: res.fps, fps_option: args.fps, width: res.width, height: res.height,
      window: args.window || [800, 600], window_seen: res.window,
      pixel_density: 1, via: 'imagedata',
      math_random: { p5_load: res.log.randomAtLoad, after_setup: res.log.randomAfterSetup, end: res.randomCalls },
      millis_first_draws: res.log.millis,
      command: 'node render.js ' + process.argv.slice(2).map((x) => (/[\s"'{[]/.test(x) ? "'" + x + "'" : x)).join(' '),
    };
    fs.writeFileSync(path.join(args.out, 'render.json'), JSON.stringify(render, null, 1) + '\n');
    if (args.console) fs.writeFileSync(args.console, printed.map((line) => line + '\n').join(''));
  } finally {
    await browser.close();
    if (closeServer) await closeServer();
  }
}

module.exports = { render, pageHtml, openPage };
