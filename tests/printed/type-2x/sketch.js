// p5.js 2.x's type: default leading, alignment and wrap; textWidth (ink) and fontWidth (advance); textBounds and fontBounds on p5 and on a loaded font; textWeight; font.textToPoints / textToContours / textToPaths of a loaded TrueType font (sans.ttf, DejaVu Sans's subset).
let sans;

// Angles to 11 decimals: atan2 and hypot of two maths libraries (V8's,
// QuickJS's) differ in the last bits; positions are printed whole.
const angle = (a) => a.toFixed(11);

async function setup() {
  createCanvas(200, 100);
  sans = await loadFont('sans.ttf');
  print('defaults', textSize(), textLeading(), JSON.stringify(textAlign()), textWrap(), textWeight(), textStyle());
  textSize(20);
  print('size 20', textLeading(), textAscent(), textDescent());
  print('widths', textWidth('width'), fontWidth('width'), textWidth(' a '), fontWidth(' a '), textWidth('two\nlines!'));
  print('bounds', JSON.stringify(textBounds('Hello', 10, 50)), JSON.stringify(fontBounds('Hello', 10, 50)));
  textAlign(CENTER, CENTER);
  print('centred', JSON.stringify(textBounds('Hello', 100, 50)), JSON.stringify(fontBounds('Hello', 100, 50)));
  textAlign(LEFT, BASELINE);
  textWeight(700);
  print('weight', textWeight(), textWidth('width'), fontWidth('width'));
  textWeight(400);
  textFont(sans);
  print('loaded', textLeading(), textAscent(), textDescent(), textWidth('width'), fontWidth('width'));
  print('font bounds', JSON.stringify(sans.textBounds('Hello', 10, 50)), JSON.stringify(sans.fontBounds('Hello', 10, 50)));
  textSize(40);
  const pts = sans.textToPoints('Hi', 10, 60);
  print('points', pts.length, JSON.stringify(pts.map((p) => [p.x, p.y, angle(p.angle)])));
  const dense = sans.textToPoints('o', 100, 60, { sampleFactor: 0.5, simplifyThreshold: 0.1 });
  print('dense', dense.length, JSON.stringify(dense.map((p) => [p.x, p.y, angle(p.alpha)])));
  const contours = sans.textToContours('o', 10, 60);
  print('contours', contours.length, contours.map((c) => c.length).join(' '));
  print('paths', JSON.stringify(sans.textToPaths('o', 10, 60)));
  textAlign(RIGHT, TOP);
  print('aligned', JSON.stringify(sans.textToPoints('Hi', 150, 20).slice(0, 3).map((p) => [p.x, p.y])));
  textFont('serif');
  print('css', textFont(), textWidth('width'), fontWidth('width'));
}

function draw() {
  background(240);
  fill(0);
  textFont(sans);
  textSize(30);
  text('Hi', 10, 60);
}
