// createGraphics trails: a graphics drawn on each frame with a translucent background() (the trails idiom) and moving shapes, drawn onto the canvas with image() at its size, scaled, and under a transform; the graphics' own fill/stroke/transform state and colorMode(HSB) kept apart from the canvas's.
let pg;

function setup() {
  createCanvas(200, 150);
  pg = createGraphics(100, 75);
  pg.stroke(255);
  pg.strokeWeight(2);
  pg.colorMode(HSB);
  fill(200, 60, 60);
}

function draw() {
  background(20);
  pg.background(10, 20, 40, 40);
  pg.push();
  pg.translate(50, 37);
  pg.rotate(frameCount * 0.2);
  pg.fill(200, 70, 100);
  pg.ellipse(20, 0, 16, 10);
  pg.pop();
  pg.noFill();
  pg.rect(5 + frameCount * 3, 10, 12, 12);
  image(pg, 0, 0);
  image(pg, 100, 0, 100, 150);
  push();
  translate(10, 80);
  scale(0.8);
  image(pg, 0, 0);
  pop();
  rect(150, 100, 30, 30);
}
