"""The screen stays on during a game (the Screen Wake Lock API in a browser),
so a phone on the table does not go dark between hands."""

import logging

import flet as ft

from scorekeeper.ui.updates import skip_auto_update

log = logging.getLogger(__name__)


class ScreenAwake:
    """Holds the wake lock while asked to; refusals are logged, never shown."""

    def __init__(self) -> None:
        self.wakelock = ft.Wakelock()
        self.held = False  # whether the wake lock was asked for

    async def want(self, on: bool) -> None:
        """Hold the wake lock (a game is open) or release it (Home, History...)."""
        if on != self.held:
            self.held = on
            await self._ask(on)

    async def _ask(self, on: bool) -> None:
        """Ask the browser; it may refuse (no permission, the page hidden)."""
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
        skip_auto_update()
        shown = (ft.AppLifecycleState.SHOW, ft.AppLifecycleState.RESUME)
        if self.held and event.state in shown:
            await self._ask(True)
