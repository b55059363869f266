// textWidth, textAscent and textDescent of each bundled family, style and size driving bars beside the text (widths kerned, multi-line widths the longest line's, ascent and descent in whole pixels for page fonts).
function setup() {
  createCanvas(320, 300);
  noLoop();
}

function draw() {
  background(255);
  const fonts = ['sans-serif', 'serif', 'monospace'];
  const styles = [NORMAL, BOLD, ITALIC, BOLDITALIC];
  let y = 14;
  for (const f of fonts) {
    for (const s of styles) {
      textFont(f);
      textStyle(s);
      textSize(9 + styles.indexOf(s) * 3);
      const label = 'AVA Wo ' + s;
      noStroke();
      fill(0);
      text(label, 5, y);
      const w = textWidth(label);
      fill(255, 0, 0, 120);
      rect(5, y + 1, w, 2);
      fill(0, 0, 255, 120);
      rect(200, y - textAscent(), 4, textAscent());
      fill(0, 160, 0, 120);
      rect(206, y, 4, textDescent());
      fill(0);
      textStyle(NORMAL);
      textFont('monospace');
      textSize(8);
      text(nf(w, 0, 2) + ' ' + textAscent() + ' ' + textDescent(), 215, y);
      y += 24;
    }
  }
  textFont('sans-serif');
  textSize(14);
  fill(120, 0, 120);
  rect(5, 292, textWidth('short\na longer line\nmid'), 4);
  rect(200, 292, textWidth(''), 4);
  rect(250, 292, textWidth(12345), 4);
}
