// curvePoint, curveTangent (each surface's own curveTightness, unsaved by push/pop), bezierPoint, bezierTangent and paletteLerp, printed.
function setup() {
  createCanvas(10, 10);
  noLoop();
  const ts = [0, 0.1, 0.25, 1 / 3, 0.5, 0.7, 0.9, 1];
  for (const s of [0, 0.5, -0.75, 1, 2.5]) {
    curveTightness(s);
    print('tightness', s, ts.map((t) => curvePoint(5, 73, 24.5, -90, t)).join(' '));
    print('tangent', s, ts.map((t) => curveTangent(5, 73, 24.5, -90, t)).join(' '));
  }
  push();
  curveTightness(0.3);
  pop();
  print('after pop', curvePoint(1, 2, 4, 8, 0.4));
  const g = createGraphics(10, 10);
  g.curveTightness(-2);
  print('graphics', g.curvePoint(1, 2, 4, 8, 0.4), 'canvas', curvePoint(1, 2, 4, 8, 0.4));
  print('bezier', ts.map((t) => bezierPoint(3, -40, 88.5, 12, t) + '/' + bezierTangent(3, -40, 88.5, 12, t)).join(' '));
  const stops = [['red', 0], [color(0, 100, 255), 0.3], ['#ffcc00', 0.55], [color(20, 160, 60, 128), 1]];
  for (const amt of [-1, 0, 0.1, 0.3, 0.42, 0.55, 0.8, 1, 3]) {
    print('palette', amt, paletteLerp(stops, amt).toString());
  }
  colorMode(HSB);
  print('hsb palette', paletteLerp([[color(0, 80, 90), 0], [color(240, 80, 90), 1]], 0.25).toString());
}
