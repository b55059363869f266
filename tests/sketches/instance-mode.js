// Instance mode: new p5(p => ...) with p.setup and p.draw, p.random, p.noise, p.createVector, p.TWO_PI and p.frameCount.
new p5((p) => {
  let pos;
  p.setup = () => {
    p.createCanvas(200, 160);
    pos = p.createVector(20, 80);
    p.randomSeed(5);
  };
  p.draw = () => {
    p.background(250, 240, 230);
    pos.add(15, p.random(-10, 10));
    p.noStroke();
    p.fill(40, 90, 200);
    p.circle(pos.x, pos.y, 20);
    p.stroke(0);
    p.noFill();
    p.arc(100, 80, 100, 100, 0, p.TWO_PI * p.frameCount / 10);
    p.fill(0);
    p.rect(0, 150, p.noise(p.frameCount * 0.1) * 200, 10);
  };
});
