// The lab's page: it asks the lab for everything it shows (the kinds,
// their prunings, encodings, samples and generator parameters) and keeps
// no list of its own. The URL holds the kind, the input, the switches and
// the node in view, so that a link opens the same tree.

import {connect, call, engine, stopWorker} from './api.js';
import {drawPicture} from './picture.js';
import {fromTree, fromMerged, graft, cutsBelow, findPath, openFirst, walk, hiddenPart} from './model.js';
import {TreeView, fmt} from './treeview.js';
import {Icicle} from './icicle.js';

const $ = (id) => document.getElementById(id);
const page = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)).replace(/[^A-Za-z0-9-]/g, '');

const st = {
  info: null, kind: null, src: 'sample', sample: 'sample.in', kase: 1, input: '', fileText: '', fileName: '',
  seed: 1, params: {}, spec: '', enc: {}, backend: 'dfs', timeout: 30, view: 'run',
  runs: [],        // the runs made, oldest first: {view, root}
  busy: false, node: '', cmp: null, count: 0,
};

let tree, overview, cmptree;

function colorOf(k) {
  const p = st.kind && st.kind.prunings[k];
  const c = p && st.info.categories.find((c) => c.name === p.Category);
  return c ? c.color : '#999';
}

async function init() {
  tree = new TreeView($('tree'), {colorOf, fetch: fetchDetail, onSelect: selected});
  overview = new Icicle($('overview'), {colorOf, onPick: (x) => { tree.reveal(x); }});
  cmptree = new TreeView($('cmptree'), {colorOf, fetch: fetchCompareDetail, onSelect: () => {}});
  try {
    st.info = await connect();
  } catch (e) {
    $('engine').textContent = 'no lab: ' + e.message;
    return;
  }
  const e = $('engine');
  e.textContent = engine === 'wasm' ? 'runs on: WebAssembly in this browser (' + st.info.go + ')' : 'runs on: the lab server (native, ' + st.info.go + ')';
  e.className = 'engine ' + engine;
  e.dataset.engine = engine;
  for (const k of st.info.kinds) $('kind').add(new Option(k.name, k.name));
  bindControls();
  const auto = readURL();
  await setKind(st.kind ? st.kind.name : st.info.kinds[0].name, true);
  document.body.dataset.ready = '1';
  if (auto) await autoRun();
}

// ---- controls ----

function bindControls() {
  $('kind').onchange = () => setKind($('kind').value);
  for (const b of document.querySelectorAll('#srcs button')) b.onclick = () => setSrc(b.dataset.src);
  $('sample').onchange = () => { st.sample = $('sample').value; writeURL(); };
  $('case').onchange = () => { st.kase = Math.max(1, parseInt($('case').value) || 1); writeURL(); };
  $('input').oninput = () => { st.input = $('input').value; writeURL(); };
  $('seed').onchange = () => { st.seed = Math.max(0, parseInt($('seed').value) || 0); writeURL(); };
  $('file').onchange = async () => {
    const f = $('file').files[0];
    if (!f) return;
    if (f.size > st.info.maxInput) {
      showInputError(`${f.name} is ${fmt(f.size)} bytes, larger than the ${st.info.maxInput >> 10} KB the lab takes`);
      st.fileText = '';
      return;
    }
    st.fileText = await f.text();
    st.fileName = f.name;
    $('file-name').textContent = `${f.name}: ${fmt(f.size)} bytes`;
    showInputError('');
  };
  for (const r of document.querySelectorAll('input[name=backend]')) r.onchange = () => { st.backend = r.value; writeURL(); };
  $('timeout').onchange = () => { st.timeout = Math.max(0, parseFloat($('timeout').value) || 0); writeURL(); };
  $('run').onclick = () => run();
  $('stop').onclick = () => stop();
  $('compare').onclick = () => comparePrevious();
  $('ablate').onclick = () => ablate();
  for (const b of document.querySelectorAll('#viewtabs button')) b.onclick = () => setView(b.dataset.view);
}

async function setKind(name, keep) {
  st.kind = st.info.kinds.find((k) => k.name === name) || st.info.kinds[0];
  $('kind').value = st.kind.name;
  $('summary').textContent = st.kind.summary;
  if (!keep) { st.spec = ''; st.enc = {}; st.params = {}; st.sample = 'sample.in'; st.kase = 1; st.runs = []; }
  const sel = $('sample');
  sel.length = 0;
  for (const s of st.kind.samples) sel.add(new Option(s, s));
  if (!st.kind.samples.includes(st.sample)) st.sample = st.kind.samples[0];
  sel.value = st.sample;
  $('case').value = st.kase;
  $('seed').value = st.seed;
  drawGenParams();
  drawPresets();
  drawEncodings();
  drawPrunings();
  setSrc(st.src);
  await resolveSpec();
  $('compare').disabled = true;
  writeURL();
}

function setSrc(src) {
  st.src = src;
  for (const b of document.querySelectorAll('#srcs button')) b.classList.toggle('on', b.dataset.src === src);
  for (const p of document.querySelectorAll('[data-pane]')) p.hidden = p.dataset.pane !== src;
  writeURL();
}

function drawGenParams() {
  const box = $('gen-params');
  box.textContent = '';
  for (const p of st.kind.gen) {
    const l = document.createElement('label');
    l.title = p.Doc;
    l.append(p.Name + ' ');
    const i = document.createElement('input');
    Object.assign(i, {type: 'number', min: p.Min, max: p.Max, value: st.params[p.Name] ?? p.Default});
    i.onchange = () => { st.params[p.Name] = parseInt(i.value); writeURL(); };
    l.append(i);
    box.append(l, ' ');
  }
}

function drawPresets() {
  const box = $('presets');
  box.textContent = 'presets: ';
  for (const p of st.kind.presets) {
    const b = document.createElement('button');
    b.textContent = p.name;
    b.dataset.preset = p.name;
    b.title = p.spec ? '--dfs=' + p.spec : 'the defaults';
    b.onclick = () => { st.spec = p.spec; resolveSpec(); };
    box.append(b);
  }
}

function drawEncodings() {
  const box = $('encodings');
  box.textContent = '';
  for (const c of st.kind.encodings) {
    const l = document.createElement('label');
    l.title = c.Doc;
    l.style.display = 'block';
    l.append(c.Point + ' ');
    const s = document.createElement('select');
    for (const o of c.Options) s.add(new Option(o, o));
    s.value = st.enc[c.Point] || c.Options[0];
    s.dataset.point = c.Point;
    s.onchange = () => { if (s.value === c.Options[0]) delete st.enc[c.Point]; else st.enc[c.Point] = s.value; writeURL(); };
    l.append(s);
    box.append(l);
  }
  if (!st.kind.encodings.length) box.textContent = 'no choice points';
}

// drawPrunings groups the checkboxes by the chapter's categories, each
// numbered as the chapter numbers it.
function drawPrunings() {
  const box = $('prunings');
  box.textContent = '';
  for (const cat of st.info.categories) {
    const ps = st.kind.prunings.map((p, i) => [p, i]).filter(([p]) => p.Category === cat.name);
    if (!ps.length) continue;
    const fs = document.createElement('fieldset');
    const lg = document.createElement('legend');
    lg.innerHTML = `<span class="swatch" style="background:${cat.color}"></span>`;
    lg.append(cat.name + (cat.chapter ? '' : ' (beyond the chapter)'));
    lg.title = cat.legend;
    fs.append(lg);
    ps.sort((a, b) => chapterKey(a[0].Chapter) - chapterKey(b[0].Chapter));
    for (const [p, i] of ps) {
      const l = document.createElement('label');
      l.title = p.Doc + (p.Counts ? '\none count: ' + p.Counts : '');
      const cb = document.createElement('input');
      cb.type = 'checkbox';
      cb.dataset.pruning = p.Name;
      cb.dataset.index = i;
      cb.dataset.chapter = p.Chapter;
      cb.onchange = () => toggle(p, cb.checked);
      const ch = document.createElement('span');
      ch.className = 'chapter';
      ch.textContent = p.Chapter === 'named' ? '·' : p.Chapter;
      l.append(cb, ' ', ch, p.Name + (p.Optional ? ' (optional)' : ''));
      fs.append(l);
    }
    box.append(fs);
  }
}

function chapterKey(c) { const n = parseFloat(c); return isNaN(n) ? (c === 'named' ? 90 : 100) : n; }

// toggle switches one pruning, as --dfs would: off with -NAME (or by
// dropping a +NAME), on by dropping -NAME (or with +NAME).
function toggle(p, on) {
  let items = st.spec ? st.spec.split(',') : [];
  const drop = (on ? '-' : '+') + p.Name;
  if (items.includes(drop)) items = items.filter((s) => s !== drop);
  else items.push((on ? '+' : '-') + p.Name);
  st.spec = items.join(',');
  resolveSpec();
}

async function resolveSpec() {
  try {
    const r = await call('POST', 'api/switches', {kind: st.kind.name, dfs: st.spec});
    for (const cb of document.querySelectorAll('#prunings input')) cb.checked = r.on[+cb.dataset.index];
    $('spec').textContent = '--dfs=' + (r.spec || '(the defaults)');
    $('notes').textContent = r.notes.join('; ');
  } catch (e) {
    $('spec').textContent = '';
    $('notes').textContent = e.message;
  }
  writeURL();
}

// ---- runs ----

function request(extra) {
  const req = {page, kind: st.kind.name, case: st.kase, dfs: st.spec, encoding: encSpec(), backend: st.backend, timeout: st.timeout};
  if (st.src === 'sample') req.sample = st.sample;
  else if (st.src === 'paste') req.input = st.input;
  else if (st.src === 'file') { req.input = st.fileText; req.name = st.fileName; }
  else req.gen = {kind: st.kind.name, seed: st.seed, params: st.params};
  return Object.assign(req, extra || {});
}

function encSpec() { return Object.entries(st.enc).map(([k, v]) => k + '=' + v).join(','); }

function showInputError(msg) { $('input-error').hidden = !msg; $('input-error').textContent = msg; }

function setBusy(b) {
  st.busy = b;
  $('run').disabled = b; $('ablate').disabled = b; $('stop').disabled = !b;
  $('compare').disabled = b || st.runs.filter((r) => r.root).length < 2;
}

function setStatus(s, detail) {
  $('status').textContent = s + (detail ? ': ' + detail : '');
  $('status').dataset.state = s;
}

// execute starts one search and waits for it, showing its progress.
async function execute(req) {
  showInputError('');
  let id;
  try {
    ({id} = await call('POST', 'api/run', req));
  } catch (e) {
    if (e.status === 400 || e.status === 413) showInputError(e.message);
    setStatus('error', e.message);
    return null;
  }
  setStatus('running');
  for (;;) {
    let v;
    try {
      v = await call('GET', `api/runs/${id}?wait=1`);
    } catch (e) {
      setStatus(e.message === 'stopped' ? 'stopped' : 'error', e.message);
      return null;
    }
    if (v.state === 'queued' || v.state === 'running') {
      setStatus(v.state, fmt(v.decisions) + ' decisions, ' + v.elapsed.toFixed(1) + ' s');
      continue;
    }
    return v;
  }
}

async function run(extra, quiet) {
  if (st.busy) return null;
  setBusy(true);
  setStatus('running');
  let rec = null;
  try {
    const v = await execute(request(extra));
    if (!v) return null;
    rec = {view: v, root: null};
    if (v.tree) {
      const t = await call('GET', `api/runs/${v.id}/tree`);
      rec.root = fromTree(t);
      rec.npr = t.cuts.length;
    }
    st.runs.push(rec);
    if (st.runs.length > 8) st.runs.shift();
    $('status').dataset.count = ++st.count;
    setStatus(v.state, v.error || (v.answer ? 'answer verified' : ''));
    if (!quiet) showRun(rec);
  } finally {
    setBusy(false);
  }
  return rec;
}

async function stop() {
  if (engine === 'wasm') {
    stopWorker();
    setStatus('stopped', 'the module was stopped');
    setBusy(false);
    return;
  }
  const r = await call('POST', 'api/stop', {page});
  if (r.stopped) $('status').dataset.after = String(r.decisions - r.cancelAt);
}

function showRun(rec) {
  const v = rec.view;
  const a = $('answer');
  a.textContent = '';
  const h = document.createElement('h2');
  h.textContent = `${v.kind}: ${v.title}`;
  a.append(h);
  if (v.answer) {
    const ok = document.createElement('div');
    ok.className = 'verified';
    ok.id = 'verified';
    ok.textContent = '✓ verified: the answer passed the puzzle\'s Verify';
    a.append(ok, drawPicture(v.answer.picture));
    const pre = document.createElement('pre');
    pre.id = 'answer-text';
    pre.textContent = v.answer.text + (v.answer.certificate || '');
    a.append(pre);
  } else {
    const e = document.createElement('div');
    e.className = v.noAnswer ? 'note' : 'error';
    e.textContent = v.error;
    a.append(e);
  }
  drawFigures(v, rec);
  if (rec.root) {
    openFirst(rec.root, 200);
    tree.setRoot(rec.root, rec.npr);
    overview.setRoot(rec.root);
    selected(rec.root);
    if (st.node) revealPath(rec, st.node);
  }
  setView(st.view === 'compare' ? 'run' : st.view);
  writeURL();
}

function drawFigures(v, rec) {
  const f = $('figures');
  f.textContent = '';
  for (const p of (v.stats ? v.stats.parts : [])) {
    const box = document.createElement('div');
    box.className = 'part';
    box.dataset.backend = p.backend;
    const h = document.createElement('h3');
    h.textContent = `${p.backend}: ${(p.seconds * 1000).toFixed(2)} ms`;
    box.append(h);
    const t = document.createElement('table');
    const row = (k, val, id) => { const r = t.insertRow(); r.insertCell().textContent = k; const c = r.insertCell(); c.className = 'num'; c.textContent = val; if (id) c.id = id; };
    if (p.backend === 'dfs') {
      row('nodes (decisions)', fmt(p.nodes), 'nodes');
      if (rec.root) row('tree: decisions recorded', fmt(v.tree.decisions) + (v.tree.complete ? '' : `, ${fmt(v.tree.kept)} nodes kept`));
    } else {
      row('variables', fmt(p.vars), 'sat-vars'); row('clauses', fmt(p.clauses), 'sat-clauses');
      row('conflicts', fmt(p.conflicts), 'sat-conflicts'); row('solves', fmt(p.solves));
      if (p.winner) row('solver', p.winner);
    }
    box.append(t);
    if (p.backend === 'dfs' && p.cuts.length) {
      const ct = document.createElement('table');
      ct.id = 'cuts';
      ct.innerHTML = '<tr><th>chapter</th><th>pruning</th><th>category</th><th class="num">count</th><th>one count is</th></tr>';
      for (const c of p.cuts) {
        const pr = st.kind.prunings.find((x) => x.Name === c.Pruning) || {};
        const r = ct.insertRow();
        r.dataset.cut = c.Pruning;
        r.innerHTML = `<td>${esc(pr.Chapter || '')}</td><td><span class="swatch" style="background:${colorOf(st.kind.prunings.indexOf(pr))}"></span>${esc(c.Pruning)}</td><td>${esc(pr.Category || '')}</td><td class="num count">${fmt(c.Count)}</td><td class="note">${esc(pr.Counts || '')}</td>`;
      }
      box.append(ct);
    }
    const pre = document.createElement('div');
    pre.className = 'note';
    pre.textContent = '--stats: ' + p.text;
    box.append(pre);
    f.append(box);
  }
}

function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c])); }

function setView(v) {
  st.view = v;
  for (const b of document.querySelectorAll('#viewtabs button')) b.classList.toggle('on', b.dataset.view === v);
  for (const s of document.querySelectorAll('#views > section')) s.hidden = s.dataset.view !== v;
  writeURL();
}

// ---- the tree ----

// selected shows a node's figures: the cuts in its subtree, which are
// the visible subtree's counts per cut when it is the root of the view.
function selected(x) {
  overview.select(x);
  const rec = st.runs[st.runs.length - 1];
  const box = $('inspect');
  box.textContent = '';
  if (!rec || !x) return;
  const d = x.runs[0];
  st.node = d && d.path != null ? d.path : st.node;
  const h = document.createElement('h3');
  h.textContent = x.pruning >= 0 ? 'cut: ' + st.kind.prunings[x.pruning].Name : (x.label || 'root');
  box.append(h);
  if (x.pruning >= 0 && x.label) { const p = document.createElement('p'); p.textContent = x.label; box.append(p); }
  const info = document.createElement('p');
  info.id = 'subtree-info';
  info.textContent = `${fmt(d.subdec - (x.parent ? 0 : 1))} decisions and ${fmt(d.size - d.subdec)} cut leaves in this subtree` + (d.path ? ` · node ${d.path}` : '');
  box.append(info);
  const cuts = cutsBelow(x, 0, rec.npr);
  const t = document.createElement('table');
  t.id = 'subtree-cuts';
  t.innerHTML = '<tr><th></th><th>pruning</th><th class="num">cuts here</th></tr>';
  cuts.forEach((n, k) => {
    const p = st.kind.prunings[k];
    if (!p || (!n && !p.Optional && false)) return;
    const r = t.insertRow();
    r.className = 'pick' + (tree.highlight === k ? ' on' : '');
    r.dataset.cut = p.Name;
    r.innerHTML = `<td>${esc(p.Chapter === 'named' ? '·' : p.Chapter)}</td><td><span class="swatch" style="background:${colorOf(k)}"></span>${esc(p.Name)}</td><td class="num">${fmt(n)}</td>`;
    r.onclick = () => {
      const k2 = tree.highlight === k ? -1 : k;
      tree.setHighlight(k2); overview.setHighlight(k2); selected(x);
    };
  });
  box.append(t);
  writeURL();
}

// revealPath brings the decision at path into view, fetching the regions
// kept as counts on the way to it.
async function revealPath(rec, path) {
  const ords = path === '' ? [] : path.split('.').map(Number);
  for (let tries = 0; tries < 64; tries++) {
    let x = rec.root, i = 0;
    for (; i < ords.length; i++) {
      const c = x.children.find((c) => c.pruning < 0 && c.runs[0] && c.runs[0].ord === ords[i]);
      if (!c) break;
      x = c;
    }
    if (i === ords.length) { tree.reveal(x); return; }
    if (!hiddenPart(x)) return;
    await fetchDetail(x);
  }
}

// fetchDetail fetches the region under x that was kept as counts, by
// a re-run of the search with x as its focus, and grafts it in.
async function fetchDetail(x) {
  const rec = st.runs[st.runs.length - 1];
  const d = x.runs[0];
  if (!rec || !d || d.path == null) return;
  setStatus('fetching', 'the search runs again to node ' + (d.path || 'root'));
  try {
    const t = await call('GET', `api/runs/${rec.view.id}/tree?focus=${encodeURIComponent(d.path)}`);
    graft(x, fromTree(t));
    overview.setRoot(rec.root);
    setStatus('done', 'detail fetched');
  } catch (e) {
    setStatus('error', e.message);
  }
}

// ---- two runs compared ----

async function comparePrevious() {
  const withTree = st.runs.filter((r) => r.root);
  if (withTree.length < 2) return;
  await compare(withTree[withTree.length - 2], withTree[withTree.length - 1]);
}

async function compare(a, b) {
  try {
    const r = await call('GET', `api/compare?a=${a.view.id}&b=${b.view.id}`);
    st.cmp = {a, b};
    const root = fromMerged(r.merged);
    openFirst(root, 250);
    cmptree.setRoot(root, a.npr);
    drawCompareFigures(r.runA, r.runB, root);
    st.cmpSpec = b.view.switches;
    setView('compare');
  } catch (e) {
    setStatus('error', e.message);
  }
}

function drawCompareFigures(va, vb, root) {
  const na = dfsNodes(va), nb = dfsNodes(vb);
  let onlyA = 0, onlyB = 0;
  walk(root, (x) => { if ((x.side & 3) === 1) onlyA++; if ((x.side & 3) === 2) onlyB++; });
  $('cmp-figures').innerHTML = `<div class="figs">
    <div>A <code>--dfs=${esc(va.switches || '(defaults)')}</code><div class="big" id="cmp-a">${fmt(na)}</div>nodes</div>
    <div>B <code>--dfs=${esc(vb.switches || '(defaults)')}</code><div class="big" id="cmp-b">${fmt(nb)}</div>nodes</div>
    <div>saved by A's switches<div class="big" id="cmp-saved">${fmt(nb - na)}</div>nodes (B − A)</div>
    <div class="legend"><span class="onlyA">■ only in A (${fmt(onlyA)} drawn)</span><span class="onlyB">■ only in B (${fmt(onlyB)} drawn)</span><span>dashed: one run may hold it among its counts</span></div>
  </div>`;
}

function dfsNodes(v) {
  const p = v.stats && v.stats.parts.find((p) => p.backend === 'dfs');
  return p ? p.nodes : 0;
}

async function fetchCompareDetail(x) {
  const {a, b} = st.cmp;
  const [da, db] = x.runs;
  try {
    if (da && db) {
      const r = await call('GET', `api/compare?a=${a.view.id}&b=${b.view.id}&fa=${enc(da.path)}&fb=${enc(db.path)}`);
      graft(x, fromMerged(r.merged));
    } else {
      const side = da ? 0 : 1, d = da || db, rec = da ? a : b;
      const t = await call('GET', `api/runs/${rec.view.id}/tree?focus=${enc(d.path)}`);
      const sub = fromTree(t);
      walk(sub, (n) => { n.runs = side ? [null, n.runs[0]] : [n.runs[0], null]; n.side = (side ? 2 : 1) | (x.side & 4); });
      graft(x, sub);
    }
  } catch (e) {
    setStatus('error', e.message);
  }
}

function enc(s) { return encodeURIComponent(s || ''); }

// ablate runs every pruning off in turn, as compare --ablate does, and
// lists the rows; a click on one opens its pair, compared.
async function ablate() {
  if (st.busy) return;
  setBusy(true);
  let v;
  try {
    v = await execute(request({ablate: true, backend: 'dfs'}));
  } finally {
    setBusy(false);
  }
  if (!v) return;
  setStatus(v.state, v.error || 'ablation done');
  const box = $('ablation');
  box.innerHTML = '<h3>compare --ablate</h3><p class="note">Click a row to compare its run with the default\'s.</p>';
  const t = document.createElement('table');
  t.id = 'ablation-table';
  t.innerHTML = '<tr><th>config</th><th>chapter</th><th class="num">nodes</th><th class="num">time</th><th class="num">work_x</th><th class="num">time_x</th><th class="num">saved</th><th class="num">cuts</th><th>status</th></tr>';
  for (const r of v.ablation) {
    const tr = t.insertRow();
    tr.className = r.pruning ? 'pick' : '';
    tr.dataset.pruning = r.pruning;
    tr.innerHTML = `<td>${esc(r.config)}</td><td>${esc(r.chapter)}</td><td class="num">${fmt(r.nodes)}</td><td class="num">${(r.seconds * 1000).toFixed(2)} ms</td><td class="num">${esc(r.workX)}</td><td class="num">${esc(r.timeX)}</td><td class="num">${r.pruning ? fmt(r.saved) : ''}</td><td class="num">${r.pruning ? fmt(r.cuts) : ''}</td><td>${esc(r.status)}</td>`;
    if (r.pruning) tr.onclick = () => openPair(v.ablation[0].switches, r.switches);
  }
  box.append(t);
  setView('compare');
}

async function openPair(specA, specB) {
  const a = await run({dfs: specA, backend: 'dfs'}, true);
  const b = a && await run({dfs: specB, backend: 'dfs'}, true);
  if (a && b) await compare(a, b);
}

// ---- the URL ----

function writeURL() {
  if (!st.kind) return;
  const q = new URLSearchParams();
  q.set('kind', st.kind.name);
  q.set('src', st.src);
  if (st.src === 'sample') q.set('sample', st.sample);
  if (st.src === 'paste' && st.input.length <= 4096) q.set('input', st.input);
  if (st.src === 'gen') { q.set('seed', st.seed); for (const [k, v] of Object.entries(st.params)) q.set('p.' + k, v); }
  if (st.kase > 1) q.set('case', st.kase);
  if (st.spec) q.set('dfs', st.spec);
  if (encSpec()) q.set('enc', encSpec());
  if (st.backend !== 'dfs') q.set('backend', st.backend);
  q.set('timeout', st.timeout);
  q.set('view', st.view);
  if (st.node) q.set('node', st.node);
  if (st.view === 'compare' && st.cmpSpec !== undefined) q.set('b', st.cmpSpec);
  history.replaceState(null, '', '?' + q.toString());
}

// readURL sets the state from the URL, and reports whether it names an
// input to run at once.
function readURL() {
  const q = new URLSearchParams(location.search);
  if (!q.has('kind')) return false;
  st.kind = st.info.kinds.find((k) => k.name === q.get('kind')) || null;
  st.src = ['sample', 'paste', 'gen'].includes(q.get('src')) ? q.get('src') : 'sample';
  st.sample = q.get('sample') || 'sample.in';
  st.input = q.get('input') || '';
  $('input').value = st.input;
  st.seed = parseInt(q.get('seed') || '1');
  for (const [k, v] of q) if (k.startsWith('p.')) st.params[k.slice(2)] = parseInt(v);
  st.kase = Math.max(1, parseInt(q.get('case') || '1'));
  st.spec = q.get('dfs') || '';
  for (const item of (q.get('enc') || '').split(',').filter(Boolean)) { const [k, v] = item.split('='); st.enc[k] = v; }
  st.backend = q.get('backend') || 'dfs';
  for (const r of document.querySelectorAll('input[name=backend]')) r.checked = r.value === st.backend;
  st.timeout = parseFloat(q.get('timeout') || '30');
  $('timeout').value = st.timeout;
  st.view = q.get('view') || 'run';
  st.node = q.get('node') || '';
  st.cmpSpec = q.has('b') ? q.get('b') : undefined;
  return st.src !== 'paste' || st.input !== '';
}

async function autoRun() {
  const view = st.view, b = st.cmpSpec;
  if (view === 'compare' && b !== undefined) {
    await openPair(st.spec, b);
    return;
  }
  await run();
  setView(view);
}

// For the browser tests and the screenshots: where a node is drawn.
window.labTest = {
  tree: () => tree, cmptree: () => cmptree, overview: () => overview,
  nodeAt(path) {
    const rec = st.runs[st.runs.length - 1];
    const x = rec && findPath(rec.root, path);
    if (!x) return null;
    const r = $('tree').getBoundingClientRect(), [px, py] = tree.screen(x);
    return {x: r.left + px, y: r.top + py, collapsed: tree.triangle(x), shown: tree.shown(), children: x.children.length};
  },
  // frontier brings into view the first decision whose subtree is kept
  // as counts alone, and returns its path.
  frontier() {
    const rec = st.runs[st.runs.length - 1];
    let found = null;
    walk(rec.root, (n) => { if (!found && n.pruning < 0 && n.children.length === 0 && n.runs[0].hidden) found = n; });
    if (!found) return null;
    tree.reveal(found);
    return found.runs[0].path;
  },
  // slowest returns the longest draw of each canvas so far, in ms.
  slowest: () => ({tree: tree.maxDraw || 0, overview: overview.maxDraw || 0, cmptree: cmptree.maxDraw || 0}),
};

init();
