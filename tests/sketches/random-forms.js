// randomSeed, then random() in every form: random(), random(max), random(min, max), random(array); randomGaussian() and randomGaussian(mean, sd); shuffle.
function setup() {
  createCanvas(200, 200);
  randomSeed(42);
}

function draw() {
  background(245);
  noStroke();
  for (let i = 0; i < 30; i++) {
    fill(random() * 255, 80, 120);
    circle(random(200), random(20, 60), random(3, 9));
  }
  const palette = ['#e63946', '#2a9d8f', '#e9c46a', '#264653', '#f4a261'];
  for (let i = 0; i < 10; i++) {
    fill(random(palette));
    rect(i * 20, 70, 18, 20);
  }
  fill(30, 30, 30, 90);
  for (let i = 0; i < 60; i++) {
    circle(100 + randomGaussian() * 25, 120 + randomGaussian(0, 5), 4);
  }
  fill(0, 100, 200, 120);
  for (let i = 0; i < 40; i++) {
    circle(100 + randomGaussian(20, 40), 150, 3);
  }
  const order = shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  for (let i = 0; i < order.length; i++) {
    fill(order[i] * 25);
    rect(i * 20, 170, 18, 25);
  }
  if (frameCount === 3) randomSeed(42); // frame 4 repeats frame 1's numbers
}
