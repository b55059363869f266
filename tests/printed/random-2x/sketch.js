// p5.js 2.x's random and noise numbers, line by line: unseeded random() (the harness's seeded Math.random), noise() without noiseSeed(), then randomSeed(), randomGaussian(), noiseSeed() and noiseDetail().
function setup() {
  createCanvas(10, 10);
  print('unseeded', random(), random(10), random(5, 10), random([3, 4, 5]));
  print('unseeded gaussian', randomGaussian(), randomGaussian(), randomGaussian(100, 15));
  print('unseeded noise', noise(0.5), noise(1.25, 2.5), noise(3.1, 0.2, 7.7));
  print('Math.random after', Math.random());
  randomSeed(99);
  print('seeded', random(), random(), random(10), random(-5, 5), random(['a', 'b', 'c', 'd']));
  print('seeded gaussian', randomGaussian(), randomGaussian(), randomGaussian(), randomGaussian(10, 2));
  randomSeed(99);
  print('reseeded', random());
  noiseSeed(3);
  print('noise 1d', noise(0), noise(0.1), noise(2.7), noise(100.5));
  print('noise 2d', noise(0.3, 0.9), noise(12.5, 7.25));
  print('noise 3d', noise(0.3, 0.9, 4.4), noise(-1.5, 2, 0.75));
  noiseDetail(2, 0.65);
  print('noise detail 2 0.65', noise(0.3, 0.9, 4.4), noise(5.5));
  noiseDetail(8, 0.3);
  print('noise detail 8 0.3', noise(0.3, 0.9, 4.4), noise(5.5));
  noiseDetail(4, 0.5);
  print('Math.random at end of setup', Math.random());
}

function draw() {
  print('frame', frameCount, random(), randomGaussian(), noise(frameCount * 0.37, 1.5));
}
