// Grids of one-pixel strokes as grid sketches draw them: a game of life of 16-px cells from the canvas's corner (rect(c*16, r*16, 16, 16), shared edges, the left and top sides on the canvas's edge), a tile map of 13.33-px cells, cells one pixel smaller than their pitch, a maze of line() walls (weights 1 and 2), and a crisp noFill grid at +0.5 reaching the right and bottom edges.
const COLS = 20;
const ROWS = 6;
const SIZE = 16;

function alive(c, r, t) {
  return (c * 7 + r * 11 + c * r + t * 5) % 5 < 2;
}

function setup() {
  createCanvas(320, 260);
}

function draw() {
  background(230);
  const t = frameCount;
  // A game of life: stroke(0), weight 1, the cells' edges shared.
  stroke(0);
  strokeWeight(1);
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      fill(alive(c, r, t) ? 0 : 255);
      rect(c * SIZE, r * SIZE, SIZE, SIZE);
    }
  }
  // A tile map of 320 / 24 px cells in a grey stroke, three fills.
  const w = width / 24;
  const colours = [[90, 160, 70], [60, 110, 200], [210, 190, 120]];
  stroke(60);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 24; c++) {
      fill(colours[(c + r * 2 + t) % 3]);
      rect(c * w, 100 + r * w, w, w);
    }
  }
  // Cells a pixel smaller than their pitch, a translucent stroke.
  stroke(0, 0, 80, 150);
  for (let c = 0; c < 16; c++) {
    fill(alive(c, 9, t) ? 40 : 250);
    rect(c * 10, 158, 9, 9);
    square(160 + c * 10, 158, 9);
  }
  // A maze of walls on 16-px cells: line()s with round caps, weight 1,
  // then weight 2 on the right half.
  stroke(20, 20, 20);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 20; c++) {
      strokeWeight(c < 10 ? 1 : 2);
      const x = c * SIZE;
      const y = 172 + r * SIZE;
      if ((r * 13 + c * 7 + t) % 3 === 0) {
        line(x, y, x + SIZE, y);
      } else {
        line(x, y, x, y + SIZE);
      }
    }
  }
  // The crisp idiom: a noFill grid moved by half a pixel, to the edges.
  strokeWeight(1);
  stroke(200, 30, 30);
  noFill();
  push();
  translate(0.5, 0.5);
  for (let c = 0; c < 8; c++) {
    rect(200 + c * 15, 236, 15, 23);
  }
  pop();
  // A frame around the whole canvas.
  stroke(0, 120, 0);
  rect(0, 0, width, height);
}
