"""*Install app* on Home, drawn by the page itself (both builds).

Where the browser offers to install the app (Chromium on Android and desktop:
the `beforeinstallprompt` event), Home shows an *Install app* button that opens
the browser's own prompt: an HTML button, so the tap that opens it is the
user's own (a prompt may only open from one). Safari on an iPhone or iPad has
no such event: Home shows the two steps instead (Share, then Add to Home
Screen). Once the app runs installed (display-mode standalone), neither.
*Not now* hides it until the next start. Only on Home: the page follows the
app's address (a path on the server app, after `#` in the offline build).
No flet here: the pages are made by static.py and publish.py.
"""

import json

from scorekeeper import i18n
from scorekeeper.i18n import N_, _
from scorekeeper.ui.palette import DARK, LIGHT

TEXTS = {
    "install": N_("Install app"),
    "later": N_("Not now"),
    "ios": N_("Install this app on your iPhone:"),
    "step1": N_("Tap the Share button."),
    "step2": N_("Choose Add to Home Screen."),
}

CSS = """
#install {
  position: fixed; left: 0; right: 0; bottom: 0; z-index: 2147483000;
  display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 8px 12px;
  padding: 10px 16px calc(10px + env(safe-area-inset-bottom)); box-sizing: border-box;
  background: LIGHT_CARD; color: LIGHT_TEXT; border-top: 1px solid LIGHT_TRACK;
  font: 16px/1.4 Roboto, "Noto Sans Thai", "Noto Sans Hebrew", "DejaVu Sans", sans-serif;
}
#install[hidden] { display: none; }
#install button {
  min-height: 48px; padding: 0 20px; border-radius: 24px; font: inherit; font-weight: 700;
  cursor: pointer;
}
#install-button { background: LIGHT_PRIMARY; color: LIGHT_ON_PRIMARY; border: 0; }
#install-later { background: transparent; color: LIGHT_PRIMARY; border: 1px solid LIGHT_PRIMARY; }
#install-ios { margin: 0; }
#install-ios ol { margin: 4px 0 0; padding-inline-start: 24px; }
@media (prefers-color-scheme: dark) {
  #install { background: DARK_CARD; color: DARK_TEXT; border-color: DARK_TRACK; }
  #install-button { background: DARK_PRIMARY; color: DARK_ON_PRIMARY; }
  #install-later { color: DARK_PRIMARY; border-color: DARK_PRIMARY; }
}
"""

SCRIPT = """(function () {
  var bar = document.getElementById("install");
  if (!bar) return;
  var texts = {};
  try { texts = JSON.parse(document.getElementById("install-texts").textContent); } catch (e) {}
  var offline = OFFLINE, offer = null, dismissed = false, installed = false;
  var ios = /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  function standalone() {
    return navigator.standalone === true ||
      (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);
  }
  function language() {
    var tags = [];
    try {
      var picked = localStorage.getItem("flutter.language");
      if (picked) tags.push(JSON.parse(picked));
    } catch (e) {}
    tags = tags.concat(navigator.languages || [navigator.language]);
    var aliases = { iw: "he", als: "sq" };
    for (var i = 0; i < tags.length; i++) {
      var c = String(tags[i] || "").trim().toLowerCase().split(/[-_.@]/)[0];
      c = aliases[c] || c;
      if (Object.prototype.hasOwnProperty.call(texts, c)) return c;
    }
    return "en";
  }
  function home() {
    if (offline) return /^#?\\/?$/.test(location.hash);
    return location.pathname === "/";
  }
  function show() {
    var way = offer ? "prompt" : (ios ? "ios" : null);
    var wanted = way && home() && !dismissed && !installed && !standalone();
    if (!wanted) { bar.hidden = true; return; }
    var code = language(), t = texts[code] || texts.en;
    bar.lang = code;
    bar.dir = t.dir;
    bar.setAttribute("aria-label", t.install);
    document.getElementById("install-button").textContent = t.install;
    document.getElementById("install-button").hidden = way !== "prompt";
    document.getElementById("install-later").textContent = t.later;
    var steps = document.getElementById("install-ios");
    steps.hidden = way !== "ios";
    document.getElementById("install-ios-title").textContent = t.ios;
    document.getElementById("install-step1").textContent = t.step1;
    document.getElementById("install-step2").textContent = t.step2;
    bar.hidden = false;
  }
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();  // the app offers it on Home, not the browser's own bar
    offer = event;
    show();
  });
  window.addEventListener("appinstalled", function () { installed = true; offer = null; show(); });
  document.getElementById("install-button").addEventListener("click", function () {
    if (!offer) return;
    var asked = offer;
    offer = null;
    asked.prompt();
    Promise.resolve(asked.userChoice).then(function (choice) {
      if (choice && choice.outcome === "accepted") installed = true;
      show();
    });
    show();
  });
  document.getElementById("install-later").addEventListener("click", function () {
    dismissed = true;
    show();
  });
  // The app changes its address as screens change (history API), or Back does.
  ["pushState", "replaceState"].forEach(function (name) {
    var original = history[name];
    history[name] = function () {
      var result = original.apply(this, arguments);
      show();
      return result;
    };
  });
  window.addEventListener("popstate", show);
  window.addEventListener("hashchange", show);
  if (window.matchMedia) {
    var mode = window.matchMedia("(display-mode: standalone)");
    if (mode.addEventListener) mode.addEventListener("change", show);
  }
  show();
})();"""


def texts() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            out[code] = {"dir": "rtl" if i18n.is_rtl() else "ltr"}
            out[code].update({key: _(text) for key, text in TEXTS.items()})
    return out


def install_bar(offline: bool) -> str:
    """The bar's markup, style and script, for the page's <body>."""
    css = CSS
    for name, palette in (("LIGHT", LIGHT), ("DARK", DARK)):
        css = (
            css.replace(f"{name}_CARD", palette.card)
            .replace(f"{name}_TEXT", palette.on_surface)
            .replace(f"{name}_ON_PRIMARY", palette.on_primary)
            .replace(f"{name}_PRIMARY", palette.primary)
            .replace(f"{name}_TRACK", palette.primary_container)
        )
    data = json.dumps(texts(), ensure_ascii=True).replace("<", "\\u003c")
    return (
        f"<style>{css}</style>\n"
        '<div id="install" role="region" aria-label="Install" hidden>\n'
        '  <div id="install-ios" hidden><p id="install-ios-title"></p>'
        '<ol><li id="install-step1"></li><li id="install-step2"></li></ol></div>\n'
        '  <button id="install-button" type="button" hidden></button>\n'
        '  <button id="install-later" type="button"></button>\n'
        "</div>\n"
        f'<script type="application/json" id="install-texts">{data}</script>\n'
        f"<script>{SCRIPT.replace('OFFLINE', 'true' if offline else 'false')}</script>\n"
    )
