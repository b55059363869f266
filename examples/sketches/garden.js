// Garden: recursive branching plants that sway, one per seed.
// whalegen render examples/sketches/garden.js --seed 5 -o out/garden.gif

let plants = [];

function setup() {
  createCanvas(480, 300);
  for (let i = 0; i < 5; i++) {
    plants.push({ x: 60 + i * 90, size: random(50, 80), hue: random(90, 150), seed: random(1000) });
  }
  colorMode(HSB, 360, 100, 100);
}

function branch(len, depth, plant) {
  strokeWeight(max(1, depth * 0.9));
  stroke(plant.hue - depth * 6, 60, 30 + depth * 6);
  line(0, 0, 0, -len);
  translate(0, -len);
  if (depth === 0) {
    noStroke();
    fill((plant.hue + 200) % 360, 50, 100);
    circle(0, 0, 6);
    return;
  }
  const sway = sin(frameCount * 0.05 + plant.seed) * 0.08;
  for (const side of [-1, 1]) {
    push();
    rotate(side * (0.35 + noise(plant.seed, depth, side) * 0.3) + sway);
    branch(len * 0.72, depth - 1, plant);
    pop();
  }
}

function draw() {
  background(40, 15, 96);
  noStroke();
  fill(30, 30, 60);
  rect(0, height - 30, width, 30);
  for (const plant of plants) {
    push();
    translate(plant.x, height - 30);
    branch(plant.size, 7, plant);
    pop();
  }
}
