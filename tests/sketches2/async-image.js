// p5.js 2.x: an async setup() awaiting loadImage() (a relative and a root path, both inside the sketch's folder), then image() scaled, tinted and cropped.
let tiles, again;

async function setup() {
  createCanvas(160, 120);
  tiles = await loadImage('assets/tiles.png');
  again = await loadImage('/assets/tiles.png');
}

function draw() {
  background(200, 210, 220);
  image(tiles, 4, 4);
  image(again, 40, 4, 72, 48);
  tint(255, 140, 140);
  image(tiles, 4, 60, 48, 32);
  noTint();
  image(tiles, 60, 60, 96, 56, 4, 4, 12, 8);
  fill(0);
  noStroke();
  rect(120, 4, tiles.width, tiles.height);
  rect(120, 24 + frameCount, again.width / 2, again.height / 2);
}
