// The overview of the whole search, an icicle as CP-Profiler draws one
// for large trees: a row per depth, each node as wide as its subtree, the
// regions kept as counts in grey below their node. Drag to pan, wheel to
// zoom; a click selects the node under the pointer.

import {walk, onPath, isLeaf} from './model.js';

export class Icicle {
  constructor(canvas, opts) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.opts = opts;
    this.view = {x0: 0, k: 1}; // the fraction shown from, and the zoom
    this.highlight = -1;
    this.bind();
    new ResizeObserver(() => this.resize()).observe(canvas);
  }

  resize() {
    const r = this.canvas.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.max(1, Math.round(r.width * dpr));
    this.canvas.height = Math.max(1, Math.round(r.height * dpr));
    this.dpr = dpr;
    this.redraw();
  }

  // setRoot lays the tree out in arrays, so that a frame is one loop.
  setRoot(root) {
    this.root = root;
    const nodes = [];
    walk(root, (x) => nodes.push(x));
    const n = nodes.length;
    this.nodes = nodes;
    this.x = new Float64Array(n); this.w = new Float64Array(n); this.d = new Int32Array(n);
    this.hx = new Float64Array(n); this.hw = new Float64Array(n); this.hd = new Int32Array(n);
    this.end = new Int32Array(n); // the index after a node's last descendant, pre-order
    const index = new Map(nodes.map((x, i) => [x, i]));
    const sz = (x) => Math.max(...x.runs.map((d) => d ? d.size : 0));
    this.total = sz(root);
    let maxDepth = 0;
    for (let i = 0; i < n; i++) {
      const x = nodes[i];
      if (i === 0) { this.x[0] = 0; this.d[0] = 0; }
      this.w[i] = sz(x);
      maxDepth = Math.max(maxDepth, this.d[i]);
      let at = this.x[i] + 1; // the node itself, then its children, then what is kept as counts
      for (const c of x.children) {
        const j = index.get(c);
        this.x[j] = at; this.d[j] = this.d[i] + 1;
        at += sz(c);
      }
      const h = x.runs.reduce((m, d) => Math.max(m, d && d.hidden ? d.hidden.decisions + d.hidden.events : 0), 0);
      if (h > 0) {
        this.hx[i] = at; this.hw[i] = h;
        const hd = x.runs.reduce((m, d) => Math.max(m, d && d.hidden ? d.hidden.depth : 0), 0);
        this.hd[i] = Math.max(this.d[i] + 1, hd);
        maxDepth = Math.max(maxDepth, this.hd[i]);
      }
    }
    for (let i = n - 1; i >= 0; i--) {
      const x = nodes[i];
      this.end[i] = x.children.length ? this.end[index.get(x.children[x.children.length - 1])] : i + 1;
    }
    this.maxDepth = maxDepth;
    this.view = {x0: 0, k: 1};
    this.redraw();
  }

  redraw() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      const t0 = performance.now();
      this.draw();
      this.maxDraw = Math.max(this.maxDraw || 0, performance.now() - t0);
    });
  }

  draw() {
    const c = this.ctx, dpr = this.dpr || 1;
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    const W = this.canvas.clientWidth, H = this.canvas.clientHeight;
    c.clearRect(0, 0, W, H);
    if (!this.root) return;
    const row = Math.max(1, Math.min(14, (H - 2) / (this.maxDepth + 1)));
    const scale = W * this.view.k / this.total, off = this.view.x0 * W * this.view.k;
    const n = this.nodes.length;
    // Pre-order, a subtree out of view or too narrow to see is skipped
    // whole, so that a frame costs the nodes it shows; the rectangles are
    // filled one path per colour.
    const batches = new Map, labels = [];
    const add = (color, x, y, w, h) => {
      let b = batches.get(color);
      if (!b) batches.set(color, b = []);
      b.push(x, y, w, h);
    };
    for (let i = 0; i < n;) {
      const sx = this.x[i] * scale - off, sw = this.w[i] * scale;
      if (sx + sw < 0 || sx > W || sw < 0.25) { i = this.end[i]; continue; }
      const x = this.nodes[i];
      let color = isLeaf(x) ? this.opts.colorOf(x.pruning)
        : onPath(x) ? '#d62728' : ({1: '#7ea6e0', 2: '#eba66b'}[x.side & 3] || '#a9b8c9');
      if (isLeaf(x) && x.pruning === this.highlight) color = '#000';
      add(color, sx, this.d[i] * row, Math.max(sw - (sw > 3 ? 0.5 : 0), 0.5), row - (row > 4 ? 1 : 0));
      if (this.hw[i] > 0) {
        const hx = this.hx[i] * scale - off, hw = this.hw[i] * scale;
        if (hw >= 0.25 && hx + hw >= 0 && hx <= W) add('#d0d0d0', hx, (this.d[i] + 1) * row, Math.max(hw, 0.5), (this.hd[i] - this.d[i]) * row);
      }
      if (sw > 50 && row >= 11 && x.label) labels.push([x.label.slice(0, Math.floor(sw / 6)), sx + 2, this.d[i] * row + 1]);
      i++;
    }
    for (const [color, b] of batches) {
      c.fillStyle = color;
      c.beginPath();
      for (let j = 0; j < b.length; j += 4) c.rect(b[j], b[j + 1], b[j + 2], b[j + 3]);
      c.fill();
    }
    c.fillStyle = '#fff'; c.font = '10px system-ui, sans-serif'; c.textBaseline = 'top';
    for (const [text, x, y] of labels) c.fillText(text, x, y);
    if (this.selected) {
      const i = this.nodes.indexOf(this.selected);
      if (i >= 0) {
        c.strokeStyle = '#000'; c.lineWidth = 2;
        c.strokeRect(this.x[i] * scale - off, this.d[i] * row, Math.max(this.w[i] * scale, 2), row);
      }
    }
  }

  // at returns the node drawn at a point, the deepest one.
  at(mx, my) {
    const H = this.canvas.clientHeight, W = this.canvas.clientWidth;
    const row = Math.max(1, Math.min(14, (H - 2) / (this.maxDepth + 1)));
    const pos = (mx / W + this.view.x0 * this.view.k) / this.view.k * this.total, depth = Math.floor(my / row);
    let best = null;
    for (let i = 0; i < this.nodes.length; i++) {
      if (this.d[i] <= depth && pos >= this.x[i] && pos < this.x[i] + this.w[i]) {
        if (!best || this.d[i] > this.d[best]) best = i;
      }
    }
    return best === null ? null : this.nodes[best];
  }

  bind() {
    const cv = this.canvas;
    let drag = null;
    cv.addEventListener('mousedown', (e) => { drag = {x: e.clientX, x0: this.view.x0, moved: false}; });
    window.addEventListener('mousemove', (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x;
      if (Math.abs(dx) > 3) drag.moved = true;
      this.view.x0 = clamp(drag.x0 - dx / (cv.clientWidth * this.view.k), 0, 1 - 1 / this.view.k);
      this.redraw();
    });
    window.addEventListener('mouseup', (e) => {
      if (!drag) return;
      const moved = drag.moved;
      drag = null;
      if (moved || !this.root) return;
      const r = cv.getBoundingClientRect();
      const x = this.at(e.clientX - r.left, e.clientY - r.top);
      if (x && this.opts.onPick) this.opts.onPick(x);
    });
    cv.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = cv.getBoundingClientRect(), f = (e.clientX - r.left) / cv.clientWidth;
      const at = this.view.x0 + f / this.view.k;
      const k = clamp(this.view.k * Math.exp(-e.deltaY * 0.002), 1, 1e7);
      this.view.k = k;
      this.view.x0 = clamp(at - f / k, 0, 1 - 1 / k);
      this.redraw();
    }, {passive: false});
  }

  select(x) { this.selected = x; this.redraw(); }
  setHighlight(k) { this.highlight = k; this.redraw(); }
}

function clamp(v, lo, hi) { return Math.min(hi, Math.max(lo, v)); }
