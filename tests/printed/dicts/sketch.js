// p5.StringDict and p5.NumberDict: every method, with p5's messages for a wrong type or a missing key.
const show = (v) => JSON.stringify(v);
function setup() {
  createCanvas(10, 10);
  noLoop();
  const s = createStringDict('river', 'Thames');
  print(s.size(), s.hasKey('river'), s.hasKey('sea'), s.get('river'), show(s.get('sea')));
  s.set('sea', 'North');
  s.set('depth', 40);
  s.create('lake', 'Windermere');
  s.create({ hill: 'Snowdon', cliff: 'Dover' });
  s.create();
  print(s.size(), show(s.data));
  s.print();
  s.remove('sea');
  try { s.remove('sea'); } catch (e) { print('threw', e.message); }
  print(show(Object.keys(s.data)));
  s.clear();
  print(s.size());
  const given = { a: 1, b: 'two' };
  const kept = createStringDict(given);
  print(kept.data === given, kept.size());

  const n = createNumberDict({ 3: 10, 1: 40, 2: 20 });
  n.set('9', 'nine');
  n.add(3, 5); n.sub('1', 1); n.mult(2, 3); n.div('3', 4); n.add('missing', 1); n.mult('missing', 2); n.div('missing', 2);
  print(show(n.data), n.minValue(), n.maxValue(), n.minKey(), n.maxKey());
  const words = createNumberDict({ b: 2, a: 1, c: 3 });
  print(words.minKey(), words.maxKey(), words.minValue(), words.maxValue());
  const one = createNumberDict('only', 7);
  print(one.minValue(), one.maxKey(), one.get('only') + 1);
  const none = createNumberDict({});
  try { none.minValue(); } catch (e) { print('threw', e.message); }
  try { none.maxKey(); } catch (e) { print('threw', e.message); }
  print(n instanceof p5.NumberDict, n instanceof p5.TypedDict, s instanceof p5.StringDict, typeof n.saveTable, typeof s.saveJSON);
}
