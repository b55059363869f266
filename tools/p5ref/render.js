#!/usr/bin/env node
// Renders frames of a whalegen scene, or of any p5.js sketch, with the real
// p5.js in headless Chromium.
//
//   node render.js --scene whale --frames 300 --only 0,60,299 --out DIR \
//        [--set key=JSON ...] [--state state.json] [--chromium /usr/bin/chromium] \
//        [--timing]
//   node render.js --sketch PATH.js --frames 10 [--only 0,5,9] [--seed 7] \
//        [--fps F] [--console FILE] [--p5 1|2] [--window WxH] --out DIR
//
// Sketch mode (sketch.js in this folder is the scenes; PATH is any global- or
// instance-mode sketch, or a folder with an index.html) follows the
// determinism contract of README.md; see sketchmode.js. --p5 picks p5.js
// 1.11.13 (1, the default) or 2.3.4 (2, sketch mode only: the sketch's
// folder is then served over HTTP on 127.0.0.1, see server.js).
//
// --set values are JSON (bare words are strings): --set turn=bounce,
// --set 'profile=[30,40,44,40,34]', --set 'rules={"F":"FF"}'. width, height
// and seed are --set keys too. Writes DIR/frame_NNNN.png, DIR/render.json
// (same format as tests/reference/*/render.json) and optionally DIR/<state>.
// --timing (scenes) writes no frames and prints {"drawn_s": S, "cpu_s": C}:
// the seconds the page spent in redraw() and getImageData() of the frames
// of --only, and the renderer processes' CPU seconds meanwhile (to 10 ms;
// bench/tree.sh).
'use strict';
const fs = require('fs');
const path = require('path');
const puppeteer = require('puppeteer-core');
const { rendererCpu } = require('./procs');

function parseArgs(argv) {
  const a = { set: {}, only: null, chromium: '/usr/bin/chromium', state: null, via: 'imagedata',
    seed: '7', fps: null, p5: 1 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i], v = argv[i + 1];
    switch (k) {
      case '--scene': a.scene = v; i++; break;
      case '--sketch': a.sketch = v; i++; break;
      case '--seed': a.seed = v; i++; break;
      case '--fps': a.fps = parseFloat(v); i++; break;
      case '--frames': a.frames = parseInt(v, 10); i++; break;
      case '--only': a.only = v.split(',').map((x) => parseInt(x, 10)); i++; break;
      case '--out': a.out = v; i++; break;
      case '--state': a.state = v; i++; break;
      case '--chromium': a.chromium = v; i++; break;
      case '--via': a.via = v; i++; break;
      case '--console': a.console = v; i++; break;
      case '--p5': a.p5 = v; i++; break;
      // The browser window's size, CSS pixels (windowWidth, windowHeight).
      case '--window': a.window = v.split('x').map((x) => parseInt(x, 10)); i++; break;
      case '--timing': a.via = 'timing'; break;
      case '--set': {
        const eq = v.indexOf('=');
        const key = v.slice(0, eq), raw = v.slice(eq + 1);
        let val;
        try { val = JSON.parse(raw); } catch (e) { val = raw; }
        a.set[key] = val; i++; break;
      }
      default: throw new Error('unknown argument ' + k);
    }
  }
  if (!(a.scene || a.sketch) || !a.frames || !a.out) {
    throw new Error('need --scene or --sketch, --frames and --out');
  }
  if (!/^-?[0-9]+$/.test(a.seed)) throw new Error('--seed takes an integer, not ' + a.seed);
  if (a.fps !== null && !(a.fps > 0)) throw new Error('--fps takes a positive number');
  if (a.p5 !== 1 && a.p5 !== '1' && a.p5 !== '2') throw new Error('--p5 takes 1 (p5.js 1.11.13) or 2 (p5.js 2.3.4), not ' + a.p5);
  a.p5 = Number(a.p5);
  if (a.scene && a.p5 !== 1) throw new Error('--scene runs with p5.js 1.11.13 only: leave out --p5 2');
  a.onlyGiven = !!a.only;
  if (!a.only) a.only = [...Array(a.frames).keys()];
  return a;
}

// A minimal RGBA8 PNG encoder (filter 0, zlib), so getImageData's bytes are
// written unchanged.
function encodePng(width, height, rgba) {
  const zlib = require('zlib');
  const chunk = (type, data) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(zlib.crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

function launch(args) {
  return puppeteer.launch({
    executablePath: args.chromium,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--allow-file-access-from-files'],
    // Sketch mode's hour(), day(), new Date().getHours() read the fake clock in UTC;
    // text is drawn with whalegen's bundled fonts only (fonts.conf).
    env: Object.assign({}, process.env, { TZ: 'UTC', FONTCONFIG_FILE: path.join(__dirname, 'fonts.conf') }),
    defaultViewport: { width: (args.window || [800])[0], height: (args.window || [800, 600])[1], deviceScaleFactor: 1 },
  });
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  fs.mkdirSync(args.out, { recursive: true });
  if (args.sketch) {
    await require('./sketchmode').render(args, launch, encodePng);
    return;
  }
  const browser = await launch(args);
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto('file://' + path.join(__dirname, 'page.html'));
    const cpu = rendererCpu(browser);
    const res = await page.evaluate((scene, set, frames, only, via) =>
      window.p5ref.run(scene, set, frames, only, via), args.scene, args.set, args.frames, args.only, args.via);
    if (args.via === 'timing') {
      console.log(JSON.stringify({ drawn_s: res.drawn_s, cpu_s: rendererCpu(browser) - cpu }));
      return;
    }
    const states = [];
    const written = [];
    for (const f of args.only) {
      const fr = res.frames[f];
      if (!fr) throw new Error('frame ' + f + ' not rendered');
      const file = path.join(args.out, 'frame_' + String(f).padStart(4, '0') + '.png');
      if (fr.rgba !== undefined) {
        fs.writeFileSync(file, encodePng(res.params.width, res.params.height, Buffer.from(fr.rgba, 'base64')));
      } else {
        fs.writeFileSync(file, Buffer.from(fr.png.slice(fr.png.indexOf(',') + 1), 'base64'));
      }
      states.push(Object.assign({ frame: f }, fr.state));
      written.push(f);
    }
    const render = {
      scene: args.scene, p5: '1.11.13', frames: args.frames, written,
      via: args.via, set: args.set, params: res.params,
      command: 'node render.js ' + process.argv.slice(2).map((x) => (/[\s"'{[]/.test(x) ? "'" + x + "'" : x)).join(' '),
    };
    fs.writeFileSync(path.join(args.out, 'render.json'), JSON.stringify(render, null, 1) + '\n');
    if (args.state) fs.writeFileSync(path.join(args.out, args.state), JSON.stringify(states, null, 1) + '\n');
  } finally {
    await browser.close();
  }
}

module.exports = { launch, encodePng };
if (require.main === module) main().catch((e) => { console.error(e); process.exit(1); });
