// textAlign: LEFT, CENTER and RIGHT against TOP, CENTER, BASELINE and BOTTOM at crossed guides, one-line and three-line strings (the block moves up for CENTER and BOTTOM), textAlign() read back.
function setup() {
  createCanvas(300, 220);
  noLoop();
}

function draw() {
  background(250);
  const hs = [LEFT, CENTER, RIGHT];
  const vs = [TOP, CENTER, BASELINE, BOTTOM];
  textSize(13);
  for (let i = 0; i < hs.length; i++) {
    for (let j = 0; j < vs.length; j++) {
      const x = 50 + i * 100, y = 20 + j * 30;
      stroke(200, 0, 0);
      line(x - 40, y, x + 40, y);
      line(x, y - 12, x, y + 12);
      noStroke();
      fill(20);
      textAlign(hs[i], vs[j]);
      text('Ag' + j, x, y);
    }
  }
  textSize(11);
  fill(0, 0, 160);
  for (let i = 0; i < vs.length; i++) {
    const x = 40 + i * 75, y = 180;
    stroke(0, 150, 0);
    line(x - 30, y, x + 30, y);
    noStroke();
    textAlign(CENTER, vs[i]);
    text('one\ntwo\nthree', x, y);
  }
  const a = textAlign();
  fill(0);
  textAlign(LEFT, BASELINE);
  text(a.horizontal + ' ' + a.vertical, 5, 215);
}
