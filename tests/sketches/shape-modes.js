// ellipseMode CENTER/RADIUS/CORNER/CORNERS and rectMode CENTER/RADIUS/CORNER/CORNERS, same numbers each time.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(245);
  noFill();
  strokeWeight(2);
  const k = frameCount * 2;
  const modes = [CENTER, RADIUS, CORNER, CORNERS];
  const colours = ['#d33', '#3a3', '#33d', '#c8c'];
  for (let i = 0; i < 4; i++) {
    stroke(colours[i]);
    ellipseMode(modes[i]);
    ellipse(50, 50, 30 + k, 20);
    rectMode(modes[i]);
    rect(140, 140, 30 + k, 20);
  }
  ellipseMode(CENTER);
  rectMode(CORNER);
  fill(0, 0, 0, 60);
  noStroke();
  ellipseMode(CORNER);
  circle(120, 20, 40); // circle follows ellipseMode
  rectMode(CENTER);
  square(40, 150, 30);
}
