"""One browser tab = one Session: it owns an AppState, runs each action off
the event loop (storage work never freezes other devices), and has it drawn
(`screenframe.py`). It follows the tab: its address, its reconnections, and
other tabs' saves of the game it shows."""

import asyncio
import logging
import reprlib
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import flet as ft

from scorekeeper import i18n
from scorekeeper.core.saved import SavedGame
from scorekeeper.i18n import _
from scorekeeper.redaction import redacted
from scorekeeper.storage.store import GameStore
from scorekeeper.ui import state as state_module
from scorekeeper.ui.awake import ScreenAwake
from scorekeeper.ui.device import (
    AWAKE_KEY,
    LANGUAGE_KEY,
    TEXT_SIZE_KEY,
    device_language,
    device_text_size,
    screen_may_go_dark,
    speak,
)
from scorekeeper.ui.devicefiles import DeviceFiles
from scorekeeper.ui.inbox import Inbox
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.screenframe import ScreenFrame
from scorekeeper.ui.screens import follow, route_of
from scorekeeper.ui.state import DELETED, AppState, Sharing
from scorekeeper.ui.updates import own_update_state, skip_auto_update, tell_boot_screen

log = logging.getLogger(__name__)
ECHOES = 8  # the most addresses pushed whose route_change is awaited (the browser says each back)


class Keeper(Protocol):
    """What the web server checks around a keeper's actions (see web/gate.py)."""

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


class Session:
    """One tab's app state, and how its actions run and are shown."""

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
        self.keeper = keeper
        self.state = AppState(store)
        self.state.sharing = keeper if isinstance(keeper, Sharing) else None
        self.durable = durable
        self.undo = undo
        self.device_language = device_language  # when there is no request header to read
        self.lock = asyncio.Lock()
        self.files = DeviceFiles(self, uploads, keeper.may_act if keeper else lambda: True)
        self.prefs = ft.SharedPreferences()  # this device's storage (the browser's)
        self.awake = ScreenAwake()
        self.frame = ScreenFrame(page, self.state, self.bind, self.files, waiting_fonts)
        self.undo_timed_for: SavedGame | None = None  # the delete whose Undo is timed
        # Addresses this tab put in the address bar whose route_change, the
        # browser saying them back, has not come yet (see route_changed).
        self.echoes: list[str] = []

    def bind(
        self,
        action: Callable[..., None],
        *args: Any,
        with_value: bool = False,
        attribute: str = "value",
    ) -> Callable[[ft.Event[Any]], Any]:
        """An event handler that runs `action` (the screens' `Bind`)."""

        async def handler(event: ft.Event[Any]) -> None:
            extra = (getattr(event.control, attribute),) if with_value else ()
            if getattr(action, "quiet", False):  # nothing shown changes: no redraw
                action(*args, *extra)
                return
            await self.run(action, *args, *extra)

        return handler

    async def key_pressed(self, event: ft.KeyboardEvent) -> None:
        """A key pressed anywhere on the page: a hand's keys while one is entered
        (its time read here, once, for the pause between two digits)."""
        if event.key == "Tab":  # the focus move it makes is the person's (no redraw)
            self.state.tabbed()
            return
        if event.ctrl or event.alt or event.meta or not self.state.wants_key(event.key):
            return
        await self.run(self.state.hand_key, event.key, time.monotonic())
        await self.frame.take_focus(again=True)  # the focus follows the highlighted player

    async def allowed(self) -> bool:
        """Checked on the server before every action: a logged-out page acts no more."""
        if self.keeper is None or self.keeper.may_act():
            return True
        await self.keeper.refused()
        return False

    def speaking(self) -> Any:
        """Everything said inside is in this tab's language."""
        return i18n.language(self.state.language)

    def render(self) -> ft.BaseControl:
        """Show the state; returns the part of the page to send."""
        outdated = self.frame.render()
        # The page's keys are listened to while a hand is entered only: every
        # key typed elsewhere (a name in the set-up) would be a message for nothing.
        hand = self.state.screen is Screen.HAND
        if (self.page.on_keyboard_event is not None) != hand:
            self.page.on_keyboard_event = self.key_pressed if hand else None
            return self.page
        return outdated

    # -- the device: its language and its screen ------------------------------------

    async def choose_language(self) -> None:
        """The language picked earlier on this device, else the browser's."""
        self.state.language = await device_language(self.page, self.prefs, self.device_language)
        speak(self.page, self.state.language)

    async def device_settings(self) -> None:
        """Read this device's setting (after the first screen: it may cost a
        round trip), then take the wake lock if a game is open."""
        size = await device_text_size(self.page, self.prefs)
        if size is not None and size != str(self.state.text_size):
            await self.run(self.state.set_text_size, size)  # the setting shows it
        if await screen_may_go_dark(self.page, self.prefs) and self.state.keep_screen_on:
            await self.run(self.state.set_keep_screen_on, False)  # renders, then the lock
        else:
            await self.awake.want(self.state.wants_screen_on)

    # -- actions ----------------------------------------------------------------------

    async def run(self, action: Callable[..., None], *args: Any) -> None:
        """Perform a user's action, make its writes durable, show the result,
        then tell other tabs, watchers and this device's storage."""
        if not await self.allowed():
            return
        async with self.lock:
            began = time.perf_counter()
            language, keep_screen_on = self.state.language, self.state.keep_screen_on
            text_size = self.state.text_size
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
                speak(self.page, self.state.language)
                self.frame.start_over()  # a fresh view, every control in the new language
            with self.speaking():
                outdated = self.render()
            changed, self.state.changed = self.state.changed, None
            regrouped, self.state.current.sessions_changed = (
                self.state.current.sessions_changed,
                False,
            )
            rendered = time.perf_counter()
        # Send what render() changed, not what Flet's own update after an event
        # would (only the event's part of the page: a dialog's button would
        # refresh the dialog alone). The screen first; other devices and
        # watchers are told after.
        outdated.update()
        await self.frame.take_focus()
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
        if self.state.text_size != text_size:  # the page scales its text as it is stored
            await self.prefs.set(TEXT_SIZE_KEY, self.state.text_size)
        if changed:
            self.page.pubsub.send_others(("saved", *changed))
        if regrouped:  # other devices show the sessions as they are now
            self.page.pubsub.send_others(("sessions", "", 0))
        if self.keeper:
            self.keeper.changed(self.state.saved)
        if self.state.deleted is not None and self.state.deleted is not self.undo_timed_for:
            self.undo_timed_for = self.state.deleted
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

    # -- the tab: its address, other tabs, its connection -----------------------------

    async def route_changed(self, event: ft.RouteChangeEvent) -> None:
        """The URL changed: back button, a typed address, or our own push_route."""
        route = getattr(event, "route", None)
        if not isinstance(route, str) or len(route) > 2000:
            log.warning("ignored a route that is not a URL: %s", redacted(route))
            return
        log.debug("route_change %s (pushed, not yet said back: %s)", route, self.echoes)
        if route in self.echoes:
            # Our own push_route said back. It may come after a press on the
            # screen it belongs to opened another one: following it would
            # undo that press. The address bar follows the screen instead.
            del self.echoes[: self.echoes.index(route) + 1]
            skip_auto_update()
            if not self.echoes and route != route_of(self.state):
                await self._shown_at_its_url()
            return
        if route == route_of(self.state):
            skip_auto_update()  # already showing it (our own push_route): nothing to send
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
        await self.frame.take_focus()

    async def _shown_at_its_url(self) -> None:
        """The address bar follows the screen; the page shows its top, and the
        screen stays on where the state wants it."""
        route = route_of(self.state)
        if self.page.route != route and route not in self.echoes[-1:]:
            self.echoes = [*self.echoes[-(ECHOES - 1) :], route]
            await self.page.push_route(route)
        await self.frame.scroll_to_top()
        await self.awake.want(self.state.wants_screen_on)

    async def saved_elsewhere(self, message: Any) -> None:
        """Another tab saved (or deleted) a game: if it is ours, show the new
        version. Another tab changed a session: read its tally again."""
        if not (isinstance(message, tuple) and len(message) == 3):
            return
        kind, game_id, revision = message
        if kind == "sessions":
            await self._reload(self.state.sessions_elsewhere)
            return
        saved = self.state.saved
        if saved and saved.id == game_id and (revision == DELETED or saved.revision < revision):
            await self._reload()

    async def _reload(self, read: Callable[[], None] | None = None) -> None:
        """Read the game again (another tab changed it, or this one is back),
        or what `read` reads again."""
        own_update_state()  # (called from pubsub: not the sender's)
        if not await self.allowed():
            return
        async with self.lock:
            with self.speaking():
                await asyncio.to_thread(self.state.perform, read or self.state.reload)
                self.render()
        self.page.update()
        await self.frame.scroll_to_top()
        await self.awake.want(self.state.wants_screen_on)

    def follow_other_tabs(self) -> None:
        """Hear of other tabs' saves, to show the game's newest version."""
        self.page.pubsub.subscribe(self.saved_elsewhere)

    async def disconnected(self, _event: Any) -> None:
        """The tab closed or lost its connection: no more game updates to it
        (nor word of the addresses it was sent)."""
        self.page.pubsub.unsubscribe()  # type: ignore[no-untyped-call]
        self.echoes.clear()

    async def reconnected(self, _event: Any) -> None:
        """The same tab is back (reload, network back): catch up, then follow again."""
        self.follow_other_tabs()
        await self._reload()
        tell_boot_screen(self.page)
