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
  if (t) {
    document.documentElement.lang = code;
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
    // two frames: the first screen is painted under the boot screen first
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        boot.className = "done";
        setTimeout(() => {
          if (boot.parentNode) boot.parentNode.removeChild(boot);
        }, 250);
      });
    });
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
  // The app's first screen is drawn: it wrote `booted` to the device's storage.
  const key = $booted_key;
  let before = null;
  try {
    before = localStorage.getItem(key);
  } catch (_e) {}
  const began = Date.now();
  const timer = setInterval(() => {
    let now = null;
    try {
      now = localStorage.getItem(key);
    } catch (_e) {}
    if (now !== before || Date.now() - began > $give_up) {
      clearInterval(timer);
      phase("ready");
    }
  }, 100);
})();
