// text() in a box: WORD wrapping at each horizontal alignment, rectMode(CENTER), a box height that clips lines, vertical alignment in a box (BASELINE draws from the top), and textWrap(CHAR).
const words = 'The quick brown fox jumps over the lazy dog, twice: quick, lazy.';

function setup() {
  createCanvas(320, 260);
  noLoop();
}

function draw() {
  background(245);
  textSize(12);
  const box = (x, y, w, h) => {
    noFill();
    stroke(180);
    rect(x, y, w, h);
    noStroke();
    fill(30);
  };
  const aligns = [LEFT, CENTER, RIGHT];
  for (let i = 0; i < 3; i++) {
    box(5 + i * 105, 5, 95, 80);
    textAlign(aligns[i]);
    text(words, 5 + i * 105, 5, 95, 80);
  }
  textAlign(LEFT, TOP);
  box(5, 95, 90, 40);
  text(words, 5, 95, 90, 40);
  textAlign(LEFT, CENTER);
  box(110, 95, 90, 70);
  text(words, 110, 95, 90, 70);
  textAlign(LEFT, BOTTOM);
  box(215, 95, 100, 70);
  text(words, 215, 95, 100, 70);
  rectMode(CENTER);
  textAlign(CENTER, TOP);
  noFill();
  stroke(180);
  rect(60, 215, 100, 60);
  noStroke();
  fill(0, 0, 150);
  text('centred box\nwith a line break and words', 60, 215, 100, 60);
  rectMode(CORNER);
  textWrap(CHAR);
  textAlign(LEFT, BASELINE);
  box(120, 180, 90, 70);
  text('Characters_wrap_without_spaces_here', 120, 180, 90, 70);
  textWrap(WORD);
  box(220, 180, 95, 70);
  text('Words wrap\n\nafter an empty line', 220, 180, 95);
}
