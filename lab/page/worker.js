// The Web Worker of a static build: it runs the lab's WebAssembly module,
// which answers the page's requests as the server would.
importScripts('wasm_exec.js');

const queue = [];
let ready = false;

self.labReady = () => {
  ready = true;
  for (const m of queue.splice(0)) handle(m);
};

async function handle(m) {
  try {
    const [status, body] = await self.labRequest(m.method, m.url, m.body);
    postMessage({id: m.id, status, body});
  } catch (e) {
    postMessage({id: m.id, status: 500, body: JSON.stringify({error: String(e)})});
  }
}

onmessage = (ev) => { if (ready) handle(ev.data); else queue.push(ev.data); };

const go = new Go();
WebAssembly.instantiateStreaming(fetch('lab.wasm'), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((e) => postMessage({id: 0, status: 500, body: JSON.stringify({error: 'the module did not load: ' + e})}));
