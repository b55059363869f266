// context-gradient: createLinearGradient/createRadialGradient/createConicGradient with addColorStop on drawingContext.fillStyle and strokeStyle: p5's fill() and stroke() shapes use the gradient until fill()/stroke() is called again; the gradient is in user space at the time of the draw (a translated and rotated shape moves its gradient); stops out of order, translucent stops, one stop; fill() of the colour p5 set last keeps the gradient, as p5.js 1.11 caches the fillStyle it set.
function setup() {
  createCanvas(160, 120);
}

function draw() {
  background(30);
  noStroke();
  const lin = drawingContext.createLinearGradient(10, 0, 70, 0);
  lin.addColorStop(0, 'red');
  lin.addColorStop(1, color(40, 80, 255));
  lin.addColorStop(0.5, 'rgba(255, 255, 0, 0.5)');
  drawingContext.fillStyle = lin;
  rect(10, 10, 60, 30);
  ellipse(110, 25, 50, 30);
  const rad = drawingContext.createRadialGradient(40, 80, 2, 40, 80, 30);
  rad.addColorStop(0, 'white');
  rad.addColorStop(0.6, '#3080ff');
  rad.addColorStop(1, 'rgba(0, 0, 80, 0)');
  drawingContext.fillStyle = rad;
  circle(40, 80, 60);
  push();
  // The gradient follows the transform of the draw.
  translate(40 + frameCount * 5, 0);
  rotate(0.3);
  rect(40, 60, 40, 20);
  pop();
  // fill() takes the gradient away.
  fill(120, 220, 120);
  rect(95, 95, 12, 12);
  // A stroke gradient.
  const sg = drawingContext.createLinearGradient(0, 50, 0, 110);
  sg.addColorStop(0, 'orange');
  sg.addColorStop(1, 'purple');
  stroke(255);
  strokeWeight(6);
  drawingContext.strokeStyle = sg;
  line(150, 50, 150, 110);
  noFill();
  rect(120, 55, 20, 30);
  const con = drawingContext.createConicGradient(0, 125, 100);
  con.addColorStop(0, 'cyan');
  con.addColorStop(0.5, 'magenta');
  con.addColorStop(1, 'cyan');
  drawingContext.fillStyle = con;
  noStroke();
  circle(125, 100, 10);
  const one = drawingContext.createLinearGradient(0, 0, 10, 10);
  one.addColorStop(0.3, 'lime');
  drawingContext.fillStyle = one;
  rect(140, 95, 15, 15);
  // p5 sets fillStyle only for a colour other than the one it gave it
  // last: fill() of that colour again keeps the gradient.
  drawingContext.fillStyle = lin;
  fill(120, 220, 120);
  rect(2, 112, 60, 6);
}
