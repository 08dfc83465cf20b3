"""One browser tab = one Session: it owns an AppState, renders it, and runs
each action off the event loop (storage work never freezes other devices)."""

import asyncio
import importlib
import logging
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import flet as ft

from scorekeeper import i18n
from scorekeeper.i18n import _
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screens import SCREENS, Screen, title_of
from scorekeeper.ui.screens.widgets import Built, Synced, app_bar, banner
from scorekeeper.ui.state import DELETED, AppState
from scorekeeper.ui.webclient import WebClient, needs_emoji

log = logging.getLogger(__name__)
LANGUAGE_KEY = "language"  # in the device's storage: the language picked there
ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets"
FONTS = {
    "NotoSansThai": "fonts/NotoSansThai-Regular.ttf",
    "NotoSansHebrew": "fonts/NotoSansHebrew-Regular.ttf",
    "NotoSansSymbols2": "fonts/NotoSansSymbols2-Regular.ttf",
    "NotoColorEmoji": "fonts/NotoColorEmoji.ttf",
    "DejaVuSans": "fonts/DejaVuSans.ttf",
}
TEXT_STYLES = (
    "display_large",
    "display_medium",
    "display_small",
    "headline_large",
    "headline_medium",
    "headline_small",
    "title_large",
    "title_medium",
    "title_small",
    "label_large",
    "label_medium",
    "label_small",
    "body_large",
    "body_medium",
    "body_small",
)


def theme() -> ft.Theme:
    """Roboto first, then the bundled fonts for Thai, Hebrew, symbols and emoji.
    Used for light and dark alike; Flutter derives each palette from the seed."""
    style = ft.TextStyle(
        font_family="Roboto",
        font_family_fallback=list(FONTS),
        color=ft.Colors.ON_SURFACE,  # styles given here lose the default colours
    )
    still = ft.PageTransitionTheme.NONE  # screens swap at once: taps must feel instant
    return ft.Theme(
        color_scheme_seed=ft.Colors.INDIGO,
        text_theme=ft.TextTheme(**{name: style for name in TEXT_STYLES}),
        page_transitions=ft.PageTransitionsTheme(
            android=still, ios=still, linux=still, macos=still, windows=still
        ),
    )


class Session:
    def __init__(
        self, page: ft.Page, store: GameStore, emoji: tuple[str, str] | None = None
    ) -> None:
        self.page = page
        self.emoji = emoji  # (family, url) of the colour emoji font, until a name needs it
        self.state = AppState(store)
        self.lock = asyncio.Lock()
        self.screen: Synced | None = None
        self.screen_key: tuple[Any, ...] | None = None
        self.shown: tuple[Any, ...] | None = None
        self.bar: tuple[Any, ...] | None = None  # what the app bar shows
        self.picker = ft.FilePicker()  # registers with this page; kept alive here
        self.prefs = ft.SharedPreferences()  # this device's storage (the browser's)
        self.body = ft.Column()
        self.view = ft.View()

    def _new_view(self) -> None:
        """A fresh View per screen: it opens at its top, with no old scroll offset."""
        self.body = ft.Column(horizontal_alignment=ft.CrossAxisAlignment.STRETCH, spacing=12)
        self.view = ft.View(
            route=self.state.route,
            scroll=ft.ScrollMode.AUTO,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.ResponsiveRow(
                    [ft.Container(self.body, col={"xs": 12, "md": 10, "lg": 8, "xl": 6})],
                    alignment=ft.MainAxisAlignment.CENTER,
                )
            ],
        )
        self.bar = None
        self.page.views.clear()
        self.page.views.append(self.view)

    def on(
        self,
        action: Callable[..., None],
        *args: Any,
        with_value: bool = False,
        attribute: str = "value",
    ) -> Callable[[ft.Event[Any]], Any]:
        async def handler(event: ft.Event[Any]) -> None:
            extra = (getattr(event.control, attribute),) if with_value else ()
            await self.run(action, *args, *extra)

        return handler

    # -- the browser's files: downloads and uploads (the review.Files protocol) --

    def export(self, kind: str, game_id: str | None = None) -> Callable[[Any], Any]:
        async def handler(_event: Any) -> None:
            name, data = await asyncio.to_thread(self.state.export_data, kind, game_id)
            await self.picker.save_file(file_name=name, src_bytes=data)

        return handler

    def pick_import(self) -> Callable[[Any], Any]:
        async def handler(_event: Any) -> None:
            with self.speaking():
                title = _("Import games")
            files = await self.picker.pick_files(
                allowed_extensions=["json"], with_data=True, dialog_title=title
            )
            if files:
                await self.run(self.state.import_file, files[0].name, files[0].bytes)

        return handler

    # -- the language: the device's at first, then the one picked on this device --

    def speaking(self) -> Any:
        """Everything said inside is in this tab's language."""
        return i18n.language(self.state.language)

    async def choose_language(self) -> None:
        """The language picked earlier on this device, else the browser's."""
        try:
            stored = await self.prefs.get(LANGUAGE_KEY)
        except Exception:  # no client storage (an old client): the browser's language
            log.debug("no client storage", exc_info=True)
            stored = None
        picked = i18n.match(stored) if isinstance(stored, str) else None
        self.state.language = picked or client_language(self.page) or i18n.DEFAULT
        self.apply_direction()

    def apply_direction(self) -> None:
        """The page reads in the language's direction, and Flutter's own words
        (tooltips, dates) follow its locale."""
        code = self.state.language
        self.page.rtl = i18n.get(code).rtl
        self.page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(c) for c in i18n.LANGUAGES],
            current_locale=ft.Locale(code),
        )
        with self.speaking():
            self.page.title = _("Spades Scorekeeper")

    async def run(self, action: Callable[..., None], *args: Any) -> None:
        async with self.lock:
            began = time.perf_counter()
            language = self.state.language
            with self.speaking():  # messages made by the action: in this tab's language
                await asyncio.to_thread(self.state.perform, action, *args)
            acted = time.perf_counter()
            if self.state.language != language:
                self.apply_direction()
                self.shown = None  # a fresh view, every control in the new language
            with self.speaking():
                self.render()
            changed, self.state.changed = self.state.changed, None
            log.debug(
                "action %s%r: %.1f ms, render %.1f ms",
                getattr(action, "__name__", action),
                args,
                (acted - began) * 1000,
                (time.perf_counter() - acted) * 1000,
            )
        if self.state.language != language:
            self.page.update()  # shown at once; remembering it can follow
            await self.prefs.set(LANGUAGE_KEY, self.state.language)
        if changed:
            self.page.pubsub.send_others(("saved", *changed))
        if self.page.route != self.state.route:
            self.page.update()  # show the new screen first; the URL can follow
            await self.page.push_route(self.state.route)

    async def route_changed(self, event: ft.RouteChangeEvent) -> None:
        """The URL changed: back button, a typed address, or our own push_route."""
        if event.route == self.state.route:
            return  # already showing it
        async with self.lock:
            with self.speaking():
                await asyncio.to_thread(self.state.perform, self.state.navigate, event.route)
                self.render()
        self.page.update()

    async def saved_elsewhere(self, message: Any) -> None:
        """Another tab saved (or deleted) a game: if it is ours, show the new version."""
        if not (isinstance(message, tuple) and len(message) == 3):
            return
        _kind, game_id, revision = message
        saved = self.state.saved
        if saved and saved.id == game_id and (revision == DELETED or saved.revision < revision):
            await self._reload()

    async def _reload(self) -> None:
        async with self.lock:
            with self.speaking():
                await asyncio.to_thread(self.state.perform, self.state.reload)
                self.render()
        self.page.update()

    def follow(self) -> None:
        self.page.pubsub.subscribe(self.saved_elsewhere)

    async def disconnected(self, _event: Any) -> None:
        """The tab closed or lost its connection: no more game updates to it."""
        self.page.pubsub.unsubscribe()  # type: ignore[no-untyped-call]

    async def reconnected(self, _event: Any) -> None:
        """The same tab is back (reload, network back): catch up, then follow again."""
        self.follow()
        await self._reload()

    def render(self) -> None:
        """Show the state. Screens with inputs (set-up, a hand) are built once and
        then synced in place; the others are cheap to rebuild."""
        state = self.state
        shown = (state.route, state.draft.step if state.draft else None)
        if shown != self.shown:
            self.shown, self.screen = shown, None
            self._new_view()
        bar = (state.screen, title_of(state), state.language)
        if bar != self.bar:  # the same bar is kept: a tap sends only what changed
            self.view.appbar, self.bar = app_bar(state, self.on), bar
        if self.emoji and any(needs_emoji(name) for name in shown_names(state)):
            family, url = self.emoji
            self.page.fonts = {**(self.page.fonts or {}), family: url}
            self.emoji = None
        spec = SCREENS[state.screen]
        key = (state.screen, spec.keep(state)) if spec.keep else None
        if self.screen is not None and key is not None and key == self.screen_key:
            self.screen.sync()
            return
        built = draw(state.screen)(state, self.on, self)
        if isinstance(built, list):
            self.screen = None
            if state.message:
                built.insert(0, banner(state.message, "message", ft.Colors.TERTIARY_CONTAINER))
            self.body.controls = built
        else:
            self.screen, self.screen_key = built, key
            self.body.controls = built.controls


Draw = Callable[[AppState, Any, Any], Built]


def draw(screen: Screen) -> Draw:
    """The `build` function of the module that draws `screen`."""
    module = importlib.import_module(f"scorekeeper.ui.screens.{SCREENS[screen].module}")
    build: Draw = module.build
    return build


def shown_names(state: AppState) -> Iterator[str]:
    """The names the screens may show: those typed, the game's, the lists'."""
    yield from state.form.names
    if state.saved:
        yield from state.saved.game.players
    for summary in (*state.in_progress, *state.recent, *state.history.items):
        yield from summary.players
    for player in state.players:
        yield player.name
    for pair in state.pairs:
        yield from pair.names
    for rivals in state.rivals:
        yield from rivals.names


def make_main(store: GameStore, web: WebClient | None = None) -> Callable[[ft.Page], Any]:
    """The app for one page. With a prepared web client, the page loads its
    subset fonts (from the versioned path) and the emoji font only when needed;
    without (a native build), the bundled fonts as they are."""
    if web is None:
        fonts, emoji = dict(FONTS), None
    else:
        base = f"/c/{web.key}/"
        fonts = {family: base + path for family, path in web.fonts.items()}
        emoji = (web.emoji[0], base + web.emoji[1])

    async def main(page: ft.Page) -> None:
        page.fonts = dict(fonts)
        page.theme = theme()
        page.dark_theme = theme()
        page.theme_mode = ft.ThemeMode.SYSTEM
        session = Session(page, store, emoji)
        page.on_route_change = session.route_changed
        page.on_disconnect = session.disconnected
        page.on_connect = session.reconnected
        page.on_close = session.disconnected
        session.follow()
        await session.choose_language()
        with session.speaking():
            if store.notices:
                session.state.message = " ".join(map(str, store.notices))
            if page.route and page.route != "/":
                session.state.perform(session.state.navigate, page.route)
            session.render()

    return main


def client_language(page: ft.Page) -> str | None:
    """The browser's preferred language that the app speaks, from the
    Accept-Language header its connection sent (the web server keeps the
    connection; a native app has none and starts in English)."""
    connection = getattr(page.session, "connection", None)
    socket = getattr(connection, "_FletApp__websocket", None)
    headers = getattr(socket, "headers", None)
    header = headers.get("accept-language", "") if headers is not None else ""
    return preferred(header)


def preferred(header: str) -> str | None:
    """The first language of an Accept-Language header that the app speaks,
    by the quality each one is given ("he-IL,he;q=0.9,en;q=0.8" -> "he")."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
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
