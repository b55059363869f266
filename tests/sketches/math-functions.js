// map (with and without clamping), lerp, constrain, dist, mag, norm, sq, sqrt, pow, exp, log, abs, floor, ceil, round (with decimals), fract, min, max (args and arrays), degrees, radians, sin/cos/tan/asin/acos/atan/atan2, as bar lengths.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(255);
  noStroke();
  const t = frameCount;
  const values = [
    map(t, 0, 10, 0, 180), map(t * 30, 0, 100, 0, 180, true), lerp(20, 180, t / 10), constrain(t * 40, 10, 150),
    dist(0, 0, t * 10, 40), mag(30, t * 8), norm(t, 0, 5) * 60, sq(t + 3), sqrt(t * 800), pow(t, 2.2), exp(t * 0.5),
    log(t + 1) * 50, abs(-t * 12), floor(t * 17.7), ceil(t * 13.2), round(t * 9.5), round(t * 3.14159, 2) * 10,
    fract(t * 0.37) * 150, min(t * 20, 120, 90), max([t * 5, 40, 12]), degrees(t * 0.1), radians(t * 400),
    (sin(t) + 1) * 80, (cos(t) + 1) * 80, abs(tan(t * 0.1)) * 100, (asin(t / 12) + 2) * 40, acos(t / 12) * 50,
    (atan(t) + 2) * 40, (atan2(t - 5, 3) + 4) * 20,
  ];
  for (let i = 0; i < values.length; i++) {
    fill(i * 8, 100, 255 - i * 8);
    rect(0, i * 6 + 4, values[i], 5);
  }
}
