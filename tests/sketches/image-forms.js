// image() in every form: at its own size, scaled (up, down, uneven), a source rectangle, imageMode CORNER/CORNERS/CENTER, negative sizes, under translate/rotate/scale, PNG with alpha, JPEG and GIF (first frame, transparent index), noSmooth.
let grid, photo, badge;

function preload() {
  grid = loadImage('images/grid.png');
  photo = loadImage('images/photo.jpg');
  badge = loadImage('images/badge.gif');
}

function setup() {
  createCanvas(200, 160);
}

function draw() {
  background(60, 90, 120);
  image(grid, 4, 4);
  image(photo, 24, 4);
  image(badge, 52, 4);
  image(grid, 66, 4, 32, 24);
  image(grid, 102, 4, 8, 6);
  image(photo, 114, 4, 40, 12);
  image(photo, 158, 4, 36, 30, 6, 4, 12, 9);
  imageMode(CORNERS);
  image(grid, 4, 40, 44, 70);
  imageMode(CENTER);
  image(photo, 80, 56, 36, 27);
  image(badge, 120, 56, 20, 20);
  imageMode(CORNER);
  image(grid, 180, 70, -24, -18);
  push();
  translate(40, 110);
  rotate(0.3 + frameCount * 0.1);
  image(photo, -12, -9);
  pop();
  push();
  translate(100, 100);
  scale(1.5, 0.75);
  image(grid, 0, 0, 30, 30);
  pop();
  noSmooth();
  image(badge, 150, 100, 40, 40);
  image(grid, 4, 130, 48, 28, 2, 2, 8, 6);
  smooth();
  image(grid, 60, 130, 24.5, 18.25);
}
