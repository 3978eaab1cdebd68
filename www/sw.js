// Offline support: network first (so a rebuilt module is picked up at once), falling
// back to the last copy cached while online. The network fetch goes through the
// browser's HTTP cache, so an unchanged file costs a revalidation (`gridlab serve`
// answers 304 to its ETag), and the copy kept here is written again only when the
// file changed (another ETag), not on every load.

const CACHE = 'gridlab-v1';
/** This script's global scope (a service worker's). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('install', () => sw.skipWaiting());
sw.addEventListener('activate', (e) => e.waitUntil(sw.clients.claim()));

/** Keep `res` (a copy of a fresh answer to `req`) unless the same version is kept. */
const keep = async (req, res) => {
  const cache = await caches.open(CACHE);
  const tag = res.headers.get('etag');
  const old = tag ? await cache.match(req) : undefined;
  if (old && old.headers.get('etag') === tag) {
    if (res.body) await res.body.cancel();
    return;
  }
  await cache.put(req, res);
};

sw.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== sw.location.origin) return;
  e.respondWith(
    fetch(req)
      .then((res) => {
        if (res.ok) keep(req, res.clone()).catch(() => {});
        return res;
      })
      .catch(() => caches.match(req, { ignoreSearch: true }).then((hit) => hit || Response.error())),
  );
});
