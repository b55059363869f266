// p5.js 2.x's shape functions, line by line: splineProperty and splineProperties read back through push() and pop(), bezierOrder(), splinePoint() and splineTangent() at three tightnesses, and the errors p5.js 2 throws for shapes it cannot draw (their kind only: the messages are the browser's).
function setup() {
  createCanvas(10, 10);
  const ends = () => String(splineProperty('ends'));
  print('defaults', ends(), splineProperty('tightness'), bezierOrder(), splineProperties().tightness);
  push();
  splineProperties({ tightness: 0.5, ends: EXCLUDE });
  bezierOrder(2);
  print('set', ends(), splineProperty('tightness'), bezierOrder(), splineProperties().ends === EXCLUDE);
  for (const t of [0, 0.25, 0.5, 1]) {
    print('point', t, splinePoint(5, 20, 60, 30, t), splineTangent(5, 20, 60, 30, t));
  }
  pop();
  print('popped', ends(), splineProperty('tightness'), bezierOrder());
  splineProperty('tightness', -1.5);
  print('loose', splinePoint(5, 20, 60, 30, 0.3), splineTangent(5, 20, 60, 30, 0.7));
  const kind = (f) => { try { f(); return 'ok'; } catch (e) { return e.constructor.name; } };
  print('vertexProperty', kind(() => { beginShape(); vertexProperty('aCol', 1); vertex(1, 2); endShape(); }));
  print('empty CLOSE', kind(() => { beginShape(); endShape(CLOSE); }));
  print('two of TRIANGLES', kind(() => { beginShape(TRIANGLES); vertex(1, 2); vertex(3, 4); endShape(); }));
  print('half a Bézier', kind(() => { beginShape(); vertex(1, 2); bezierVertex(3, 4); bezierVertex(5, 6); endShape(); }));
  print('bezierVertex in TRIANGLES', kind(() => { beginShape(TRIANGLES); vertex(1, 2); bezierVertex(3, 4); endShape(); }));
  print('endShape alone', kind(() => { endShape(); }));
  print('curve', kind(() => { curve(1, 2, 3, 4, 5, 6, 7, 8); }));
  print('curveVertex', typeof curveVertex, typeof quadraticVertex, typeof curveTightness);
}
