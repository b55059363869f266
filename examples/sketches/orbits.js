// Orbits: rings of dots turning at their own speeds, coloured in HSB.
// whalegen render examples/sketches/orbits.js -o out/orbits.gif
// Parameters: --set rings=N (default 7).

let rings;

function setup() {
  createCanvas(360, 360);
  colorMode(HSB, 360, 100, 100, 1);
  rings = int(getURLParams().rings || 7);
  frameRate(30);
}

function draw() {
  background(230, 60, 12);
  translate(width / 2, height / 2);
  noStroke();
  for (let r = 1; r <= rings; r++) {
    const radius = r * (150 / rings);
    const dots = 6 * r;
    const turn = frameCount * 0.02 * (r % 2 === 0 ? 1 : -1) / sqrt(r);
    fill((r * 360) / rings, 70, 95, 0.9);
    for (let i = 0; i < dots; i++) {
      const a = turn + (TWO_PI * i) / dots;
      circle(radius * cos(a), radius * sin(a), 4 + 10 / r);
    }
  }
}
