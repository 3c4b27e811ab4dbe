// The service worker: keeps each build whole in a cache of its own and serves the game from it,
// so the page works offline and never mixes the files of two builds.
// A new build installs beside the running one and waits; it takes over only when the player
// presses Reload (public/sw-register.js sends 'skip-waiting'), then deletes the older caches.
// Between the markers, scripts/postbuild.mjs writes at build time every file of the build with
// its SRI hash, and a version made from them. Unbuilt (as here, or in `trunk serve`'s debug
// builds) the list is null: the worker then removes itself and any cache an earlier build left.
/* precache:start */
const VERSION = 'unbuilt';
const FILES = null;
/* precache:end */

const SCOPE = self.registration.scope;
const PREFIX = `molscrab ${SCOPE} `; // caches of this site only, even with others on the origin
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (event) => {
  if (!FILES) {
    self.skipWaiting();
    return;
  }
  event.waitUntil(precache().catch(async (error) => {
    await caches.delete(CACHE); // never keep half a build; the browser retries later
    throw error;
  }));
});

// every file, checked against its hash; revalidated, so a host with ETags sends 304s
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(Object.entries(FILES).map(async ([file, integrity]) => {
    const url = new URL(file, SCOPE);
    const response = await fetch(url, { cache: 'no-cache', integrity });
    if (!response.ok) throw new Error(`precache ${file}: HTTP ${response.status}`);
    await cache.put(url, response);
  }));
}

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && (key !== CACHE || !FILES)) await caches.delete(key);
    }
    if (!FILES) await self.registration.unregister();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (!FILES || request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  event.respondWith(fromCache(request));
});

// this version's copy of the file (the site's root is its index.html); the network otherwise
async function fromCache(request) {
  const url = new URL(request.url);
  url.search = '';
  url.hash = '';
  const key = url.href === SCOPE ? SCOPE + 'index.html' : url.href;
  const cached = await (await caches.open(CACHE)).match(key);
  return cached ?? fetch(request);
}
