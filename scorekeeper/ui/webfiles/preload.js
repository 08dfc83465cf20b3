// The server app's page (web/static.py): start the two big downloads (the app
// and the renderer) while the page is still being read, instead of after
// Flutter's loader has run: only where that loader will pick them (Chromium
// with WasmGC and the browser's image and text APIs; the same tests as its
// bootstrap script), so other browsers load nothing extra. The client's
// versioned path is filled in when the page is made.
(() => {
  const d = document;
  const n = navigator;
  const blink = n.vendor === "Google Inc." || n.userAgent.indexOf("Edg/") >= 0;
  const gc = WebAssembly.validate(
    new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0]),
  );
  const apis =
    typeof ImageDecoder !== "undefined" &&
    typeof Intl.v8BreakIterator !== "undefined" &&
    typeof Intl.Segmenter !== "undefined";
  if (!blink || !gc || !apis) return;
  function add(rel, href, as) {
    const l = d.createElement("link");
    l.rel = rel;
    l.href = $prefix + href;
    if (as) {
      l.as = as;
      l.crossOrigin = "anonymous";
    }
    d.head.appendChild(l);
  }
  add("modulepreload", "main.dart.mjs");
  add("modulepreload", "canvaskit/skwasm.js");
  add("preload", "main.dart.wasm", "fetch");
  add("preload", "canvaskit/skwasm.wasm", "fetch");
})();
