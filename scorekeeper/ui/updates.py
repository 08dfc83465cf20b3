"""When a page is sent to the browser, for every kind of page (the keeper's
app, the watch pages, the closed door): the first screen, then word to the
page's boot screen; and Flet's automatic update after an event, skipped
where it would only compare the whole page to find nothing changed."""

import asyncio
import logging
import time

import flet as ft

from scorekeeper.ui.boot import BOOTED_KEY
from scorekeeper.ui.device import PREFS_TIMEOUT

log = logging.getLogger(__name__)


def announce_drawn(page: ft.Page) -> None:
    """The first screen is ready: send it, then tell the page's boot screen.
    Sent after the screen, so Flutter draws it first."""
    page.update()
    tell_boot_screen(page)


def tell_boot_screen(page: ft.Page) -> None:
    """The page's boot screen (boot.py) goes in the frame that draws the
    language sent with the first screen; this write to the device's storage
    covers a page that sets none. A reloaded tab comes back to its session
    (on_connect), not through the first screen: it is told there too."""
    prefs = ft.SharedPreferences()

    async def write() -> None:
        try:
            await asyncio.wait_for(prefs.set(BOOTED_KEY, str(time.time_ns())), PREFS_TIMEOUT)
        except Exception as error:  # an old client: the boot screen goes by itself later
            log.debug("could not mark the first screen drawn: %s", type(error).__name__)

    if page.session.connection is not None:  # (a page gone while it opened: no one to tell)
        page.run_task(write)


def skip_auto_update() -> None:
    """No update after this event: Flet's automatic one would compare the whole
    page (every control of every view) to find nothing changed."""
    ft.context.reset_auto_update()  # type: ignore[no-untyped-call]  # this event's own
    ft.context.disable_auto_update()  # type: ignore[no-untyped-call]


def own_update_state() -> None:
    """A pubsub handler runs in a copy of the sender's context, which shares
    Flet's "update was called" flag with the sender's event: this page's
    update() would then cancel the sender's own automatic update. Give this
    handler a state of its own first."""
    ft.context.reset_auto_update()  # type: ignore[no-untyped-call]
