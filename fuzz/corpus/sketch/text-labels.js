// Many labels a frame, as a real sketch draws them: 80 rotated lines of sizes 8 to 30 whose numbers change with frameCount (nf), light on dark, overlapping.
function setup() {
  createCanvas(240, 200);
}

function draw() {
  background(20, 24, 40);
  fill(235, 225, 200);
  for (let i = 0; i < 80; i++) {
    push();
    translate((i * 37) % 240, (i * 53) % 200);
    rotate(i * 0.1 + frameCount * 0.02);
    textSize(8 + (i % 23));
    text('label ' + i + ': ' + nf(frameCount * 0.5 + i, 0, 1), 0, 0);
    pop();
  }
}
