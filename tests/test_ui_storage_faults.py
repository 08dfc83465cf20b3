"""The app on a real store whose disk fails: a message for the person at the
table, never a crash and never a path on the server."""

import asyncio
import errno
import json

import flet as ft
import pytest

from scorekeeper.storage import platform
from scorekeeper.storage.store import GameStore
from tests.inprocess import open_app
from tests.test_ui_views import enter_hand, new_game


def fail_writes(monkeypatch, code=errno.ENOSPC):
    def full(path, data):
        raise OSError(code, "No space left on device", str(path))

    monkeypatch.setattr(platform, "write_durably", full)


def page_text(app):
    return " ".join(app.texts())


def test_a_full_disk_while_saving_a_hand_says_so_and_loses_nothing(tmp_path, monkeypatch):
    async def go():
        with GameStore(tmp_path) as store:
            app = await open_app(store)
            await new_game(app)
            await enter_hand(app, [3, 3, 3, 3], [4, 3, 3, 3])
            before = json.loads((tmp_path / "active.json").read_text())
            fail_writes(monkeypatch)
            await app.click("Enter hand")
            for seat in range(4):
                await app.tap(f"bid-plus-{seat}", 3)
            await app.click("Next: tricks")
            for seat, count in enumerate([4, 3, 3, 3]):
                await app.tap(f"tricks-plus-{seat}", count)
            await app.click("Save hand")
            text = page_text(app)
            assert "Could not save (disk full); nothing was lost" in text
            assert str(tmp_path) not in text and "Errno" not in text
            assert app.conn.crashes() == []
            assert json.loads((tmp_path / "active.json").read_text()) == before
            monkeypatch.undo()
            await app.click("Save hand")  # space again: the same hand goes in
            saved = store.history().items[0]
            assert saved.hands == 2

    asyncio.run(go())


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EACCES])
def test_starting_a_game_on_a_failing_disk_shows_a_message(tmp_path, monkeypatch, code):
    async def go():
        with GameStore(tmp_path) as store:
            app = await open_app(store)
            fail_writes(monkeypatch, code)
            await new_game(app)
            text = page_text(app)
            assert "Could not save (" in text and "nothing was lost" in text
            assert str(tmp_path) not in text
            assert store.history().total == 0
            assert not any(
                isinstance(c, ft.Text) and "Error running app" in str(c.value) for c in app.walk()
            )

    asyncio.run(go())


@pytest.mark.parametrize("when", ["9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00"])
def test_a_game_with_a_time_at_the_calendars_end_breaks_no_screen(tmp_path, when):
    from scorekeeper.game import add_hand
    from tests.factories import EVEN, game

    with GameStore(tmp_path) as store:
        saved = store.create(game())
        store.save(saved.id, add_hand(saved.game, EVEN), saved.revision)
    path = tmp_path / "active.json"
    data = json.loads(path.read_text())  # as an older version could have stored it
    for row in data["games"].values():
        row["created_at"] = row["summary"]["created_at"] = when
    path.write_text(json.dumps(data))

    async def go():
        with GameStore(tmp_path) as store:
            for route in ("/", "/history", f"/game/{saved.id}", f"/review/{saved.id}"):
                app = await open_app(store, route=route)
                assert app.conn.crashes() == []
                assert not any("Error running app" in t for t in app.texts())

    asyncio.run(go())
