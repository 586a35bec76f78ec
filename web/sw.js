/* Service worker of the gin rummy page: offline play.

   scripts/build_site.py writes site/sw.js from this template, replacing the BUILD line below
   with the build id (a hash of every precached file) and the precache list (every file the page
   loads, relative to this script). A new build therefore has a new sw.js, which the browser
   picks up on its next visit (sw.js is served with Cache-Control: no-cache).

   install   copy every file of the build into the cache "gin-rummy <scope> <build id>"; files of
             the versioned folders (runtime/pyodide-<ver>-<hash>/, runtime/pyscript-<ver>/,
             wheels/<hash>/) are taken from an older build's cache when it has them
   activate  delete the caches of older builds (of this scope only), turn on navigation
             preload, take control at once
   fetch     files of the build only, everything else goes to the network untouched:
               versioned folders    cache first (their URLs change with their content); the
                                    wasm online from the HTTP cache (V8 keeps its code there)
               "./main.py?v=<hash>" cache first when <hash> is this build's version of the file
                                    (BUILD.versions: main.py, pyscript.json, style.css,
                                    sw-register.js, versioned by the page that loads them)
               everything else      network first (revalidated), the cache when the network
                                    fails (offline): online, a new build is used on the next load
                                    (its page asks for other versions, which go to the network)
             The page itself comes from the navigation preload: the browser requests it while
             it starts this worker, so the worker never delays a load (issue 16, measured by
             scripts/bench_boot.py: game / game-no-sw warm).
   No static routes (InstallEvent.addRoutes, Chromium 123+): serving the cache-first files from
   this cache without starting or running the worker was tried and measured no faster (issue
   28: warm reloads 0.432 v 0.431 s with the worker running, 0.438 v 0.433 s stopped, n = 25),
   and the wasm skipping the worker no faster either (docs/startup.md, "The service worker"): a warm load
   waits on the wasm's start and Python, not on this handler.
*/
const BUILD = {"id": "dev", "files": [], "versions": {}};  // replaced by scripts/build_site.py

const SCOPE = new URL("./", self.location).pathname;  // "/" or e.g. "/games/gin/"
const PREFIX = `gin-rummy ${SCOPE} `;
const CACHE = PREFIX + BUILD.id;
const FILES = new Set(BUILD.files);
const VERSIONED = /^(runtime|wheels)\//;

const urlOf = (path) => new URL(path, self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(BUILD.files.map(async (path) => {
      const url = urlOf(path);
      if (await cache.match(url)) return;  // an install that was interrupted earlier
      let response = VERSIONED.test(path) ? await caches.match(url) : undefined;
      if (!response) {
        response = await fetch(url, {cache: VERSIONED.test(path) ? "default" : "no-cache"});
        if (!response.ok) throw new Error(`gin-rummy sw: ${path}: HTTP ${response.status}`);
      }
      await cache.put(url, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
  })());
});

async function cached(path) {
  return (await caches.open(CACHE)).match(urlOf(path));
}

async function networkFirst(path, request, preloaded) {
  try {
    // revalidated whatever the host's caching headers say (a navigation cannot be rebuilt;
    // the page itself is served with no-cache and comes from the navigation preload)
    const response = (await preloaded) ||
      await fetch(request.mode === "navigate" ? request : new Request(request, {cache: "no-cache"}));
    if (response.ok) return response;
    return (await cached(path)) || response;
  } catch (err) {
    const hit = await cached(path);
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  let path = decodeURIComponent(url.pathname.slice(SCOPE.length));
  if (path === "") path = "index.html";  // the page itself, whatever its query string
  if (!FILES.has(path)) return;
  // The wasm comes from the browser's own HTTP cache (immutable there), where V8 keeps its
  // compiled code, so a warm start skips compiling 9 MiB (from this worker's cache it was
  // compiled again: warm loads 1.4x as long); from the worker's cache when that fails (offline).
  if (path.endsWith(".wasm")) {
    event.respondWith(fetch(request).catch(() => cached(path).then((hit) => hit || Response.error())));
    return;
  }
  const thisBuild = VERSIONED.test(path) || (BUILD.versions[path] !== undefined &&
                                             url.searchParams.get("v") === BUILD.versions[path]);
  event.respondWith(thisBuild
    ? cached(path).then((hit) => hit || fetch(request))
    : networkFirst(path, request, event.preloadResponse));
});
