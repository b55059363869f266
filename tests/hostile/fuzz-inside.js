// Calls every global function of the p5 API, and every method of what they
// return, with hostile arguments: NaN, infinities, huge and negative sizes,
// wrong types. Each call may throw (a refusal); none may abort whalegen.
const HOSTILE = [
  [],
  [NaN, NaN, NaN, NaN],
  [Infinity, -Infinity, Infinity, -Infinity],
  [1e9, 1e9, 1e9, 1e9, 1e9, 1e9, 1e9, 1e9],
  [-1e9, -1, 1e308, -0, 5e-324],
  [60000, 60000, 60000, 60000, 60000, 60000],
  [4294967296, 2147483648, -2147483649, 9007199254740993],
  ['x', {}, [], null, undefined, true],
  [{ length: 3 }, [1e9, 1e9], 'rgba(1e9, -1, NaN, 2)'],
  [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
  ['#fff', 300, 'polygon', 'a'.repeat(1000)],
];
// What ends the run or waits on purpose, and the globals not p5's; methods
// whose names start with _ are the API's own, not the sketch's.
const SKIP = new Set(['setup', 'draw', 'fuzz', 'hit', 'remove', 'noLoop', 'loop', 'redraw', 'setTimeout',
  'setInterval', 'requestAnimationFrame', 'print', 'eval', 'Function', 'p5', 'structuredClone']);
const made = [];
function hit(f, self) {
  for (const args of HOSTILE) {
    try {
      const out = f.apply(self, args);
      // A rejected promise (p5.js 2's loaders) is a refusal too.
      if (out instanceof Promise) out.catch(() => {});
      else if (out && typeof out === 'object' && made.length < 200) made.push(out);
    } catch (e) {
      // A refusal is an answer.
    }
  }
}
// Once in setup(), where drawing calls are drawn at once, and once in
// draw(), where they are queued and drawn when the frame is shown.
function setup() {
  createCanvas(40, 30);
  fuzz();
}
function draw() {
  if (frameCount === 1) fuzz();
}
function fuzz() {
  made.length = 0;
  const names = Object.getOwnPropertyNames(globalThis).sort();
  for (const name of names) {
    const f = globalThis[name];
    if (typeof f === 'function' && !SKIP.has(name) && !/^[A-Z]/.test(name)) hit(f, globalThis);
  }
  for (const object of made.slice()) {
    let proto = Object.getPrototypeOf(object);
    const seen = new Set();
    while (proto && proto !== Object.prototype && proto !== Array.prototype) {
      for (const key of Object.getOwnPropertyNames(proto).sort()) {
        if (seen.has(key) || key[0] === '_' || key === 'constructor' || key === 'remove') continue;
        seen.add(key);
        const d = Object.getOwnPropertyDescriptor(proto, key);
        if (d && typeof d.value === 'function') hit(d.value, object);
      }
      proto = Object.getPrototypeOf(proto);
    }
  }
}
