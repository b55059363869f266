// DOM stand-ins: createSlider(0, 100, 40).value() sets a size (and value(70) a second one), createP, createButton with mousePressed, createCheckbox; nothing is clicked.
let slider, slider2, button, check, para;
let clicks = 0;

function setup() {
  createCanvas(200, 150);
  slider = createSlider(0, 100, 40);
  slider.position(10, 160);
  slider2 = createSlider(0, 255, 10, 5);
  slider2.value(70);
  para = createP('radius from the slider');
  para.style('color', 'gray');
  button = createButton('click');
  button.mousePressed(() => { clicks++; });
  check = createCheckbox('filled', true);
}

function draw() {
  background(240);
  const r = slider.value();
  if (check.checked()) fill(slider2.value(), 120, 200);
  else noFill();
  stroke(0);
  circle(70, 75, r * 2 + frameCount);
  noStroke();
  fill(0);
  rect(140, 10, 20, 20 + clicks * 50);
  rect(170, 10, 20, para.html().length);
}
