// strokeCap ROUND/SQUARE/PROJECT on thick lines, strokeJoin MITER/BEVEL/ROUND on thick polylines and rects.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(255);
  strokeWeight(12);
  const caps = [ROUND, SQUARE, PROJECT];
  for (let i = 0; i < 3; i++) {
    strokeCap(caps[i]);
    stroke(50 + 80 * i, 80, 160);
    line(20, 20 + i * 22, 90 + frameCount * 4, 20 + i * 22);
  }
  strokeCap(ROUND);
  const joins = [MITER, BEVEL, ROUND];
  noFill();
  for (let i = 0; i < 3; i++) {
    strokeJoin(joins[i]);
    stroke(200, 60 + 60 * i, 40);
    beginShape();
    vertex(20 + i * 60, 190);
    vertex(40 + i * 60, 100 + frameCount * 3);
    vertex(60 + i * 60, 190);
    endShape();
  }
  strokeWeight(8);
  strokeJoin(BEVEL);
  stroke(0, 150, 0);
  rect(130, 15, 50, 40);
  strokeJoin(MITER);
  triangle(150, 70, 190, 90, 130, 95);
}
