// noiseSeed, noiseDetail (octaves and falloff) and 2D/3D noise: a field of small rects whose grey and size come from noise, moving in z.
function setup() {
  createCanvas(200, 200);
  noiseSeed(99);
}

function draw() {
  background(0);
  noStroke();
  const z = frameCount * 0.25;
  noiseDetail(4, 0.5);
  for (let y = 0; y < 100; y += 5) {
    for (let x = 0; x < 200; x += 5) {
      const n = noise(x * 0.02, y * 0.02, z);
      fill(n * 255);
      rect(x, y, 5, 5);
    }
  }
  noiseDetail(8, 0.65);
  for (let y = 100; y < 200; y += 8) {
    for (let x = 0; x < 200; x += 8) {
      const n = noise(x * 0.05 + 10, y * 0.05, z);
      fill(40, 120 + n * 135, 200);
      const s = 1 + n * 8;
      rect(x + 4 - s / 2, y + 4 - s / 2, s, s);
    }
  }
  noiseDetail(2, 0.25);
  fill(255, 0, 0);
  rect(0, 96, noise(z) * 200, 4); // 1D noise
}
