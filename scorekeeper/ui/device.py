"""What the app knows of the device a page runs on: the language it speaks
and whether its screen may go dark, as remembered there.

Served by our web server, these come with the page's websocket request, as
cookies (the page's script copies them from the device's storage, see
web/static.py), so the first screen is drawn in the right language without a
round trip; elsewhere (the offline build, a native app) the device's storage
is asked. The keeper's app and the watch pages choose their language alike.
"""

import asyncio
import logging
from typing import Any

import flet as ft

from scorekeeper import i18n
from scorekeeper.i18n import _
from scorekeeper.ui import fletparts

log = logging.getLogger(__name__)

# Keys in the device's storage (the browser's).
LANGUAGE_KEY = "language"  # the language picked on the device
AWAKE_KEY = "keep_screen_on"  # False when the user let the screen go dark during a game
TEXT_SIZE_KEY = "text_size"  # the text size picked on the device, in percent
# Cookies the page's websocket request carries.
LANGUAGE_COOKIE = "language"  # the browser's language, set by the server on the page
PICKED_COOKIE = "picked"  # the language picked on the device, set by the page (static.py)
AWAKE_COOKIE = "awake"  # "off" when the screen may go dark during a game, set alike
TEXT_SIZE_COOKIE = "text_size"  # the text size picked on the device, set alike

PREFS_TIMEOUT = 5.0  # seconds a client is given to read its storage


def request_cookies(page: ft.Page) -> dict[str, str] | None:
    """The cookies the page's websocket request carried; None when not served
    by our web server (the offline build, a native app)."""
    cookies = getattr(fletparts.websocket(page), "cookies", None)
    return dict(cookies) if cookies is not None else None


async def device_language(
    page: ft.Page, prefs: ft.SharedPreferences, fallback: str | None = None
) -> str:
    """The language a page speaks: the one picked on this device earlier, else
    the browser's preferred one, else `fallback`, else English."""
    cookies = request_cookies(page)
    if cookies is not None:
        stored: Any = cookies.get(PICKED_COOKIE)
    else:
        try:
            stored = await asyncio.wait_for(prefs.get(LANGUAGE_KEY), PREFS_TIMEOUT)
        except Exception:  # no client storage (an old client): the browser's language
            log.debug("no client storage", exc_info=True)
            stored = None
    picked = i18n.match(stored) if isinstance(stored, str) else None
    return picked or client_language(page) or fallback or i18n.DEFAULT


async def screen_may_go_dark(page: ft.Page, prefs: ft.SharedPreferences) -> bool:
    """Whether the user turned "keep the screen on" off on this device. Read
    from the storage, it costs a round trip: ask after the first screen."""
    cookies = request_cookies(page)
    if cookies is not None:
        return cookies.get(AWAKE_COOKIE) == "off"
    try:
        stored = await asyncio.wait_for(prefs.get(AWAKE_KEY), PREFS_TIMEOUT)
    except Exception:  # no client storage: the default
        log.debug("no client storage", exc_info=True)
        return False
    return stored is False


async def device_text_size(page: ft.Page, prefs: ft.SharedPreferences) -> str | None:
    """The text size picked on this device (percent, as stored), or None.
    The page itself already draws at that size (webfiles/textsize.js): the app
    reads it only to show the setting. Asked after the first screen, like the
    screen setting."""
    cookies = request_cookies(page)
    if cookies is not None:
        return cookies.get(TEXT_SIZE_COOKIE)
    try:
        stored = await asyncio.wait_for(prefs.get(TEXT_SIZE_KEY), PREFS_TIMEOUT)
    except Exception:  # no client storage: the default
        log.debug("no client storage", exc_info=True)
        return None
    return None if stored is None else str(stored)


def speak(page: ft.Page, code: str) -> None:
    """The page reads in the language's direction, and Flutter's own words
    (tooltips, dates) follow its locale."""
    page.rtl = i18n.get(code).rtl
    page.locale_configuration = ft.LocaleConfiguration(
        supported_locales=[ft.Locale(c) for c in i18n.LANGUAGES],
        current_locale=ft.Locale(code),
    )
    with i18n.language(code):
        page.title = _("Spades Scorekeeper")


def client_language(page: ft.Page) -> str | None:
    """The browser's preferred language that the app speaks: the one the
    page's own request asked for (the server hands it back as a cookie, since
    a browser may open the websocket with a shorter Accept-Language), else
    the Accept-Language header the connection sent (the web server keeps the
    connection; a native app has none and starts in English)."""
    socket = fletparts.websocket(page)
    cookies = getattr(socket, "cookies", None)
    cookie = cookies.get(LANGUAGE_COOKIE, "") if cookies is not None else ""
    if cookie and i18n.match(cookie) in i18n.LANGUAGES:
        return i18n.match(cookie)
    headers = getattr(socket, "headers", None)
    header = headers.get("accept-language", "") if headers is not None else ""
    return preferred_language(header)


def preferred_language(accept_language: str) -> str | None:
    """The first language of an Accept-Language header that the app speaks,
    by the quality each one is given ("he-IL,he;q=0.9,en;q=0.8" -> "he")."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        ranked.append((-quality, index, tag.strip()))
    for _quality, _index, tag in sorted(ranked):
        found = i18n.match(tag)
        if found in i18n.LANGUAGES:
            return found
    return None
