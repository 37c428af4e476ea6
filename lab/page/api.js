// The page's calls to the lab: over HTTP to the server that serves the
// page, or, in a static build with no server, to the WebAssembly module
// in a Web Worker, which answers the same requests.

let worker = null;     // the Web Worker in a static build
let pending = new Map; // its requests waiting for an answer, by id
let seq = 0;
export let engine = 'server';

// connect finds out what answers: the server, or else the module.
export async function connect() {
  try {
    const r = await fetch('api/kinds', {headers: {'Accept': 'application/json'}});
    if (r.ok && (r.headers.get('Content-Type') || '').startsWith('application/json')) {
      engine = 'server';
      return await r.json();
    }
  } catch (e) { /* no server: a static build */ }
  engine = 'wasm';
  startWorker();
  return call('GET', 'api/kinds');
}

function startWorker() {
  worker = new Worker('worker.js');
  worker.onmessage = (ev) => {
    const m = ev.data;
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    p(m);
  };
}

// stopWorker ends the module's search at once: a module busy searching
// reads no message, so Stop terminates its worker and starts another.
export function stopWorker() {
  if (!worker) return;
  worker.terminate();
  for (const p of pending.values()) p({status: 409, body: JSON.stringify({error: 'stopped'})});
  pending.clear();
  startWorker();
}

// call sends one request and returns its JSON, throwing its error.
export async function call(method, url, body) {
  let status, text;
  if (engine === 'wasm') {
    const m = await new Promise((resolve) => {
      const id = ++seq;
      pending.set(id, resolve);
      worker.postMessage({id, method, url, body: body === undefined ? '' : JSON.stringify(body)});
    });
    status = m.status; text = m.body;
  } else {
    const r = await fetch(url, {method, headers: {'Content-Type': 'application/json'},
      body: body === undefined ? undefined : JSON.stringify(body)});
    status = r.status; text = await r.text();
  }
  let v;
  try { v = JSON.parse(text); } catch (e) { v = {error: text}; }
  if (status !== 200) {
    const err = new Error(v.error || ('status ' + status));
    err.status = status;
    throw err;
  }
  return v;
}
