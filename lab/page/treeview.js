// The tree drawn node and link, as CP-Profiler draws it: decisions as
// circles, cut leaves as squares in their category's colour, the path to
// the answer in red, and a subtree closed into a triangle that carries
// its node count and the histogram of its cuts. Pan with the mouse, zoom
// with the wheel, click a node to close or open it.

import {size, answered, onPath, hiddenPart, isLeaf, expandable, cutsBelow, walk} from './model.js';

const SLOT = 34, LEVEL = 58, TRI_W = 1.4, TRI_H = 38;
const SIDE_COLOR = {1: '#1f5fbf', 2: '#c5600a'};

export class TreeView {
  constructor(canvas, opts) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.opts = opts;
    this.root = null;
    this.vis = [];
    this.t = {s: 1, x: 20, y: 30};
    this.highlight = -1;
    this.selected = null;
    this.frame = 0;
    this.bind();
    new ResizeObserver(() => this.resize()).observe(canvas);
  }

  setRoot(root, npr) {
    this.root = root;
    this.npr = npr;
    this.selected = root;
    this.layout();
    this.fit();
  }

  resize() {
    const r = this.canvas.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.max(1, Math.round(r.width * dpr));
    this.canvas.height = Math.max(1, Math.round(r.height * dpr));
    this.dpr = dpr;
    if (!this.fitted && r.width > 0 && this.root) this.fit();
    this.redraw();
  }

  // triangle reports whether x is drawn closed.
  triangle(x) { return expandable(x) && (x.collapsed || x.children.length === 0); }

  // layout places the nodes shown: a slot per leaf shown, a parent over
  // the middle of its children. Iterative, since trees run deep.
  layout() {
    this.vis = [];
    if (!this.root) return;
    let slot = 0;
    this.layoutId = (this.layoutId || 0) + 1;
    const stack = [[this.root, 0, false]];
    while (stack.length) {
      const top = stack[stack.length - 1];
      const [x, depth, done] = top;
      const kids = !x.collapsed ? x.children : [];
      if (!done) {
        top[2] = true;
        x.depth = depth;
        x.shown = this.layoutId;
        this.vis.push(x);
        if (kids.length) {
          for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1, false]);
          continue;
        }
      }
      stack.pop();
      if (kids.length) x.x = (kids[0].x + kids[kids.length - 1].x) / 2;
      else {
        const w = this.triangle(x) ? TRI_W : 1;
        x.x = slot + w / 2;
        slot += w;
      }
    }
    this.width = slot;
    this.redraw();
  }

  fit() {
    const w = this.canvas.clientWidth || 800;
    this.fitted = this.canvas.clientWidth > 0;
    // The whole tree when it fits at a readable scale; else its top, the
    // root in the middle.
    const s = Math.min(1.2, Math.max(0.3, (w - 40) / (this.width * SLOT)));
    const x = this.width * SLOT * s + 40 <= w || !this.root ? 20 : w / 2 - this.root.x * SLOT * s;
    this.t = {s, x, y: 30};
    this.redraw();
  }

  // centre brings x to the middle of the view.
  centre(x) {
    const w = this.canvas.clientWidth, h = this.canvas.clientHeight;
    this.t.x = w / 2 - x.x * SLOT * this.t.s;
    this.t.y = Math.min(30, h / 3 - x.depth * LEVEL * this.t.s);
    this.redraw();
  }

  screen(x) { return [x.x * SLOT * this.t.s + this.t.x, x.depth * LEVEL * this.t.s + this.t.y]; }

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
    this.frame++;
    const c = this.ctx, dpr = this.dpr || 1, s = this.t.s;
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    c.clearRect(0, 0, this.canvas.width, this.canvas.height);
    if (!this.root) return;
    const W = this.canvas.clientWidth, H = this.canvas.clientHeight;
    const inView = (x, y) => x > -200 && x < W + 200 && y > -100 && y < H + 100;
    // Edges first, one path per style.
    c.lineCap = 'round';
    const styles = new Map;
    for (const x of this.vis) {
      if (!x.parent) continue;
      const [x1, y1] = this.screen(x.parent), [x2, y2] = this.screen(x);
      if (!inView(x1, y1) && !inView(x2, y2)) continue;
      const key = onPath(x) ? 'path' : (SIDE_COLOR[x.side & 3] || '#9aa5b1');
      let b = styles.get(key);
      if (!b) styles.set(key, b = []);
      b.push(x1, y1, x2, y2);
    }
    for (const [key, b] of styles) {
      c.strokeStyle = key === 'path' ? '#d62728' : key;
      c.lineWidth = key === 'path' ? 2.5 : 1;
      c.beginPath();
      for (let j = 0; j < b.length; j += 4) { c.moveTo(b[j], b[j + 1]); c.lineTo(b[j + 2], b[j + 3]); }
      c.stroke();
    }
    // A memo hit points, dashed, to the decision under which the state
    // it refused was refuted.
    c.strokeStyle = '#CC79A7'; c.lineWidth = 1.2; c.setLineDash([4, 3]);
    c.beginPath();
    for (const x of this.vis) {
      const to = x.refNode;
      if (!to || to.shown !== this.layoutId) continue;
      const [x1, y1] = this.screen(x), [x2, y2] = this.screen(to);
      c.moveTo(x1, y1);
      c.quadraticCurveTo((x1 + x2) / 2, Math.min(y1, y2) - 40 * s, x2, y2);
    }
    c.stroke(); c.setLineDash([]);
    const labels = s * SLOT >= 30;
    c.font = '11px system-ui, sans-serif';
    c.textBaseline = 'middle';
    for (const x of this.vis) {
      const [px, py] = this.screen(x);
      if (!inView(px, py)) continue;
      if (this.triangle(x)) this.drawTriangle(x, px, py, s);
      else if (isLeaf(x)) this.drawLeaf(x, px, py, s);
      else this.drawDecision(x, px, py, s);
      if (x === this.selected) {
        c.strokeStyle = '#000'; c.lineWidth = 1.5; c.setLineDash([3, 2]);
        c.strokeRect(px - 10, py - 10, 20, 20); c.setLineDash([]);
      }
      if (labels && x.label) {
        c.fillStyle = isLeaf(x) ? '#555' : '#222';
        c.fillText(clip(x.label, Math.floor(s * SLOT * 2.2 / 6)), px + 9, py - 9);
      }
    }
  }

  drawDecision(x, px, py, s) {
    const c = this.ctx, r = Math.max(3, 6 * Math.min(1, s * 1.3));
    const solution = onPath(x) && !x.children.some(onPath);
    c.lineWidth = 1.5;
    if (solution) {
      c.fillStyle = '#2ca02c';
      c.beginPath(); c.moveTo(px, py - r - 2); c.lineTo(px + r + 2, py); c.lineTo(px, py + r + 2); c.lineTo(px - r - 2, py); c.closePath(); c.fill();
      return;
    }
    c.fillStyle = onPath(x) ? '#d62728' : (SIDE_COLOR[x.side & 3] || '#4a6fa5');
    c.strokeStyle = '#fff';
    c.beginPath(); c.arc(px, py, r, 0, 2 * Math.PI); c.fill(); c.stroke();
    if (hiddenPart(x) && x.children.length && !x.collapsed) {
      const h = x.runs.reduce((a, d) => a + (d && d.hidden ? d.hidden.decisions + d.hidden.events : 0), 0);
      c.fillStyle = '#777'; c.fillText('+' + fmt(h) + ' kept as counts', px + r + 3, py + 10);
    }
    if (x.side & 4) { c.strokeStyle = '#888'; c.setLineDash([2, 2]); c.beginPath(); c.arc(px, py, r + 2, 0, 2 * Math.PI); c.stroke(); c.setLineDash([]); }
  }

  drawLeaf(x, px, py, s) {
    const c = this.ctx, r = Math.max(2.5, 5 * Math.min(1, s * 1.3));
    c.fillStyle = this.opts.colorOf(x.pruning);
    c.fillRect(px - r, py - r, 2 * r, 2 * r);
    if (x.side & 3) { c.strokeStyle = SIDE_COLOR[x.side & 3]; c.lineWidth = 2; c.strokeRect(px - r - 1, py - r - 1, 2 * r + 2, 2 * r + 2); }
    if (x.pruning === this.highlight) {
      c.strokeStyle = '#000'; c.lineWidth = 2.5;
      c.strokeRect(px - r - 3, py - r - 3, 2 * r + 6, 2 * r + 6);
    }
    const d = x.runs.find((d) => d);
    if (d && d.count > 1 && s > 0.5) { c.fillStyle = '#333'; c.fillText('×' + d.count, px + r + 2, py + 6); }
  }

  drawTriangle(x, px, py, s) {
    const c = this.ctx, w = TRI_W * SLOT * s * 0.9, h = TRI_H * s;
    const loaded = x.children.length > 0 && !hiddenPart(x);
    c.beginPath(); c.moveTo(px, py - 4); c.lineTo(px + w / 2, py + h); c.lineTo(px - w / 2, py + h); c.closePath();
    c.fillStyle = answered(x) ? '#b7e1b0' : (x.side & 3 ? (x.side & 1 ? '#c6d8f5' : '#f7d6b8') : '#f2b8b8');
    c.fill();
    c.lineWidth = 1.2;
    c.strokeStyle = SIDE_COLOR[x.side & 3] || (answered(x) ? '#2ca02c' : '#c0392b');
    if (!loaded) c.setLineDash([4, 3]);
    c.stroke(); c.setLineDash([]);
    const text = x.runs.length > 1
      ? x.runs.map((d, r) => (r ? 'B ' : 'A ') + (d ? fmt(d.size) : '–')).join(' · ')
      : fmt(size(x));
    if (s > 0.35) { c.fillStyle = '#222'; c.textAlign = 'center'; c.fillText(text, px, py + h + 9); c.textAlign = 'left'; }
    // The histogram of the cuts inside, one bar per pruning.
    if (s > 0.5) {
      const cuts = cutsBelow(x, x.runs[0] ? 0 : 1, this.npr), max = Math.max(1, ...cuts);
      const bw = Math.max(2, (w * 0.8) / this.npr);
      cuts.forEach((n, k) => {
        if (!n) return;
        const bh = (h * 0.55) * Math.log1p(n) / Math.log1p(max);
        c.fillStyle = this.opts.colorOf(k);
        c.fillRect(px - w * 0.4 + k * bw, py + h - 2 - bh, bw - 1, bh);
        if (k === this.highlight) { c.strokeStyle = '#000'; c.lineWidth = 1.5; c.strokeRect(px - w * 0.4 + k * bw, py + h - 2 - bh, bw - 1, bh); }
      });
    }
  }

  // hit returns the node shown nearest the point, within reach.
  hit(mx, my) {
    let best = null, bd = 16 * 16;
    for (const x of this.vis) {
      const [px, py] = this.screen(x);
      const dy = this.triangle(x) ? Math.max(0, Math.min(my - py, TRI_H * this.t.s)) : 0;
      const d = (px - mx) ** 2 + (py + dy - my) ** 2;
      if (d < bd) { bd = d; best = x; }
    }
    return best;
  }

  bind() {
    const cv = this.canvas;
    let drag = null;
    cv.addEventListener('mousedown', (e) => { drag = {x: e.clientX, y: e.clientY, tx: this.t.x, ty: this.t.y, moved: false}; });
    window.addEventListener('mousemove', (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
      this.t.x = drag.tx + dx; this.t.y = drag.ty + dy;
      this.redraw();
    });
    window.addEventListener('mouseup', (e) => {
      if (!drag) return;
      const moved = drag.moved;
      drag = null;
      if (moved) return;
      const r = cv.getBoundingClientRect();
      this.click(e.clientX - r.left, e.clientY - r.top);
    });
    cv.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = cv.getBoundingClientRect(), mx = e.clientX - r.left, my = e.clientY - r.top;
      const k = Math.exp(-e.deltaY * 0.0015), s = Math.min(4, Math.max(0.01, this.t.s * k));
      this.t.x = mx - (mx - this.t.x) * s / this.t.s;
      this.t.y = my - (my - this.t.y) * s / this.t.s;
      this.t.s = s;
      this.redraw();
    }, {passive: false});
  }

  // click selects a node and opens or closes it; a region kept as counts
  // is fetched first.
  async click(mx, my) {
    const x = this.hit(mx, my);
    if (!x) return;
    await this.toggle(x);
  }

  async toggle(x) {
    this.selected = x;
    if (expandable(x)) {
      if (this.triangle(x)) {
        if (hiddenPart(x) && this.opts.fetch) await this.opts.fetch(x);
        x.collapsed = false;
        for (const c of x.children) if (expandable(c) && !onPath(c)) c.collapsed = true;
      } else if (hiddenPart(x) && this.opts.fetch) {
        await this.opts.fetch(x); // open, with a part kept as counts: fetch it
      } else {
        x.collapsed = true;
      }
      this.layout();
    } else this.redraw();
    if (this.opts.onSelect) this.opts.onSelect(x);
  }

  // reveal opens the ancestors of x and brings it into view.
  reveal(x) {
    for (let p = x.parent; p; p = p.parent) p.collapsed = false;
    this.selected = x;
    this.layout();
    this.centre(x);
    if (this.opts.onSelect) this.opts.onSelect(x);
  }

  setHighlight(k) { this.highlight = k; this.redraw(); }

  shown() { return this.vis.length; }
}

export function fmt(n) { return Number(n).toLocaleString('en-US'); }

function clip(s, n) { return s.length > n ? s.slice(0, Math.max(1, n - 1)) + '…' : s; }

export {walk};
