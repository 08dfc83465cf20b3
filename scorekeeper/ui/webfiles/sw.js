// The offline build's service worker (commands/publish.py): keeps every file
// of this build so the app starts with no network. The cache's name and the
// files to keep are filled in at publish time.
const CACHE = $cache;
const PRECACHE = $precache;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The first install reuses what the page has just downloaded; an update asks
      // the host whether the browser's copy is current (a bodiless 304 when it
      // is), so a new build never keeps an older build's files.
      const mode = self.registration.active ? "no-cache" : "force-cache";
      await Promise.all(
        PRECACHE.map(async (path) => {
          const request = new Request(path, { cache: mode });
          const response = await fetch(request);
          if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
          await cache.put(path, response);
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // the Python snapshot's cache is keyed to its build by python-worker.js
      for (const name of await caches.keys()) {
        if (name !== CACHE && name !== "spades-scorekeeper-snapshot") await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function remember(url) {
  const cache = await caches.open(CACHE);
  if (await cache.match(url, { ignoreSearch: true })) return;
  const response = await fetch(new Request(url, { cache: "force-cache" }));
  if (response.ok) await cache.put(url, response);
}

// The page names the files it loaded before this worker was in control.
self.addEventListener("message", (event) => {
  const urls = event.data?.remember || [];
  const here = new URL(self.registration.scope);
  event.waitUntil(
    Promise.all(
      urls
        .filter((url) => new URL(url).origin === here.origin)
        .map((url) => remember(url).catch(() => undefined)),
    ),
  );
});

// A static host cannot send the headers that make a page cross-origin
// isolated; this worker adds them, so from the second visit on Flutter draws
// on a thread of its own. Every file is from this origin, so nothing breaks.
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

function isolated(response) {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  const { status, statusText } = response;
  return new Response(response.body, { status, statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const key =
        request.mode === "navigate" ? new URL("./", self.registration.scope).href : request;
      const hit = await cache.match(key, { ignoreSearch: true });
      if (hit) return isolated(hit);
      const response = await fetch(request);
      if (response.ok && request.mode !== "navigate") await cache.put(request, response.clone());
      return isolated(response);
    })(),
  );
});
