"""The door of the web app: which page a browser gets.

The keeper link (`/key/SECRET`) gives the full app, and the device remembers
it (the browser's storage), so the bare address works there afterwards. The
watch link (`/watch/TOKEN`) gives the live scoreboard. Anything else gets a
short page that says to ask the keeper. Every keeper action is checked
against the current keys first: after a reset, other devices are logged out.
"""

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorekeeper import i18n
from scorekeeper.core.saved import SavedGame
from scorekeeper.i18n import _
from scorekeeper.redaction import redacted
from scorekeeper.storage.store import GameStore
from scorekeeper.ui import (
    WebClient,
    announce_drawn,
    client_language,
    dress_page,
    make_main,
    own_update_state,
    page_fonts,
    report_errors_to,
    speak,
    tell_boot_screen,
)
from scorekeeper.web.access import KeyRing, Keys, Role, Throttle, secret_in_route
from scorekeeper.web.live import LiveBoard
from scorekeeper.web.upload import Uploads
from scorekeeper.web.watch import WatchSession

log = logging.getLogger(__name__)

SECRET_KEY = "spades-scorekeeper.key"  # the keeper secret, in the device's storage
STORAGE_TIMEOUT = 5.0  # seconds a page is given to answer from its storage
Door = Callable[[ft.Page], Any]  # the gate's own entry: which page a route gets


@dataclass
class Links:
    """The addresses this server is reached at, the one for other devices first."""

    bases: Sequence[str]

    def keeper(self, keys: Keys) -> str:
        return self.bases[0].rstrip("/") + keys.keeper_path()

    def watch(self, keys: Keys) -> str:
        return self.bases[0].rstrip("/") + keys.watch_path()


class Access:
    """Server-wide: the keys, the slow-down for wrong ones, the links, the live board."""

    def __init__(self, store: GameStore, links: Links, throttle: Throttle | None = None) -> None:
        self.ring = KeyRing(store.folder)
        self.links = links
        self.throttle = throttle or Throttle()
        self.board = LiveBoard(store)

    @property
    def keys(self) -> Keys:
        return self.ring.keys


class KeeperPass:
    """What a keeper's page may do, checked before every action; also the
    Share screen's links and its reset button."""

    def __init__(self, access: Access, page: ft.Page, keys: Keys, door: Door | None = None) -> None:
        self.access = access
        self.door = door
        self.page = page
        self.secret = keys.keeper
        self.new_secret: str | None = None  # to store on this device after a reset
        self.out = False

    def may_act(self) -> bool:
        return not self.out and self.access.keys.keeper == self.secret

    async def refused(self) -> None:
        if not self.out:
            log.warning("a logged-out keeper page tried to act (%s)", self.page.client_ip)
        await log_out(self.page, door=self.door)
        self.out = True

    def changed(self, saved: SavedGame | None = None) -> None:
        """The keeper did something (`saved`: the game on screen, as saved):
        watchers look again."""
        self.page.pubsub.send_all_on_topic("live", self.access.board.changed(saved))
        if self.new_secret is not None:  # after a reset: this device keeps the new key
            secret, self.new_secret = self.new_secret, None
            self.page.run_task(remember_secret, secret)

    def keeper_link(self) -> str:
        return self.access.links.keeper(self.access.keys)

    def watch_link(self) -> str:
        return self.access.links.watch(self.access.keys)

    def reset_keys(self) -> None:
        """New keys: this page keeps access, every other one is logged out
        (runs off the event loop, like every action)."""
        keys = self.access.ring.reset()
        self.secret = self.new_secret = keys.keeper
        log.warning("keys reset from the app (%s)", self.page.client_ip)
        self.page.pubsub.send_all_on_topic("keys", keys.generation)


def dress_door(page: ft.Page, fonts: dict[str, str]) -> None:
    """The keeper's look on every page, before the door knows which one it is
    (the title comes with the page's language: `speak`)."""
    dress_page(page, fonts)


async def stored_secret() -> str | None:
    """The keeper secret this device remembered, so the bare address works there
    (the storage of the page whose handler runs)."""
    try:
        value = await asyncio.wait_for(ft.SharedPreferences().get(SECRET_KEY), STORAGE_TIMEOUT)
    except Exception as error:  # an old client, a closed page, a client that never answers
        log.info("could not read the stored key: %r", error)
        return None
    return value if isinstance(value, str) and len(value) < 200 else None


async def remember_secret(secret: str | None) -> None:
    """Keep the secret on the device whose handler runs (None: forget a wrong
    or old one)."""
    prefs = ft.SharedPreferences()
    try:
        if secret is None:
            await asyncio.wait_for(prefs.remove(SECRET_KEY), STORAGE_TIMEOUT)
        else:
            await asyncio.wait_for(prefs.set(SECRET_KEY, secret), STORAGE_TIMEOUT)
    except Exception as error:
        log.info("could not store the key: %r", error)


def closed_door(
    page: ft.Page, logged_out: bool = False, language: str | None = None, door: Door | None = None
) -> None:
    """The page for a device without a link: whom to ask, in the page's
    language (the browser's, or the one the page spoke before). A link
    opened later in the same tab goes through `door` again."""
    code = language or client_language(page) or i18n.DEFAULT
    speak(page, code)
    with i18n.language(code):
        _draw_closed_door(page, logged_out)
    page.on_route_change = reopen_with_link(door) if door else ignored_route
    page.on_connect = lambda _event: tell_boot_screen(page)  # a reload


def _draw_closed_door(page: ft.Page, logged_out: bool) -> None:
    """The closed door's one View: whom to ask, and why the page is closed."""
    page.views.clear()
    why = (
        _("This device was logged out: the keeper made new links.")
        if logged_out
        else _("This scoreboard is private.")
    )
    page.views.append(
        ft.View(
            vertical_alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            padding=24,
            controls=[
                ft.Icon(ft.Icons.LOCK_OUTLINE, size=64),
                ft.Semantics(
                    identifier="closed-door",
                    content=ft.Text(_("Ask the keeper"), size=28, weight=ft.FontWeight.BOLD),
                ),
                ft.Text(why, size=18, text_align=ft.TextAlign.CENTER),
                ft.Text(
                    _(
                        "Whoever keeps the score can show you a link or a QR code on "
                        "their Share screen: the watch link to follow the game, the "
                        "keeper link to enter hands."
                    ),
                    size=16,
                    text_align=ft.TextAlign.CENTER,
                    width=480,
                ),
            ],
        )
    )


async def ignored_route(event: ft.RouteChangeEvent) -> None:
    """A closed door follows no route; the attempt is logged (no secret in it)."""
    route = getattr(event, "route", None)
    log.warning("a page without access asked for %s: ignored", redacted(route))


def reopen_with_link(door: Door) -> Callable[[ft.RouteChangeEvent], Any]:
    """A closed door's route handler: a route with a link in it (typed into
    the same tab, or a reload of it: Flet keeps the tab's session) goes
    through the door again; any other route is ignored."""

    async def handler(event: ft.RouteChangeEvent) -> None:
        route = getattr(event, "route", None)
        if isinstance(route, str) and len(route) < 2000 and secret_in_route(route)[0]:
            await enter_again(event.page, door)
            return
        await ignored_route(event)

    return handler


async def enter_again(page: Any, door: Door) -> None:
    """The tab starts over at the door, following nothing it followed before."""
    page.pubsub.unsubscribe_all()
    page.on_resize = page.on_connect = None  # a watcher's
    await door(page)
    page.update()


def no_tracebacks(page: ft.Page) -> None:
    """Flet sends a failing handler's traceback to the page; log it here instead
    and tell the page only that something failed. Once per tab: a tab may
    come through the door again (a link opened in it)."""
    if getattr(page.session, "errors_reported", False):
        return
    page.session.errors_reported = True  # type: ignore[attr-defined]

    def report(send: Callable[[str], None], message: str) -> None:
        log.error("a handler failed on %s: %s", page.client_ip, message)
        send(_("Something went wrong on the server (it was logged). Reload the page."))

    report_errors_to(page, report)


async def log_out(page: ft.Page, language: str | None = None, door: Door | None = None) -> None:
    """Close the door on a page whose link is no longer good."""
    page.pubsub.unsubscribe_all()  # type: ignore[no-untyped-call]
    closed_door(page, logged_out=True, language=language, door=door)
    page.update()


def make_web_main(
    store: GameStore,
    access: Access,
    web: WebClient | None = None,
    keeper_seen: Callable[[ft.Page], None] = lambda _page: None,
    uploads: Uploads | None = None,
) -> Callable[[ft.Page], Any]:
    """`keeper_seen` is told of each page that gets the keeper's app (the server
    never closes those to make room for other pages); `uploads` receives a
    keeper's import files (the route of web.build_app; without it, a file's
    bytes come with the pick, as in the offline build)."""
    keeper_main = make_main(store, web, uploads=uploads)
    fonts, waiting = page_fonts(web)

    async def main(page: ft.Page) -> None:
        no_tracebacks(page)
        dress_door(page, fonts)
        secret, rest = secret_in_route(page.route or "/")
        from_link = secret is not None
        if secret is None:
            secret = await stored_secret()
        role = Role.NONE
        keys = access.keys
        if secret:
            role = await access.throttle.check(page.client_ip or "", keys, secret)
        if role is Role.NONE:
            if secret:
                log.warning("a wrong key from %s", page.client_ip)
                if not from_link:
                    await remember_secret(None)
            closed_door(page, door=main)
            announce_drawn(page)
            return
        if from_link:
            await remember_secret(secret)
        if role is Role.KEEPER:
            keeper_seen(page)
            keeper = KeeperPass(access, page, keys, main)

            async def keys_changed(_topic: str, _generation: Any) -> None:
                own_update_state()
                if not keeper.may_act():
                    await keeper.refused()

            page.route = rest
            await keeper_main(page, keeper)
            page.pubsub.subscribe_topic("keys", keys_changed)
            if from_link:
                page.update()  # the first screen first: this waits for the page's answer
                await page.push_route(rest)  # the secret leaves the address bar
            return

        def may_watch() -> bool:
            return access.keys.watch == keys.watch

        async def watcher_out() -> None:
            log.info("a watcher page was logged out (%s)", page.client_ip)
            await log_out(page, watcher.language, main)

        async def other_link(route: str) -> bool:
            """The keeper link opened in a watcher's tab opens the app."""
            if secret_in_route(route)[0] is None:
                return False
            await enter_again(page, main)
            return True

        watcher = WatchSession(
            page, access.board.games, may_watch, watcher_out, waiting, other_link
        )

        async def watch_keys_changed(_topic: str, _generation: Any) -> None:
            own_update_state()
            if not may_watch():
                await watcher_out()

        page.pubsub.subscribe_topic("keys", watch_keys_changed)
        await watcher.start(rest)
        announce_drawn(page)

    return main
