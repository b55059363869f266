// setTimeout, setInterval, clearTimeout/clearInterval and requestAnimationFrame on the frame clock, as tools/p5ref/harness.js runs them in p5.js.
let ticks = 0, interval;
function setup() {
  createCanvas(10, 10);
  frameRate(20);
  setTimeout(() => print('timeout 0 from setup at', frameCount, millis()), 0);
  setTimeout(() => print('timeout 120 at', frameCount, millis()), 120);
  setTimeout((a, b) => print('args', a, b, frameCount), 100, 'x', 7);
  const gone = setTimeout(() => print('never'), 50);
  clearTimeout(gone);
  interval = setInterval(() => { ticks++; print('tick', ticks, frameCount, millis()); if (ticks === 5) clearInterval(interval); }, 30);
  setTimeout(() => {
    print('outer at', frameCount);
    setTimeout(() => print('inner at', frameCount, millis()), 0);
  }, 150);
  requestAnimationFrame((t) => print('frame callback at', frameCount, t));
  print('ids increase', setTimeout(() => {}, 1e9) < setTimeout(() => {}, 1e9));
}
function draw() {
  print('draw', frameCount, millis());
  if (frameCount === 3) {
    const id = requestAnimationFrame(() => print('cancelled'));
    cancelAnimationFrame(id);
    requestAnimationFrame((t) => { print('raf at', frameCount, t); requestAnimationFrame(() => print('raf again at', frameCount)); });
  }
}
