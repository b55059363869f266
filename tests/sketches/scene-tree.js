// The built-in tree scene (docs/SCENES.md, default parameters) as a global-mode sketch; from tools/p5ref/sketch.js.
const AXIOM = 'F', RULES = { F: 'FF+[+F-F-F]-[-F+F+F]' };
const ANGLE = 25, LENGTH = 100, LENGTH_SCALE = 0.5, HOLD = 30, GENERATIONS = 4;
const sentences = [AXIOM];

function sentence(g) {
  while (sentences.length <= g) {
    let out = '';
    for (const ch of sentences[sentences.length - 1]) out += RULES[ch] !== undefined ? RULES[ch] : ch;
    sentences.push(out);
  }
  return sentences[g];
}

function setup() {
  pixelDensity(1);
  createCanvas(400, 400);
  frameRate(30);
}

function draw() {
  const shown = Math.min(Math.floor((frameCount - 1) / HOLD), GENERATIONS);
  background(52);
  stroke(255, 255, 255, 100);
  strokeWeight(1);
  const len = LENGTH * Math.pow(LENGTH_SCALE, shown);
  const angle = radians(ANGLE);
  resetMatrix();
  translate(width / 2, height);
  for (const ch of sentence(shown)) {
    if (ch === 'F') { line(0, 0, 0, -len); translate(0, -len); }
    else if (ch === '+') rotate(angle);
    else if (ch === '-') rotate(-angle);
    else if (ch === '[') push();
    else if (ch === ']') pop();
  }
}
