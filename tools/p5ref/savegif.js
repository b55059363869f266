#!/usr/bin/env node
// Times p5.js's own saveGif() on a sketch in headless Chromium, for
// bench/sketch.sh (the whalegen side of the comparison is there).
//
//   node savegif.js --sketch PATH.js --frames N [--fps F] [--seed S] \
//        [--reps 3] [--out DIR] [--chromium /usr/bin/chromium] [--mode ffmpeg]
//
// Each repetition launches a fresh Chromium, loads the sketch as sketch mode
// does (harness.js, p5.min.js 1.11.13, the sketch: same frames as whalegen's,
// see README.md "The determinism contract") and calls
// saveGif('x', N, {units: 'frames', delay: 0}) at the end of setup() (an
// 'afterSetup' hook: p5 then leaves the first draw to saveGif, so the GIF's
// frames are the sketch's frames 0 to N-1, frameCount 1 to N). The download
// folder is DIR (CDP Browser.setDownloadBehavior); the time is from the call
// to Chromium's "download completed" event.
//
// Prints one JSON line per repetition: seconds to the download (total), to
// the end of the capture (captured: every frame drawn and read back with
// getImageData, p5 calls loop() then), to the moment p5 hands the finished GIF to its download (encoded), the
// renderer's CPU seconds (its whole life: the page's load and the call), the peak RSS (VmHWM) of the renderer
// process (where the sketch, the canvas and the encoder run), the largest V8 heap
// seen (Runtime.getHeapUsage, polled every 100 ms: the frames themselves are
// ArrayBuffers outside it), and the GIF's size. The last GIF stays in DIR/x.gif.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { launch } = require('./render');
const { pageHtml, openPage } = require('./sketchmode');
const { descendants, procInfo, rendererCpu } = require('./procs');

function parseArgs(argv) {
  const a = { seed: '7', fps: null, reps: 3, chromium: '/usr/bin/chromium', out: null, mode: 'savegif' };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i], v = argv[i + 1];
    switch (k) {
      case '--sketch': a.sketch = v; break;
      case '--frames': a.frames = parseInt(v, 10); break;
      case '--fps': a.fps = parseFloat(v); break;
      case '--seed': a.seed = v; break;
      case '--reps': a.reps = parseInt(v, 10); break;
      case '--out': a.out = v; break;
      case '--chromium': a.chromium = v; break;
      case '--mode': a.mode = v; break;
      default: throw new Error('unknown argument ' + k);
    }
  }
  if (!a.sketch || !a.frames) throw new Error('need --sketch and --frames');
  if (!['savegif', 'ffmpeg'].includes(a.mode)) throw new Error('--mode is savegif or ffmpeg');
  return a;
}

async function once(args, dir) {
  // Before the harness: the real clock, for the time of the call. After p5:
  // the hook that calls saveGif at the end of setup(), and one that notes when
  // p5 hands the GIF to its download.
  const pre = '<script>window.__realNow = Date.now;</script>';
  const post = '<script>(function () {\n' +
    '  const N = ' + JSON.stringify(args.frames) + ';\n' +
    '  const dl = p5.prototype.downloadFile;\n' +
    '  p5.prototype.downloadFile = function () { window.__encoded = window.__realNow(); return dl.apply(this, arguments); };\n' +
    '  p5.prototype.registerMethod("afterSetup", function () {\n' +
    '    const p = this === window ? p5.instance : this;\n' +
    '    window.__called = window.__realNow();\n' +
    '    const loop = p.loop;\n' +
    '    p.loop = function () { if (!window.__captured) window.__captured = window.__realNow(); return loop.apply(this, arguments); };\n' +
    '    p.saveGif("x", N, { units: "frames", delay: 0 });\n' +
    '  });\n' +
    '})();</script>';
  let html = pageHtml(args);
  html = html.replace('<script>window.__p5refConfig', pre + '\n<script>window.__p5refConfig');
  html = html.replace('<script>window.__p5ref.afterP5();</script>', '<script>window.__p5ref.afterP5();</script>\n' + post);
  fs.rmSync(path.join(dir, 'x.gif'), { force: true });

  const browser = await launch(args);
  try {
    const cdp = await browser.target().createCDPSession();
    let done;
    const downloaded = new Promise((resolve, reject) => { done = { resolve, reject }; });
    cdp.on('Browser.downloadProgress', (e) => {
      if (e.state === 'completed') done.resolve(Date.now());
      if (e.state === 'canceled') done.reject(new Error('download canceled'));
    });
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, eventsEnabled: true });
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => { errors.push(e.message); done.reject(new Error(args.sketch + ': ' + e.message)); });
    const pcdp = await page.target().createCDPSession();
    let heap = 0, polling = true;
    const poll = (async () => {
      while (polling) {
        try {
          const h = await pcdp.send('Runtime.getHeapUsage');
          heap = Math.max(heap, h.usedSize);
        } catch (e) { /* page not ready */ }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await openPage(page, args.sketch, html);
    const end = await downloaded;
    polling = false;
    await poll;
    const t = await page.evaluate(() => ({ called: window.__called, encoded: window.__encoded, captured: window.__captured }));
    const procs = descendants(browser.process().pid).map(procInfo).filter(Boolean);
    const rend = procs.filter((x) => x.renderer);
    const file = path.join(dir, 'x.gif');
    return {
      total: (end - t.called) / 1000,
      captured: (t.captured - t.called) / 1000,
      encoded: (t.encoded - t.called) / 1000,
      renderer_cpu: rendererCpu(browser),
      renderer_rss_mb: Math.max(...rend.map((x) => x.hwm)) / 2 ** 20,
      v8_heap_mb: heap / 2 ** 20,
      gif_bytes: fs.statSync(file).size,
    };
  } finally {
    await browser.close();
  }
}

// --mode ffmpeg: what a user without saveGif might script instead. The page
// as sketch mode builds it (p5 draws setup() and frame 0 by itself); then for
// each frame one redraw() and canvas.toDataURL() (PNG, encoded by Chromium),
// written to DIR/frames/frame_NNNN.png by node, one CDP round trip a frame
// (render.js gets every frame in one message, which fails past ~100 frames of
// 800 x 600); then ffmpeg's two-pass palette (palettegen, paletteuse) to
// DIR/x.gif. Times from the first frame's request to the last PNG written
// (frames), ffmpeg's run, and the sum (total).
async function frames(args, dir) {
  const { spawnSync } = require('child_process');
  const framesDir = path.join(dir, 'frames');
  fs.rmSync(framesDir, { recursive: true, force: true });
  fs.mkdirSync(framesDir, { recursive: true });
  const browser = await launch(args);
  let t0, t1;
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openPage(page, args.sketch, pageHtml(args));
    await page.waitForFunction(() => window.__p5ref.log.randomAfterSetup !== null, { polling: 20, timeout: 20000 });
    t0 = Date.now();
    for (let f = 0; f < args.frames; f++) {
      const url = await page.evaluate((f) => {
        const p = window.__p5ref.instances[0];
        if (f > 0) p.redraw();
        return p.canvas.toDataURL('image/png');
      }, f);
      if (errors.length) throw new Error(args.sketch + ': ' + errors.join('; '));
      fs.writeFileSync(path.join(framesDir, 'frame_' + String(f).padStart(4, '0') + '.png'),
        Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
    }
    t1 = Date.now();
  } finally {
    await browser.close();
  }
  const fps = String(args.fps || 60);
  const gif = path.join(dir, 'x.gif');
  const ff = spawnSync('ffmpeg', ['-v', 'error', '-y', '-framerate', fps, '-i', path.join(framesDir, 'frame_%04d.png'),
    '-filter_complex', 'split[a][b];[a]palettegen[p];[b][p]paletteuse', gif], { stdio: 'inherit' });
  const t2 = Date.now();
  if (ff.status !== 0) throw new Error('ffmpeg failed');
  return { frames: (t1 - t0) / 1000, ffmpeg: (t2 - t1) / 1000, total: (t2 - t0) / 1000, gif_bytes: fs.statSync(gif).size };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dir = path.resolve(args.out || fs.mkdtempSync(path.join(os.tmpdir(), 'savegif-out-')));
  fs.mkdirSync(dir, { recursive: true });
  const run = args.mode === 'ffmpeg' ? frames : once;
  for (let r = 0; r < args.reps; r++) console.log(JSON.stringify(await run(args, dir)));
}

main().catch((e) => { console.error(e); process.exit(1); });
