// textSize from 6 to 72 px, fractional sizes, textFont(name, size) and CSS names (Arial, Georgia, Courier New, an unknown name: the standard serif), textStyle NORMAL/BOLD/ITALIC/BOLDITALIC in the three families, textFont() and textStyle() read back.
function setup() {
  createCanvas(360, 320);
  noLoop();
}

function draw() {
  background(250);
  fill(10);
  let x = 5;
  for (const s of [6, 8, 9.5, 11, 13.3, 16, 21, 28]) {
    textSize(s);
    text('Sz', x, 40);
    x += textWidth('Sz') + 6;
  }
  textSize(72);
  text('Big', 200, 70);
  const names = ['Arial', 'Georgia', 'Courier New', 'NoSuchFont', '"DejaVu Sans Mono", monospace'];
  for (let i = 0; i < names.length; i++) {
    textFont(names[i], 15);
    text(names[i] + ' gy', 5, 100 + i * 20);
  }
  const fams = ['sans-serif', 'serif', 'monospace'];
  const styles = [NORMAL, BOLD, ITALIC, BOLDITALIC];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 4; j++) {
      textFont(fams[i]);
      textSize(14);
      textStyle(styles[j]);
      text('Style ' + j, 5 + j * 88, 220 + i * 22);
    }
  }
  textStyle(NORMAL);
  textSize(10);
  fill(0, 0, 160);
  text(textFont() + ' ' + textStyle(), 5, 310);
}
