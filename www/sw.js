// Offline play and fast reloads. A navigation (the page) always asks the server (its
// request sent while this worker starts: navigation preload), and
// `gridlab serve` answers it with the playground's build stamp (`x-gridlab-build`, a
// value that changes whenever any file it serves changes; a 304 carries it too). The
// page's other files are then taken from the copies kept under that stamp, without
// asking the server (cache first); a file not kept yet is fetched and kept. A new stamp
// (a rebuilt module, an edited file) means new copies: the page's files go to the
// network again at once, and the copies of older stamps are dropped (all but the last
// one). The page's own copy is written once a stamp (not on every navigation: a write
// holds up the reads of the same cache). A page loaded before this worker ran sends the list of what it loaded
// (`{keep: urls}`, the page's address first), and the worker keeps those files under
// the page's stamp, so that the next visit is served from the copies.
//
// A worker a page starts is served as that page. Without a stamp (another static
// server, a worker whose page this worker does not know) it stays network
// first through the HTTP cache, keeping a copy of each file (written again only when
// its ETag changed). Offline, every file falls back to the last copy kept.

const PREFIX = 'gridlab-build-';
/** Copies fetched network first (no stamp known). */
const LOOSE = 'gridlab-v1';
const STAMP = 'x-gridlab-build';
/** Past this many pages, the oldest page's stamp is forgotten (it goes network first). */
const MAX_PAGES = 64;
/** This script's global scope (a service worker's). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** The build stamp each page (client id) was loaded under. */
const builds = new Map();

/**
 * Note that page `id` was loaded under `build`.
 * @param {string} id
 * @param {string} build
 */
const remember = (id, build) => {
  if (!id) return;
  builds.delete(id);
  builds.set(id, build);
  if (builds.size > MAX_PAGES) builds.delete(builds.keys().next().value);
};

sw.addEventListener('install', () => sw.skipWaiting());
// Navigation preload: the browser asks for the page while this worker starts, rather than
// once it runs.
sw.addEventListener('activate', (e) => e.waitUntil(Promise.all([
  sw.clients.claim(),
  sw.registration.navigationPreload ? sw.registration.navigationPreload.enable().catch(() => {}) : null,
])));

/** Whether `res` is worth keeping: a whole, same-origin answer. */
const keepable = (res) => res.ok && res.status === 200 && res.type === 'basic';

/**
 * The last copy of `req` kept under any stamp (offline).
 * @param {Request | string} req
 */
const fallback = async (req) => {
  for (const name of (await caches.keys()).reverse()) {
    const hit = await (await caches.open(name)).match(req, { ignoreSearch: true, ignoreVary: true });
    if (hit) return { hit, name };
  }
  return null;
};

/**
 * The pages (stamp and address) whose copy this worker wrote in its life: a navigation
 * under the same stamp (the same page) does not write it again, a write that would
 * hold up the reads of the page's files from the same cache.
 */
const keptPages = new Set();

/** Drop the copies of every stamp but `build` and the one kept before it. */
const prune = async (build) => {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== PREFIX + build);
  await Promise.all(names.slice(0, -1).map((n) => {
    opened.delete(n);
    for (const page of keptPages) if (page.startsWith(`${n.slice(PREFIX.length)} `)) keptPages.delete(page);
    return caches.delete(n);
  }));
};

/**
 * Keep `res`, the page at `url` under stamp `build`, unless this worker already did;
 * then drop older stamps' copies.
 * @param {string} build
 * @param {string} url
 * @param {Response} res
 */
const keepPage = async (build, url, res) => {
  const key = `${build} ${url}`;
  if (keptPages.has(key)) {
    if (res.body) await res.body.cancel();
    return;
  }
  keptPages.add(key);
  if (keptPages.size > MAX_PAGES) keptPages.delete(keptPages.values().next().value);
  try {
    await (await openCache(PREFIX + build)).put(url, res);
  } catch (err) {
    keptPages.delete(key);
    throw err;
  }
  await prune(build);
};

/** @param {FetchEvent} e */
const navigate = async (e) => {
  const req = e.request;
  try {
    const res = (await e.preloadResponse.catch(() => undefined)) || (await fetch(req));
    const build = keepable(res) && res.headers.get(STAMP);
    if (build) {
      remember(e.resultingClientId, build);
      e.waitUntil(keepPage(build, req.url.split('#')[0], res.clone()).catch(() => {}));
    }
    return res;
  } catch {
    // Offline: the page's last copy, and the other files from the same stamp's copies.
    const found = await fallback(req);
    if (!found) return Response.error();
    if (found.name.startsWith(PREFIX)) remember(e.resultingClientId, found.name.slice(PREFIX.length));
    return found.hit;
  }
};

/** @type {Map<string, Promise<Cache>>} the caches opened so far, by name (one open a stamp, not one a file) */
const opened = new Map();

/**
 * The cache named `name`, opened once.
 * @param {string} name
 */
const openCache = (name) => {
  let cache = opened.get(name);
  if (!cache) {
    cache = caches.open(name);
    opened.set(name, cache);
    cache.catch(() => opened.delete(name));
  }
  return cache;
};

/**
 * A file of a page loaded under `build`: its copy, else the network (and kept: the
 * worker stays up until the copy is written, `e.waitUntil`).
 * @param {FetchEvent} e
 * @param {string} build
 */
const cacheFirst = async (e, build) => {
  const req = e.request;
  const cache = await openCache(PREFIX + build);
  const hit = await cache.match(req, { ignoreVary: true });
  if (hit) return hit;
  try {
    const res = await fetch(req);
    if (keepable(res)) e.waitUntil(cache.put(req, res.clone()).catch(() => {}));
    return res;
  } catch {
    const found = await fallback(req);
    return found ? found.hit : Response.error();
  }
};

/** Keep `res` (a copy of a fresh answer to `req`) unless the same version is kept. */
const keepLoose = async (req, res) => {
  const cache = await caches.open(LOOSE);
  const tag = res.headers.get('etag');
  const old = tag ? await cache.match(req) : undefined;
  if (old && old.headers.get('etag') === tag) {
    if (res.body) await res.body.cancel();
    return;
  }
  await cache.put(req, res);
};

/** @param {FetchEvent} e */
const networkFirst = async (e) => {
  const req = e.request;
  try {
    const res = await fetch(req);
    if (keepable(res)) e.waitUntil(keepLoose(req, res.clone()).catch(() => {}));
    return res;
  } catch {
    const found = await fallback(req);
    return found ? found.hit : Response.error();
  }
};

sw.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== sw.location.origin) return;
  if (req.mode === 'navigate') {
    e.respondWith(navigate(e));
    return;
  }
  const build = builds.get(e.clientId);
  // A worker the page starts (the solvers) is served as its page is.
  if (build && (req.destination === 'worker' || req.destination === 'sharedworker')) remember(e.resultingClientId, build);
  e.respondWith(build ? cacheFirst(e, build) : networkFirst(e));
});

/**
 * Keep the files a page loaded (`urls`, the page first) under the page's stamp; the
 * page `id` is then served from them. Resolves to whether they were kept.
 * @param {string} id
 * @param {string[]} urls
 */
const keepAll = async (id, urls) => {
  const [page, ...files] = urls.filter((u) => typeof u === 'string' && new URL(u, sw.location.href).origin === sw.location.origin);
  if (!page) return false;
  const res = await fetch(page);
  const build = keepable(res) && res.headers.get(STAMP);
  if (!build) return false;
  const cache = await openCache(PREFIX + build);
  await cache.put(page, res);
  keptPages.add(`${build} ${page}`);
  await Promise.all(files.map(async (url) => {
    if (await cache.match(url, { ignoreVary: true })) return;
    const file = await fetch(url);
    if (keepable(file)) await cache.put(url, file);
  }));
  remember(id, build);
  await prune(build);
  return true;
};

sw.addEventListener('message', (e) => {
  const data = e.data;
  const port = e.ports[0];
  if (!data || !Array.isArray(data.keep) || !port) return;
  const id = e.source && 'id' in e.source ? e.source.id : '';
  e.waitUntil(keepAll(id, data.keep.slice(0, 1000)).catch(() => false).then((kept) => port.postMessage({ kept })));
});
