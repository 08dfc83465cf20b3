// The offline build's page (commands/publish.py), after python.js.
// Offline: a service worker keeps every file; the page tells it what it loaded.
// It is registered once the app's first screen is there (or after 30 s
// whatever happened): on a first visit, storing the app would otherwise
// compete with its start for the network and the processor.
if ("serviceWorker" in navigator) {
  const remember = (urls) =>
    navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ remember: urls }),
    );
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    navigator.serviceWorker.register("sw.js").then(() => {
      remember(performance.getEntriesByType("resource").map((e) => e.name));
      new PerformanceObserver((list) => remember(list.getEntries().map((e) => e.name))).observe({
        type: "resource",
      });
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
if (navigator.storage?.persist) navigator.storage.persist();
