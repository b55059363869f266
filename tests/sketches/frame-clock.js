// The frame clock with frameRate(24) in setup: frameCount, millis(), deltaTime, frameRate(), Date.now() and new Date() drive bar lengths; millis() is 0 in setup.
let setupMillis, setupDelta;

function setup() {
  createCanvas(200, 120);
  frameRate(24);
  setupMillis = millis();
  setupDelta = deltaTime;
}

function draw() {
  background(20);
  noStroke();
  fill(255, 80, 80);
  rect(0, 5, frameCount * 15, 10);
  fill(80, 255, 80);
  rect(0, 20, millis() / 2, 10); // frameCount * 1000 / 24 ms
  fill(80, 80, 255);
  rect(0, 35, deltaTime * 4, 10); // 1000 / 24
  fill(255, 255, 80);
  rect(0, 50, frameRate() * 2, 10);
  fill(80, 255, 255);
  rect(0, 65, (Date.now() % 1000) / 5, 10);
  fill(255, 80, 255);
  rect(0, 80, new Date().getMilliseconds() / 5 + second() * 10, 10);
  fill(255);
  rect(0, 95, 10 + setupMillis * 100 + setupDelta * 100, 10);
  rect(100, 95, getTargetFrameRate(), 10);
}
