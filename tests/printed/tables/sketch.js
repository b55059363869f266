// p5.Table and p5.TableRow: every method, on a loaded table and on one made from scratch, with p5's quirks and errors.
let t;
const show = (v) => JSON.stringify(v);
function attempt(label, f) {
  // The engines word a TypeError each their own way: its name is enough.
  try { print(label, show(f())); } catch (e) { print(label, 'threw', e instanceof TypeError ? 'TypeError' : e.message || e); }
}
function preload() { t = loadTable('data/species.csv', 'csv', 'header'); }
function setup() {
  createCanvas(10, 10);
  noLoop();
  print(t.getRowCount(), t.getColumnCount(), show(t.columns));
  print(show(t.matchRow('Panthera', 'species').arr), show(t.matchRows(/^Panthera/, 1).map((r) => r.get('name'))));
  print(show(t.matchRow('Felis', 'species')), show(t.matchRows('x', 'name')));
  t.trim('weight');
  t.removeTokens(',', 3);
  print(show(t.getColumn('weight')), t.getNum(0, 'weight'));
  t.removeTokens('ae', 'species');
  print(show(t.getColumn('species')));
  t.trim();
  t.removeTokens('.[');
  print(show(t.getArray()));
  const r = t.addRow();
  r.setNum('id', t.getRowCount() - 1);
  r.setString('species', 'Ursus arctos');
  r.set('name', 'Bear');
  r.set(3, 600);
  print(show(r.arr), show(r.obj), r.getNum('weight') + 1, r.getString(0));
  attempt('set missing', () => r.set('colour', 'brown'));
  attempt('set out of range', () => r.set(9, 1));
  attempt('getNum NaN', () => t.getNum(0, 'name'));
  attempt('getNum NaN by index', () => t.getNum(1, 2));
  attempt('trim a number', () => t.trim());
  t.set(0, 'weight', 5); t.setNum(1, 3, '41.5 kg'); t.setString(2, 'id', 22);
  print(show(t.getColumn('weight')), show(t.getColumn(0)));
  print(show(Object.keys(t.getObject('name'))), show(t.getObject()[1].species));
  attempt('getObject missing', () => t.getObject('colour'));
  t.removeRow(0);
  print(t.getRowCount(), t.getString(0, 'name'), show(t.getArray()[0]));
  attempt('removeRow past the end', () => t.removeRow(10));
  t.addColumn('legs'); t.addColumn();
  print(t.getColumnCount(), show(t.columns));
  t.set(0, 'legs', 4);
  t.removeColumn('species');
  print(show(t.columns), show(t.getRow(0).arr), show(t.getRow(0).obj));
  t.removeColumn(0);
  print(show(t.columns), show(t.getRow(1).arr));
  t.removeColumn('nothing');
  print(show(t.columns));
  t.removeColumn(7);
  print(show(t.columns), show(t.getRow(1).arr));
  t.clearRows();
  print(t.getRowCount(), t.getColumnCount());

  // From scratch.
  const s = new p5.Table();
  s.addColumn('x'); s.addColumn('label');
  for (let i = 0; i < 3; i++) {
    const row = s.addRow();
    row.setNum('x', i * 10);
    row.setString('label', 'p' + i);
  }
  print(s.getRowCount(), show(s.getArray()), show(s.findRow('p1', 'label').arr), s.findRows(20, 0).length);
  print(show(s.getObject('label')));
  const loose = new p5.TableRow('a;b;c', ';');
  print(show(loose.arr), show(loose.obj), show(loose.table));
  s.addRow(loose);
  print(s.getRowCount(), show(s.getRow(3).get('label')), show(s.getRow(3).get(1)), loose.table === s);
  attempt('addRow invalid', () => s.addRow({}));
  print(show(new p5.TableRow().arr), new p5.Table([1, 2]).getRowCount());
}
