// setTimeout, setInterval and requestAnimationFrame on the frame clock,
// for whalegen (data.js installs them) and for p5.js in Chromium
// (tools/p5ref/harness.js does): the same file, so that both run a
// sketch's timers alike. `__frameTimers(now)`, `now()` the clock (what
// millis() reads), gives the functions and `beforeDraw(frameCount)`, to
// be called before each draw(), once the clock has moved to its time.
//
// A timer due at t (the clock when it was set, plus its delay) runs before
// the first draw() whose clock has reached t, in order of due time, then
// of creation; never before the first draw() (setup() and it run in one
// go, as in a browser). A timer set by a timer waits for the next draw().
// An interval repeats every max(delay, 4) ms (browsers hold repeats to
// 4 ms), at most MAX_CATCH_UP times before one draw(). Animation frame
// callbacks run after the timers, given the clock.
(function () {
  'use strict';
  const MAX_PENDING = 10000;
  const MAX_CATCH_UP = 1000;
  globalThis.__frameTimers = function (now) {
    const timers = new Map();
    let frames = [];
    let lastId = 0;
    function room() {
      if (timers.size + frames.length >= MAX_PENDING) {
        throw new Error('more than ' + MAX_PENDING + ' timers and animation frames pending: ' +
          'clear some (clearTimeout, clearInterval, cancelAnimationFrame)');
      }
    }
    function schedule(f, delay, args, repeat) {
      room();
      const run = typeof f === 'function' ? f : () => (0, eval)(String(f));
      delay = Math.max(0, Number(delay) || 0);
      const id = ++lastId;
      timers.set(id, { id, run, args, due: now() + delay, period: repeat ? Math.max(delay, 4) : null });
      return id;
    }
    const clear = (id) => { timers.delete(id); };
    return {
      setTimeout: (f, delay, ...args) => schedule(f, delay, args, false),
      setInterval: (f, delay, ...args) => schedule(f, delay, args, true),
      clearTimeout: clear,
      clearInterval: clear,
      requestAnimationFrame(f) {
        room();
        frames.push({ id: ++lastId, f });
        return lastId;
      },
      cancelAnimationFrame(id) { frames = frames.filter((a) => a.id !== id); },
      beforeDraw(frameCount) {
        if (frameCount <= 1) return;
        const t = now();
        const runs = [];
        for (const timer of timers.values()) {
          let due = timer.due;
          for (let k = 0; due <= t && k < (timer.period === null ? 1 : MAX_CATCH_UP); k++) {
            runs.push({ timer, due });
            due += timer.period;
          }
        }
        runs.sort((a, b) => a.due - b.due || a.timer.id - b.timer.id);
        for (const { timer, due } of runs) {
          if (!timers.has(timer.id)) continue;
          if (timer.period === null) timers.delete(timer.id);
          else timer.due = due + timer.period;
          timer.run(...timer.args);
        }
        const ready = frames;
        frames = [];
        for (const a of ready) a.f(t);
      },
    };
  };
})();
