// storeItem/getItem (types kept: numbers, booleans, objects, colours, vectors), removeItem, clearStorage, loadBytes, createWriter, and the small globals: shorten, byte, getFrameRate, pushStyle and the like, device values, p5.Vector.slerp and clampToZero.
const show = (v) => JSON.stringify(v);
let bytes;
function preload() {
  bytes = loadBytes('data/bytes.bin');
}
function setup() {
  createCanvas(30, 20);
  print('empty at the start:', show(getItem('n')), localStorage.length);
  storeItem('n', 42.5);
  storeItem('yes', false);
  storeItem('word', 'hello');
  storeItem('list', [1, 'two', { three: 3 }]);
  storeItem('nothing', null);
  storeItem('c', color(255, 0, 0, 128));
  storeItem('v', createVector(1, 2.5, -3));
  storeItem('endsp5TypeID', 1);
  storeItem('u', undefined);
  print(show(getItem('n')), typeof getItem('n'), getItem('yes'), typeof getItem('yes'), getItem('word'));
  print(show(getItem('list')), show(getItem('nothing')), show(getItem('u')));
  const c = getItem('c');
  print(c instanceof p5.Color, c.toString(), show(c.levels));
  const v = getItem('v');
  print(v instanceof p5.Vector, v.toString());
  print(localStorage.getItem('n'), localStorage.getItem('np5TypeID'), localStorage.getItem('vp5TypeID'), localStorage.getItem('v'));
  removeItem('n');
  print(show(getItem('n')), show(localStorage.getItem('np5TypeID')));
  localStorage.setItem('plain', 'kept');
  clearStorage();
  print(show(getItem('word')), getItem('plain'), localStorage.length);

  print(show(bytes.bytes.length), bytes.bytes instanceof Uint8Array, show(Array.from(bytes.bytes.slice(0, 8))));

  print(show(shorten([1, 2, 3])), show(shorten([])), byte(200), byte(-129), byte('300'), show(byte([1, 255, true])), byte(3.7));
  print(getFrameRate(), typeof setFrameRate);
  for (const f of ['pushStyle', 'popStyle', 'pushMatrix', 'popMatrix']) {
    try { globalThis[f](); } catch (e) { print(e.message); }
  }
  print(isKeyPressed, deviceOrientation, accelerationX, accelerationY, accelerationZ, pAccelerationX, rotationX, rotationY, rotationZ, pRotationZ);
  print(typeof turnAxis, show(touches), typeof mouseButton, mouseButton, movedX, movedY, winMouseX, winMouseY, pwinMouseX, pwinMouseY);
  print(typeof setMoveThreshold, typeof setShakeThreshold, typeof requestPointerLock, typeof exitPointerLock, typeof registerPromisePreload);
  print(canvas.width, canvas.height, show(getURLParams()), typeof getURL(), Array.isArray(getURLPath()));
  setMoveThreshold(0.5); setShakeThreshold(30); requestPointerLock(); exitPointerLock();
  const w = createWriter('log', 'txt'), w2 = createWriter('log');
  w.write('a'); w.write(1); w.print('b'); w.print(2);
  print(show(w.content), w.name, w2.name, w2 instanceof p5.PrintWriter);
  w.clear(); w.write('z'); w.close();
  print(show(w.content), createWriter('log').name);

  const a = createVector(1, 0, 0), b = createVector(0, 2, 0);
  print(a.copy().slerp(b, 0.5).toString(), p5.Vector.slerp(a, b, 0.25).toString(), a.toString());
  print(a.copy().slerp(b, 0).toString(), a.copy().slerp(b, 1).toString(), createVector(0, 0).slerp(b, 0.5).toString());
  print(createVector(1, 0).slerp(createVector(-1, 0), 0.5).toString(), createVector(0, 1, 1).slerp(createVector(0, -1, -1), 0.5).toString());
  print(createVector(1, 2, 3).slerp(createVector(2, 4, 6), 0.5).toString());
  const t = createVector();
  p5.Vector.slerp(a, b, 0.75, t);
  print(t.toString(), createVector(1e-17, -2e-16, 5).clampToZero().toString());
}
function draw() {
  if (frameCount === 2) setFrameRate(30);
  print(frameCount, getFrameRate());
  if (frameCount === 3) noLoop();
}
