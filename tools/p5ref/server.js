// A local HTTP server for sketch mode with p5.js 2.x, which loads every
// file with fetch(): the sketch's folder is the site's root, so that
// loadImage('assets/x.png') and loadImage('/assets/x.png') both read
// FOLDER/assets/x.png, as whalegen resolves them. Nothing outside the
// folder is served (404), except the harness's own files.
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');

const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.json': 'application/json', '.csv': 'text/csv',
  '.txt': 'text/plain', '.ttf': 'font/ttf', '.otf': 'font/otf', '.woff': 'font/woff',
  '.woff2': 'font/woff2', '.svg': 'image/svg+xml', '.xml': 'application/xml' };
// The Content-Type of `file`, by its extension.
const typeOf = (file) => TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';

// The path of the file FOLDER serves for `pathname` (decoded), or null
// when it names nothing inside the folder.
function fileIn(folder, pathname) {
  const file = path.resolve(folder, '.' + path.posix.normalize('/' + pathname));
  if (file !== folder && !file.startsWith(folder + path.sep)) return null;
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
}

// Serves FOLDER on 127.0.0.1 (a free port) and the entries of `own`, the
// harness's files: PATHNAME -> {file} or {body, type}, which come first.
// GET and HEAD only. Resolves to {origin, close()}.
function serveFolder(folder, own) {
  const root = path.resolve(folder);
  const server = http.createServer((req, res) => {
    const send = (status, type, body) => {
      res.writeHead(status, { 'Content-Type': type, 'Content-Length': body.length, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', Buffer.from('GET or HEAD only'));
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    } catch (e) {
      return send(400, 'text/plain', Buffer.from('bad path'));
    }
    const mine = Object.hasOwn(own, pathname) && own[pathname];
    if (mine) {
      return mine.file ? send(200, typeOf(mine.file), fs.readFileSync(mine.file))
        : send(200, mine.type, Buffer.from(mine.body));
    }
    const file = fileIn(root, pathname);
    if (!file) return send(404, 'text/plain', Buffer.from('not found'));
    return send(200, typeOf(file), fs.readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({
      origin: 'http://127.0.0.1:' + server.address().port,
      close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
    }));
  });
}

module.exports = { serveFolder, typeOf };
