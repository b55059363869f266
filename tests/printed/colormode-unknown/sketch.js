// colorMode with a mode that is not RGB, HSB or HSL is ignored, maxes and all, as p5 ignores it.
function setup() {
  createCanvas(10, 10);
  colorMode(HSB, 100);
  colorMode(400, 400, 100);
  print(color(50, 100, 100).toString());
  colorMode('lab', 1);
  print(color(25, 50, 100, 0.5).toString());
  colorMode(RGB);
  colorMode(undefined);
  print(color(10, 20, 30).toString());
  noLoop();
}
