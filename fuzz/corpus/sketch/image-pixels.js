// p5.Image: createImage with set() and pixels[]/updatePixels, get() of a pixel and an area, resize (with 0 keeping the proportions), copy between images and onto the canvas, mask with an image, loadPixels on a loaded PNG; the canvas's get() and get(x, y, w, h) as images drawn back.
let grid, maskImg, made;

function preload() {
  grid = loadImage('images/grid.png');
  maskImg = loadImage('images/mask.png');
}

function setup() {
  createCanvas(160, 120);
  made = createImage(12, 8);
  made.loadPixels();
  for (let i = 0; i < made.pixels.length; i += 4) {
    const x = (i / 4) % 12;
    made.pixels[i] = x * 20;
    made.pixels[i + 1] = 255 - x * 20;
    made.pixels[i + 2] = 90;
    made.pixels[i + 3] = 255;
  }
  made.updatePixels();
  made.set(0, 0, color(255, 0, 0));
  made.set(11, 7, [0, 0, 255, 255]);
  made.set(5, 3, 0);
  made.updatePixels();
}

function draw() {
  background(40, 50, 60);
  noStroke();
  fill(240, 180, 40);
  circle(20, 20, 30);
  image(made, 40, 4, 24, 16);
  const c = grid.get(3, 2);
  fill(c);
  rect(70, 4, 10, 10);
  const part = grid.get(4, 0, 8, 8);
  image(part, 84, 4, 16, 16);
  const big = grid.get();
  big.resize(32, 0);
  image(big, 104, 4);
  const tall = grid.get();
  tall.resize(0, 30);
  image(tall, 4, 40);
  const masked = grid.get();
  masked.mask(maskImg);
  image(masked, 50, 40, 32, 24);
  const canvasPart = get(5, 5, 30, 30);
  image(canvasPart, 90, 40);
  const dest = createImage(20, 20);
  dest.copy(grid, 0, 0, 16, 12, 0, 0, 20, 20);
  dest.copy(made, 0, 0, 6, 4, 10, 10, 10, 10);
  image(dest, 130, 40);
  copy(grid, 0, 0, 8, 8, 4, 80, 32, 32);
  copy(10, 10, 20, 20, 40, 84, 20, 20);
  grid.loadPixels();
  fill(grid.pixels[4 * 5], grid.pixels[4 * 5 + 1], grid.pixels[4 * 5 + 2]);
  rect(70, 84, 12, 12);
  const whole = get();
  image(whole, 90, 80, 64, 36);
  const px = get(20, 20);
  fill(px);
  rect(140, 4, 14, 14);
}
