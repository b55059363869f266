// Sketch mode's determinism, installed in the page before p5.js loads (see
// README.md, "The determinism contract"). render.js sets
// window.__p5refConfig = {seed, fps} first, then loads this file, p5.min.js,
// `__p5ref.afterP5()`, and the sketch's scripts.
'use strict';
(function () {
  const cfg = window.__p5refConfig;
  const M = 4294967296; // 2^32

  // Math.random is p5's own LCG seeded with `seed` mod 2^32. The products stay
  // below 2^53, so the arithmetic is exact in doubles.
  let state = Number(((BigInt(cfg.seed) % 4294967296n) + 4294967296n) % 4294967296n);
  let randomCalls = 0;
  Math.random = function random() {
    state = (1664525 * state + 1013904223) % M;
    randomCalls++;
    return state / M;
  };

  // One clock for performance.now(), Date.now() and new Date(): 0 until the
  // first draw, then frameCount * 1000 / fps in draw(). Never the wall clock.
  let clock = 0;
  performance.now = function now() { return clock; };
  const RealDate = Date;
  class FrameDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(clock); else super(...args);
    }
    static now() { return clock; }
  }
  window.Date = FrameDate;

  // p5's draw loop must not run on its own: render.js asks for every frame.
  // The sketch's timers and animation frames run on the clock, as in
  // whalegen: src/js/timers.js (loaded before this file), installed once
  // p5.js has loaded (its own timers while it loads are the browser's).
  const timers = window.__frameTimers(() => clock);
  delete window.__frameTimers;
  window.requestAnimationFrame = function requestAnimationFrame() { return 0; };
  window.cancelAnimationFrame = function cancelAnimationFrame() {};
  function installTimers() {
    for (const name of ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'cancelAnimationFrame']) {
      window[name] = timers[name];
    }
    window.requestAnimationFrame = function requestAnimationFrame(f) {
      return instances.some((p) => p._draw === f) ? 0 : timers.requestAnimationFrame(f);
    };
  }

  const instances = [];
  let fps = null;
  const log = { randomAtLoad: null, randomAfterSetup: null, millis: [] };

  window.__p5ref = {
    log,
    instances,
    get fps() { return fps; },
    randomCalls: () => randomCalls,
    // Called right after p5.min.js has run. p5 calls hooks with `window` as
    // `this` in global mode: p5.instance is the sketch there.
    afterP5() {
      log.randomAtLoad = randomCalls;
      installTimers();
      const sketchOf = (self) => (self === window ? p5.instance : self);
      p5.prototype.registerMethod('init', function () { instances.push(sketchOf(this)); });
      // End of p5's _setup(), before the draw p5 makes by itself: the sketch's
      // frameRate(f) is known, and the clock moves to frame 1 so that this
      // first draw happens (p5 skips a draw that comes too early).
      p5.prototype.registerMethod('afterSetup', function () {
        fps = cfg.fps || sketchOf(this)._targetFrameRate;
        log.randomAfterSetup = randomCalls;
        clock = 1000 / fps;
      });
      // In redraw(), after frameCount has been incremented, before draw().
      p5.prototype.registerMethod('pre', function () {
        const p = sketchOf(this);
        clock = p.frameCount * 1000 / fps;
        p._setProperty('deltaTime', 1000 / fps);
        p._frameRate = fps;
        if (log.millis.length < 3) log.millis.push(p.millis());
        timers.beforeDraw(p.frameCount);
      });
    },
  };
})();
