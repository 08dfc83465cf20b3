"""The app on a real store whose disk fails: a message for the person at the
table, never a crash and never a path on the server."""

import asyncio
import errno
import json
import shutil

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
                await app.tap(f"player-{seat}")
                await app.tap("key-3")
            await app.click("Next: tricks")
            for seat, count in enumerate([4, 3, 3, 3]):
                await app.tap(f"player-{seat}")
                await app.tap(f"key-{count}")
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
    from scorekeeper.core.game import add_hand
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


class IndexedDBStandIn:
    """Stands for the offline build's IndexedDB (storage/browser.py): `flush`
    copies the data folder to `stored`, or fails as a full quota does; `restore`
    puts the folder back as `stored` has it."""

    def __init__(self, folder, stored):
        self.folder, self.stored = folder, stored
        self.full = False

    def _copy(self, source, target):
        for old in target.rglob("*"):
            if (
                old.is_file()
                and old.name != ".lock"
                and not (source / old.relative_to(target)).exists()
            ):
                old.unlink()
        shutil.copytree(source, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".lock"))

    async def flush(self):
        if self.full:
            return "QuotaExceededError: the quota has been exceeded"
        self._copy(self.folder, self.stored)
        return None

    async def restore(self):
        self._copy(self.stored, self.folder)
        return None


def test_a_refused_write_in_the_offline_build_puts_the_screen_back(tmp_path):
    """IndexedDB refuses the hand (quota, storage cleared): the screen is not
    shown as saved. The entry is back as it was, with the reason; memory and
    files hold what IndexedDB holds; Save hand once there is room saves it once."""
    folder, stored = tmp_path / "data", tmp_path / "indexeddb"
    folder.mkdir()
    stored.mkdir()
    idb = IndexedDBStandIn(folder, stored)

    async def go():
        with GameStore(folder) as store:
            options = {"durable": idb.flush, "undo": idb.restore}
            app = await open_app(store, main_options=options)
            await new_game(app)
            await enter_hand(app, [3, 3, 3, 3], [4, 3, 3, 3])
            score_before = app.tagged("side-0").label
            await app.click("Enter hand")
            for seat in range(4):
                await app.tap(f"player-{seat}")
                await app.tap("key-3")
            await app.click("Next: tricks")
            for seat, count in enumerate([4, 3, 3, 3]):
                await app.tap(f"player-{seat}")
                await app.tap(f"key-{count}")
            idb.full = True
            await app.click("Save hand")
            text = page_text(app)
            assert "Could not save (QuotaExceededError" in text
            assert "nothing was recorded" in text
            assert app.has("tricks-left") and not app.has("summary")  # the entry, as it was
            assert app.conn.crashes() == []
            game_id = store.history().items[0].id
            assert len(store.get(game_id).game.hands) == 1  # memory: what IndexedDB holds
            assert (folder / "active.json").read_bytes() == (stored / "active.json").read_bytes()
            idb.full = False
            await app.click("Save hand")  # room again: the same hand goes in, once
            assert app.has("summary")
            assert app.tagged("side-0").label != score_before
            assert len(store.get(game_id).game.hands) == 2

    asyncio.run(go())
