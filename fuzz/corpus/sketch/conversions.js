// int, float, str, boolean, nf, nfc, nfs, nfp, join/split: draws lengths computed from the strings and numbers they return.
function setup() {
  createCanvas(200, 200);
}

function draw() {
  background(30, 30, 40);
  noStroke();
  const t = frameCount;
  const lengths = [
    int('42') + t, int(7.9 * t) * 2, float('3.25') * 20 * t, str(123 * t).length * 20,
    nf(t * 1.5, 3, 2).length * 15, nf(t * 3.333, 0, 1).length * 20, nf(t, 4).length * 20,
    nfc(1234567 * t).length * 10, nfc(t * 1000.456, 2).length * 10, nfs(-t, 3).length * 20, nfp(t, 2).length * 20,
    float(nf(t * 2.71828, 1, 3)) * 20, int(boolean('true')) * 100, split(join(['a', 'b', str(t)], ','), ',').length * 30,
    nf(t * 0.001, 0, 2) === '0.00' ? 10 : 150,
  ];
  for (let i = 0; i < lengths.length; i++) {
    fill(255, 180 - i * 10, i * 15);
    rect(0, 5 + i * 12, lengths[i], 9);
  }
}
