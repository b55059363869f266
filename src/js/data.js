// p5.js 1.11's data structures and the small globals, written for whalegen:
// p5.Table and p5.TableRow (loadTable), p5.StringDict and p5.NumberDict,
// p5.XML (loadXML, over the nodes src/js/xml.rs reads), loadBytes,
// p5.PrintWriter (createWriter; nothing is written), the
// storage functions (a store that starts empty on every run), timers on
// the frame clock (timers.js), and the globals of devices whalegen has none of.
// Evaluated after prelude.js, whose `api` it extends.
(function (native, P) {
  'use strict';
  const G = globalThis;
  const { api, S, unsupported, load, publish, beforeDraw } = P;
  const added = [];
  function define(name, value) { api[name] = value; added.push(name); }

  // ------------------------------------------------------------- tables
  class TableRow {
    // p5's: a string split at `separator` (',' by default), its values
    // keyed by position until a table's columns name them.
    constructor(str, separator) {
      this.arr = str ? str.split(separator || ',') : [];
      this.obj = Object.fromEntries(this.arr.entries());
      this.table = null;
    }
    set(c, value) {
      const columns = this.table.columns;
      if (typeof c === 'string') {
        const i = columns.indexOf(c);
        if (i < 0) throw new Error('This table has no column named "' + c + '"');
        this.obj[c] = value;
        this.arr[i] = value;
      } else {
        if (!(c < columns.length)) throw new Error('Column #' + c + ' is out of the range of this table');
        this.arr[c] = value;
        this.obj[columns[c]] = value;
      }
    }
    setNum(c, value) { this.set(c, parseFloat(value)); }
    setString(c, value) { this.set(c, value.toString()); }
    get(c) { return typeof c === 'string' ? this.obj[c] : this.arr[c]; }
    getString(c) { return this.get(c).toString(); }
    getNum(c) {
      const n = parseFloat(this.get(c));
      if (Number.isNaN(n)) throw 'Error: ' + this.obj[c] + ' is NaN (Not a Number)';
      return n;
    }
  }
  // A column given by name or by number.
  const at = (row, c) => (typeof c === 'string' ? row.obj[c] : row.arr[c]);
  // matchRow's test: p5 reads the array for a number, the object else.
  const matched = (row, re, c) => (typeof c === 'number' ? row.arr[c] : row.obj[c]).match(re);
  class Table {
    constructor(rows) { this.columns = []; this.rows = rows || []; }
    addRow(row) {
      const r = row || new TableRow();
      if (r.arr === undefined || r.obj === undefined) throw new Error('invalid TableRow: ' + r);
      r.table = this;
      this.rows.push(r);
      return r;
    }
    removeRow(id) {
      this.rows[id].table = null;
      this.rows.splice(id, 1);
    }
    getRowCount() { return this.rows.length; }
    getColumnCount() { return this.columns.length; }
    getRow(r) { return this.rows[r]; }
    getRows() { return this.rows; }
    findRow(value, c) { return this.rows.find((row) => at(row, c) === value) || null; }
    findRows(value, c) { return this.rows.filter((row) => at(row, c) === value); }
    matchRow(re, c) { return this.rows.find((row) => matched(row, re, c)) || null; }
    matchRows(re, c) { return this.rows.filter((row) => matched(row, re, c)); }
    getColumn(c) { return this.rows.map((row) => at(row, c)); }
    clearRows() { this.rows = []; }
    addColumn(title) { this.columns.push(title || null); }
    removeColumn(c) {
      const i = typeof c === 'string' ? this.columns.indexOf(c) : c;
      const name = typeof c === 'string' ? c : this.columns[c];
      // p5's way: what is after i kept, the last of what is before
      // dropped (a column not found leaves all, one past the end drops
      // the last).
      const cut = (a) => a.slice(0, i + 1).slice(0, -1).concat(a.slice(i + 1));
      this.columns = cut(this.columns);
      for (const row of this.rows) {
        row.arr = cut(row.arr);
        delete row.obj[name];
      }
    }
    // Replaces what `re` matches in a column (by name or number), or in
    // every column, in both the row's array and its object.
    _replace(re, c) {
      const cols = c === undefined ? this.columns.map((_, i) => i) : [c];
      for (const col of cols) {
        const i = typeof col === 'string' ? this.columns.indexOf(col) : col;
        const name = typeof col === 'string' ? col : this.columns[col];
        for (const row of this.rows) {
          const v = at(row, col).replace(re, '');
          row.arr[i] = v;
          row.obj[name] = v;
        }
      }
    }
    removeTokens(chars, c) {
      const escaped = [...chars].map((ch) => ch.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&'));
      this._replace(new RegExp(escaped.join('|'), 'g'), c);
    }
    // p5's trim() takes out every space, not only those at the ends.
    trim(c) { this._replace(/ /g, c); }
    set(r, c, value) { this.rows[r].set(c, value); }
    setNum(r, c, value) { this.rows[r].setNum(c, value); }
    setString(r, c, value) { this.rows[r].setString(c, value); }
    get(r, c) { return this.rows[r].get(c); }
    getString(r, c) { return this.rows[r].getString(c); }
    getNum(r, c) { return this.rows[r].getNum(c); }
    getObject(key) {
      const out = {};
      if (typeof key === 'string' && this.rows.length > 0 && this.columns.indexOf(key) < 0) {
        throw new Error('This table has no column named "' + key + '"');
      }
      this.rows.forEach((row, i) => { out[typeof key === 'string' ? row.obj[key] : i] = row.obj; });
      return out;
    }
    getArray() { return this.rows.map((row) => row.arr); }
  }
  // p5's reader: quoted fields with "" inside, CR, LF or CRLF between
  // records, a record of one empty field skipped.
  function records(text, sep) {
    const out = [];
    let record = null, token = '', quoted = false, started = false, after = false;
    const end = () => { record.push(token); token = ''; started = false; after = false; };
    for (let i = 0; i <= text.length; i++) {
      const c = text[i];
      if (i === text.length) {
        if (quoted) throw new Error('Unclosed quote in file.');
        if (record) { end(); out.push(record); }
        break;
      }
      if (record === null) record = [];
      if (!started && !after) {
        started = true;
        if (c === '"') { quoted = true; continue; }
      }
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') { token += '"'; i++; } else { quoted = false; after = true; }
        } else if (c !== '\r') {
          token += c;
        }
        continue;
      }
      if (c === '\r' || c === '\n') {
        if (c === '\r' && text[i + 1] === '\n') i++;
        end(); out.push(record); record = null;
      } else if (c === sep) {
        end();
      } else if (!after) {
        token += c;
      }
    }
    return out;
  }
  define('loadTable', function (path, ...args) {
    const names = args.filter((a) => typeof a === 'string');
    const ext = String(path).split('.').pop();
    const seps = { csv: ',', ssv: ';', tsv: '\t' };
    let sep = seps[ext];
    for (const n of names) if (n in seps) sep = seps[n];
    return load('loadTable', path, args, (text) => {
      const table = new Table();
      const all = records(text, sep);
      if (names.includes('header')) table.columns = all.shift() || [];
      else table.columns = (all[0] || []).map(() => 'null');
      for (const r of all) {
        if (r.length === 1 && (r[0] === '' || r[0] === 'undefined')) continue;
        const row = new TableRow();
        row.arr = r;
        row.obj = Object.fromEntries(table.columns.map((key, i) => [key, r[i]]));
        table.addRow(row);
      }
      return { result: table, callback: table };
    });
  });

  // ------------------------------------------------------- dictionaries
  class TypedDict {
    // p5 keeps an object given as it is (its values unchecked).
    constructor(key, value) {
      if (key instanceof Object) this.data = key;
      else { this.data = {}; this.data[key] = value; }
    }
    size() { return Object.keys(this.data).length; }
    hasKey(key) { return Object.prototype.hasOwnProperty.call(this.data, key); }
    get(key) {
      if (this.hasKey(key)) return this.data[key];
      api.print(key + ' does not exist in this Dictionary');
      return undefined;
    }
    set(key, value) {
      if (this._validate(value)) this.data[key] = value;
      else api.print('Those values dont work for this dictionary type.');
    }
    _addObj(obj) { for (const key in obj) this.set(key, obj[key]); }
    create(key, value) {
      if (key instanceof Object && value === undefined) this._addObj(key);
      else if (key !== undefined) this.set(key, value);
      else api.print('In order to create a new Dictionary entry you must pass an object or a key, value pair');
    }
    clear() { this.data = {}; }
    remove(key) {
      if (!this.hasKey(key)) throw new Error(key + ' does not exist in this Dictionary');
      delete this.data[key];
    }
    print() { for (const key in this.data) api.print('key:' + key + ' value:' + this.data[key]); }
    saveTable(...args) { api.saveTable(...args); }
    saveJSON(...args) { api.saveJSON(...args); }
    _validate() { return true; }
  }
  class StringDict extends TypedDict {
    _validate(value) { return typeof value === 'string'; }
  }
  class NumberDict extends TypedDict {
    _validate(value) { return typeof value === 'number'; }
    _change(key, f) {
      if (this.hasKey(key)) this.data[key] = f(this.data[key]);
      else api.print('The key - ' + key + ' does not exist in this dictionary.');
    }
    add(key, amount) { this._change(key, (v) => v + amount); }
    sub(key, amount) { this.add(key, -amount); }
    mult(key, amount) { this._change(key, (v) => v * amount); }
    div(key, amount) { this._change(key, (v) => v / amount); }
    // The first of the least (flip 1) or greatest (flip -1) values or keys,
    // compared as p5 does (keys as numbers, so 'b' < 'a' is false).
    _valueTest(flip) {
      const keys = Object.keys(this.data);
      if (keys.length === 0) throw new Error('Unable to search for a minimum or maximum value on an empty NumberDict');
      let result = this.data[keys[0]];
      for (const key of keys) if (this.data[key] * flip < result * flip) result = this.data[key];
      return result;
    }
    _keyTest(flip) {
      const keys = Object.keys(this.data);
      if (keys.length === 0) throw new Error('Unable to use minValue on an empty NumberDict');
      let result = keys[0];
      for (const key of keys.slice(1)) if (key * flip < result * flip) result = key;
      return result;
    }
    minValue() { return this._valueTest(1); }
    maxValue() { return this._valueTest(-1); }
    minKey() { return this._keyTest(1); }
    maxKey() { return this._keyTest(-1); }
  }
  define('createStringDict', (key, value) => new StringDict(key, value));
  define('createNumberDict', (key, value) => new NumberDict(key, value));

  // ---------------------------------------------------------------- XML
  // The errors the browser's DOM throws, by their names.
  const domError = (name, message) => Object.assign(new Error(message), { name });
  // A node of the DOM p5.XML wraps: an element (`attributes` [name,
  // value] in order, `childNodes`), or text, CDATA, a comment or a
  // processing instruction (`nodeName` its target), with a `nodeValue`.
  // A leaf shares one empty list of attributes and of children.
  const NONE = Object.freeze([]);
  class XNode {
    constructor(nodeName, nodeValue) {
      this.nodeName = nodeName;
      this.nodeValue = nodeValue === undefined ? null : nodeValue;
      this.attributes = nodeValue === undefined ? [] : NONE;
      this.childNodes = nodeValue === undefined ? [] : NONE;
      this.parentNode = null;
      this.instruction = false;
    }
    get isElement() { return this.nodeValue === null; }
    get children() { return this.childNodes.filter((n) => n.isElement); }
    append(node) {
      for (let p = this; p !== null; p = p.parentNode) {
        if (p === node) throw domError('HierarchyRequestError', "Failed to execute 'appendChild' on 'Node': The new child element contains the parent.");
      }
      if (node.parentNode !== null) node.parentNode.childNodes.splice(node.parentNode.childNodes.indexOf(node), 1);
      node.parentNode = this;
      this.childNodes.push(node);
    }
    // The text of the node and every node inside it, comments and
    // instructions left out.
    get textContent() {
      if (!this.isElement) return this.nodeValue;
      let out = '';
      const stack = [this];
      while (stack.length > 0) {
        const n = stack.pop();
        if (n.isElement) { for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]); }
        else if (n.nodeName === '#text' || n.nodeName === '#cdata-section') out += n.nodeValue;
      }
      return out;
    }
    copy() {
      const c = new XNode(this.nodeName, this.nodeValue === null ? undefined : this.nodeValue);
      c.instruction = this.instruction;
      if (this.isElement) c.attributes = this.attributes.map(([k, v]) => [k, v]);
      for (const child of this.childNodes) c.append(child.copy());
      return c;
    }
  }
  // XMLSerializer's escapes, in text and in attribute values.
  const TEXT_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
  const ATTRIBUTE_ESCAPES = Object.assign({ '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' }, TEXT_ESCAPES);
  const escaped = (s, table, re) => s.replace(re, (c) => table[c]);
  // As Chromium's XMLSerializer writes a node: an element without
  // children as `<name/>`.
  function serialize(n) {
    if (n.instruction) return '<?' + n.nodeName + ' ' + n.nodeValue + '?>';
    if (n.nodeName === '#text') return escaped(n.nodeValue, TEXT_ESCAPES, /[&<>]/g);
    if (n.nodeName === '#cdata-section') return '<![CDATA[' + n.nodeValue + ']]>';
    if (n.nodeName === '#comment') return '<!--' + n.nodeValue + '-->';
    const attributes = n.attributes.map(([k, v]) => ' ' + k + '="' + escaped(v, ATTRIBUTE_ESCAPES, /[&<>"\t\n\r]/g) + '"').join('');
    if (n.childNodes.length === 0) return '<' + n.nodeName + attributes + '/>';
    return '<' + n.nodeName + attributes + '>' + n.childNodes.map(serialize).join('') + '</' + n.nodeName + '>';
  }
  // The tree of xml.rs's nodes (see readXML there). The attributes are
  // listed as Chromium's parser lists them: namespace declarations first.
  const declaration = ([k]) => k === 'xmlns' || k.startsWith('xmlns:');
  // A new tree needs none of append()'s checks.
  function tree(items) {
    const root = new XNode('#document');
    let parent = root;
    const add = (n) => { n.parentNode = parent; parent.childNodes.push(n); return n; };
    for (const item of items) {
      if (item[0] === '<') {
        const e = add(new XNode(item[1]));
        const pairs = item[2];
        for (let i = 0; i < pairs.length; i += 2) e.attributes.push([pairs[i], pairs[i + 1]]);
        if (e.attributes.some(declaration)) {
          e.attributes = e.attributes.filter(declaration).concat(e.attributes.filter((a) => !declaration(a)));
        }
        parent = e;
      } else if (item[0] === '>') {
        parent = parent.parentNode;
      } else if (item[0] === '?') {
        add(new XNode(item[1], item[2])).instruction = true;
      } else {
        add(new XNode(item[0], item[1]));
      }
    }
    // The root element has no parent element, as in a document.
    const top = root.childNodes[0];
    top.parentNode = null;
    return top;
  }
  // A name createElement() takes.
  const NAME = /^[A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9_:.\u00B7\u00C0-\uFFFF]*$/;
  function element(name) {
    if (!NAME.test(String(name))) {
      throw domError('InvalidCharacterError', "Failed to execute 'createElement' on 'Document': The tag name provided ('" + name + "') is not a valid name.");
    }
    return new XNode(String(name));
  }
  const attribute = (n, name) => n.attributes.find(([k]) => k === name);
  class XML {
    constructor(DOM) { this.DOM = DOM || element('root'); }
    getParent() { return new XML(this.DOM.parentNode); }
    getName() { return this.DOM.nodeName; }
    // As p5's: a new element, with copies of the attributes and the
    // children, in no parent (the element in the tree keeps its name).
    setName(name) {
      const e = element(name);
      e.attributes = this.DOM.attributes.map(([k, v]) => [k, v]);
      for (const child of this.DOM.childNodes) e.append(child.copy());
      this.DOM = e;
    }
    hasChildren() { return this.DOM.children.length > 0; }
    listChildren() { return this.DOM.childNodes.map((n) => n.nodeName); }
    // With a name: every element of that name inside, at any depth, in
    // document order (getElementsByTagName).
    getChildren(name) {
      if (!name) return this.DOM.children.map((n) => new XML(n));
      const out = [];
      const stack = this.DOM.children.reverse();
      while (stack.length > 0) {
        const n = stack.pop();
        if (n.nodeName === name || name === '*') out.push(new XML(n));
        stack.push(...n.children.reverse());
      }
      return out;
    }
    getChild(c) {
      if (typeof c !== 'string') return new XML(this.DOM.children[c]);
      const n = this.DOM.children.find((e) => e.nodeName === c);
      return n === undefined ? undefined : new XML(n);
    }
    addChild(node) { if (node instanceof XML) this.DOM.append(node.DOM); }
    removeChild(c) {
      const children = this.DOM.children;
      const i = typeof c === 'string' ? children.findIndex((e) => e.nodeName === c) : c;
      if (i === -1) return;
      const n = children[i];
      if (n === undefined) throw new TypeError("Failed to execute 'removeChild' on 'Node': parameter 1 is not of type 'Node'.");
      this.DOM.childNodes.splice(this.DOM.childNodes.indexOf(n), 1);
      n.parentNode = null;
    }
    getAttributeCount() { return this.DOM.attributes.length; }
    listAttributes() { return this.DOM.attributes.map(([k]) => k); }
    hasAttribute(name) { const a = attribute(this.DOM, name); return a !== undefined && a[1] !== ''; }
    getNum(name, defaultValue) {
      const a = attribute(this.DOM, name);
      return Number(a === undefined ? undefined : a[1]) || defaultValue || 0;
    }
    getString(name, defaultValue) {
      const a = attribute(this.DOM, name);
      return a !== undefined && a[1] !== '' ? a[1] : defaultValue || null;
    }
    setAttribute(name, value) {
      const a = attribute(this.DOM, name);
      if (a !== undefined) a[1] = String(value);
      else this.DOM.attributes.push([String(name), String(value)]);
    }
    getContent(defaultValue) { return this.DOM.textContent.replace(/\s\s+/g, ',') || defaultValue || null; }
    // Only an element without elements inside takes text.
    setContent(content) {
      if (this.DOM.children.length > 0) return;
      for (const n of this.DOM.childNodes) n.parentNode = null;
      this.DOM.childNodes = [];
      const text = content === null || content === undefined ? '' : String(content);
      if (text !== '') this.DOM.append(new XNode('#text', text));
    }
    serialize() { return serialize(this.DOM); }
  }
  define('loadXML', function (path, ...args) {
    return load('loadXML', path, args, (nodes) => {
      const xml = new XML(tree(nodes));
      return { result: xml, callback: xml };
    }, native.readXML);
  });
  define('loadBytes', function (path, ...args) {
    return load('loadBytes', path, args, (bytes) => {
      const out = { bytes };
      return { result: out, callback: out };
    }, native.readBytes);
  });

  // A p5.PrintWriter takes text; close() would download it, and is
  // ignored as the save functions are (it calls writeFile(), as p5's).
  const writers = [];
  class PrintWriter {
    constructor(name, extension) {
      this.name = name;
      this.content = '';
      this.extension = extension;
    }
    write(data) { this.content += data; }
    print(data) { this.content += data + '\n'; }
    clear() { this.content = ''; }
    close() {
      api.writeFile([this.content], this.name, this.extension);
      const i = writers.indexOf(this);
      if (i >= 0) writers.splice(i, 1);
      this.clear();
    }
  }
  // A name already open gets millis() after it, as in p5.
  define('createWriter', function (name, extension) {
    const taken = writers.some((w) => w.name === name);
    const w = new PrintWriter(taken ? name + api.millis() : name, extension);
    writers.push(w);
    return w;
  });

  // ------------------------------------------------------------ storage
  // The browser's localStorage, as a store that starts empty on every run
  // and never reaches the disk: the same sketch draws the same frames. It
  // holds at most 5 MiB of characters (keys and values), as Chromium's.
  const QUOTA = 5 << 20;
  const items = new Map();
  const storage = {
    get length() { return items.size; },
    key(i) { return [...items.keys()][i] === undefined ? null : [...items.keys()][i]; },
    getItem(key) { key = String(key); return items.has(key) ? items.get(key) : null; },
    setItem(key, value) {
      key = String(key); value = String(value);
      let used = key.length + value.length;
      for (const [k, v] of items) if (k !== key) used += k.length + v.length;
      if (used > QUOTA) {
        throw new Error("Failed to execute 'setItem' on 'Storage': Setting the value of '" + key + "' exceeded the quota.");
      }
      items.set(key, value);
    },
    removeItem(key) { items.delete(String(key)); },
    clear() { items.clear(); },
  };
  G.localStorage = storage;
  const TYPE = 'p5TypeID';
  // p5 stores a type beside each value, and gives back numbers, booleans,
  // objects, colours and vectors from it.
  define('storeItem', function (key, value) {
    if (typeof key !== 'string') api.print('The argument that you passed to storeItem() - ' + key + ' is not a string.');
    if (key.endsWith(TYPE)) api.print("The argument that you passed to storeItem() - " + key + " must not end with 'p5TypeID'.");
    if (value === undefined) api.print('You cannot store undefined variables using storeItem().');
    let type = typeof value;
    if (type === 'number' || type === 'boolean') {
      value = value.toString();
    } else if (type === 'object') {
      if (value instanceof G.p5.Color) type = 'p5.Color';
      else if (value instanceof G.p5.Vector) { type = 'p5.Vector'; value = [value.x, value.y, value.z]; }
      value = JSON.stringify(value);
    }
    storage.setItem(key, value);
    storage.setItem(key + TYPE, type);
  });
  define('getItem', function (key) {
    const value = storage.getItem(key);
    if (value === null) return null;
    switch (storage.getItem(key + TYPE)) {
      case 'number': return parseFloat(value);
      case 'boolean': return value === 'true';
      case 'object': return JSON.parse(value);
      case 'p5.Color': return api.color(...JSON.parse(value).levels);
      case 'p5.Vector': return api.createVector(...JSON.parse(value));
      default: return value;
    }
  });
  define('removeItem', function (key) {
    if (typeof key !== 'string') api.print('The argument that you passed to removeItem() - ' + key + ' is not a string.');
    storage.removeItem(key);
    storage.removeItem(key + TYPE);
  });
  define('clearStorage', function () {
    for (const key of [...items.keys()]) if (key.endsWith(TYPE)) api.removeItem(key.replace(TYPE, ''));
  });

  // ------------------------------------------------------------- timers
  // setTimeout and the like, on the frame clock: see timers.js.
  const timers = G.__frameTimers(() => S.millis);
  delete G.__frameTimers;
  for (const name of ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame',
    'cancelAnimationFrame']) G[name] = timers[name];
  beforeDraw.push(timers.beforeDraw);

  // ------------------------------------------------------ small globals
  define('shorten', (list) => { list.pop(); return list; });
  define('byte', function (n) {
    const nn = api.int(n, 10);
    if (typeof nn === 'number') return (nn + 128) % 256 - 128;
    return Array.isArray(nn) ? nn.map(api.byte) : undefined;
  });
  define('getFrameRate', () => api.frameRate());
  define('setFrameRate', (fps) => api.frameRate(fps));
  // There is no page: no address, no path; getURLParams() gives --param.
  define('getURL', () => '');
  define('getURLPath', () => []);
  for (const [name, instead] of [['pushStyle', 'push'], ['popStyle', 'pop'], ['popMatrix', 'pop'], ['pushMatrix', 'push']]) {
    define(name, () => { throw new Error(name + '() not used, see ' + instead + '()'); });
  }
  define('registerPromisePreload', () => unsupported('registerPromisePreload()',
    "it sets up an add-on library's loader, and whalegen runs no add-on libraries"));
  // The sketch ends after this draw(), as in p5 (which removes the canvas
  // and the globals): loop() and redraw() do nothing after.
  let removed = false;
  const { loop, redraw } = api;
  define('remove', function () { removed = true; api.noLoop(); S.redraws = 0; });
  define('loop', function () { if (!removed) loop(); });
  define('redraw', function (n) { if (!removed) redraw(n); });
  // The canvas element: its size in pixels.
  define('canvas', {
    get width() { return Math.floor(S.width * native.density()); },
    get height() { return Math.floor(S.height * native.density()); },
    id: 'defaultCanvas0', className: 'p5Canvas', style: {},
  });
  // No keyboard, no motion sensors, no touches, no pointer lock: p5's
  // values before any event.
  define('isKeyPressed', false);
  define('deviceOrientation', 'landscape');
  for (const axis of ['X', 'Y', 'Z']) {
    for (const name of ['acceleration', 'pAcceleration', 'rotation', 'pRotation']) define(name + axis, 0);
    define('pRotateDirection' + axis, undefined);
  }
  define('turnAxis', undefined);
  define('touches', []);
  for (const name of ['setMoveThreshold', 'setShakeThreshold', 'requestPointerLock', 'exitPointerLock']) define(name, () => {});

  Object.assign(G.p5, { Table, TableRow, TypedDict, StringDict, NumberDict, XML, PrintWriter });
  publish(added);
})(__native, __whalegenPrelude);
