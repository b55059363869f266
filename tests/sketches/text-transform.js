// Text under transforms: rotate (animated), scale (uniform, two-axis and flipped), shearX, translate by fractions of a pixel, push/pop around each, and alignment inside a rotation.
function setup() {
  createCanvas(300, 220);
}

function draw() {
  background(255);
  fill(0);
  textSize(16);
  push();
  translate(80, 70);
  rotate(frameCount * 0.3);
  textAlign(CENTER, CENTER);
  text('spin', 0, 0);
  pop();
  push();
  translate(150, 40);
  scale(1.5);
  text('scaled', 0, 0);
  pop();
  push();
  translate(160, 80);
  scale(2, 0.8);
  text('wide', 0, 0);
  pop();
  push();
  translate(280, 120);
  scale(-1, 1);
  text('flip', 0, 0);
  pop();
  push();
  translate(20, 150);
  shearX(0.4);
  fill(0, 0, 200);
  text('sheared', 0, 0);
  pop();
  for (let i = 0; i < 4; i++) {
    text('q', 150 + i * 12.25, 170 + i * 0.25);
  }
  push();
  translate(220, 190);
  rotate(-HALF_PI);
  textAlign(RIGHT);
  text('up', 0, 0);
  pop();
}
