// textDirection(): 'inherit' until set, saved by push() and restored by pop(), each graphics its own; each value read back drawn as text, and bars as long as the value's letters.
function setup() {
  createCanvas(200, 150);
  background(245);
  fill(0);
  textSize(16);
  const show = (y) => {
    const d = textDirection();
    text(d, 10, y);
    rect(100, y - 12, d.length * 10, 12);
  };
  show(25);
  push();
  textDirection('rtl');
  show(50);
  pop();
  show(75);
  const g = createGraphics(180, 40);
  g.background(220);
  g.fill(0);
  g.textSize(14);
  g.textDirection('ltr');
  g.text(g.textDirection() + ' / ' + textDirection(), 6, 25);
  image(g, 10, 95);
}
