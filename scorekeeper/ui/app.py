"""One browser tab = one Session: it owns an AppState, renders it, and runs
each action off the event loop (storage work never freezes other devices)."""

import asyncio
import importlib
import logging
import reprlib
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import flet as ft

from scorekeeper import i18n
from scorekeeper.core.exchange import MAX_INPUT_BYTES
from scorekeeper.core.saved import SavedGame
from scorekeeper.i18n import _
from scorekeeper.redaction import redacted
from scorekeeper.storage.store import GameStore
from scorekeeper.ui import fletparts
from scorekeeper.ui import state as state_module
from scorekeeper.ui.boot import BOOTED_KEY
from scorekeeper.ui.inbox import Inbox, NotArrived, Slot, TooBig
from scorekeeper.ui.palette import DARK, LIGHT, Palette
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.screens import SCREENS, follow, route_of, title_of
from scorekeeper.ui.screens.widgets import AppBar, Built, Synced, banner
from scorekeeper.ui.state import DELETED, AppState, Confirm, Sharing
from scorekeeper.ui.webclient import WebClient, lean_fonts, wanted_fonts

log = logging.getLogger(__name__)
LANGUAGE_KEY = "language"  # in the device's storage: the language picked there
AWAKE_KEY = "keep_screen_on"  # in the device's storage: False when the user turned it off
FONTS = {
    "NotoSansThai": "fonts/NotoSansThai-Regular.ttf",
    "NotoSansHebrew": "fonts/NotoSansHebrew-Regular.ttf",
    "NotoSansArabic": "fonts/NotoSansArabic-Regular.ttf",
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


def theme(palette: Palette) -> ft.Theme:
    """Roboto first, then the bundled fonts for Thai, Hebrew, Arabic, symbols and emoji.
    Flutter derives the palette from the seed; the colours text is drawn in
    (and on) are set from `palette`, so their contrast is known."""
    style = ft.TextStyle(
        font_family="Roboto",
        font_family_fallback=list(FONTS),
        color=ft.Colors.ON_SURFACE,  # styles given here lose the default colours
    )
    still = ft.PageTransitionTheme.NONE  # screens swap at once: taps must feel instant
    p = palette
    return ft.Theme(
        color_scheme_seed=ft.Colors.INDIGO,
        color_scheme=ft.ColorScheme(
            primary=p.primary,
            on_primary=p.on_primary,
            primary_container=p.primary_container,
            on_primary_container=p.on_surface,
            secondary=p.side_1,
            secondary_container=p.secondary_container,
            on_secondary_container=p.on_surface,
            tertiary=p.side_2,
            primary_fixed=p.side_3,  # slots no Material widget draws with by default
            secondary_fixed=p.side_4,
            tertiary_container=p.tertiary_container,
            on_tertiary_container=p.on_surface,
            error=p.error,
            on_error=p.on_error,
            error_container=p.error_container,
            on_error_container=p.on_surface,
            surface=p.surface,
            on_surface=p.on_surface,
            surface_container_low=p.card,
        ),
        text_theme=ft.TextTheme(**{name: style for name in TEXT_STYLES}),
        page_transitions=ft.PageTransitionsTheme(
            android=still, ios=still, linux=still, macos=still, windows=still
        ),
    )


class Keeper(Protocol):
    """What the web server checks around a keeper's actions (see gate.py)."""

    def may_act(self) -> bool: ...

    async def refused(self) -> None: ...

    def changed(self, saved: SavedGame | None = None) -> None: ...


# Makes the last writes durable; None or what went wrong. On an operating
# system a write is durable when it returns; in the browser it is not until
# the data folder is synced to IndexedDB (storage/browser.py).
Durable = Callable[[], Awaitable[str | None]]
# After `Durable` failed: put the files back as they were last made durable;
# None, or what went wrong.
Undo = Callable[[], Awaitable[str | None]]


@dataclass
class Layer:
    """A screen kept drawn under the one shown: its body and what it shows."""

    body: ft.Column
    screen: Synced | None
    key: tuple[Any, ...] | None
    shown: tuple[Any, ...]


def new_body() -> ft.Column:
    return ft.Column(horizontal_alignment=ft.CrossAxisAlignment.STRETCH, spacing=12)


class Session:
    def __init__(
        self,
        page: ft.Page,
        store: GameStore,
        keeper: Keeper | None = None,
        waiting_fonts: dict[str, str] | None = None,
        durable: Durable | None = None,
        device_language: str | None = None,
        undo: Undo | None = None,
        uploads: Inbox | None = None,
    ) -> None:
        self.page = page
        self.uploads = uploads  # served: an import's file comes over HTTP (inbox.py)
        self.slot: Slot | None = None  # the import waiting for its file
        self.keeper = keeper
        self.waiting_fonts = dict(waiting_fonts or {})  # family -> url, until a name needs it
        self.state = AppState(store)
        self.state.sharing = keeper if isinstance(keeper, Sharing) else None
        self.durable = durable
        self.undo = undo
        self.device_language = device_language  # when there is no request header to read
        self.lock = asyncio.Lock()
        self.screen: Synced | None = None
        self.screen_key: tuple[Any, ...] | None = None
        self.shown: tuple[Any, ...] | None = None
        self.bar: tuple[Any, ...] | None = None  # what the app bar shows
        self.picker = ft.FilePicker(on_upload=self.upload_progress)  # kept alive here
        self.prefs = ft.SharedPreferences()  # this device's storage (the browser's)
        self.clipboard = ft.Clipboard()
        self.wakelock = ft.Wakelock()  # the Screen Wake Lock API in a browser
        self.awake = False  # whether the wake lock was asked for
        self.body = ft.Column()
        self.frame = ft.Column()  # the view's screens: the one shown, and one kept under it
        self.view = ft.View()
        self.app_bar: AppBar | None = None  # the View's bar, changed in place
        self.below: Layer | None = None  # the screen the one shown opens over, kept drawn
        self.to_top = False  # a screen changed in a kept View: scroll it to its top
        self.asked: Confirm | None = None  # the question the dialog shows
        self.undo_for: SavedGame | None = None  # the delete whose Undo is timed
        self.dialog: ft.AlertDialog | None = None

    def _new_view(self) -> None:
        """A fresh View per screen: it opens at its top, with no old scroll offset."""
        self.body = new_body()
        self.frame = ft.Column(
            [self.body], horizontal_alignment=ft.CrossAxisAlignment.STRETCH, spacing=0
        )
        self.app_bar = AppBar(self.state, self.on)
        self.view = ft.View(
            route=route_of(self.state),
            appbar=self.app_bar.control,
            scroll=ft.ScrollMode.AUTO,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.ResponsiveRow(
                    [ft.Container(self.frame, col={"xs": 12, "md": 10, "lg": 8, "xl": 6})],
                    alignment=ft.MainAxisAlignment.CENTER,
                )
            ],
        )
        self.bar = None
        self.below = None
        self.to_top = False
        self.page.views.clear()
        self.page.views.append(self.view)

    def _place(self, shown: tuple[Any, ...]) -> None:
        """Show the state's screen in a fresh View; or, for a screen opened over
        another (a hand over its scoreboard), in the same View with the one
        underneath kept, hidden; or go back to that one, which the page still
        has: it is synced in place, not sent again. (A View of its own on top
        would cost the browser a route transition to close.)"""
        state, below = self.state, self.below
        self.to_top = True
        if below is not None and below.shown == shown:  # back to the screen underneath
            below.body.visible = True
            self.frame.controls = [below.body]
            self.body, self.screen, self.screen_key = below.body, below.screen, below.key
            self.shown, self.below, self.bar = below.shown, None, None
            return
        over = SCREENS[state.screen].over
        under = route_of(state, over) if over is not None else None
        if under is None:
            self.shown, self.screen = shown, None
            self._new_view()
            return
        if below is None or below.shown[0] != under:
            if self.screen is None or self.shown is None or self.shown[0] != under:
                self.shown, self.screen = shown, None
                self._new_view()
                return
            self.body.visible = False  # kept, hidden, under the screen opened over it
            self.below = Layer(self.body, self.screen, self.screen_key, self.shown)
        assert self.below is not None
        self.shown, self.screen, self.bar = shown, None, None
        self.body = new_body()
        self.frame.controls = [self.below.body, self.body]

    async def _to_top(self) -> None:
        """A screen shown in a kept View starts at its top, as a fresh View does."""
        if self.to_top:
            self.to_top = False
            await self.view.scroll_to(offset=0)

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

    async def allowed(self) -> bool:
        """Checked on the server before every action: a logged-out page acts no more."""
        if self.keeper is None or self.keeper.may_act():
            return True
        await self.keeper.refused()
        return False

    def export(self, kind: str, game_id: str | None = None) -> Callable[[Any], Any]:
        async def handler(_event: Any) -> None:
            if not await self.allowed():
                return
            name, data = await asyncio.to_thread(self.state.export_data, kind, game_id)
            await self.picker.save_file(file_name=name, src_bytes=data)

        return handler

    def pick_import(self) -> Callable[[Any], Any]:
        """The file's bytes come with the pick where there is no server (the
        offline build, a native app); served, they come over HTTP (`upload_import`)."""

        async def handler(_event: Any) -> None:
            if not await self.allowed():
                return
            with self.speaking():
                title = _("Import games")
            files = await self.picker.pick_files(
                allowed_extensions=["json"], with_data=self.uploads is None, dialog_title=title
            )
            if not files:
                return
            if self.uploads is None:
                await self.run(self.state.import_file, files[0].name, files[0].bytes)
            else:
                await self.upload_import(self.uploads, files[0])

        return handler

    async def upload_import(self, uploads: Inbox, file: ft.FilePickerFile) -> None:
        """Served: the picker said the file's name and size only. A file over
        the limit is refused without a byte of it sent; another is sent by the
        page over HTTP to a slot only this session holds (inbox.py), never in
        a websocket message, then imported as any other."""
        size = file.size if isinstance(file.size, int) else 0  # else the server still counts
        if size > MAX_INPUT_BYTES:
            await self.run(self.state.file_too_big, file.name, size)
            return
        slot = uploads.open(self.keeper.may_act if self.keeper else lambda: True)
        if slot is None:
            await self.allowed()  # logged out meanwhile: the page is told
            return
        if self.slot is not None:
            uploads.close(self.slot)  # an earlier import still waiting: this one replaces it
        self.slot = slot
        try:
            await self.picker.upload(
                [ft.FilePickerUploadFile(upload_url=slot.url, method="PUT", id=file.id)]
            )
            data = await uploads.wait(slot)
        except TooBig as big:
            await self.run(self.state.file_too_big, file.name, big.size)
            return
        except Exception as error:  # the page left, failed to send, or a newer import
            log.info("an import's file did not arrive: %r", error)
            if self.slot is slot:
                await self.run(self.state.import_failed, file.name)
            return
        finally:
            uploads.close(slot)
            if self.slot is slot:
                self.slot = None
        await self.run(self.state.import_file, file.name, data)

    async def upload_progress(self, event: ft.FilePickerUploadEvent) -> None:
        """The page's word on its upload: a failure there ends the wait at once
        (the server's own refusals have already ended it)."""
        quiet()
        if event.error and self.slot is not None:
            why = redacted(event.error)  # it names the upload's URL, token and all
            log.info("the page could not send its import: %s", why)
            self.slot.fail(NotArrived(why))

    def copy_link(self, which: str) -> Callable[[Any], Any]:
        """Copy the watch or keeper link (read on the server when tapped: the
        current one) to the device's clipboard, and say so."""

        async def handler(_event: Any) -> None:
            if not await self.allowed():
                return
            link = self.state.link(which)
            if link is None:
                return
            try:
                await self.clipboard.set(link)
            except Exception as error:  # a browser that refuses: the link is on screen
                log.info("could not copy a link: %r", error)
                await self.run(self.state.link_copied, which, False)
                return
            await self.run(self.state.link_copied, which, True)

        return handler

    # -- the language: the device's at first, then the one picked on this device --

    def speaking(self) -> Any:
        """Everything said inside is in this tab's language."""
        return i18n.language(self.state.language)

    async def choose_language(self) -> None:
        """The language picked earlier on this device, else the browser's."""
        self.state.language = await device_language(self.page, self.prefs, self.device_language)
        self.apply_direction()

    def apply_direction(self) -> None:
        speak(self.page, self.state.language)

    # -- the screen stays on during a game ----------------------------------------

    async def keep_awake(self) -> None:
        """Hold the wake lock while the state wants the screen on, release it
        otherwise (Home, History, ...)."""
        wanted = self.state.wants_screen_on
        if wanted != self.awake:
            self.awake = wanted
            await self._ask_wakelock(wanted)

    async def _ask_wakelock(self, on: bool) -> None:
        try:
            if on:
                await self.wakelock.enable()  # type: ignore[no-untyped-call]
            else:
                await self.wakelock.disable()  # type: ignore[no-untyped-call]
        except Exception as error:  # refused (no permission, page hidden): the app goes on
            log.debug("wake lock %s refused: %s", "enable" if on else "disable", error)

    async def lifecycle_changed(self, event: ft.AppLifecycleStateChangeEvent) -> None:
        """The browser drops the wake lock whenever the page is hidden: take it
        again when the page is shown."""
        quiet()
        shown = (ft.AppLifecycleState.SHOW, ft.AppLifecycleState.RESUME)
        if self.awake and event.state in shown:
            await self._ask_wakelock(True)

    async def device_settings(self) -> None:
        """Read this device's setting (served by our web server, from the page's
        cookie; elsewhere from the device's storage, after the first screen
        since it costs a round trip), then take the wake lock if a game is open."""
        cookies = request_cookies(self.page)
        stored: Any = None
        if cookies is not None:
            stored = False if cookies.get(AWAKE_COOKIE) == "off" else None
        else:
            try:
                stored = await asyncio.wait_for(self.prefs.get(AWAKE_KEY), PREFS_TIMEOUT)
            except Exception:  # no client storage: the default
                log.debug("no client storage", exc_info=True)
        if stored is False and self.state.keep_screen_on:
            await self.run(self.state.set_keep_screen_on, False)  # renders, then keep_awake
        else:
            await self.keep_awake()

    async def run(self, action: Callable[..., None], *args: Any) -> None:
        if not await self.allowed():
            return
        async with self.lock:
            began = time.perf_counter()
            language, keep_screen_on = self.state.language, self.state.keep_screen_on
            before = self.state.snapshot() if self.undo else None
            with self.speaking():  # messages made by the action: in this tab's language
                try:
                    await asyncio.to_thread(self.state.perform, action, *args)
                except Exception as error:  # a value no control sends: a message, no traceback
                    log.exception(
                        "action %s%s failed",
                        getattr(action, "__name__", action),
                        reprlib.repr(args),
                    )
                    self.state.failed(
                        _("That did not work: {reason}").format(
                            reason=str(error)[:200] or type(error).__name__
                        )
                    )
                await self._make_durable(before)
            acted = time.perf_counter()
            if self.state.language != language:
                self.apply_direction()
                self.shown = None  # a fresh view, every control in the new language
                self.below = None
            with self.speaking():
                outdated = self.render()
            changed, self.state.changed = self.state.changed, None
            rendered = time.perf_counter()
        # Send what render() changed, not what Flet's own update after an event
        # would (only the event's part of the page: a dialog's button would
        # refresh the dialog alone). The screen first; other devices and
        # watchers are told after.
        outdated.update()
        log.debug(
            "action %s%s: %.1f ms, render %.1f ms, update sent %.1f ms",
            getattr(action, "__name__", action),
            reprlib.repr(args),  # an import's file: its first bytes
            (acted - began) * 1000,
            (rendered - acted) * 1000,
            (time.perf_counter() - rendered) * 1000,
        )
        if self.state.language != language:
            await self.prefs.set(LANGUAGE_KEY, self.state.language)  # remembered on the device
        if self.state.keep_screen_on != keep_screen_on:
            await self.prefs.set(AWAKE_KEY, self.state.keep_screen_on)
        if changed:
            self.page.pubsub.send_others(("saved", *changed))
        if self.keeper:
            self.keeper.changed(self.state.saved)
        if self.state.deleted is not None and self.state.deleted is not self.undo_for:
            self.undo_for = self.state.deleted
            self.page.run_task(self._expire_undo, self.state.deleted)
        await self._shown_at_its_url()

    async def _expire_undo(self, deleted: SavedGame) -> None:
        """Undo delete goes away by itself after a while (unless used or replaced)."""
        await asyncio.sleep(state_module.UNDO_SECONDS)
        if self.state.deleted is not deleted or (self.keeper and not self.keeper.may_act()):
            return
        async with self.lock:
            self.state.forget_deleted(deleted)
            with self.speaking():
                self.render()
        self.page.update()

    async def _make_durable(self, before: dict[str, Any] | None) -> None:
        """Nothing is shown as saved before it is. If the writes cannot be made
        durable, they are undone and the screen shows what it showed before
        the action (`before`, the state's snapshot), with the reason."""
        if self.durable is None:
            return
        problem = await self.durable()
        if not problem:
            return
        if before is not None and self.undo is not None and await self.undo() is None:
            await asyncio.to_thread(self.state.store.reopen)
            self.state.put_back(
                before,
                _("Could not save ({reason}); nothing was recorded.").format(reason=problem),
            )
            return
        self.state.message = _("Not saved: {reason}").format(reason=problem)

    async def route_changed(self, event: ft.RouteChangeEvent) -> None:
        """The URL changed: back button, a typed address, or our own push_route."""
        route = getattr(event, "route", None)
        if not isinstance(route, str) or len(route) > 2000:
            log.warning("ignored a route that is not a URL: %s", redacted(route))
            return
        if route == route_of(self.state):
            quiet()  # already showing it (our own push_route): nothing to send
            return
        if not await self.allowed():
            return
        async with self.lock:
            with self.speaking():
                before = self.state.snapshot() if self.undo else None
                await asyncio.to_thread(self.state.perform, follow, self.state, route)
                await self._make_durable(before)
                self.render()
        self.page.update()
        if self.keeper:
            self.keeper.changed()
        # (the state may not have followed: Back mid-hand asks first; its URL goes back)
        await self._shown_at_its_url()

    async def _shown_at_its_url(self) -> None:
        """The address bar follows the screen; the page shows its top, and the
        screen stays on where the state wants it."""
        route = route_of(self.state)
        if self.page.route != route:
            await self.page.push_route(route)
        await self._to_top()
        await self.keep_awake()

    async def saved_elsewhere(self, message: Any) -> None:
        """Another tab saved (or deleted) a game: if it is ours, show the new version."""
        if not (isinstance(message, tuple) and len(message) == 3):
            return
        _kind, game_id, revision = message
        saved = self.state.saved
        if saved and saved.id == game_id and (revision == DELETED or saved.revision < revision):
            await self._reload()

    async def _reload(self) -> None:
        ft.context.reset_auto_update()  # type: ignore[no-untyped-call]  # not the sender's
        if not await self.allowed():
            return
        async with self.lock:
            with self.speaking():
                await asyncio.to_thread(self.state.perform, self.state.reload)
                self.render()
        self.page.update()
        await self._to_top()
        await self.keep_awake()

    def follow(self) -> None:
        self.page.pubsub.subscribe(self.saved_elsewhere)

    async def disconnected(self, _event: Any) -> None:
        """The tab closed or lost its connection: no more game updates to it."""
        self.page.pubsub.unsubscribe()  # type: ignore[no-untyped-call]

    async def reconnected(self, _event: Any) -> None:
        """The same tab is back (reload, network back): catch up, then follow again."""
        self.follow()
        await self._reload()
        tell_boot_screen(self.page)

    def render(self) -> ft.BaseControl:
        """Show the state. Screens with inputs (set-up, a hand) and the scoreboard
        are built once and then synced in place; the others are cheap to rebuild.
        Returns what to send: the screen alone when nothing else changed (a key
        tap), else the page (comparing the page costs more than a whole key tap)."""
        state = self.state
        whole = False
        shown = (route_of(state), state.draft.step if state.draft else None)
        if shown != self.shown:
            self._place(shown)
            whole = True
        bar = (state.screen, title_of(state))
        if bar != self.bar:  # a tap that leaves the bar as it was sends nothing of it
            assert self.app_bar is not None  # placed with its View
            self.app_bar.show(state)
            self.bar = bar
            whole = True
        whole = self._sync_dialog() or whole
        if self.waiting_fonts:
            whole = load_needed_fonts(self.page, self.waiting_fonts, shown_names(state)) or whole
        spec = SCREENS[state.screen]
        key = (state.screen, spec.keep(state)) if spec.keep else None
        if self.screen is not None and key is not None and key == self.screen_key:
            self.screen.sync()
            return self.page if whole else self.body
        built = draw(state.screen)(state, self.on, self)
        if isinstance(built, list):
            self.screen = None
            if state.message:
                built.insert(0, banner(state.message, "message", ft.Colors.TERTIARY_CONTAINER))
            self.body.controls = built
        else:
            self.screen, self.screen_key = built, key
            self.body.controls = built.controls
        return self.page

    def _sync_dialog(self) -> bool:
        """Show the state's question, if any, as a dialog that must be answered.
        Returns whether the dialogs changed."""
        asked = self.state.confirm
        if asked is self.asked:
            return False
        if self.dialog is not None and self.dialog.open:
            self.page.pop_dialog()
        self.asked, self.dialog = asked, None
        if asked is None:
            return True
        self.dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text(asked.question),
            content=ft.Text(asked.detail) if asked.detail else None,
            # What loses something is never the filled, first-seen button: the
            # safe answer is, and the other is drawn in the error colour.
            actions=[
                ft.OutlinedButton(
                    asked.yes,
                    height=48,
                    style=ft.ButtonStyle(color=ft.Colors.ERROR),
                    on_click=self.on(self.state.answer, True),
                ),
                ft.FilledButton(asked.no, height=48, on_click=self.on(self.state.answer, False)),
            ],
        )
        self.page.show_dialog(self.dialog)
        return True


Draw = Callable[[AppState, Any, Any], Built]


def announce_drawn(page: ft.Page) -> None:
    """The first screen is ready: send it, then tell the page's boot screen.
    Sent after the screen, so Flutter draws it first."""
    page.update()
    tell_boot_screen(page)


def tell_boot_screen(page: ft.Page) -> None:
    """The page's boot screen (boot.py) covers Flet's "Working..." until the
    app writes this to the device's storage. A reloaded tab comes back to its
    session (on_connect), not through the first screen: it is told there too."""
    prefs = ft.SharedPreferences()

    async def write() -> None:
        try:
            await asyncio.wait_for(prefs.set(BOOTED_KEY, str(time.time_ns())), PREFS_TIMEOUT)
        except Exception as error:  # an old client: the boot screen goes by itself later
            log.debug("could not mark the first screen drawn: %s", type(error).__name__)

    if page.session.connection is not None:  # (a page gone while it opened: no one to tell)
        page.run_task(write)


def quiet() -> None:
    """No update after this event: Flet's automatic one would compare the whole
    page (every control of every view) to find nothing changed."""
    ft.context.reset_auto_update()  # type: ignore[no-untyped-call]  # this event's own
    ft.context.disable_auto_update()  # type: ignore[no-untyped-call]


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


def load_needed_fonts(page: ft.Page, waiting: dict[str, str], names: Iterable[str]) -> bool:
    """Register the waiting fonts (family -> url) a name shown now needs.
    Returns whether there were any."""
    wanted = wanted_fonts(names, waiting)
    if wanted:
        page.fonts = {**(page.fonts or {}), **wanted}
        for family in wanted:
            del waiting[family]
    return bool(wanted)


PageFonts = tuple[dict[str, str], dict[str, str]]


def page_fonts(web: WebClient | None) -> PageFonts:
    """The fonts a page registers, and those kept until a name needs them.
    With a prepared web client: its subset fonts, from the versioned path;
    without (a native build): the bundled fonts as they are, all at once."""
    if web is None:
        return dict(FONTS), {}
    return lean_fonts(f"/c/{web.key}/")


def make_main(
    store: GameStore,
    web: WebClient | None = None,
    durable: Durable | None = None,
    device_language: str | None = None,
    offline_fonts: PageFonts | None = None,
    undo: Undo | None = None,
    uploads: Inbox | None = None,
) -> Callable[..., Any]:
    """`offline_fonts` overrides what `web` implies (the offline build serves a
    prepared client's fonts from its own folder); `uploads`, given by the web
    server only, receives import files over HTTP."""
    fonts, waiting = offline_fonts or page_fonts(web)

    async def main(page: ft.Page, keeper: Keeper | None = None) -> None:
        page.fonts = dict(fonts)
        page.theme = theme(LIGHT)
        page.dark_theme = theme(DARK)
        page.theme_mode = ft.ThemeMode.SYSTEM
        session = Session(page, store, keeper, waiting, durable, device_language, undo, uploads)
        page.on_route_change = session.route_changed
        page.on_disconnect = session.disconnected
        page.on_connect = session.reconnected
        page.on_close = session.disconnected
        page.on_app_lifecycle_state_change = session.lifecycle_changed
        session.follow()
        await session.choose_language()
        with session.speaking():
            if store.notices:
                session.state.message = " ".join(map(str, store.notices))
            if page.route and page.route != "/":
                session.state.perform(follow, session.state, page.route)
            session.render()
        announce_drawn(page)
        page.run_task(session.device_settings)

    return main


LANGUAGE_COOKIE = "language"  # the browser's language, set by the server on the page
PICKED_COOKIE = "picked"  # the language picked on the device, set by the page (static.py)
AWAKE_COOKIE = "awake"  # "off" when the screen may go dark during a game, set alike


def request_cookies(page: ft.Page) -> dict[str, str] | None:
    """The cookies the page's websocket request carried; None when not served
    by our web server (the offline build, a native app)."""
    cookies = getattr(fletparts.websocket(page), "cookies", None)
    return dict(cookies) if cookies is not None else None


PREFS_TIMEOUT = 5.0  # seconds a client is given to read its storage


async def device_language(
    page: ft.Page, prefs: ft.SharedPreferences, fallback: str | None = None
) -> str:
    """The language a page speaks: the one picked on this device earlier, else
    the browser's preferred one, else `fallback`, else English. The keeper's app
    and the watch pages choose alike. Served by our web server, the page sends
    the picked one as a cookie; elsewhere (the offline build) the device's
    storage is asked."""
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
