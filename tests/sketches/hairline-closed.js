// Closed shapes stroked as hairlines (weights 1 and 0.6; ROUND, PROJECT and SQUARE caps): rect, square, triangle, quad, endShape(CLOSE), arcs, ellipses and a grid of small cells, filled or not, translucent, moved by fractional amounts. Skia closes each between the ends its caps push out.
function setup() {
  createCanvas(240, 180);
}

function draw() {
  background(235);
  const caps = [ROUND, PROJECT, SQUARE];
  for (let row = 0; row < 3; row++) {
    push();
    translate(0.3 * frameCount, row * 50 + 0.25 * row);
    strokeCap(caps[row]);
    strokeWeight(row === 2 ? 0.6 : 1);
    stroke(20, 30, 60);
    noFill();
    rect(6, 6, 24, 18);
    square(36.5, 6, 16);
    fill(250, 220, 120);
    stroke(120, 20, 20, 160);
    rect(58, 6, 10, 40);
    triangle(74, 6, 104, 10, 80, 44);
    quad(110, 6, 134, 8, 130, 40, 112, 36);
    noFill();
    stroke(0);
    beginShape();
    vertex(140, 6);
    vertex(170, 6);
    vertex(170, 30);
    vertex(155, 44);
    endShape(CLOSE);
    arc(190, 24, 30, 30, 0, PI + QUARTER_PI, PIE);
    arc(190, 30, 30, 20, PI, TWO_PI, CHORD);
    ellipse(222, 24, 26, 34);
    pop();
  }
  // A grid of small cells, as a game of life draws them.
  stroke(0, 90);
  fill(255);
  for (let i = 0; i < 40; i++) {
    for (let j = 0; j < 4; j++) {
      rect(i * 6, 160 + j * 5, 4, 3);
    }
  }
}
