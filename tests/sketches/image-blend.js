// Images under every blend mode: image() with blendMode, blend() from the canvas and from an image (scaled too), p5.Image.blend, REPLACE clearing what the image leaves, an image drawn while erasing.
let img, pic, modes;

function setup() {
  createCanvas(224, 160);
  pixelDensity(1);
  modes = [BLEND, ADD, DARKEST, LIGHTEST, DIFFERENCE, EXCLUSION, MULTIPLY, SCREEN, OVERLAY,
    HARD_LIGHT, SOFT_LIGHT, DODGE, BURN, REMOVE];
  img = createImage(24, 24);
  img.loadPixels();
  for (let y = 0; y < 24; y++) {
    for (let x = 0; x < 24; x++) {
      const i = 4 * (y * 24 + x);
      img.pixels[i] = x * 10;
      img.pixels[i + 1] = 255 - y * 10;
      img.pixels[i + 2] = (x * y) % 256;
      img.pixels[i + 3] = x < 4 ? 255 : 90 + ((x + y) * 7) % 166;
    }
  }
  img.updatePixels();
  pic = createImage(32, 32);
  pic.loadPixels();
  for (let i = 0; i < pic.pixels.length; i += 4) {
    const p = i / 4;
    pic.pixels[i] = (p * 13) % 256;
    pic.pixels[i + 1] = (p * 7) % 256;
    pic.pixels[i + 2] = 200;
    pic.pixels[i + 3] = 255;
  }
  pic.updatePixels();
}

function backdrop() {
  background(60, 90, 140);
  noStroke();
  for (let i = 0; i < 7; i++) {
    fill(40 * i, 200 - 25 * i, 120, 160 + i * 10);
    rect(i * 32, 0, 32, height);
  }
  fill(250, 240, 200, 120);
  rect(0, 60, width, 40);
}

function draw() {
  backdrop();
  if (frameCount === 1) {
    modes.forEach((m, k) => {
      blendMode(m);
      image(img, 4 + (k % 7) * 32, 20 + Math.floor(k / 7) * 60);
    });
    blendMode(BLEND);
  } else if (frameCount === 2) {
    // blend() of the canvas onto itself, unscaled and scaled, then from an image.
    blend(0, 0, 40, 40, 10, 110, 40, 40, MULTIPLY);
    blend(30, 50, 40, 30, 60, 100, 60, 50, SCREEN);
    blend(img, 0, 0, 24, 24, 130, 10, 24, 24, DIFFERENCE);
    blend(img, 0, 0, 24, 24, 160, 10, 48, 36, ADD);
    blendMode(MULTIPLY);
    blend(img, 4, 4, 16, 16, 130, 100, 16, 16, LIGHTEST);
    rect(180, 100, 30, 30);
    blendMode(BLEND);
    // p5.Image.blend: into an image, then drawn.
    const copy = pic.get();
    copy.blend(img, 0, 0, 24, 24, 4, 4, 24, 24, OVERLAY);
    copy.blend(img, 0, 0, 24, 24, 0, 16, 32, 16, BURN);
    image(copy, 100, 60);
  } else {
    push();
    blendMode(REPLACE);
    image(pic, 100, 50);
    pop();
    image(img, 130, 50);
    fill(200, 60, 40);
    rect(0, 0, 90, 60);
    erase();
    image(img, 10, 10);
    noErase();
    image(img, 40, 10);
  }
}
