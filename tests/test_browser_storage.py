"""The browser's data folder logic, run here with the IndexedDB sync replaced
by a slow fake: syncs never overlap, a write during a sync gets a sync of its
own, "saved" waits for the sync, and a failed sync is reported and retried.
(The real IndexedDB is exercised in Chromium by test_pwa.py.)"""

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.storage import browser


class FakeIndexedDB:
    def __init__(self, monkeypatch: pytest.MonkeyPatch, fail: int = 0) -> None:
        self.running = 0
        self.most_at_once = 0
        self.synced_changes: list[int] = []
        self.fail = fail
        self.changes = 0  # writes made so far (what a sync would copy)
        monkeypatch.setattr(browser, "_syncfs", self.syncfs)

    async def syncfs(self, populate: bool) -> None:
        assert not populate
        self.running += 1
        self.most_at_once = max(self.most_at_once, self.running)
        seen = self.changes
        await asyncio.sleep(random.uniform(0, 0.003))
        self.running -= 1
        if self.fail:
            self.fail -= 1
            raise OSError("the browser could not save to IndexedDB: QuotaExceededError")
        self.synced_changes.append(seen)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.floats(0, 0.004)), min_size=1, max_size=25))
def test_syncs_never_overlap_and_every_write_is_synced(steps: list[tuple[bool, float]]) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        fake = FakeIndexedDB(monkeypatch)
        folder = browser.IndexedDBFolder()

        async def play() -> None:
            waits = []
            for write, pause in steps:
                if write:
                    fake.changes += 1
                    folder.changed()
                else:
                    waits.append(asyncio.ensure_future(folder.flush()))
                await asyncio.sleep(pause)
            assert await folder.flush() is None  # what the app awaits before "saved"
            assert fake.synced_changes[-1:] == [fake.changes] or fake.changes == 0
            await asyncio.gather(*waits)

        asyncio.run(play())
        assert fake.most_at_once <= 1


def test_saved_is_shown_only_after_the_sync(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeIndexedDB(monkeypatch)
    folder = browser.IndexedDBFolder()

    async def save_then_show() -> list[str]:
        events: list[str] = []
        fake.changes += 1
        folder.changed()
        await folder.flush()
        events.append(f"shown after {len(fake.synced_changes)} sync")
        return events

    assert asyncio.run(save_then_show()) == ["shown after 1 sync"]
    assert folder.syncs == 1


def test_a_failed_sync_is_reported_and_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeIndexedDB(monkeypatch, fail=1)
    folder = browser.IndexedDBFolder()

    async def run() -> tuple[Any, Any]:
        fake.changes += 1
        folder.changed()
        first = await folder.flush()
        second = await folder.flush()  # the change is still pending: synced now
        return first, second

    first, second = asyncio.run(run())
    assert first is not None and "QuotaExceededError" in first
    assert second is None and fake.synced_changes == [1]


def test_a_sync_with_no_file_changed_is_skipped(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Each start asks for a sync after opening the store (opening may repair
    or back up files): when it wrote nothing, IndexedDB is not asked at all."""
    fake = FakeIndexedDB(monkeypatch)
    folder = browser.IndexedDBFolder()
    (tmp_path / "games.json").write_text("{}")
    folder.folder, folder._stored = tmp_path, browser.read_tree(tmp_path, {})  # as mounted

    async def flush() -> str | None:
        folder.changed()
        return await folder.flush()

    assert asyncio.run(flush()) is None and fake.synced_changes == [] and folder.syncs == 0
    (tmp_path / "games.json").write_text('{"a": 1}')
    assert asyncio.run(flush()) is None and fake.synced_changes == [0] and folder.syncs == 1
    (tmp_path / "games.json").unlink()
    assert asyncio.run(flush()) is None and folder.syncs == 2
    assert asyncio.run(flush()) is None and folder.syncs == 2


def test_the_folder_lock_is_the_web_lock(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lock = browser.WebLockedFolder(tmp_path)
    monkeypatch.setattr(browser.WEB_LOCK, "held", False)
    assert not lock.acquire()  # another tab has it: the store refuses to open
    monkeypatch.setattr(browser.WEB_LOCK, "held", True)
    assert lock.acquire()


def test_making_a_folder_durable_syncs_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The store calls fsync_folder after each change; in the browser that is
    `sync_soon`, which syncs without anyone waiting for it."""
    fake = FakeIndexedDB(monkeypatch)
    monkeypatch.setattr(browser, "FOLDER", browser.IndexedDBFolder())

    async def write() -> None:
        fake.changes += 1
        browser.sync_soon(tmp_path)
        while not fake.synced_changes:
            await asyncio.sleep(0.001)

    asyncio.run(asyncio.wait_for(write(), 5))
    assert fake.synced_changes == [1]


def test_a_failed_sync_puts_the_files_back_as_indexeddb_has_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """IndexedDB refused the last writes (quota, or the site's storage was
    cleared, when it cannot even be read back): `restore` makes the folder
    what the last good sync sent, from the copy kept in memory."""
    fake = FakeIndexedDB(monkeypatch)
    folder = browser.IndexedDBFolder()
    folder.folder = tmp_path
    active = tmp_path / "active.json"
    active.write_text("hand 1")
    (tmp_path / "backups").mkdir()
    (tmp_path / "backups" / "old.json").write_text("kept")

    async def run() -> tuple[Any, Any]:
        folder.changed()
        assert await folder.flush() is None  # IndexedDB holds hand 1
        active.write_text("hand 1, hand 2")
        (tmp_path / "archive").mkdir()
        (tmp_path / "archive" / "0001.json").write_text("a finished game")
        (tmp_path / "backups" / "old.json").unlink()
        fake.fail = 2  # the sync the write starts, and the one "saved" awaits
        folder.changed()
        return await folder.flush(), await folder.restore()

    refused, restored = asyncio.run(run())
    assert refused is not None and "QuotaExceededError" in refused
    assert restored is None
    assert active.read_text() == "hand 1"
    assert not (tmp_path / "archive" / "0001.json").exists()
    assert (tmp_path / "backups" / "old.json").read_text() == "kept"
    assert asyncio.run(folder.flush()) is None and fake.synced_changes == [0]  # nothing to send


class FakePyodide:
    """Enough of Pyodide for `IndexedDBFolder.mount`: its file system writes
    real files in a temporary folder (IDBFS's storeLocalEntry, as Emscripten
    does it), and `js.earlyData` offers what the worker read as it started."""

    DIR, FILE = 0o040755, 0o100644

    def __init__(self, monkeypatch: pytest.MonkeyPatch, early: dict[str, Any] | None) -> None:
        import sys
        import types

        self.populated = 0
        self.asked: list[str] = []
        self.dbs = types.SimpleNamespace()
        fake = self

        def store_local_entry(path: str, entry: dict[str, Any], callback: Any) -> None:
            target = Path(path)
            if entry["mode"] == fake.DIR:
                target.mkdir(parents=True, exist_ok=True)
            else:
                target.write_bytes(entry["contents"])
            callback(None)

        idbfs = types.SimpleNamespace(storeLocalEntry=store_local_entry, dbs=self.dbs)
        fs = types.SimpleNamespace(
            filesystems=types.SimpleNamespace(IDBFS=idbfs),
            mkdirTree=lambda path: Path(path).mkdir(parents=True, exist_ok=True),
            mount=lambda *args: None,
        )

        def early_data(folder: str) -> Any:
            fake.asked.append(folder)
            if early is None:
                return None
            future = asyncio.get_running_loop().create_future()
            future.set_result(types.SimpleNamespace(db="the open database", **early))
            return future

        class Proxy:
            def __init__(self, function: Any) -> None:
                self.function = function

            def __call__(self, *args: Any) -> Any:
                return self.function(*args)

            def destroy(self) -> None:
                pass

        ffi = types.SimpleNamespace(jsnull=object(), create_proxy=Proxy)
        monkeypatch.setitem(sys.modules, "pyodide_js", types.SimpleNamespace(FS=fs))
        monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(earlyData=early_data))
        monkeypatch.setitem(sys.modules, "pyodide", types.SimpleNamespace(ffi=ffi))
        monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
        monkeypatch.setattr(browser, "_js_object", lambda values: values)
        monkeypatch.setattr(browser, "_syncfs", self.syncfs)

    async def syncfs(self, populate: bool) -> None:
        assert populate
        self.populated += 1


def test_the_data_the_worker_read_as_it_started_is_put_in_place(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The worker reads the data folder's database from its first moment,
    while Python starts and Flutter connects; mounting the folder then only
    writes those files in place: IndexedDB is not read again after Python
    started."""
    folder = tmp_path / "data"
    games = str(folder / "games")
    early = {
        "paths": [f"{games}/active.json", games, str(folder / "players.json")],
        "entries": [
            {"mode": FakePyodide.FILE, "contents": b'{"games": 1}'},
            {"mode": FakePyodide.DIR},
            {"mode": FakePyodide.FILE, "contents": b"{}"},
        ],
    }
    fake = FakePyodide(monkeypatch, early)
    mounted = browser.IndexedDBFolder()
    assert asyncio.run(mounted.mount(folder)) is True
    assert fake.asked == [str(folder)] and fake.populated == 0
    assert (folder / "games" / "active.json").read_bytes() == b'{"games": 1}'
    assert (folder / "players.json").read_bytes() == b"{}"
    assert getattr(fake.dbs, str(folder)) == "the open database"  # IDBFS syncs through it
    # what the folder holds is what IndexedDB holds: the next sync sends nothing new
    assert sorted(mounted._stored) == [f"{games}/active.json", str(folder / "players.json")]


def test_without_the_workers_read_the_folder_is_read_from_indexeddb(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake = FakePyodide(monkeypatch, None)
    assert asyncio.run(browser.IndexedDBFolder().mount(tmp_path / "data")) is False
    assert fake.populated == 1
