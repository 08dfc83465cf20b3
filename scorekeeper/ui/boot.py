"""The screen a page draws itself while the app starts: plain HTML and CSS, in
the device's language, before Flutter or Python are up (both builds).

It shows the app's name and icon and a progress bar (role=progressbar) whose
aria-valuenow moves through named phases as the page sees them happen: the
engine's code loaded, its first frame, the connection (server app) or Python
reporting the app imported (offline build), and the app's first screen. It
covers Flet's own "Working..." until that first screen is drawn, then fades.
On the offline build's first visit it adds a line saying the app is being
stored for offline use.

The app tells the page its first screen is drawn by writing `booted` to the
device's storage (Flutter's SharedPreferences: localStorage on the web), which
the page watches; Python in the offline build's worker reports its phases on a
BroadcastChannel. No flet here: the pages are made by static.py and publish.py.
"""

import json

from scorekeeper import i18n
from scorekeeper.i18n import N_, _
from scorekeeper.ui.palette import DARK, LIGHT

BOOTED_KEY = "booted"  # in the device's storage: changes each time a first screen is drawn
CHANNEL = "scorekeeper-boot"  # the offline build's worker reports its phases here

PHASES = {
    "download": N_("Loading the app"),
    "python": N_("Starting the app"),
    "screen": N_("Preparing the screen"),
    "connect": N_("Connecting"),
    "games": N_("Opening your games"),
    "ready": N_("Ready"),
}
# Where each phase puts the bar, per build: the share of a usual start it marks.
SERVER_STEPS = {"download": 10, "screen": 35, "connect": 60, "games": 85, "ready": 100}
OFFLINE_STEPS = {"download": 5, "python": 15, "screen": 30, "games": 75, "ready": 100}
FIRST_VISIT = N_(
    "First start: the app is being stored on this device, so that it opens with no "
    "connection from now on."
)
GIVE_UP_MS = 180_000  # after this the screen goes anyway: an error page shows under it

CSS = """
#boot {
  position: fixed; inset: 0; z-index: 2147483646;
  display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 16px; padding: 24px; box-sizing: border-box;
  background: LIGHT_SURFACE; color: LIGHT_TEXT;
  font: 16px/1.4 Roboto, "Noto Sans Thai", "Noto Sans Hebrew", "DejaVu Sans", sans-serif;
  text-align: center; pointer-events: none; transition: opacity 0.2s;
}
#boot.done { opacity: 0; }
#boot img { width: 96px; height: 96px; }
#boot h1 { margin: 0; font-size: 24px; font-weight: 700; }
#boot-bar {
  width: min(280px, 80vw); height: 8px; border-radius: 4px; overflow: hidden;
  background: LIGHT_TRACK;
}
#boot-fill { height: 100%; width: 0; background: LIGHT_PRIMARY; transition: width 0.4s; }
#boot p { margin: 0; max-width: 320px; }
#boot-first { font-size: 14px; }
@media (prefers-color-scheme: dark) {
  #boot { background: DARK_SURFACE; color: DARK_TEXT; }
  #boot-bar { background: DARK_TRACK; }
  #boot-fill { background: DARK_PRIMARY; }
}
"""

SCRIPT = """(function () {
  var boot = document.getElementById("boot");
  if (!boot) return;
  var texts = {};
  try { texts = JSON.parse(document.getElementById("boot-texts").textContent); } catch (e) {}
  var steps = STEPS, offline = OFFLINE;
  // The language the app will speak: picked on this device, else the server's
  // cookie, else the browser's (as the connection banner chooses).
  var tags = [];
  try {
    var picked = localStorage.getItem("flutter.language");
    if (picked) tags.push(JSON.parse(picked));
  } catch (e) {}
  var cookie = document.cookie.match(/(?:^|;\\s*)language=([^;]*)/);
  if (cookie) tags.push(decodeURIComponent(cookie[1]));
  tags = tags.concat(navigator.languages || [navigator.language]);
  var code = "en", aliases = { iw: "he", als: "sq" };
  for (var i = 0; i < tags.length; i++) {
    var c = String(tags[i] || "").trim().toLowerCase().split(/[-_.@]/)[0];
    c = aliases[c] || c;
    if (Object.prototype.hasOwnProperty.call(texts, c)) { code = c; break; }
  }
  var t = texts[code] || texts.en;
  var bar = document.getElementById("boot-bar"), fill = document.getElementById("boot-fill");
  var label = document.getElementById("boot-phase");
  if (t) {
    document.documentElement.lang = code;
    boot.lang = code;
    boot.dir = t.dir;
    document.getElementById("boot-name").textContent = t.name;
  }
  var first = offline && "serviceWorker" in navigator && !navigator.serviceWorker.controller;
  if (first && t) {
    var line = document.getElementById("boot-first");
    line.textContent = t.first;
    line.hidden = false;
  }
  var reached = -1, finished = false;
  function phase(name) {
    var value = steps[name];
    if (value === undefined || value <= reached || finished) return;
    reached = value;
    var said = t ? t.phases[name] : name;
    bar.setAttribute("aria-valuenow", String(value));
    bar.setAttribute("aria-valuetext", said);
    fill.style.width = value + "%";
    label.textContent = said;
    if (name === "ready") done();
  }
  function done() {
    finished = true;
    boot.setAttribute("aria-busy", "false");
    // two frames: the first screen is painted under the boot screen first
    requestAnimationFrame(function () { requestAnimationFrame(function () {
      boot.className = "done";
      setTimeout(function () { if (boot.parentNode) boot.parentNode.removeChild(boot); }, 250);
    }); });
  }
  phase("download");
  if (offline) phase("python");  // the worker starts with the page
  // The engine's code has arrived, then its first frame.
  function seen(entries) {
    for (var i = 0; i < entries.length; i++) {
      if (/main\\.dart\\.(wasm|js)$/.test(entries[i].name.split("?")[0])) phase("screen");
    }
  }
  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver(function (list) { seen(list.getEntries()); })
        .observe({ type: "resource", buffered: true });
    } catch (e) {}
  }
  window.addEventListener("flutter-first-frame", function () {
    phase("screen");
    phase("connect");
  });
  // Server app: the connection opens, the app answers.
  var Native = window.WebSocket;
  if (!offline && Native) {
    var Watched = function (url, protocols) {
      var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
      phase("connect");
      socket.addEventListener("message", function () { phase("games"); }, { once: true });
      return socket;
    };
    Watched.prototype = Native.prototype;
    ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (n) { Watched[n] = Native[n]; });
    window.WebSocket = Watched;
  }
  // Offline build: Python in its worker says how far it got.
  if (offline && window.BroadcastChannel) {
    new BroadcastChannel("CHANNEL").onmessage = function (event) { phase(String(event.data)); };
  }
  // The app's first screen is drawn: it wrote `booted` to the device's storage.
  var key = "flutter.BOOTED_KEY", before = null;
  try { before = localStorage.getItem(key); } catch (e) {}
  var began = Date.now();
  var timer = setInterval(function () {
    var now = null;
    try { now = localStorage.getItem(key); } catch (e) {}
    if (now !== before || Date.now() - began > GIVE_UP) {
      clearInterval(timer);
      phase("ready");
    }
  }, 100);
})();"""


def texts() -> dict[str, dict[str, object]]:
    """The boot screen's words in every language the app speaks."""
    out: dict[str, dict[str, object]] = {}
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            out[code] = {
                "dir": "rtl" if i18n.is_rtl() else "ltr",
                "name": _("Spades Scorekeeper"),
                "phases": {name: _(text) for name, text in PHASES.items()},
                "first": _(FIRST_VISIT),
            }
    return out


def boot_screen(icon: str, offline: bool) -> str:
    """The boot screen's markup, style and script, to put first in <body>.
    `icon`: the app icon's URL on this site."""
    steps = OFFLINE_STEPS if offline else SERVER_STEPS
    css = CSS
    for name, palette in (("LIGHT", LIGHT), ("DARK", DARK)):
        css = (
            css.replace(f"{name}_SURFACE", palette.surface)
            .replace(f"{name}_TEXT", palette.on_surface)
            .replace(f"{name}_PRIMARY", palette.primary)
            .replace(f"{name}_TRACK", palette.primary_container)
        )
    script = (
        SCRIPT.replace("STEPS", json.dumps(steps))
        .replace("OFFLINE", "true" if offline else "false")
        .replace("CHANNEL", CHANNEL)
        .replace("BOOTED_KEY", BOOTED_KEY)
        .replace("GIVE_UP", str(GIVE_UP_MS))
    )
    data = json.dumps(texts(), ensure_ascii=True).replace("<", "\\u003c")
    first = texts()[i18n.DEFAULT]
    phases = first["phases"]
    assert isinstance(phases, dict)
    return (
        f"<style>{css}</style>\n"
        '<div id="boot" role="status" aria-busy="true">\n'
        f'  <img src="{icon}" width="96" height="96" alt="">\n'
        f'  <h1 id="boot-name">{first["name"]}</h1>\n'
        '  <div id="boot-bar" role="progressbar" aria-valuemin="0" aria-valuemax="100"'
        ' aria-valuenow="0" aria-labelledby="boot-phase"><div id="boot-fill"></div></div>\n'
        f'  <p id="boot-phase">{phases["download"]}</p>\n'
        '  <p id="boot-first" hidden></p>\n'
        "</div>\n"
        f'<script type="application/json" id="boot-texts">{data}</script>\n'
        f"<script>{script}</script>\n"
    )


def with_boot_screen(page: str, screen: str) -> str:
    """The page with the boot screen first in its body: drawn before
    any script of Flutter's or Flet's has run."""
    head, body, rest = page.partition("<body>")
    if not body:
        raise ValueError("the client's index.html has changed: no <body>")
    return f"{head}<body>\n{screen}{rest}"
