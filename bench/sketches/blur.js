// filter(BLUR) each frame over rectangles (bench/blur.sh): --set w=,h= the
// canvas, r= the radius, path=shader (p5's default, WebGL), cpu
// (filter(BLUR, r, false)) or none (the drawing alone).
let P;

function setup() {
  P = getURLParams();
  createCanvas(Number(P.w || 400), Number(P.h || 400));
}

function draw() {
  background(30, 60, 90);
  noStroke();
  for (let i = 0; i < 40; i++) {
    fill(i * 6, 255 - i * 5, (i * 97) % 256);
    rect((i * 37 + frameCount) % width, (i * 53) % height, 30, 20);
  }
  const r = Number(P.r || 3);
  if (P.path === 'cpu') filter(BLUR, r, false);
  else if (P.path !== 'none') filter(BLUR, r);
}
