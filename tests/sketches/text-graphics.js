// Each surface has its own text state: the canvas and two graphics with their own textSize, textLeading, textFont, textStyle, textAlign and textWrap, push()/pop() on each, textWidth and textAscent read from each, a graphics' text black until its own fill() (the canvas's doesn't count), composed with image(); the canvas's text after drawing the graphics is as it was set.
let pg, pg2;

function setup() {
  createCanvas(320, 220);
  pg = createGraphics(150, 100);
  pg2 = createGraphics(150, 100);
  noLoop();
}

function draw() {
  background(245);
  fill(20, 90, 160);
  textSize(26);
  textAlign(RIGHT, TOP);
  textStyle(ITALIC);

  pg.background(255, 228, 196);
  pg.textSize(14);
  pg.text('graphics, 14 px', 6, 20);
  pg.textAlign(CENTER, CENTER);
  pg.textFont('serif', 22);
  pg.push();
  pg.textSize(10);
  pg.textStyle(BOLD);
  pg.textAlign(LEFT, BOTTOM);
  pg.text('pushed 10 px bold', 4, 96);
  pg.pop();
  pg.text('centred serif', 75, 50);
  pg.stroke(200, 0, 0);
  pg.line(0, 50, 150, 50);
  pg.noStroke();
  pg.fill(0, 120, 0);
  pg.rect(75 - pg.textWidth('centred serif') / 2, 64, pg.textWidth('centred serif'), 2);

  pg2.background(210, 230, 250);
  pg2.fill(90, 0, 90);
  pg2.textFont('monospace');
  pg2.textSize(11);
  pg2.textLeading(13);
  pg2.textWrap(CHAR);
  pg2.text('a box of monospace text, wrapped by character', 5, 5, 140, 60);
  pg2.textAlign(RIGHT, BASELINE);
  pg2.textStyle(BOLDITALIC);
  pg2.textSize(16);
  pg2.text('right', 145, 90);
  pg2.rect(145 - pg2.textAscent(), 92, pg2.textAscent(), 2);

  image(pg, 10, 60);
  image(pg2, 165, 60);

  text('Canvas, 26 px', 310, 8);
  rect(310 - textWidth('Canvas, 26 px'), 8 + textAscent() + textDescent(), textWidth('Canvas, 26 px'), 2);
  textAlign(LEFT, BASELINE);
  textStyle(NORMAL);
  textSize(12);
  text('canvas again: 12 px, after the graphics', 10, 200);
}
