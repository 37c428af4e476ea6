// An answer drawn as its puzzle, from the server's picture: a grid, bars
// of pieces, a stack of layers, rows of words, or the judge's text.

const NS = 'http://www.w3.org/2000/svg';

function svg(w, h) {
  const s = document.createElementNS(NS, 'svg');
  s.setAttribute('width', w); s.setAttribute('height', h);
  s.setAttribute('viewBox', `0 0 ${w} ${h}`);
  return s;
}

function el(parent, name, attrs, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}

export function drawPicture(pic) {
  const box = document.createElement('div');
  box.className = 'pic';
  box.dataset.type = pic.type;
  const draw = {grid, bars, layers, words}[pic.type];
  if (draw) box.appendChild(draw(pic));
  else {
    const pre = document.createElement('pre');
    pre.textContent = pic.text;
    box.appendChild(pre);
  }
  if (pic.caption) {
    const c = document.createElement('div');
    c.className = 'note';
    c.textContent = pic.caption;
    box.appendChild(c);
  }
  return box;
}

function grid(pic) {
  const g = pic.grid, n = g.size;
  const cell = Math.max(12, Math.min(36, Math.floor(520 / n)));
  const s = svg(n * cell + 2, n * cell + 2);
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    el(s, 'rect', {x: 1 + c * cell, y: 1 + r * cell, width: cell, height: cell,
      fill: g.box ? '#fff' : ((r + c) % 2 ? '#c9b18f' : '#f3e6cf'), stroke: '#bbb', 'stroke-width': .5});
    if (g.cells[i]) el(s, 'text', {x: 1 + c * cell + cell / 2, y: 1 + r * cell + cell * .7, 'text-anchor': 'middle',
      'font-size': cell * .6, 'font-weight': g.given[i] ? 'bold' : 'normal', fill: g.given[i] ? '#000' : '#2d5fb3'}, g.cells[i]);
  }
  if (g.box) for (let k = 0; k <= n; k += g.box) {
    el(s, 'line', {x1: 1 + k * cell, y1: 1, x2: 1 + k * cell, y2: 1 + n * cell, stroke: '#000', 'stroke-width': 2});
    el(s, 'line', {x1: 1, y1: 1 + k * cell, x2: 1 + n * cell, y2: 1 + k * cell, stroke: '#000', 'stroke-width': 2});
  }
  return s;
}

const piecePalette = ['#8dd3c7', '#ffffb3', '#bebada', '#fb8072', '#80b1d3', '#fdb462', '#b3de69', '#fccde5', '#d9d9d9', '#bc80bd'];

function bars(pic) {
  const b = pic.bars, unit = Math.max(2, Math.min(24, Math.floor(560 / b.length))), h = 22;
  const s = svg(b.length * unit + 60, b.bars.length * (h + 6) + 4);
  const lengths = [...new Set(b.bars.flat())].sort((x, y) => y - x);
  b.bars.forEach((bar, i) => {
    let x = 50;
    const y = 2 + i * (h + 6);
    el(s, 'text', {x: 0, y: y + h * .7, 'font-size': 12}, '#' + (i + 1));
    el(s, 'rect', {x, y, width: b.length * unit, height: h, fill: 'none', stroke: '#999', 'stroke-dasharray': '3 2'});
    bar.forEach((len, j) => {
      el(s, 'rect', {x, y, width: len * unit, height: h, fill: piecePalette[lengths.indexOf(len) % piecePalette.length], stroke: '#333'});
      const t = el(s, 'text', {x: x + len * unit / 2, y: y + h * .7, 'text-anchor': 'middle', 'font-size': 11}, len);
      if (b.labels) el(t, 'title', {}, b.labels[i][j]);
      x += len * unit;
    });
  });
  return s;
}

function layers(pic) {
  const maxR = Math.max(...pic.layers.map((l) => l.r)), total = pic.layers.reduce((a, l) => a + l.h, 0);
  const ku = Math.min(200 / maxR, 30), kh = Math.min(220 / total, 30);
  const w = 2 * maxR * ku + 120, hgt = total * kh + 10;
  const s = svg(w, hgt);
  let y = hgt - 5;
  pic.layers.forEach((l, i) => {
    const lw = 2 * l.r * ku, x = (2 * maxR * ku - lw) / 2;
    y -= l.h * kh;
    el(s, 'rect', {x, y, width: lw, height: l.h * kh, fill: i % 2 ? '#f6d3a8' : '#e8b07a', stroke: '#7a4b1d'});
    el(s, 'text', {x: 2 * maxR * ku + 8, y: y + l.h * kh / 2 + 4, 'font-size': 12}, `R=${l.r} H=${l.h}`);
  });
  return s;
}

function words(pic) {
  const t = document.createElement('table');
  t.className = 'words';
  for (const row of pic.words) {
    const tr = t.insertRow();
    for (const c of row) {
      const td = tr.insertCell();
      td.textContent = c;
      td.style.font = '16px monospace';
      td.style.textAlign = 'center';
    }
  }
  return t;
}
