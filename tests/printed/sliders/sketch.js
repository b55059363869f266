// createSlider values as the browser's range input keeps them: clamped, on the step from min, written to its decimals; the middle without a value; value(v) kept the same way.
function setup() {
  createCanvas(10, 10);
  const show = (...a) => print(a.map((s) => s.value()).join(' '));
  show(createSlider(0, TWO_PI, PI / 4, 0.01), createSlider(0, HALF_PI * 2, PI / 2, 0.01), createSlider(0, 10, 3.7));
  show(createSlider(0, 100), createSlider(5, 10), createSlider(0, 255, 300), createSlider(0, 255, -4, 5), createSlider(1, 10, 4, 2));
  show(createSlider(0, 1, 0.123456, 0), createSlider(-1, 1, 0.33, 0.1), createSlider(0, 10, 9.9, 3), createSlider(0.5, 3, 1.26, 0.25));
  const s = createSlider(0, 100, 50, 10);
  s.value(33);
  const t = createSlider(0, 1, 0.5, 0.05);
  t.value('0.777');
  show(s, t, createSlider(10, 0, 5), createSlider(0, 100, 12.5, 2.5), createSlider(0, 1000, 333.3333, 0.001));
  show(createSlider(0, 255), createSlider(-100, -50), createSlider(200, 300), createSlider(0, 20), createSlider(40, 60, undefined, 3));
  noLoop();
}
