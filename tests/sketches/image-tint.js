// tint() and noTint(): grey, grey+alpha, RGB, RGBA, a colour object and colorMode(HSB) tints on an opaque PNG, a PNG with alpha, a JPEG and a graphics; tint kept by push()/pop(); the same image drawn tinted and untinted in one frame.
let grid, photo, pg;

function preload() {
  grid = loadImage('images/grid.png');
  photo = loadImage('images/photo.jpg');
}

function setup() {
  createCanvas(160, 120);
  pg = createGraphics(20, 20);
  pg.background(250, 200, 40);
  pg.noStroke();
  pg.fill(20, 60, 200);
  pg.circle(10, 10, 14);
}

function draw() {
  background(230);
  image(grid, 4, 4, 32, 24);
  tint(128);
  image(grid, 40, 4, 32, 24);
  tint(255, 120);
  image(grid, 76, 4, 32, 24);
  tint(255, 80, 40);
  image(grid, 112, 4, 32, 24);
  tint(40, 200, 255, 160);
  image(photo, 4, 34);
  tint(color('#ff8800'));
  image(photo, 32, 34);
  push();
  colorMode(HSB);
  tint(200, 80, 90);
  image(photo, 60, 34);
  pop();
  image(pg, 90, 34);
  noTint();
  image(pg, 114, 34);
  tint(255, 0, 0, 128 + 10 * frameCount);
  image(pg, 4, 60, 40, 40);
  image(photo, 50, 60, 48, 36);
  noTint();
  image(photo, 104, 60, 48, 36);
}
