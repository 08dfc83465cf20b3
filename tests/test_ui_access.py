"""In-process, in a real Flet session: each screen names itself in the page's
title, in the tab's language; headings are marked as headings; the text size
is a setting of the device, remembered there (in Chromium:
test_e2e_access.py)."""

import asyncio

import flet as ft
import pytest

from scorekeeper import i18n
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.device import TEXT_SIZE_COOKIE, TEXT_SIZE_KEY
from scorekeeper.ui.screens import page_title
from scorekeeper.ui.screens.menus import chosen
from tests import factories
from tests.inprocess import App, open_app, open_watch
from tests.test_ui_views import until


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def run(coro):
    return asyncio.run(coro)


def headings(app: App) -> dict[str, int | None]:
    """The texts marked as headings, and their level."""
    found = {}
    for control in app.walk():
        if isinstance(control, ft.Semantics) and control.header:
            assert isinstance(control.content, ft.Text), control.content
            found[str(control.content.value)] = control.heading_level
    return found


def text_size(app: App) -> ft.DropdownM2:
    dropdown = app.hook("text-size")
    assert isinstance(dropdown, ft.DropdownM2)
    return dropdown


def test_each_screen_names_itself_in_the_tabs_language(store):
    saved = store.create(factories.game(factories.hand([4, 3, 3, 3], [4, 3, 3, 3])))

    async def go():
        app = await open_app(store)
        assert app.page.title == "Spades Scorekeeper"
        await app.click("New game")
        assert app.page.title == "New game · Spades Scorekeeper"
        await app.route(f"/game/{saved.id}/hand")
        await app.route(f"/game/{saved.id}/hand")
        assert app.page.title == "Hand 2: bids · Spades Scorekeeper"
        await app.route("/history")
        assert app.page.title == "History · Spades Scorekeeper"
        await app.route("/stats")
        assert app.page.title == "Statistics · Spades Scorekeeper"
        await app.route("/")
        await app.event(app.hook("language"), "change", value="th")
        await app.route("/history")
        with i18n.language("th"):
            assert app.page.title == f"{i18n._('History')} · {i18n._('Spades Scorekeeper')}"
            assert app.page.title == page_title(i18n._("History"))
        assert app.page.title != "History · Spades Scorekeeper"

    run(go())


def test_the_watch_page_names_itself(store):
    async def go():
        watch = await open_watch(store)
        assert watch.page.title == "Live scores · Spades Scorekeeper"
        assert headings(watch) == {"Live scores": 1}

    run(go())


def test_titles_of_screens_and_sections_are_headings(store):
    store.create(factories.game(factories.hand([4, 3, 3, 3], [4, 3, 3, 3])))

    async def go():
        app = await open_app(store)
        assert headings(app) == {"Spades Scorekeeper": 1, "Games in progress": 2}
        await app.route("/stats")
        found = headings(app)
        assert found["Statistics"] == 1 and found["Win rate"] == 2
        night = store.start_session(store.history().items[0].id)
        await app.route(f"/night/{night.id}")
        assert headings(app) == {"Session": 1, "Highlights": 2, "Games": 2}

    run(go())


def test_the_text_size_is_kept_on_the_device(store):
    device: dict[str, object] = {}

    async def go():
        app = await open_app(store, device_storage=device)
        assert text_size(app).value == "100"
        assert [o.key for o in text_size(app).options] == ["100", "125", "150", "175", "200"]
        await app.event(text_size(app), "change", value="150")
        assert text_size(app).value == "150"
        assert device[TEXT_SIZE_KEY] == 150  # the page scales its text from it
        assert chosen(text_size(app)) == "150%"
        await app.event(text_size(app), "change", value="999")  # no such size: as it was
        assert text_size(app).value == "150" and device[TEXT_SIZE_KEY] == 150
        again = await open_app(store, device_storage=device)  # the offline build: asked
        await until(lambda: text_size(again).value == "150")
        served = await open_app(store, cookies={TEXT_SIZE_COOKIE: "175"})  # served: a cookie
        await until(lambda: text_size(served).value == "175")

    run(go())
