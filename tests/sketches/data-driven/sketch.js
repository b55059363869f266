// Data-driven drawing: a bar chart from loadTable (rows added and removed, a NumberDict's maximum scaling it), shapes from loadXML (nested, attributes read with defaults), a colour kept by storeItem/getItem, and a setTimeout that moves a marker.
let table, scene, marker = 0;
function preload() {
  table = loadTable('data/rain.csv', 'csv', 'header');
  scene = loadXML('data/shapes.xml');
}
function setup() {
  createCanvas(200, 130);
  const row = table.addRow();
  row.setString('month', 'Jul');
  row.setNum('rain', 44);
  row.setNum('sun', 6.1);
  table.removeRow(1);
  storeItem('bar', color(80, 140, 220));
  setTimeout(() => { marker = 1; }, 40);
  setInterval(() => { marker++; }, 50);
}
function draw() {
  background(scene.getString('background'));
  const rain = createNumberDict({});
  for (const r of table.getRows()) rain.set(r.getString('month'), r.getNum('rain'));
  const top = rain.maxValue();
  noStroke();
  fill(getItem('bar'));
  table.getRows().forEach((r, i) => {
    const h = map(r.getNum('rain'), 0, top, 0, 90);
    rect(10 + i * 15, 110 - h, 11, h);
    fill(250, 220, 90);
    circle(15.5 + i * 15, 110 - r.getNum('sun') * 12, 5);
    fill(getItem('bar'));
  });
  for (const s of scene.getChildren('shape')) {
    fill(s.getString('fill', '#ffffff'));
    if (s.hasAttribute('stroke')) { stroke(255); strokeWeight(s.getNum('stroke')); } else noStroke();
    const size = s.getNum('size', 8);
    if (s.getString('kind') === 'circle') circle(s.getNum('x'), s.getNum('y'), size);
    else rect(s.getNum('x'), s.getNum('y'), size, size);
  }
  noStroke();
  fill(255);
  const label = scene.getChild('label');
  rect(label.getNum('x'), label.getNum('y'), label.getContent().length * 4, 4);
  fill(255, 80, 80);
  triangle(10 + marker * 15, 122, 16 + marker * 15, 122, 13 + marker * 15, 116);
}
