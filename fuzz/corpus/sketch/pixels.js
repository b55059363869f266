// pixels: loadPixels, pixels[] changed in place, updatePixels (whole and a box), set() with a grey, an array and a colour, get(x, y) inside and outside the canvas, drawing after updatePixels; whole-pixel rects only, so p5.js's frames are matched bit for bit.
function setup() {
  createCanvas(120, 90);
}

function draw() {
  background(30, 60, 90);
  noStroke();
  fill(240, 200, 40);
  rect(10 + frameCount * 6, 25, 40, 35);
  fill(200, 40, 90);
  rect(70, 10, 30, 60);
  loadPixels();
  for (let y = 20; y < 40; y++) {
    for (let x = 0; x < 60; x++) {
      const i = 4 * (y * width + x);
      pixels[i] = 255 - pixels[i];
      pixels[i + 1] = 255 - pixels[i + 1];
      pixels[i + 2] = 255 - pixels[i + 2];
    }
  }
  for (let y = 60; y < 70; y++) {
    for (let x = 0; x < width; x++) {
      const i = 4 * (y * width + x);
      pixels[i] = x * 2.2;
      pixels[i + 1] = (frameCount * 40) % 256;
      pixels[i + 2] = y * 3 + 0.5;
      pixels[i + 3] = 255;
    }
  }
  updatePixels();
  for (let x = 0; x < 40; x++) {
    set(x, 80, 255);
    set(x + 0.7, 82, [0, 255, 0, 255]);
    set(x, 84, color('#ff00ff'));
  }
  updatePixels(0, 80, 20, 5);
  const inside = get(45, 45);
  fill(inside);
  rect(100, 72, 15, 15);
  const outside = get(-5, 10);
  fill(outside[0], outside[1] + 100, outside[2], 255);
  rect(5, 5, 10, 10);
  fill(255);
  rect(0, 88, width, 2);
}
