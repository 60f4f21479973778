// dom.mjs - the smallest page the Grotto Searcher's scripts need to run in node.
//
// The tool's 1.js..4.js are browser scripts: besides the computation they
// read form inputs by id, write result cards into the page and register
// event handlers. This module gives them a page that does nothing visible:
//
// - document.getElementById(id) always answers, with one FakeElement per id
//   (created on first use, value "" and checked false: what an empty form
//   control gives the tool). The harness sets the inputs of a query with
//   setField/setChecked before calling the tool's search function.
// - Writing innerHTML parses nothing, except that every id="..." in the
//   written markup gets a fresh, empty element: the tool writes its result
//   grid that way and then looks it up by id.
// - appendChild keeps children in order, and appending a document fragment
//   moves the fragment's children (as in a browser): the order in which the
//   tool puts its result cards into the grid is the order it displays them.
// - createElement, createDocumentFragment, querySelectorAll (always empty),
//   addEventListener (ignored), classList, dataset, style: inert stand-ins.
//
// Nothing here computes anything the tool shows: the harness only reads the
// card objects (the tool's own result items) that it attaches to elements.

export class FakeElement {
  constructor(doc, tag, id) {
    this.ownerDocument = doc;
    this.tagName = String(tag || 'div').toUpperCase();
    this.nodeType = this.tagName === '#FRAGMENT' ? 11 : 1;
    this.id = id || '';
    this.value = '';
    this.checked = false;
    this.disabled = false;
    this.textContent = '';
    this.className = '';
    this.title = '';
    this.style = {};
    this.dataset = {};
    this.children = [];
    this.options = [];
    this.selectedIndex = 0;
    this.onclick = null;
    this._html = '';
    const set = new Set();
    this.classList = {
      add: (...c) => c.forEach((x) => set.add(x)),
      remove: (...c) => c.forEach((x) => set.delete(x)),
      contains: (c) => set.has(c),
      toggle: (c) => (set.has(c) ? (set.delete(c), false) : (set.add(c), true)),
    };
  }
  get childNodes() { return this.children; }
  get innerHTML() { return this._html; }
  set innerHTML(html) {
    this._html = String(html);
    this.children = [];
    for (const m of this._html.matchAll(/\sid="([^"]+)"/g)) this.ownerDocument._fresh(m[1]);
  }
  appendChild(node) {
    if (node && node.nodeType === 11) {
      for (const c of node.children) this.children.push(c);
      node.children = [];
    } else {
      this.children.push(node);
    }
    return node;
  }
  insertBefore(node) { return this.appendChild(node); }
  removeChild(node) {
    this.children = this.children.filter((c) => c !== node);
    return node;
  }
  remove() {}
  setAttribute(k, v) { this[k] = v; }
  getAttribute(k) { return this[k] === undefined ? null : this[k]; }
  addEventListener() {}
  removeEventListener() {}
  querySelectorAll() { return []; }
  querySelector() { return null; }
  getContext() { return null; }
  getBoundingClientRect() { return { left: 0, top: 0, width: 0, height: 0 }; }
  scrollIntoView() {}
  focus() {}
  click() {}
}

export class FakeDocument {
  constructor() {
    this._byId = new Map();
    this.body = new FakeElement(this, 'body', 'body');
  }
  _fresh(id) {
    const el = new FakeElement(this, 'div', id);
    this._byId.set(id, el);
    return el;
  }
  getElementById(id) {
    return this._byId.get(id) || this._fresh(id);
  }
  createElement(tag) { return new FakeElement(this, tag, ''); }
  createDocumentFragment() { return new FakeElement(this, '#fragment', ''); }
  createTextNode(t) { const e = new FakeElement(this, '#text', ''); e.textContent = t; return e; }
  querySelectorAll() { return []; }
  querySelector() { return null; }
  addEventListener() {}
  removeEventListener() {}
  // The harness's side: set a form control as a user would.
  setField(id, value) {
    const el = this.getElementById(id);
    el.value = String(value);
    el.options = [{ value: el.value, text: el.value }];
    el.selectedIndex = 0;
    return el;
  }
  setChecked(id, on) {
    this.getElementById(id).checked = !!on;
  }
}
