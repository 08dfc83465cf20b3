// The install bar (install.py): its words come in as placeholders, filled with JSON
// when the page is made (webfiles/__init__.py).
(() => {
  const bar = document.getElementById("install");
  if (!bar) return;
  const texts = $texts;
  const offline = $offline;
  let offer = null;
  let dismissed = false;
  let installed = false;
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  function standalone() {
    return (
      navigator.standalone === true || window.matchMedia?.("(display-mode: standalone)").matches
    );
  }
  function language() {
    let tags = [];
    try {
      const picked = localStorage.getItem("flutter.language");
      if (picked) tags.push(JSON.parse(picked));
    } catch (_e) {}
    tags = tags.concat(navigator.languages || [navigator.language]);
    const aliases = { iw: "he", als: "sq" };
    for (let i = 0; i < tags.length; i++) {
      let c = String(tags[i] || "")
        .trim()
        .toLowerCase()
        .split(/[-_.@]/)[0];
      c = aliases[c] || c;
      // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn needs Safari 15.4
      if (Object.prototype.hasOwnProperty.call(texts, c)) return c;
    }
    return "en";
  }
  function home() {
    if (offline) return /^#?\/?$/.test(location.hash);
    return location.pathname === "/";
  }
  function show() {
    const way = offer ? "prompt" : ios ? "ios" : null;
    const wanted = way && home() && !dismissed && !installed && !standalone();
    if (!wanted) {
      bar.hidden = true;
      return;
    }
    const code = language();
    const t = texts[code] || texts.en;
    bar.lang = code;
    bar.dir = t.dir;
    bar.setAttribute("aria-label", t.install);
    document.getElementById("install-button").textContent = t.install;
    document.getElementById("install-button").hidden = way !== "prompt";
    document.getElementById("install-later").textContent = t.later;
    const steps = document.getElementById("install-ios");
    steps.hidden = way !== "ios";
    document.getElementById("install-ios-title").textContent = t.ios;
    document.getElementById("install-step1").textContent = t.step1;
    document.getElementById("install-step2").textContent = t.step2;
    bar.hidden = false;
  }
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // the app offers it on Home, not the browser's own bar
    offer = event;
    show();
  });
  window.addEventListener("appinstalled", () => {
    installed = true;
    offer = null;
    show();
  });
  document.getElementById("install-button").addEventListener("click", () => {
    if (!offer) return;
    const asked = offer;
    offer = null;
    asked.prompt();
    Promise.resolve(asked.userChoice).then((choice) => {
      if (choice && choice.outcome === "accepted") installed = true;
      show();
    });
    show();
  });
  document.getElementById("install-later").addEventListener("click", () => {
    dismissed = true;
    show();
  });
  // The app changes its address as screens change (history API), or Back does.
  ["pushState", "replaceState"].forEach((name) => {
    const original = history[name];
    history[name] = function (...args) {
      const result = original.apply(this, args);
      show();
      return result;
    };
  });
  window.addEventListener("popstate", show);
  window.addEventListener("hashchange", show);
  if (window.matchMedia) {
    const mode = window.matchMedia("(display-mode: standalone)");
    if (mode.addEventListener) mode.addEventListener("change", show);
  }
  show();
})();
