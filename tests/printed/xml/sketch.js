// p5.XML: loadXML from the sketch's folder and every method of p5.XML, on a loaded tree and on one made from scratch.
const show = (v) => JSON.stringify(v);
let zoo;
function preload() { zoo = loadXML('data/zoo.xml'); }
function setup() {
  createCanvas(10, 10);
  noLoop();
  print(zoo.getName(), zoo.hasChildren(), show(zoo.listChildren()));
  print(zoo.getAttributeCount(), show(zoo.listAttributes()), zoo.getNum('year') + 1, zoo.getString('city'));
  print(zoo.hasAttribute('city'), zoo.hasAttribute('country'), show(zoo.getString('country')), zoo.getString('country', 'BE'));
  print(zoo.getNum('city'), zoo.getNum('missing', 9), zoo.getNum('year', 1));
  const animals = zoo.getChildren('animal');
  print(animals.length, show(animals.map((a) => a.getContent())), show(animals.map((a) => a.getNum('legs'))));
  print(show(zoo.getChildren().map((c) => c.getName())), zoo.getChildren('name').length, zoo.getChildren('note')[0].getContent());
  const leopard = zoo.getChild(1);
  print(leopard.getString('species'), leopard.hasAttribute('night'), show(leopard.getString('night')), leopard.getParent().getName());
  const bird = zoo.getChild('bird');
  print(bird.getContent(), show(bird.listChildren()), bird.getChild('note').getContent(), show(zoo.getChild('fish')));
  const keeper = zoo.getChild('keeper');
  print(show(keeper.listChildren()), keeper.getContent(), keeper.serialize());
  print(zoo.getChild(99).getName(), zoo.getParent().getName(), show(new p5.XML().getContent()), new p5.XML().getContent('none'));
  bird.setContent('Puffin');
  leopard.setContent('Snow leopard');
  print(bird.getContent(), leopard.serialize());
  leopard.setAttribute('legs', 3);
  leopard.setAttribute('colour', 'white & grey <"pale">');
  print(leopard.getAttributeCount(), show(leopard.listAttributes()), leopard.serialize());
  zoo.removeChild('animal');
  zoo.removeChild(1);
  zoo.removeChild('fish');
  print(show(zoo.getChildren().map((c) => c.getName())));
  const made = new p5.XML();
  made.setName('pen');
  made.setAttribute('size', 'large');
  const sheep = new p5.XML();
  sheep.setName('sheep');
  sheep.setContent('Dolly');
  made.addChild(sheep);
  made.addChild('not xml');
  zoo.addChild(made);
  print(made.serialize(), made.getChild(0).getParent().getName());
  print(zoo.getChildren().length, zoo.getChildren('sheep').length, zoo.getChildren('sheep')[0].getParent().getParent().getName());
  const renamed = zoo.getChild('keeper');
  renamed.setName('staff');
  print(renamed.serialize(), renamed.getParent().getName(), zoo.getChild('keeper') !== undefined);
  print(zoo.serialize());
  try { made.setName('two words'); } catch (e) { print('setName threw', e.name); }
  try { zoo.removeChild(40); } catch (e) { print('removeChild threw', e.name); }
  try { made.addChild(zoo); } catch (e) { print('addChild threw', e.name); }
  loadXML('data/zoo.xml', (x) => print('called', x.getName(), x instanceof p5.XML));
}
