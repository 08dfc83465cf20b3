"""The scripts the offline app's site adds to the web client: the service
worker (`sw.js`, its version and file list filled in by publish.py) and the
page's script that registers it and asks the browser to keep the site's data."""

SERVICE_WORKER = """\
// Keeps every file of this build so the app starts with no network.
const CACHE = "spades-scorekeeper-__VERSION__";
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The first install reuses what the page has just downloaded; an update asks
    // the host whether the browser's copy is current (a bodiless 304 when it
    // is), so a new build never keeps an older build's files.
    const mode = self.registration.active ? "no-cache" : "force-cache";
    await Promise.all(PRECACHE.map(async (path) => {
      const request = new Request(path, { cache: mode });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      await cache.put(path, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // the Python snapshot's cache is keyed to its build by python-worker.js
    for (const name of await caches.keys()) {
      if (name !== CACHE && name !== "spades-scorekeeper-snapshot") await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function remember(url) {
  const cache = await caches.open(CACHE);
  if (await cache.match(url, { ignoreSearch: true })) return;
  const response = await fetch(new Request(url, { cache: "force-cache" }));
  if (response.ok) await cache.put(url, response);
}

// The page names the files it loaded before this worker was in control.
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.remember) || [];
  const here = new URL(self.registration.scope);
  event.waitUntil(Promise.all(urls
    .filter((url) => new URL(url).origin === here.origin)
    .map((url) => remember(url).catch(() => undefined))));
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
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = request.mode === "navigate" ? new URL("./", self.registration.scope).href : request;
    const hit = await cache.match(key, { ignoreSearch: true });
    if (hit) return isolated(hit);
    const response = await fetch(request);
    if (response.ok && request.mode !== "navigate") await cache.put(request, response.clone());
    return isolated(response);
  })());
});
"""

PAGE_SCRIPT = """\
<script>
  // Offline: a service worker keeps every file; the page tells it what it loaded.
  // It is registered once the app's first screen is there (or after 30 s
  // whatever happened): on a first visit, storing the app would otherwise
  // compete with its start for the network and the processor.
  if ("serviceWorker" in navigator) {
    const remember = (urls) => navigator.serviceWorker.ready.then(
      (registration) => registration.active && registration.active.postMessage({ remember: urls }));
    let registered = false;
    const register = () => {
      if (registered) return;
      registered = true;
      navigator.serviceWorker.register("sw.js").then(() => {
        remember(performance.getEntriesByType("resource").map((e) => e.name));
        new PerformanceObserver((list) => remember(list.getEntries().map((e) => e.name)))
          .observe({ type: "resource" });
      });
    };
    window.addEventListener("spades-startup", (event) => {
      if (event.detail.phase === "first screen") register();
    });
    setTimeout(register, 30000);
  }
  // Python starts now, while Flutter loads (see python.js). Each start-up
  // phase becomes a performance mark and a "spades-startup" event.
  flet.earlyWorker = new Worker("python-worker.js", { type: "module" });
  const startup = new MessageChannel();
  startup.port1.onmessage = (event) => {
    const { phase, at } = event.data;
    const startTime = at - performance.timeOrigin;
    performance.mark(`python: ${phase}`, { startTime, detail: event.data });
    window.dispatchEvent(new CustomEvent("spades-startup", { detail: event.data }));
  };
  flet.earlyWorker.postMessage({ startup: startup.port2 }, [startup.port2]);
  window.addEventListener("flutter-first-frame", () => performance.mark("flutter: first frame"));
  const connect = globalThis.jsConnect; // python.js: Flutter asks for Python
  globalThis.jsConnect = (...args) => {
    performance.mark("flutter: connects");
    return connect(...args);
  };
  flet.takeWorker = () => {
    const worker = flet.earlyWorker || new Worker("python-worker.js", { type: "module" });
    flet.earlyWorker = null;
    return worker;
  };
  // Ask the browser to keep this site's data; the app reads the answer.
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist();
</script>
"""
