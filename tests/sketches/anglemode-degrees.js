// angleMode(DEGREES): rotate, arc, sin/cos/tan, atan2/asin/acos returning degrees, p5.Vector heading() in degrees, and p5.Vector.fromAngle, which takes radians whatever the angleMode.
function setup() {
  createCanvas(200, 200);
  angleMode(DEGREES);
}

function draw() {
  background(240);
  const deg = frameCount * 15;
  push();
  translate(50, 50);
  rotate(deg);
  fill(200, 60, 60);
  rect(0, -5, 40, 10);
  pop();
  fill(60, 120, 200);
  arc(150, 50, 70, 70, 30, 30 + deg + 90, PIE);
  stroke(0);
  strokeWeight(2);
  line(20, 150, 20 + 60 * cos(deg), 150 + 60 * sin(deg));
  const back = atan2(1, 1); // 45
  line(100, 150, 100 + asin(0.5), 150 - acos(0.5) / 2); // 30, 60
  const v = p5.Vector.fromAngle(deg, 30);
  line(150, 150, 150 + v.x, 150 + v.y);
  noStroke();
  fill(0);
  rect(180, 100, 10, back + v.heading() / 10 + tan(30) * 10);
}
