// background() in grey, RGB, CSS-string and colour-object forms, a translucent background over the last frame, and clear() (transparent pixels).
function setup() {
  createCanvas(160, 120);
}

function draw() {
  const f = frameCount;
  if (f === 1) background(220);
  else if (f === 2) background(20, 120, 200);
  else if (f === 3) clear();
  else if (f === 4) background('teal');
  else if (f === 5) background(color(250, 200, 40));
  else background(255, 0, 0, 64); // frames 6+ tint what is there
  noStroke();
  fill(0, 0, 0, 160);
  rect(10 + f * 12, 30, 30, 60);
  if (f === 3) {
    // half of the canvas stays fully transparent
    fill(0, 200, 100);
    rect(80, 0, 80, 60);
    background(0, 0, 255, 40); // translucent background over a cleared canvas
  }
}
