"""The screen registry: one entry per screen gives its URL, title, the way a
URL enters it and the module that draws it."""

import asyncio
import inspect
import re

import flet as ft
import pytest

from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.screenframe import draw
from scorekeeper.ui.screens import SCREENS, follow, match, route_of
from scorekeeper.ui.state import AppState
from tests.inprocess import FakeKeeper, open_app


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def test_every_screen_has_one_entry_and_a_drawing_module():
    assert set(SCREENS) == set(Screen)
    routes = [spec.route for spec in SCREENS.values()]
    assert len(set(routes)) == len(routes)
    for screen in Screen:
        build = draw(screen)
        assert list(inspect.signature(build).parameters) == ["state", "on", "files"], screen


@pytest.mark.parametrize("screen", list(Screen))
def test_each_route_names_its_screen(screen):
    route = SCREENS[screen].route.format(id="g123")
    assert match(route) == (screen, {"id": "g123"} if "{id}" in SCREENS[screen].route else {})
    assert match(route + "?x=1") == match(route)


@pytest.mark.parametrize("route", ["/nowhere", "/game", "/game/a/hand/b", "/review", "/new/x"])
def test_other_routes_name_no_screen(route):
    assert match(route) is None


def test_every_screen_follows_its_url_and_shows_its_title(store):
    """Open each screen by its URL in a fresh tab: the state lands there and
    the URL it reports is the one followed."""
    state = AppState(store)
    state.new_game()
    for seat, name in enumerate(("Ana", "Ben", "Cy", "Dee")):
        state.set_name(seat, name)
    state.start_game()
    assert state.saved is not None
    game_id = state.saved.id
    night = store.start_session(game_id).id  # a session's page names the session
    titles = {}
    # the hand screen last: a game with a hand being entered opens on it
    for screen in sorted(Screen, key=lambda s: s is Screen.HAND):
        if screen is Screen.HAND:
            state.begin_hand()
        route = SCREENS[screen].route.format(id=night if screen is Screen.NIGHT else game_id)
        fresh = AppState(store)
        fresh.sharing = FakeKeeper()  # served to browsers: the Share screen exists
        follow(fresh, route)
        assert fresh.screen is screen, route
        assert route_of(fresh) == route

        async def shown(route: str = route) -> str:
            app = await open_app(store, route=route, keeper=FakeKeeper())
            assert app.page.route == route
            heading = app.page.views[-1].appbar.title
            assert isinstance(heading, ft.Semantics) and heading.header
            return str(heading.content.value)

        titles[screen] = asyncio.run(shown())
    assert titles[Screen.HAND] == "Hand 1: bids"
    assert re.sub("[\u2066-\u2069]", "", titles[Screen.GAME]) == "Ana + Cy vs Ben + Dee"
    assert titles[Screen.STATS] == "Statistics" and titles[Screen.SETUP] == "New game"
