// Small stroked circles: diameters 2 to 20 at whole-pixel and fractional centres, weights 0.5 to 3 (hairlines and outlines), filled and not, one row translucent; the fractional centres move by 0.13 px a frame.
const DIAMETERS = [2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20];
const WEIGHTS = [0.5, 0.75, 1, 1.5, 2, 3];

function setup() {
  createCanvas(372, 372);
}

function draw() {
  background(245);
  const shift = frameCount * 0.13;
  for (let row = 0; row < WEIGHTS.length; row++) {
    strokeWeight(WEIGHTS[row]);
    for (let col = 0; col < DIAMETERS.length; col++) {
      const d = DIAMETERS[col];
      const x = 16 + col * 30;
      const y = 16 + row * 60;
      // Whole-pixel centre, not filled.
      stroke(row === 3 ? color(0, 0, 120, 140) : color(10, 20, 40));
      noFill();
      circle(x, y, d);
      // Fractional centre, filled.
      stroke(150, 30, 20);
      fill(250, 210, 60);
      circle(x + 0.3 + shift, y + 30.45 + col * 0.07, d);
    }
  }
}
