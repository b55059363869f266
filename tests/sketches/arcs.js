// arc in OPEN, CHORD and PIE modes (and the default), filled and stroked, short, long, negative and > TWO_PI angles.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(235);
  const s = frameCount * 0.2;
  strokeWeight(3);
  stroke(20, 40, 90);
  fill(250, 180, 60);
  arc(40, 40, 60, 60, 0, HALF_PI + s);
  arc(100, 40, 60, 40, 0, PI + s, OPEN);
  arc(160, 40, 50, 60, QUARTER_PI, TWO_PI - s, CHORD);
  arc(40, 110, 60, 60, -HALF_PI, PI + s, PIE);
  fill(100, 200, 160, 150);
  arc(100, 110, 60, 60, PI, PI + 3 * TWO_PI); // more than a turn: the whole ellipse
  arc(160, 110, 60, 60, 3, 1, PIE); // stop < start
  noFill();
  stroke(200, 30, 30);
  arc(40, 170, 50, 50, 0, 5 * s + 1);
  arc(100, 170, 50, 30, -2, 2, CHORD);
  noStroke();
  fill(90, 60, 200);
  arc(160, 170, 50, 50, 0.5, 0.5 + s, PIE);
}
