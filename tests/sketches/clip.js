// beginClip/endClip and clip(): circles, a turned square, a star and a stroked-only ring gathered into one clip; invert; clips intersecting; pop() ending one; a clipped background; a graphics' own clip.
let g;
function setup() {
  createCanvas(240, 160);
  g = createGraphics(80, 80);
}

function stripes(x0, y0, w, h, hue) {
  noStroke();
  for (let i = 0; i < w + h; i += 8) {
    fill((hue + i * 3) % 255, 120, 255 - i);
    quad(x0 + i, y0, x0 + i + 4, y0, x0 + i + 4 - h, y0 + h, x0 + i - h, y0 + h);
  }
}

function draw() {
  background(235, 230, 220);
  const m = frameCount * 7;
  // A clip of a circle, a turned square and a star, then stripes and a line through it.
  push();
  beginClip();
  circle(45, 45, 60);
  translate(95, 40);
  rotate(0.4 + frameCount * 0.1);
  rect(-20, -20, 40, 40);
  endClip();
  resetMatrix();
  stripes(0, 0, 140, 80, m);
  stroke(20);
  strokeWeight(3);
  line(0, 10, 140, 75);
  pop();
  // Inverted: everything but two overlapping discs (their overlap shows, as in p5).
  push();
  clip(() => {
    noStroke();
    ellipse(180, 40, 50, 40);
    ellipse(205, 45, 40, 50);
  }, { invert: true });
  stripes(145, 0, 95, 80, 90 + m);
  pop();
  // A star, then a ring given by its stroke alone, intersected: what both hold.
  push();
  beginClip();
  beginShape();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 18 : 40;
    vertex(50 + r * cos(i * PI / 5 - HALF_PI), 120 + r * sin(i * PI / 5 - HALF_PI));
  }
  endShape(CLOSE);
  endClip();
  beginClip();
  noFill();
  stroke(0);
  circle(60, 118, 56);
  endClip();
  background(40, 60, 120);
  fill(255, 200, 0, 200);
  noStroke();
  rect(0, 110, 120, 20);
  pop();
  // A graphics' own clip, drawn onto the canvas.
  g.clear();
  g.push();
  g.beginClip();
  g.triangle(40, 5, 75, 75, 5, 75);
  g.endClip();
  g.background(200, 40, 90);
  g.fill(255);
  g.circle(40 + (frameCount % 3) * 5, 50, 30);
  g.pop();
  g.noFill();
  g.stroke(0);
  g.rect(0.5, 0.5, 79, 79);
  image(g, 140, 80);
  // A clip left on (no pop): the next frame's background is clipped too.
  if (frameCount === 2) {
    beginClip();
    rect(0, 0, 120, 160);
    endClip();
  }
}
