// The engine's worker: answers the page's questions (a computer's move, a hint, hindsight, a
// formula's chemistry) with crates/worker's wasm, off the page's thread. A question is one JSON
// text, its answer another (crates/worker/src/lib.rs); this script only copies bytes across.
// Both files load after the game is on screen and are precached by the service worker.
'use strict';
let engine = null;

// copies `text` into the wasm's input buffer
function put(wasm, text) {
  const bytes = new TextEncoder().encode(text);
  const at = wasm.input(bytes.length);
  new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
}

// A file of this folder from the network, or, when that fails, from the service worker's cache:
// on a first visit the page is not yet under the service worker, so a player who goes offline
// right after it would otherwise lose a download cut short. (Only one build is cached then.)
function get(name) {
  const url = new URL(name, self.location.href).href;
  return fetch(url).catch(async (error) => {
    const cached = self.caches && (await caches.match(url));
    if (!cached) throw error;
    return cached;
  });
}

function load() {
  // the names of documented substances: the game answers without them (card names only) if
  // they can't be had
  const table = get('substances.txt').then((r) => (r.ok ? r.text() : null)).catch(() => null);
  engine ??= get('engine.wasm')
    .then((response) => {
      if (!response.ok) throw new Error(`engine.wasm: HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then((bytes) => WebAssembly.instantiate(bytes, {}))
    .then(async ({ instance }) => {
      const wasm = instance.exports;
      const text = await table;
      if (text) {
        put(wasm, text);
        wasm.table();
      }
      return wasm;
    });
  return engine;
}

function idOf(text) {
  try {
    return JSON.parse(text).id ?? null;
  } catch {
    return null;
  }
}

onmessage = async ({ data }) => {
  const text = String(data);
  try {
    const wasm = await load();
    put(wasm, text);
    const length = wasm.call();
    postMessage(new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.output(), length)));
  } catch (e) {
    // a failed download can be retried; a trapped instance must not be used again
    engine = null;
    postMessage(JSON.stringify({ id: idOf(text), error: `The engine could not answer: ${e.message ?? e}` }));
  }
};
