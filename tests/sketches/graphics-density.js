// A graphics with its own pixelDensity(2) and one at the canvas's density, drawn at their size and scaled; clear() on a graphics (transparent pixels let the canvas show); pixels of a graphics (loadPixels/pixels[]/updatePixels at density 2, get/set); the graphics' get() as an image. (remove() is left out: p5.js 1.11.13 throws in it; tests/sketch_runner.rs checks whalegen's.)
let hi, lo;

function setup() {
  createCanvas(160, 100);
  hi = createGraphics(40, 40);
  hi.pixelDensity(2);
  lo = createGraphics(40, 40);
}

function draw() {
  background(200, 220, 240);
  for (const g of [hi, lo]) {
    g.clear();
    g.noStroke();
    g.fill(30, 90, 200, 200);
    g.circle(20, 20, 30 + frameCount);
    g.stroke(0);
    g.strokeWeight(0.75);
    g.line(2, 38, 38, 2 + frameCount);
  }
  image(hi, 4, 4);
  image(lo, 48, 4);
  image(hi, 92, 4, 64, 64);
  lo.loadPixels();
  for (let i = 0; i < lo.pixels.length; i += 4 * 7) {
    lo.pixels[i] = 255;
    lo.pixels[i + 3] = 255;
  }
  lo.updatePixels();
  hi.loadPixels();
  for (let y = 0; y < 10; y++) {
    for (let x = 0; x < 80; x++) {
      const i = 4 * (y * 80 + x);
      hi.pixels[i + 1] = 255;
      hi.pixels[i + 3] = 255;
    }
  }
  hi.updatePixels();
  hi.set(1, 30, color(255, 0, 255));
  hi.updatePixels();
  image(lo, 4, 50);
  image(hi, 48, 50, 40, 40);
  const snap = hi.get(0, 0, 20, 20);
  image(snap, 130, 70);
  const c = lo.get(20, 20);
  fill(c);
  noStroke();
  rect(100, 72, 20, 20);
}
