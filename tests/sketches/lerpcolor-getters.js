// lerpColor in RGB and HSB modes, and the getters red/green/blue/alpha/hue/saturation/brightness/lightness driving sizes; setRed/setGreen/setBlue/setAlpha.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(30);
  noStroke();
  const a = color(255, 40, 0), b = color(0, 90, 255, 120);
  for (let i = 0; i <= 10; i++) {
    fill(lerpColor(a, b, i / 10));
    rect(i * 18, 0, 18, 30);
  }
  colorMode(HSB);
  const c = color(20, 100, 100), d = color(300, 60, 80);
  for (let i = 0; i <= 10; i++) {
    fill(lerpColor(c, d, i / 10));
    rect(i * 18, 32, 18, 30);
  }
  colorMode(RGB);
  const e = color(180, 120, 60, 200);
  e.setRed(40 + frameCount * 30);
  e.setGreen(green(e) / 2);
  e.setBlue(220);
  e.setAlpha(150);
  fill(e);
  // bar lengths from the getters
  const bars = [red(e), green(e), blue(e), alpha(e), hue(e), saturation(e), brightness(e), lightness(e)];
  for (let i = 0; i < bars.length; i++) {
    rect(10, 70 + i * 15, bars[i] * 0.7, 10);
  }
  fill(255);
  circle(170, 170, hue(color('hsb(120, 50%, 50%)')) / 6);
}
