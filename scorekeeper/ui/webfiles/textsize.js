// Every page of the app, in both builds (web/static.py, commands/publish.py).
// The text size picked on the device (kept by the client in the browser's
// storage, in percent) scales every text Flutter draws: Flutter takes the
// page's root font size as its text scale, and follows it when it changes.
// Set before Flutter starts, and again whenever the app stores a new size, in
// this tab or in another one. Served, it also rides to the server as a cookie
// (the app shows the setting with no round trip to ask the page).
// The theme colour is the app's own: Flutter's engine writes a transparent one
// into the same meta element, which is put back at once.
(() => {
  const d = document;
  const key = $text_size_key;
  const cookie = $text_size_cookie;
  const color = $theme_color;
  const apply = (raw) => {
    let v = null;
    try {
      v = JSON.parse(raw || "null");
    } catch (_e) {}
    const size = Number.isInteger(v) && v > 100 && v <= 200 ? v : null;
    d.documentElement.style.fontSize = size ? `${size}%` : "";
    if (cookie) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
      d.cookie = size
        ? `${cookie}=${size}; Path=/; SameSite=Strict`
        : `${cookie}=; Path=/; Max-Age=0; SameSite=Strict`;
    }
  };
  try {
    apply(localStorage.getItem(key));
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (name, value) {
      setItem.call(this, name, value);
      if (this === localStorage && name === key) apply(value);
    };
    window.addEventListener("storage", (event) => {
      if (event.key === key) apply(event.newValue);
    });
  } catch (_e) {} // no storage (a private window that refuses it): the normal size
  // Flutter's engine may remove its meta element and make a new one: the
  // whole head is watched.
  const ours = () => {
    let meta = d.getElementById("flutterweb-theme");
    if (!meta) {
      meta = d.createElement("meta");
      meta.id = "flutterweb-theme";
      meta.name = "theme-color";
      d.head.append(meta);
    }
    for (const each of d.querySelectorAll('meta[name="theme-color"]')) {
      if (each.content !== color) each.content = color;
    }
  };
  ours();
  new MutationObserver(ours).observe(d.head, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["content"],
  });
})();
