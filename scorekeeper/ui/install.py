"""*Install app* on Home, drawn by the page itself (both builds).

Where the browser offers to install the app (Chromium on Android and desktop:
the `beforeinstallprompt` event), Home shows an *Install app* button that opens
the browser's own prompt: an HTML button, so the tap that opens it is the
user's own (a prompt may only open from one). Safari on an iPhone or iPad has
no such event: Home shows the two steps instead (Share, then Add to Home
Screen). Once the app runs installed (display-mode standalone), neither.
*Not now* hides it until the next start. Only on Home: the page follows the
app's address (a path on the server app, after `#` in the offline build).
No flet here: the pages are made by static.py and publish.py, from
webfiles/install.html, install.css and install.js.
"""

from scorekeeper import i18n
from scorekeeper.i18n import N_, _
from scorekeeper.ui import webfiles

TEXTS = {
    "install": N_("Install app"),
    "later": N_("Not now"),
    "ios": N_("Install this app on your iPhone:"),
    "step1": N_("Tap the Share button."),
    "step2": N_("Choose Add to Home Screen."),
}


def texts() -> dict[str, dict[str, str]]:
    """The bar's words in every language the app speaks."""
    out: dict[str, dict[str, str]] = {}
    for code in i18n.LANGUAGES:
        with i18n.language(code):
            out[code] = {"dir": "rtl" if i18n.is_rtl() else "ltr"}
            out[code].update({key: _(text) for key, text in TEXTS.items()})
    return out


def install_bar(offline: bool) -> str:
    """The bar's markup, style and script (webfiles/install.*), for the page's <body>."""
    return webfiles.page_part(
        "install.html",
        style=webfiles.style_element("install.css"),
        palette=webfiles.palette(),
        script=webfiles.script_element("install.js", texts=texts(), offline=offline),
    )
