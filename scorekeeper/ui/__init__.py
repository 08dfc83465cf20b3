"""The Flet app, the same in every build: the app state (`state`, plain
Python), the screens that draw it (`screens/`), the session that joins them
to a tab (`session`, `screenframe`) and the app's entry for a page (`app`).

What another layer may use of it is listed in `__all__` below: the web server
(`scorekeeper.web`, which ui never imports) starts pages through it and
speaks to the device, the fonts and the uploads through it, never through
ui's modules. Each name is imported when first used, so importing one module
of ui (the app state, say) does not import Flet and every screen.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.ui.app import make_main, page_fonts
    from scorekeeper.ui.boot import boot_screen, with_boot_screen
    from scorekeeper.ui.device import (
        AWAKE_COOKIE,
        AWAKE_KEY,
        LANGUAGE_COOKIE,
        LANGUAGE_KEY,
        PICKED_COOKIE,
        TEXT_SIZE_COOKIE,
        TEXT_SIZE_KEY,
        client_language,
        device_language,
        preferred_language,
        speak,
    )
    from scorekeeper.ui.fletparts import connection_key, report_errors_to, session_key
    from scorekeeper.ui.fonts import load_needed_fonts
    from scorekeeper.ui.inbox import UPLOAD_PREFIX, UPLOAD_SECONDS, Inbox, NotArrived, Slot, TooBig
    from scorekeeper.ui.install import install_bar
    from scorekeeper.ui.palette import BOARD, THEME_COLOR
    from scorekeeper.ui.screens import page_title
    from scorekeeper.ui.screens.widgets import SIDE_COLORS
    from scorekeeper.ui.session import Keeper
    from scorekeeper.ui.text import (
        bid_label,
        isolate,
        player,
        result_line,
        side_label,
        side_players,
    )
    from scorekeeper.ui.theme import dress_page
    from scorekeeper.ui.updates import announce_drawn, own_update_state, tell_boot_screen
    from scorekeeper.ui.webclient import WebClient, prepare
    from scorekeeper.ui.webfiles import js_value, script_element

__all__ = [  # grouped by what they are for in _HOMES below
    "AWAKE_COOKIE",
    "AWAKE_KEY",
    "BOARD",
    "LANGUAGE_COOKIE",
    "LANGUAGE_KEY",
    "PICKED_COOKIE",
    "SIDE_COLORS",
    "TEXT_SIZE_COOKIE",
    "TEXT_SIZE_KEY",
    "THEME_COLOR",
    "UPLOAD_PREFIX",
    "UPLOAD_SECONDS",
    "Inbox",
    "Keeper",
    "NotArrived",
    "Slot",
    "TooBig",
    "WebClient",
    "announce_drawn",
    "bid_label",
    "boot_screen",
    "client_language",
    "connection_key",
    "device_language",
    "dress_page",
    "install_bar",
    "isolate",
    "js_value",
    "load_needed_fonts",
    "make_main",
    "own_update_state",
    "page_fonts",
    "page_title",
    "player",
    "preferred_language",
    "prepare",
    "report_errors_to",
    "result_line",
    "script_element",
    "session_key",
    "side_label",
    "side_players",
    "speak",
    "tell_boot_screen",
    "with_boot_screen",
]

# The module of ui that holds each public name (the same names as `__all__`).
_HOMES = {
    "app": ("make_main", "page_fonts"),
    "session": ("Keeper",),
    "theme": ("dress_page",),
    "fonts": ("load_needed_fonts",),
    "device": (
        "client_language",
        "device_language",
        "preferred_language",
        "speak",
        "LANGUAGE_COOKIE",
        "PICKED_COOKIE",
        "AWAKE_COOKIE",
        "LANGUAGE_KEY",
        "AWAKE_KEY",
        "TEXT_SIZE_COOKIE",
        "TEXT_SIZE_KEY",
    ),
    "updates": ("announce_drawn", "tell_boot_screen", "own_update_state"),
    "fletparts": ("session_key", "connection_key", "report_errors_to"),
    "inbox": ("Inbox", "Slot", "TooBig", "NotArrived", "UPLOAD_PREFIX", "UPLOAD_SECONDS"),
    "palette": ("BOARD", "THEME_COLOR"),
    "screens": ("page_title",),
    "screens.widgets": ("SIDE_COLORS",),
    "text": ("bid_label", "isolate", "result_line", "player", "side_label", "side_players"),
    "webclient": ("WebClient", "prepare"),
    "boot": ("boot_screen", "with_boot_screen"),
    "install": ("install_bar",),
    "webfiles": ("js_value", "script_element"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    """Import a public name's module when the name is first used."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
