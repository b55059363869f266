// loadFont('serif-italic.ttf') from the sketch's folder in preload: a p5.Font drawn as outlines (p5's path, stroke under fill), its textWidth, float textAscent/textDescent, alignment by the font's own ascender and descender, textFont(font, size), a success callback, and back to a page font.
let font;
let loaded = 0;

function preload() {
  font = loadFont('serif-italic.ttf', () => { loaded += 1; });
}

function setup() {
  createCanvas(300, 200);
  noLoop();
}

function draw() {
  background(250);
  fill(0);
  textFont(font, 28);
  text('Loaded ' + loaded, 10, 40);
  fill(255, 0, 0, 120);
  rect(10, 42, textWidth('Loaded ' + loaded), 3);
  rect(200, 40 - textAscent(), 5, textAscent() + textDescent());
  fill(0);
  textSize(18);
  const aligns = [TOP, CENTER, BASELINE, BOTTOM];
  for (let i = 0; i < aligns.length; i++) {
    stroke(0, 160, 0);
    line(10 + i * 70, 90, 70 + i * 70, 90);
    noStroke();
    textAlign(CENTER, aligns[i]);
    text('Ag', 40 + i * 70, 90);
  }
  textAlign(LEFT, BASELINE);
  stroke(0, 0, 200);
  strokeWeight(2);
  fill(255, 220, 0);
  textSize(40);
  text('Outline', 10, 150);
  noStroke();
  fill(0);
  textFont('sans-serif', 14);
  text('page font again', 10, 185);
  textFont(font);
  text('in a box, wrapped by words', 160, 160, 130, 40);
}
