// erase: erase() and noErase() on fills and strokes (default strengths, erase(128, 50)), the colours and blend mode restored by noErase(), fill() while erasing, erase() inside push()/pop(), and background() while erasing (drawn with the blend mode set before erase()).
function setup() {
  createCanvas(120, 90);
}

function draw() {
  blendMode(BLEND);
  background(240, 150, 20);
  noStroke();
  fill(30, 45, 220);
  rect(10, 10, 100, 40);
  stroke(250);
  strokeWeight(5);
  line(0, 60, 120, 60);
  erase();
  circle(30, 30, 30);
  noErase();
  erase(128, 50);
  strokeWeight(8);
  rect(55, 20, 40, 50);
  fill(255, 200);
  rect(100, 55, 15, 30);
  noErase();
  // The colours before erase(): the blue fill, the light stroke.
  rect(5, 65, 20, 20);
  push();
  erase();
  line(10, 5, 110, 5);
  pop();
  // pop() restored the canvas's mode and colours, p5 still erasing.
  circle(40, 75, 12);
  noErase();
  if (frameCount === 2) {
    blendMode(MULTIPLY);
    erase();
    background(100, 255, 255);
    rect(70, 72, 20, 10);
    noErase();
  }
}
