// Pixels of images, bit for bit: createImage filled through pixels[] and set(), drawn unscaled at whole-unit positions; a PNG drawn unscaled; the canvas's get(x, y, w, h) drawn back; copy() unscaled; img.get(x, y) read back into the canvas with set(). EXACT in tests/sketches.rs.
let grid, made;

function preload() {
  grid = loadImage('images/grid.png');
}

function setup() {
  createCanvas(80, 60);
  made = createImage(10, 10);
  made.loadPixels();
  for (let i = 0; i < made.pixels.length; i += 4) {
    made.pixels[i] = (i * 7) % 256;
    made.pixels[i + 1] = (i * 3) % 256;
    made.pixels[i + 2] = 200;
    made.pixels[i + 3] = 255;
  }
  made.updatePixels();
  made.set(2, 2, [255, 255, 0, 255]);
  made.updatePixels();
}

function draw() {
  background(30, 40, 50);
  image(made, 2, 2);
  image(grid, 14, 2);
  image(made, 32 + frameCount, 2);
  const part = get(0, 0, 30, 14);
  image(part, 2, 20);
  copy(grid, 2, 2, 8, 8, 40, 20, 8, 8);
  const c = grid.get(5, 5);
  loadPixels();
  for (let x = 0; x < 20; x++) set(50 + x, 40, c);
  set(60, 45, made.get(2, 2));
  updatePixels();
}
