// Fill and stroke on text: black text until fill() is called, no stroke until stroke() is called (whatever the default stroke), stroke drawn under the fill, strokeWeight and joins, noFill outlines, noStroke, a translucent fill; the flags carry over between frames.
function setup() {
  createCanvas(300, 200);
  background(230);
  textSize(28);
  text('default', 10, 35);
}

function draw() {
  if (frameCount === 1) {
    fill(255, 220, 0);
    text('filled', 150, 35);
    return;
  }
  background(230);
  textSize(32);
  text('carried', 10, 35);
  stroke(200, 0, 0);
  strokeWeight(4);
  text('stroked', 10, 80);
  strokeJoin(ROUND);
  strokeWeight(2);
  noFill();
  text('outline', 150, 80);
  strokeJoin(MITER);
  fill(0, 0, 255, 100);
  strokeWeight(1);
  text('alpha', 10, 125);
  noStroke();
  fill(0, 120, 0);
  text('no stroke', 120, 125);
  stroke(0);
  strokeWeight(6);
  fill(255);
  textSize(48);
  text('Fat', 10, 185);
}
