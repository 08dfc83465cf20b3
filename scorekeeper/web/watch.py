"""The watch link: the live scoreboard of the games in progress and a table
display, read-only. A watcher's page holds no control that changes anything;
its only inputs are which game to show, checked here. It speaks the device's
language, as the keeper's app does (Hebrew right to left). What it draws is
`watchviews.py`."""

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import flet as ft

from scorekeeper import i18n
from scorekeeper.i18n import _
from scorekeeper.redaction import redacted
from scorekeeper.ui import (
    device_language,
    load_needed_fonts,
    own_update_state,
    page_title,
    speak,
    tell_boot_screen,
)
from scorekeeper.web.live import LiveGame
from scorekeeper.web.watchviews import live_list, table_display, tagged

log = logging.getLogger(__name__)

LIVE = "/live"
GAME_ID = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{6,8}")  # older ids have 6 hex digits


def watch_route(route: str) -> tuple[str | None, str | None]:
    """(game id or None for the list, None) for a route a watcher may open,
    else (None, the reason)."""
    parts = [p for p in route.split("?")[0].split("/") if p]
    if parts == ["live"] or not parts or parts == ["watch"]:
        return None, None
    if len(parts) == 2 and parts[0] == "live" and GAME_ID.fullmatch(parts[1]):
        return parts[1], None
    return None, _("{route!r} is not a page of the watch link.").format(route=route[:80])


def live_names(games: tuple[LiveGame, ...]) -> Iterator[str]:
    """The names a watch page may show: which fonts it needs."""
    for game in games:
        yield from (side.names for side in game.sides)
        yield from (bid.player for bid in game.bids)
        yield game.dealer


class WatchSession:
    """One watcher's page: renders the live board again after each change."""

    def __init__(
        self,
        page: ft.Page,
        games: Callable[[], tuple[LiveGame, ...]],
        may_watch: Callable[[], bool],
        logged_out: Callable[[], Any],
        waiting_fonts: dict[str, str] | None = None,
        other_link: Callable[[str], Awaitable[bool]] | None = None,
    ) -> None:
        self.page = page
        self.other_link = other_link  # a link of another kind opened in this tab
        self.waiting_fonts = dict(waiting_fonts or {})  # family -> url, until a name needs it
        self.read_games = games
        self.may_watch = may_watch
        self.logged_out = logged_out
        self.games: tuple[LiveGame, ...] = ()
        self.game_id: str | None = None
        self.message: str | None = None
        self.language = i18n.DEFAULT
        self.shown: Any = None
        self.echo: str | None = None  # the route this page pushed itself, coming back
        self._refreshing = False
        self._again = False
        self._missed = False  # a change came while the page was away

    async def start(self, route: str) -> None:
        """Draw the first page, in the device's language, then follow the keeper."""
        self.page.on_route_change = self.route_changed
        self.page.on_resize = self.resized
        self.page.on_connect = self.reconnected
        self.page.pubsub.subscribe_topic("live", self.changed)
        self.language = await device_language(self.page, ft.SharedPreferences())
        speak(self.page, self.language)
        with self.speaking():
            self.game_id, self.message = watch_route(route)
        if self.message:
            log.warning("a watcher asked for %s: refused", redacted(route))
        self.games = await asyncio.to_thread(self.read_games)
        self.render()
        if self.page.route != self.route:
            self.echo = self.route
            await self.page.push_route(self.route)

    def speaking(self) -> Any:
        """Everything said inside is in this page's language."""
        return i18n.language(self.language)

    @property
    def route(self) -> str:
        """The address of what this page shows."""
        return f"{LIVE}/{self.game_id}" if self.game_id else LIVE

    async def route_changed(self, event: ft.RouteChangeEvent) -> None:
        """The watcher went elsewhere (Back, a typed address): checked, then shown."""
        route = getattr(event, "route", None)
        if not isinstance(route, str):
            log.warning("a watcher sent a route that is not a URL: %s", redacted(route))
            return
        if route == self.echo:
            self.echo = None
            return  # our own push_route coming back: already shown
        if route == self.route and not self.message:
            return  # already shown
        if not self.may_watch():
            await self.logged_out()
            return
        if self.other_link is not None and await self.other_link(route):
            return
        with self.speaking():
            game_id, problem = watch_route(route or "/")
        if problem:  # said over the list; the address stays, so Back leads away from it
            log.warning("a watcher asked for %s: refused", redacted(route))
            self.message = problem
            self.game_id = None
        else:
            self.message, self.game_id = None, game_id
        self.render(force=True)
        self.page.update()

    def open_table(self, game_id: str) -> None:
        """Show one game as the table display, at its own address."""
        self.page.run_task(self.page.push_route, f"{LIVE}/{game_id}")

    def leave_table(self, _event: Any) -> None:
        """Back to the list of live games."""
        self.page.run_task(self.page.push_route, LIVE)

    def resized(self, _event: Any) -> None:
        """The table display's type follows the screen's size."""
        if self.game_id:
            self.render(force=True)
            self.page.update()

    async def changed(self, _topic: str, _message: Any) -> None:
        """Pubsub: the keeper changed something. A page that is away (Flet
        holds its session for a while, in case it comes back) is drawn again
        only when it is back: dozens of such pages would otherwise each cost a
        page comparison on every hand the keeper saves."""
        own_update_state()
        if self.page.session.connection is None:
            self._missed = True
            return
        await self.refresh()

    async def reconnected(self, _event: Any) -> None:
        """The page is back (network back, a reload): show what it missed."""
        if self._missed:
            self._missed = False
            await self.refresh()
        tell_boot_screen(self.page)

    async def refresh(self) -> None:
        """Read the live games again and draw them if they changed."""
        if self._refreshing:  # one more read after the running one, not one per tap
            self._again = True
            return
        self._refreshing = True
        try:
            while True:
                self._again = False
                if not self.may_watch():
                    await self.logged_out()
                    return
                games = await asyncio.to_thread(self.read_games)
                if games != self.games:
                    self.games = games
                    self.message = None  # a refused route is old news after a hand
                    self.render()
                    self.page.update()
                if not self._again:
                    return
        finally:
            self._refreshing = False

    def render(self, force: bool = False) -> None:
        """Draw the page again if what it shows changed (or when `force`)."""
        size = (self.page.width or 1280, self.page.height or 800)
        shown = (self.game_id, self.games, self.message, size)
        if shown == self.shown and not force:
            return
        self.shown = shown
        if self.waiting_fonts:
            load_needed_fonts(self.page, self.waiting_fonts, live_names(self.games))
        with self.speaking():
            self._draw(size)

    def _draw(self, size: tuple[float, float]) -> None:
        """The table display of the game asked for, else the list."""
        game = next((g for g in self.games if g.id == self.game_id), None)
        self.page.views.clear()
        where = _("Table display") if self.game_id and game else _("Live scores")
        self.page.title = page_title(where)
        if self.game_id and game:
            self.page.views.append(
                ft.View(
                    route=self.route,
                    key=self.route,
                    padding=16,
                    controls=[table_display(game, *size, self.leave_table)],
                )
            )
            return
        controls: list[ft.Control] = []
        if self.message:
            controls.append(tagged("message", ft.Text(self.message, color=ft.Colors.ERROR)))
        if self.game_id and not game:
            controls.append(tagged("message", ft.Text(_("That game is no longer being played."))))
        controls += live_list(self.games, self.open_table)
        self.page.views.append(
            ft.View(
                route=LIVE,
                key=LIVE,
                scroll=ft.ScrollMode.AUTO,
                appbar=ft.AppBar(
                    title=ft.Semantics(
                        header=True, heading_level=1, content=ft.Text(_("Live scores"))
                    )
                ),
                controls=[
                    ft.ResponsiveRow(
                        [
                            ft.Container(
                                ft.Column(controls, spacing=12),
                                col={"xs": 12, "md": 10, "lg": 8, "xl": 6},
                            )
                        ],
                        alignment=ft.MainAxisAlignment.CENTER,
                    )
                ],
            )
        )
