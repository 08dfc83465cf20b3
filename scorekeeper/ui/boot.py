"""The screen a page draws itself while the app starts: plain HTML and CSS, in
the device's language, before Flutter or Python are up (both builds).

It shows the app's name and icon and a progress bar (role=progressbar) whose
aria-valuenow moves through named phases as the page sees them happen: the
engine's code loaded, its first frame, the connection (server app) or Python
reporting the app imported (offline build), and the app's first screen. It
covers Flet's own "Working..." until that first screen, and goes, with no
fade, in the frame that draws it. On the offline build's first visit it adds
a line saying the app is being stored for offline use.

How the page knows that frame: the app sends its language (Flet's locale)
with its first screen, and Flutter sets `<html lang>` to it while drawing
that frame; the page's script sees the change before the browser paints it
and removes the boot screen then. It also sets `<html dir>` from the
language, then and whenever the language changes. A page that sets no
language is covered by the app writing `booted` to the device's storage
(Flutter's SharedPreferences: localStorage on the web) once its first screen
is sent, which the page sees as it is written. Python in the offline build's
worker reports its phases on a BroadcastChannel. No flet here: the pages are
made by static.py and publish.py, from webfiles/boot.html, boot.css and
boot.js.
"""

from scorekeeper import i18n
from scorekeeper.i18n import N_, _
from scorekeeper.ui import webfiles

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
    """The boot screen's markup, style and script (webfiles/boot.*), to put
    first in <body>. `icon`: the app icon's URL on this site."""
    words = texts()
    first = words[i18n.DEFAULT]
    phases = first["phases"]
    assert isinstance(phases, dict)
    return webfiles.page_part(
        "boot.html",
        style=webfiles.style_element("boot.css"),
        palette=webfiles.palette(),
        icon=icon,
        name=str(first["name"]),
        phase=str(phases["download"]),
        script=webfiles.script_element(
            "boot.js",
            texts=words,
            steps=OFFLINE_STEPS if offline else SERVER_STEPS,
            offline=offline,
            channel=CHANNEL,
            booted_key=f"flutter.{BOOTED_KEY}",
            give_up=GIVE_UP_MS,
        ),
    )


def with_boot_screen(page: str, screen: str) -> str:
    """The page with the boot screen first in its body: drawn before
    any script of Flutter's or Flet's has run."""
    head, body, rest = page.partition("<body>")
    if not body:
        raise ValueError("the client's index.html has changed: no <body>")
    return f"{head}<body>\n{screen}{rest}"
