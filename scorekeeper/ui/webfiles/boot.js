// The boot screen (boot.py): its words and where each phase puts the bar come
// in as placeholders, filled with JSON when the page is made (webfiles/__init__.py).
(() => {
  const boot = document.getElementById("boot");
  if (!boot) return;
  const texts = $texts;
  const steps = $steps;
  const offline = $offline;
  // The language the app will speak: picked on this device, else the server's
  // cookie, else the browser's (as the connection banner chooses).
  let tags = [];
  try {
    const picked = localStorage.getItem("flutter.language");
    if (picked) tags.push(JSON.parse(picked));
  } catch (_e) {}
  const cookie = document.cookie.match(/(?:^|;\s*)language=([^;]*)/);
  if (cookie) tags.push(decodeURIComponent(cookie[1]));
  tags = tags.concat(navigator.languages || [navigator.language]);
  let code = "en";
  const aliases = { iw: "he", als: "sq" };
  for (let i = 0; i < tags.length; i++) {
    let c = String(tags[i] || "")
      .trim()
      .toLowerCase()
      .split(/[-_.@]/)[0];
    c = aliases[c] || c;
    // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn needs Safari 15.4
    if (Object.prototype.hasOwnProperty.call(texts, c)) {
      code = c;
      break;
    }
  }
  const t = texts[code] || texts.en;
  const bar = document.getElementById("boot-bar");
  const fill = document.getElementById("boot-fill");
  const label = document.getElementById("boot-phase");
  const html = document.documentElement;
  if (t) {
    html.lang = code;
    html.dir = t.dir;
    boot.lang = code;
    boot.dir = t.dir;
    document.getElementById("boot-name").textContent = t.name;
  }
  const first = offline && "serviceWorker" in navigator && !navigator.serviceWorker.controller;
  if (first && t) {
    const line = document.getElementById("boot-first");
    line.textContent = t.first;
    line.hidden = false;
  }
  let reached = -1;
  let finished = false;
  function phase(name) {
    const value = steps[name];
    if (value === undefined || value <= reached || finished) return;
    reached = value;
    const said = t ? t.phases[name] : name;
    bar.setAttribute("aria-valuenow", String(value));
    bar.setAttribute("aria-valuetext", said);
    fill.style.width = `${value}%`;
    label.textContent = said;
    if (name === "ready") done();
  }
  function done() {
    finished = true;
    boot.setAttribute("aria-busy", "false");
    boot.remove();
  }
  phase("download");
  if (offline) phase("python"); // the worker starts with the page
  // The engine's code has arrived, then its first frame.
  function seen(entries) {
    for (let i = 0; i < entries.length; i++) {
      if (/main\.dart\.(wasm|js)$/.test(entries[i].name.split("?")[0])) phase("screen");
    }
  }
  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver((list) => {
        seen(list.getEntries());
      }).observe({ type: "resource", buffered: true });
    } catch (_e) {}
  }
  window.addEventListener("flutter-first-frame", () => {
    phase("screen");
    phase("connect");
  });
  // Server app: the connection opens, the app answers. A function, not an
  // arrow: Flutter calls it with `new`.
  const Native = window.WebSocket;
  function Watched(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    phase("connect");
    socket.addEventListener(
      "message",
      () => {
        phase("games");
      },
      { once: true },
    );
    return socket;
  }
  if (!offline && Native) {
    Watched.prototype = Native.prototype;
    ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach((n) => {
      Watched[n] = Native[n];
    });
    window.WebSocket = Watched;
  }
  // Offline build: Python in its worker says how far it got.
  if (offline && window.BroadcastChannel) {
    new BroadcastChannel($channel).onmessage = (event) => {
      phase(String(event.data));
    };
  }
  // The app's first screen: Flutter sets <html lang> to the app's language in
  // the frame that draws it (the app sends its language with that screen).
  // Observed as it happens, after that frame's callback and before the browser
  // paints it: the boot screen goes in that same frame. <html dir> follows the
  // app's language from then on (Flutter sets only lang).
  let flutterDrew = false;
  window.addEventListener("flutter-first-frame", () => {
    flutterDrew = true;
  });
  new MutationObserver(() => {
    const lang = html.getAttribute("lang") || "";
    // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn needs Safari 15.4
    if (!Object.prototype.hasOwnProperty.call(texts, lang)) return; // Flutter's own "en-US"
    if (html.dir !== texts[lang].dir) html.dir = texts[lang].dir;
    if (flutterDrew) phase("ready");
  }).observe(html, { attributes: true, attributeFilter: ["lang"] });
  // The app also writes `booted` to the device's storage once its first screen
  // is sent (a page that sets no language, a reload): seen as it is written;
  // the screen goes after two frames, the first screen painted under it first.
  const key = $booted_key;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (name, value) {
    setItem.call(this, name, value);
    if (name === key && !finished) {
      requestAnimationFrame(() => {
        requestAnimationFrame(() => {
          phase("ready");
        });
      });
    }
  };
  setTimeout(() => {
    phase("ready");
  }, $give_up);
})();
