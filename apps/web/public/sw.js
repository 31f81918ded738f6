/* global self, caches -- a service worker's globals */
// The service worker of the installed app (registered by src/lib/service-worker.ts).
// - Never touches /api or /dev: balances, rewards and withdrawals always come from the server,
//   and nothing a member sees can be an old answer.
// - Pages: the network first; without a connection, the offline page.
// - /assets/ files are fingerprinted by the build (their name changes with their content): kept
//   once fetched, so the app starts fast and its code is there when the network is slow.
const VERSION = 'v1';
const SHELL_CACHE = `ctn-shell-${VERSION}`;
const ASSET_CACHE = `ctn-assets-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const SHELL = [OFFLINE_PAGE, '/favicon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key !== SHELL_CACHE && key !== ASSET_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Answers of the API (and the development tools) are never cached nor answered from here.
  if (
    url.pathname === '/api' ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/dev/')
  )
    return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(OFFLINE_PAGE).then((page) => page ?? Response.error()),
      ),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(ASSET_CACHE).then((cache) =>
        cache.match(request).then(
          (cached) =>
            cached ??
            fetch(request).then((response) => {
              if (response.ok) void cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});
