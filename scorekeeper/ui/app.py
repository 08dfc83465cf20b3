"""The app's entry for a page, the same in every build: `make_main` gives
the `main` that dresses a page, opens a Session on it and draws the first
screen. The native build, the offline build and the web server's door all
start pages here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from scorekeeper.storage.store import GameStore
from scorekeeper.ui.fletparts import answer_late_replies
from scorekeeper.ui.fonts import BUNDLED_FONTS, PageFonts, lean_fonts
from scorekeeper.ui.inbox import Inbox
from scorekeeper.ui.screens import follow
from scorekeeper.ui.session import Durable, Keeper, Session, Undo
from scorekeeper.ui.theme import dress_page
from scorekeeper.ui.updates import announce_drawn

if TYPE_CHECKING:  # (the client's build tools stay out of a running app)
    from scorekeeper.ui.webclient import WebClient

__all__ = ["make_main", "page_fonts"]


def page_fonts(web: WebClient | None) -> PageFonts:
    """The fonts a page registers, and those kept until a name needs them.
    With a prepared web client: its subset fonts, from the versioned path;
    without (a native build): the bundled fonts as they are, all at once."""
    if web is None:
        return dict(BUNDLED_FONTS), {}
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
        answer_late_replies(page)
        dress_page(page, fonts)
        session = Session(page, store, keeper, waiting, durable, device_language, undo, uploads)
        page.on_route_change = session.route_changed
        page.on_disconnect = session.disconnected
        page.on_connect = session.reconnected
        page.on_close = session.disconnected
        page.on_app_lifecycle_state_change = session.awake.lifecycle_changed
        session.follow_other_tabs()
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
