// p5.js 2.x's type: the default leading (1.275 sizes) of lines, textWeight(700), textBounds() and fontBounds() drawn as boxes, a loaded font's text and its textToPoints() as dots, textAlign(CENTER, CENTER) and (RIGHT, TOP).
let sans;

async function setup() {
  createCanvas(240, 160);
  sans = await loadFont('assets/sans.ttf');
  noLoop();
}

function draw() {
  background(248);
  noStroke();
  fill(20);
  textSize(14);
  text('two lines\nleading 1.275', 8, 18);
  textWeight(700);
  text('weight 700', 130, 18);
  textWeight(400);

  textSize(22);
  const tb = textBounds('Boxed', 8, 80);
  const fb = fontBounds('Boxed', 8, 80);
  noFill();
  stroke(220, 60, 60);
  rect(fb.x, fb.y, fb.w, fb.h);
  stroke(40, 120, 220);
  rect(tb.x, tb.y, tb.w, tb.h);
  noStroke();
  fill(30);
  text('Boxed', 8, 80);

  textAlign(CENTER, CENTER);
  fill(0, 130, 90);
  text('Centre', 170, 70);
  const cb = textBounds('Centre', 170, 70);
  noFill();
  stroke(0, 130, 90);
  rect(cb.x, cb.y, cb.w, cb.h);

  textAlign(LEFT, BASELINE);
  noStroke();
  fill(200);
  textFont(sans);
  textSize(44);
  text('p5', 20, 145);
  fill(200, 40, 120);
  for (const p of sans.textToPoints('p5', 20, 145, { sampleFactor: 0.25 })) circle(p.x, p.y, 3);

  textAlign(RIGHT, TOP);
  fill(60, 60, 160);
  textSize(18);
  text('right top', 232, 110);
}
