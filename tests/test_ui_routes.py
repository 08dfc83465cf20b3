"""In-process, in a real Flet session: the address bar follows the screen
without ever taking a press back. The browser says each address the app
puts in its bar back to the server (route_change); when that word comes
late, after a press on the new screen already opened another one, the
press stands (a game's card pressed as soon as Home or History shows, as a
screen reader or a quick thumb may) and the bar is put right."""

import asyncio

import pytest

from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.session import Session
from scorekeeper.ui.state import AppState
from tests.inprocess import App, open_app
from tests.test_ui_state import start


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def ours(app: App) -> Session:
    """The app's own session of the tab (its state, the addresses awaited)."""
    session = app.page.on_route_change.__self__  # type: ignore[union-attr]
    assert isinstance(session, Session)
    return session


def screen(app: App) -> Screen:
    return ours(app).state.screen


def pushed(app: App) -> list[str]:
    """The addresses sent to the browser's bar, in order."""
    return [
        m.body.args["route"]
        for m in app.conn.messages
        if getattr(m.body, "name", None) == "push_route"
    ]


def test_a_card_pressed_before_the_bar_has_followed_opens_its_game(store):
    game_id = start(AppState(store)).saved.id

    async def go() -> None:
        app = await open_app(store)
        app.conn.held_routes = []  # the browser's word of each new address comes late
        await app.click("History")
        assert app.has("history-count")
        await app.tap(f"history-{game_id}")  # at once: History's address not said back yet
        assert screen(app) is Screen.DETAIL
        held, app.conn.held_routes = app.conn.held_routes, None
        assert held == ["/history", f"/review/{game_id}"]
        await app.say_back("/history")  # late: the review stays
        assert screen(app) is Screen.DETAIL
        await app.say_back(f"/review/{game_id}")
        assert screen(app) is Screen.DETAIL
        assert app.button("Resume")  # the review is what is shown
        assert app.page.route == f"/review/{game_id}"

        app.conn.held_routes = []
        await app.click("Home")
        await app.tap(f"resume-{game_id}")
        assert app.conn.held_routes == ["/", f"/game/{game_id}"]
        app.conn.held_routes = None
        await app.say_back("/")  # Home's address, late: the game stays
        assert screen(app) is Screen.GAME
        await app.say_back(f"/game/{game_id}")
        assert screen(app) is Screen.GAME
        assert app.page.route == f"/game/{game_id}"

    asyncio.run(go())


def test_an_address_said_back_after_the_screen_moved_on_is_put_right(store):
    """A game opened from History, and History pressed again before the
    game's address was said back: History stays, and the bar, which now
    shows the game's address, is set back to History's."""
    game_id = start(AppState(store)).saved.id

    async def go() -> None:
        app = await open_app(store)
        await app.click("History")
        app.conn.held_routes = []
        await app.tap(f"history-{game_id}")
        await app.click("History")  # the bar still shows History's address: nothing sent
        assert screen(app) is Screen.HISTORY and pushed(app)[-1] == f"/review/{game_id}"
        await app.say_back_routes()  # the review's address, late
        assert screen(app) is Screen.HISTORY
        assert pushed(app)[-1] == "/history" and app.page.route == "/history"

    asyncio.run(go())


def test_back_and_typed_addresses_are_still_followed(store):
    """Only an address the app pushed itself is taken as its echo: the
    browser's Back, or a typed address, opens its screen."""
    game_id = start(AppState(store)).saved.id

    async def go() -> None:
        app = await open_app(store)
        await app.click("History")
        await app.tap(f"history-{game_id}")
        assert screen(app) is Screen.DETAIL
        assert pushed(app)[-2:] == ["/history", f"/review/{game_id}"]
        assert ours(app).echoes == []  # each said back at once
        await app.route("/history")  # Back
        assert screen(app) is Screen.HISTORY
        await app.route(f"/game/{game_id}")  # a typed address
        assert screen(app) is Screen.GAME

    asyncio.run(go())
