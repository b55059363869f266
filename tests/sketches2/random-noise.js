// p5.js 2.x: random() unseeded (the harness's Math.random), randomSeed() then random(a, b), random(array) and randomGaussian(), noiseSeed() and noise() in 1, 2 and 3 dimensions.
let unseeded;

function setup() {
  createCanvas(160, 120);
  unseeded = [random(160), random(120), random()];
  randomSeed(42);
  noiseSeed(9);
}

function draw() {
  background(20, 24, 40);
  noStroke();
  // A noise field, coarse cells.
  for (let y = 0; y < 60; y += 6) {
    for (let x = 0; x < 160; x += 6) {
      fill(noise(x * 0.05, y * 0.05, frameCount * 0.2) * 255, 80, 160);
      rect(x, y, 6, 6);
    }
  }
  // A noise line in 1D.
  stroke(255, 230, 120);
  strokeWeight(2);
  noFill();
  beginShape();
  for (let x = 0; x <= 160; x += 4) vertex(x, 70 + noise(x * 0.03 + frameCount) * 30);
  endShape();
  // Seeded dots: their places and colours carry the generator across frames.
  noStroke();
  for (let i = 0; i < 12; i++) {
    fill(random([255, 180, 90]), random(100, 255), 200);
    circle(random(160), 100 + randomGaussian(0, 6), random(3, 9));
  }
  // The unseeded values of setup(), as a marker.
  fill(255);
  circle(unseeded[0], unseeded[1], 4 + unseeded[2] * 8);
}
