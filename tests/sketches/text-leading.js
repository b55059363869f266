// textLeading: the default 1.25 x size, set leading kept through later textSize calls, textLeading() read back, leading in boxes, push/pop restoring size and leading.
function setup() {
  createCanvas(300, 200);
  noLoop();
}

function draw() {
  background(255);
  fill(0);
  textSize(10);
  text('ten\npx\nlines', 10, 20);
  textSize(20);
  text('twenty\npx', 60, 30);
  push();
  textLeading(8);
  textSize(14);
  text('tight\nleading\n8 px', 150, 30);
  fill(150, 0, 0);
  text('leading ' + textLeading() + ' size ' + textSize(), 150, 100);
  pop();
  fill(0, 0, 160);
  text('after pop ' + textSize() + ' / ' + textLeading(), 10, 140);
  textLeading(30);
  textSize(12);
  text('wide leading in a box of some width', 10, 150, 140, 60);
  textLeading(12);
  text('tight leading in a box of some width', 160, 150, 140, 60);
}
