// font.textToPoints() and font.textBounds() of loaded fonts, TrueType and CFF (.otf): TrueType contours started where opentype.js starts them, composite accents, kerning and ligatures in extension lookups (which opentype.js skips), the default sampleFactor and others, simplifyThreshold, two lines a leading apart, tabs, kerning in the box, every textAlign (measured at the canvas's textSize, as p5 does), drawn as circles and translucent rects over the text; every point and box is printed for tests/sketch_runner.rs.
let sans, serif, bold, extension;

function preload() {
  sans = loadFont('sans.ttf');
  serif = loadFont('serif-italic.ttf');
  bold = loadFont('bold-cff.otf');
  extension = loadFont('serif-extension.ttf');
}

function setup() {
  createCanvas(400, 300);
  noLoop();
}

// The text in grey, its box as a translucent rect, its points as circles;
// then all of them printed.
function show(font, str, x, y, size, options) {
  const pts = font.textToPoints(str, x, y, size, options);
  const box = font.textBounds(str, x, y, size);
  noStroke();
  fill(215);
  textFont(font, size);
  text(str, x, y);
  fill(230, 60, 60, 45);
  rect(box.x, box.y, box.w, box.h);
  fill(30, 60, 160);
  for (const p of pts) circle(p.x, p.y, 2);
  print(JSON.stringify({ str, options, box, points: pts.map((p) => [p.x, p.y, p.alpha]) }));
}

function draw() {
  background(250);
  show(sans, 'Hello', 10, 60, 60);
  show(serif, 'AVé fi', 200, 60, 50, { sampleFactor: 0.3 });
  show(bold, 'CFF ÿ', 180, 128, 36, { sampleFactor: 0.2 });
  show(extension, 'AVATAR fi', 10, 88, 20);
  textSize(40);
  textLeading(44);
  textAlign(CENTER, TOP);
  show(sans, 'Two\nlines', 100, 90, 40, { sampleFactor: 0.25, simplifyThreshold: 0.05 });
  textAlign(RIGHT, BOTTOM);
  show(serif, 'Åp5*js', 390, 200, 48, { sampleFactor: 0.2 });
  textSize(20);
  textAlign(LEFT, CENTER);
  show(sans, 'To\tWAY', 210, 250, 36, { sampleFactor: 0.15, simplifyThreshold: 0.2 });
  textAlign(CENTER, BASELINE);
  show(serif, 'g@Q', 90, 280, 40, { sampleFactor: 0.5 });
}
