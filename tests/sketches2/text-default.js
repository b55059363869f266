// p5.js 2.x: text with the default font (sans-serif) at several sizes, alignments, fill and stroke, and textWidth.
function setup() {
  createCanvas(200, 120);
  noLoop();
}

function draw() {
  background(250);
  fill(20);
  noStroke();
  textSize(12);
  text('Whalegen 2.x: sans-serif 12', 6, 16);
  textSize(20);
  text('Hamburgefonstiv', 6, 42);
  textSize(28);
  fill(30, 90, 180);
  textAlign(CENTER, CENTER);
  text('AaBbGg', 100, 70);
  textAlign(RIGHT, BASELINE);
  textSize(16);
  stroke(200, 40, 40);
  strokeWeight(1);
  fill(255, 220, 0);
  text('stroked 0123', 194, 108);
  noStroke();
  fill(0, 150, 90);
  textAlign(LEFT, BASELINE);
  textSize(16);
  const w = textWidth('width');
  rect(6, 112, w, 4);
  text('width', 6, 108);
}
