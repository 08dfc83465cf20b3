"""A served import in Chromium: the file's bytes go over HTTP, never in a
websocket message; a file over the limit is refused on screen, with its size
and the limit, before any of it is sent, and the page goes on working."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect

from scorekeeper.core.exchange import MAX_INPUT_BYTES, export_record
from scorekeeper.storage.store import GameStore
from scorekeeper.web.server import WS_MAX_BYTES
from tests import factories
from tests.served import PHONE, ServedApp, hook, load, still

pytestmark = pytest.mark.e2e


class Watched:
    """A keeper's tab whose websocket is watched: the largest message the page
    sent, and whether the connection closed."""

    def __init__(self, browser: Browser, app: ServedApp) -> None:
        self.largest = 0
        self.closed = 0
        self.page: Page = browser.new_page(viewport=PHONE)
        self.page.on("websocket", self.follow)
        load(self.page, app.url)

    def follow(self, socket: WebSocket) -> None:
        socket.on("framesent", self.sent)
        socket.on("close", self.close)

    def sent(self, payload: str | bytes) -> None:
        self.largest = max(self.largest, len(payload))

    def close(self, _socket: WebSocket) -> None:
        self.closed += 1

    def import_file(self, path: Path) -> None:
        page = self.page
        page.get_by_role("button", name="History").click()
        expect(hook(page, "history-count")).to_be_visible()
        still(page)
        with page.expect_file_chooser() as chooser:
            page.get_by_role("button", name="Import").click()
        chooser.value.set_files(path)


@pytest.fixture
def tab(browser, app):
    watched = Watched(browser, app)
    yield watched
    watched.page.close()


def games_file(folder: Path, padding: int) -> Path:
    """A valid file of 3 games, made larger by `padding` spaces (JSON allows them)."""
    with GameStore(folder / "elsewhere") as store:
        records = [export_record(store.create(factories.game(factories.EVEN))) for _ in range(3)]
    text = json.dumps(records).encode()
    path = folder / "games.json"
    path.write_bytes(text[:-1] + b" " * padding + b"]")
    return path


def test_a_file_larger_than_any_websocket_message_imports(tab, tmp_path):
    path = games_file(tmp_path, padding=WS_MAX_BYTES + 500_000)
    tab.import_file(path)
    expect(hook(tab.page, "message")).to_have_text("Imported 3 games from games.json.")
    expect(hook(tab.page, "history-count")).to_have_text("3 games")
    assert path.stat().st_size > WS_MAX_BYTES > tab.largest, "the file went over HTTP"
    assert tab.closed == 0


def test_a_file_over_the_limit_is_refused_on_screen_and_the_page_goes_on(tab, tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(MAX_INPUT_BYTES + 1_450_000)  # 21.45 MB, never read
    tab.import_file(path)
    expect(hook(tab.page, "message")).to_have_text(
        re.compile(
            r"^huge\.json is too big to be a Spades file \(21\.5 MB; the limit is 20 MB\)\. "
            r"Choose a file made with Export JSON\.$",
            re.IGNORECASE,  # the message's first letter is a capital
        )
    )
    assert tab.largest < 64_000, "no part of it was sent in a websocket message"
    still(tab.page)
    tab.page.get_by_role("button", name="Statistics").click()
    expect(tab.page).to_have_url(re.compile(r"/stats$"))
    tab.page.get_by_role("button", name="Home").click()
    expect(tab.page.get_by_role("button", name="New game")).to_be_visible()
    assert tab.closed == 0, "the page kept its connection"
