// p5.js 2's front-end: what 2.x does differently over the same API, run
// after the API's other files for a sketch written for p5.js 2 (engine.rs
// chooses). Only what differs is here; everything else is the shared API.
(function (shared) {
  'use strict';
  const { api, publish } = shared;
  const G = globalThis;

  api.VERSION = '2.3.4';

  // Loaders give promises, settled once the file is read (a browser's
  // fetch). The page's root is the sketch's folder: '/data.json' is
  // 'data.json'. A callback given is called too, as 2.x does.
  const loaders = ['loadImage', 'loadFont', 'loadJSON', 'loadStrings', 'loadTable', 'loadXML',
    'loadBytes'];
  for (const name of loaders) {
    const load = api[name];
    api[name] = function (path, ...args) {
      const local = typeof path === 'string' ? path.replace(/^\/+/, '') : path;
      return new Promise((resolve, reject) => {
        try {
          resolve(load.call(this, local, ...args));
        } catch (e) {
          reject(e);
        }
      });
    };
  }
  publish(loaders.concat(['VERSION']));

  // What p5.js 2 removed: a sketch calling them fails as it would there.
  const removed = ['curve', 'curveVertex', 'curveTightness', 'quadraticVertex', 'curvePoint',
    'curveTangent'];
  for (const name of removed) {
    delete api[name];
    delete G[name];
    delete G.p5.prototype[name];
  }
})(globalThis.__whalegenPrelude);
