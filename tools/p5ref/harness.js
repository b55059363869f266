// Sketch mode's determinism, installed in the page before p5.js loads (see
// README.md, "The determinism contract"). render.js sets
// window.__p5refConfig = {seed, fps, p5} first (p5: the major version, 1
// or 2), then loads this file, p5.min.js, `__p5ref.afterP5()`, and the
// sketch's scripts.
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
  // Whether `f`, given to requestAnimationFrame, is p5's own draw loop:
  // 1.x passes the instance's _draw, 2.x `_draw.bind(instance)`.
  const isP5Loop = cfg.p5 === 2 ? (f) => f.name === 'bound _draw'
    : (f) => instances.some((p) => p._draw === f);
  function installTimers() {
    for (const name of ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'cancelAnimationFrame']) {
      window[name] = timers[name];
    }
    window.requestAnimationFrame = function requestAnimationFrame(f) {
      return isP5Loop(f) ? 0 : timers.requestAnimationFrame(f);
    };
  }

  const instances = [];
  let fps = null;
  let draws = 0; // draw() calls finished (2.x)
  const log = { randomAtLoad: null, randomAfterSetup: null, millis: [] };

  // Moves the clock to frame `p.frameCount` and runs the timers due, before draw().
  function beforeDraw(p) {
    clock = p.frameCount * 1000 / fps;
    if (log.millis.length < 3) log.millis.push(p.millis());
    timers.beforeDraw(p.frameCount);
  }

  // p5.js 1.x: hooks of registerMethod. p5 calls them with `window` as
  // `this` in global mode: p5.instance is the sketch there.
  function hookP5v1() {
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
      p._setProperty('deltaTime', 1000 / fps);
      p._frameRate = fps;
      beforeDraw(p);
    });
  }

  // p5.js 2.x: an add-on's lifecycle hooks, called with the instance as
  // `this` in both modes. 2.x awaits an async setup() before postsetup.
  function hookP5v2() {
    p5.registerAddon((_p5, _fn, lifecycles) => {
      lifecycles.presetup = function () { instances.push(this); };
      // As 1.x's afterSetup. p5 then starts millis() at the clock's value,
      // which beforeDraw puts back at 0, the clock at setup()'s end (as 1.x).
      lifecycles.postsetup = function () {
        fps = cfg.fps || this._targetFrameRate;
        log.randomAfterSetup = randomCalls;
        clock = 1000 / fps;
      };
      // In redraw(), after frameCount has been incremented, before draw().
      lifecycles.predraw = function () {
        this._millisStart = 0;
        this.deltaTime = 1000 / fps;
        this._frameRate = fps;
        beforeDraw(this);
      };
      lifecycles.postdraw = function () { draws++; };
    });
  }

  window.__p5ref = {
    log,
    instances,
    get fps() { return fps; },
    randomCalls: () => randomCalls,
    // True once setup() and the draw p5 makes by itself are done: frame 0
    // is on the canvas. 1.x runs both in one task; 2.x awaits setup() and
    // each draw().
    ready() {
      if (cfg.p5 !== 2) return log.randomAfterSetup !== null;
      const p = instances[0];
      if (!p || !p._setupDone) return false;
      return typeof (p._isGlobal ? window : p).draw !== 'function' || draws > 0;
    },
    // Called right after p5.min.js has run.
    afterP5() {
      log.randomAtLoad = randomCalls;
      installTimers();
      if (cfg.p5 === 2) hookP5v2(); else hookP5v1();
    },
  };
})();
