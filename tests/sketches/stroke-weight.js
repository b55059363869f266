// strokeWeight from hairline to thick on lines, points, rects and ellipses; noFill and noStroke.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(250);
  const weights = [0.5, 1, 1.5, 2, 3, 5, 8, 13];
  for (let i = 0; i < weights.length; i++) {
    strokeWeight(weights[i]);
    stroke(20, 40, 120);
    line(10, 10 + i * 12, 90, 14 + i * 12 + frameCount);
    stroke(200, 40, 40);
    point(110 + i * 11, 20);
  }
  noFill();
  stroke(0, 150, 80);
  strokeWeight(1 + frameCount);
  rect(110, 40, 70, 40);
  ellipse(145, 130, 70, 40);
  noStroke();
  fill(120, 60, 160);
  ellipse(50, 150, 60 + frameCount * 4, 40);
  stroke(0);
  strokeWeight(0);
  rect(100, 170, 30, 20); // weight 0: no outline
}
