// fill() and stroke() with every colour form: grey, grey+alpha, RGB, RGBA, arrays, '#rgb', '#rgba', '#rrggbb', '#rrggbbaa', rgb()/rgba() (and %), hsl()/hsla(), CSS names, colour objects.
const FORMS = [
  [128], [40, 180], [255, 120, 0], [0, 100, 255, 140], [[200, 30, 160]],
  ['#0f8'], ['#f0c8'], ['#3366cc'], ['#ff000080'], ['rgb(10, 200, 90)'],
  ['rgba(250, 20, 20, 0.35)'], ['rgb(20%, 50%, 90%)'], ['hsl(200, 80%, 40%)'],
  ['hsla(30, 100%, 50%, 0.5)'], ['orchid'], ['darkslategray'], ['transparent'],
  ['colorobject'], ['colorobject-alpha'], ['RED'.toLowerCase()],
];

function setup() {
  createCanvas(200, 160);
}

function colourArgs(form) {
  if (form[0] === 'colorobject') return [color(90, 60, 220)];
  if (form[0] === 'colorobject-alpha') return [color('#22aa44')]; // alpha set below
  return form;
}

function draw() {
  background(235, 230, 220);
  // stripes behind make translucency visible
  noStroke();
  for (let x = 0; x < width; x += 20) {
    fill(x % 40 === 0 ? 30 : 200);
    rect(x, 0, 10, height);
  }
  strokeWeight(3);
  for (let i = 0; i < FORMS.length; i++) {
    const args = colourArgs(FORMS[i]);
    if (FORMS[i][0] === 'colorobject-alpha') args[0].setAlpha(90 + frameCount * 20);
    const x = 8 + (i % 5) * 38, y = 8 + Math.floor(i / 5) * 38;
    fill(...args);
    stroke(...colourArgs(FORMS[(i + frameCount) % FORMS.length]));
    rect(x, y, 28, 28);
  }
}
