// The tree the page draws: nodes made from the server's columns, one run
// or two merged, into which a region fetched in detail is grafted.

let nextId = 1;

// A node's data in one run.
function runData(t, i) {
  const n = t.nodes;
  return {
    index: i, size: n.size[i], subdec: n.subdec[i], count: n.count[i],
    answer: (n.flags[i] & 1) !== 0, pinned: (n.flags[i] & 2) !== 0, below: (n.flags[i] & 4) !== 0,
    hidden: null, ord: n.ord[i], ref: n.ref[i],
  };
}

function hiddenOf(t) {
  const m = new Map;
  for (const h of t.nodes.hidden || []) m.set(h.node, h);
  return m;
}

function mk(label, pruning, runs) {
  return {id: nextId++, label, pruning, runs, parent: null, children: [], collapsed: false, side: 0};
}

// fromTree returns the root of one run's tree t, with every node's path.
export function fromTree(t) {
  const n = t.nodes, hid = hiddenOf(t), out = new Array(n.parent.length);
  for (let i = 0; i < out.length; i++) {
    const d = runData(t, i);
    d.hidden = hid.get(i) || null;
    const x = mk(n.label[i], n.pruning[i], [d]);
    if (n.parent[i] >= 0) {
      x.parent = out[n.parent[i]];
      x.parent.children.push(x);
      d.path = x.pruning < 0 ? join(x.parent.runs[0].path, d.ord) : null;
    } else d.path = '';
    out[i] = x;
  }
  for (let i = 0; i < out.length; i++) if (n.ref[i] >= 0) out[i].refNode = out[n.ref[i]];
  return out[0] || null;
}

// fromMerged returns the root of two runs' trees merged.
export function fromMerged(m) {
  const a = m.a, b = m.b, ha = hiddenOf(a), hb = hiddenOf(b);
  const pa = paths(a), pb = paths(b);
  const cols = m.nodes, out = new Array(cols.parent.length);
  for (let i = 0; i < out.length; i++) {
    const ia = cols.a[i], ib = cols.b[i];
    const da = ia >= 0 ? Object.assign(runData(a, ia), {hidden: ha.get(ia) || null, path: pa[ia]}) : null;
    const db = ib >= 0 ? Object.assign(runData(b, ib), {hidden: hb.get(ib) || null, path: pb[ib]}) : null;
    const t = ia >= 0 ? a : b, j = ia >= 0 ? ia : ib;
    const x = mk(t.nodes.label[j], t.nodes.pruning[j], [da, db]);
    x.side = cols.side[i];
    if (cols.parent[i] >= 0) {
      x.parent = out[cols.parent[i]];
      x.parent.children.push(x);
    }
    out[i] = x;
  }
  return out[0] || null;
}

function paths(t) {
  const n = t.nodes, p = new Array(n.parent.length);
  for (let i = 0; i < p.length; i++) {
    p[i] = n.parent[i] < 0 ? '' : (n.pruning[i] < 0 ? join(p[n.parent[i]], n.ord[i]) : null);
  }
  return p;
}

function join(path, ord) { return path === '' ? String(ord) : path + '.' + ord; }

// The figures of a node over its runs.
export function size(x) { return Math.max(...x.runs.map((d) => d ? d.size : 0)); }
export function answered(x) { return x.runs.some((d) => d && (d.answer || d.below)); }
export function onPath(x) { return x.runs.some((d) => d && d.answer); }
// hiddenPart reports whether the node holds a region kept as counts.
export function hiddenPart(x) { return x.runs.some((d) => d && d.hidden && (d.hidden.decisions + d.hidden.events) > 0); }
export function isLeaf(x) { return x.pruning >= 0; }
// expandable reports whether the node has something to open.
export function expandable(x) { return x.children.length > 0 || hiddenPart(x); }

// cutsBelow returns the cut acts per pruning in x's subtree, run r.
export function cutsBelow(x, r, npr) {
  x.cache = x.cache || [];
  if (!x.cache[r]) x.cache[r] = sumCuts(x, r, npr);
  return x.cache[r];
}

function sumCuts(x, r, npr) {
  const out = new Array(npr).fill(0), stack = [x];
  while (stack.length) {
    const n = stack.pop(), d = n.runs[r];
    if (!d) continue;
    if (n.pruning >= 0) out[n.pruning] += d.count;
    if (d.hidden) d.hidden.cuts.forEach((c, k) => { out[k] += c; });
    for (const c of n.children) stack.push(c);
  }
  return out;
}

// graft replaces x's children and hidden sums with those of the focus
// node of a tree fetched in detail (its deepest pinned node).
export function graft(x, root) {
  const pinned = (c) => c.runs.some((d) => d && d.pinned);
  let f = root;
  for (let c; (c = f.children.find(pinned));) f = c;
  x.children = f.children;
  for (const c of x.children) c.parent = x;
  x.runs.forEach((d, r) => { if (d && f.runs[r]) d.hidden = f.runs[r].hidden; });
  x.collapsed = false;
  for (let p = x; p; p = p.parent) p.cache = null; // the sums below are the same; their parts moved
}

// walk calls f on every node of the subtree, parents first.
export function walk(x, f) {
  const stack = [x];
  while (stack.length) {
    const n = stack.pop();
    f(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
}

// findPath returns the decision at path in run r, or null.
export function findPath(root, path, r = 0) {
  if (path === '' || path == null) return root;
  let x = root;
  for (const ord of path.split('.').map(Number)) {
    x = x.children.find((c) => c.pruning < 0 && c.runs[r] && c.runs[r].ord === ord);
    if (!x) return null;
  }
  return x;
}

// openFirst collapses every subtree, then opens the answer path and, breadth first,
// the nodes nearest the root while fewer than limit nodes show.
export function openFirst(root, limit) {
  walk(root, (n) => { n.collapsed = expandable(n); });
  let shown = 1;
  walk(root, (n) => {
    if (onPath(n) && n.collapsed) { n.collapsed = false; shown += n.children.length; }
  });
  const queue = [root];
  while (queue.length) {
    const n = queue.shift();
    if (n.collapsed && n.children.length && shown + n.children.length <= limit) {
      n.collapsed = false;
      shown += n.children.length;
    }
    if (!n.collapsed) for (const c of n.children) queue.push(c);
  }
}
