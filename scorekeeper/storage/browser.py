"""The data folder in a browser (Pyodide): files kept in IndexedDB.

Pyodide's files live in memory and vanish with the page. The data folder is
mounted on Emscripten's IDBFS: `mount` loads it from IndexedDB, and every
write schedules `flush`, which copies the changes back. Sync calls never
overlap (one at a time, repeated while something changed meanwhile); the app
waits for `flush` before it shows a hand as saved.

One writer: a Web Lock (navigator.locks), held until the page closes, stands
for the lock file of an operating system; a second tab does not get it. There
are no hard links here (backups are copies) and fsync does nothing: durability
is the sync to IndexedDB.

Only imported in the browser (see platform.py): `js`, `pyodide` and
`pyodide_js` exist only there.
"""

import asyncio
import os
from pathlib import Path
from typing import Any

LOCK_NAME = "spades-scorekeeper-data"


class IndexedDBFolder:
    """The offline build's data folder, kept in the browser's IndexedDB."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self._changed = False
        self._sync_lock: asyncio.Lock | None = None
        self._pending: asyncio.Task[str | None] | None = None
        self.syncs = 0  # completed syncs to IndexedDB, for tests and figures
        self._stored: Stored = {}  # what IndexedDB holds, to put back after a failed sync

    async def mount(self, folder: Path) -> bool:
        """Mount `folder` on IndexedDB and load what was stored there: what
        the page's worker read as it started (pwa/python-worker.js), else
        read now. True if the worker's early read was used."""
        import pyodide_js

        fs = pyodide_js.FS
        fs.mkdirTree(str(folder))
        fs.mount(fs.filesystems.IDBFS, _js_object({}), str(folder))
        self.folder = folder
        early = await _early_data(folder)
        if early is not None:
            _put_in_place(fs.filesystems.IDBFS, str(folder), early)
        else:
            await _syncfs(populate=True)
        self._stored = read_tree(folder, {})
        return early is not None

    def changed(self) -> None:
        """A file was written: sync soon (the app awaits `flush` before "saved")."""
        self._changed = True
        if self._pending is None or self._pending.done():
            self._pending = asyncio.ensure_future(self.flush())

    async def flush(self) -> str | None:
        """Write every change to IndexedDB; None, or what went wrong."""
        if self._sync_lock is None:
            self._sync_lock = asyncio.Lock()
        async with self._sync_lock:  # syncfs calls must never overlap
            while self._changed:
                self._changed = False
                folder = self.folder
                taking = read_tree(folder, self._stored) if folder else {}  # what it sends
                if folder and taking == self._stored:
                    continue  # no file changed (IndexedDB's sync would compare the same times)
                try:
                    await _syncfs(populate=False)
                except OSError as error:
                    self._changed = True  # try again with the next write
                    return str(error)
                self._stored = taking
                self.syncs += 1
        return None

    async def restore(self) -> str | None:
        """Put the files back as IndexedDB last took them (after a failed
        `flush`: what was written since is dropped). From the copy kept in
        memory, since IndexedDB may be out of reach (storage cleared)."""
        if self._sync_lock is None:
            self._sync_lock = asyncio.Lock()
        async with self._sync_lock:
            if self.folder is None:
                return "the data folder is not mounted"
            try:
                put_back(self.folder, self._stored)
            except OSError as error:
                return str(error)
            self._changed = False  # the files are what IndexedDB holds
        return None


Stored = dict[str, tuple[float, int, bytes]]  # path -> (mtime, size, content)


def read_tree(folder: Path, known: Stored) -> Stored:
    """Every file under `folder` with its content, read again only where its
    time or size differs from `known`."""
    found: Stored = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        stat = path.stat()
        old = known.get(str(path))
        if old is not None and (old[0], old[1]) == (stat.st_mtime, stat.st_size):
            found[str(path)] = old
        else:
            found[str(path)] = (stat.st_mtime, stat.st_size, path.read_bytes())
    return found


def put_back(folder: Path, stored: Stored) -> None:
    """Make `folder` hold exactly `stored`: files added since are removed,
    changed ones rewritten with their old time (so the next sync sees them
    unchanged)."""
    for path in folder.rglob("*"):
        if path.is_file() and str(path) not in stored:
            path.unlink()
    for name, (mtime, size, data) in stored.items():
        path = Path(name)
        try:
            stat = path.stat()
            same = (stat.st_mtime, stat.st_size) == (mtime, size) and path.read_bytes() == data
        except FileNotFoundError:
            same = False
        if not same:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            os.utime(path, (mtime, mtime))


FOLDER = IndexedDBFolder()


def _js_object(values: dict[str, Any]) -> Any:
    import js
    from pyodide.ffi import to_js

    return to_js(values, dict_converter=js.Object.fromEntries)


async def _early_data(folder: Path) -> Any:
    """What the worker read from `folder`'s database as it started, or None."""
    import js
    from pyodide.ffi import jsnull

    offer = getattr(js, "earlyData", None)
    reading = offer(str(folder)) if offer is not None else None
    if reading is None or reading is jsnull:
        return None
    found = await reading
    return None if found is None or found is jsnull else found


def _put_in_place(idbfs: Any, folder: str, found: Any) -> None:
    """Write the entries read from IndexedDB into the mounted folder as
    IDBFS's own load does (parents first, each with its time and mode), so
    the next sync finds them unchanged; IDBFS keeps using that database."""
    from pyodide.ffi import create_proxy

    failed: list[str] = []

    def done(error: Any = None) -> None:
        if error is not None and not _is_null(error):
            failed.append(str(error))

    callback = create_proxy(done)
    try:
        for path, entry in sorted(zip(found.paths, found.entries, strict=True)):
            idbfs.storeLocalEntry(path, entry, callback)
            if failed:
                raise OSError(f"could not load {path} from IndexedDB: {failed[0]}")
    finally:
        callback.destroy()
    if not hasattr(idbfs.dbs, folder) or _is_null(getattr(idbfs.dbs, folder, None)):
        setattr(idbfs.dbs, folder, found.db)


def _is_null(value: Any) -> bool:
    from pyodide.ffi import jsnull

    return value is None or value is jsnull


def _syncfs(populate: bool) -> "asyncio.Future[None]":
    import pyodide_js
    from pyodide.ffi import create_once_callable, jsnull

    future: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def done(error: Any = None) -> None:
        if future.done():
            return
        if error is None or error is jsnull:
            future.set_result(None)
        else:
            future.set_exception(OSError(f"the browser could not save to IndexedDB: {error}"))

    pyodide_js.FS.syncfs(populate, create_once_callable(done))
    return future


class WebLock:
    """The Web Lock that makes this page the only writer of the data."""

    def __init__(self) -> None:
        self.held = False
        self._keep: list[Any] = []  # JS callbacks that must stay alive

    async def acquire(self) -> bool:
        """Take the lock if no other tab holds it; held until the page closes."""
        import js
        from pyodide.ffi import create_once_callable, create_proxy, jsnull

        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

        def granted(lock: Any) -> Any:
            held = lock is not None and lock is not jsnull
            if not answer.done():
                answer.set_result(held)
            if not held:
                return None
            # a promise that never settles keeps the lock for the page's life
            return js.Promise.new(create_once_callable(lambda resolve, reject: None))

        callback = create_proxy(granted)
        self._keep.append(callback)
        js.navigator.locks.request(LOCK_NAME, _js_object({"ifAvailable": True}), callback)
        self.held = await answer
        return self.held


WEB_LOCK = WebLock()


async def persisted() -> bool | None:
    """Whether the browser keeps this site's data (the page asked for it);
    None if the browser cannot tell."""
    import js

    storage = getattr(js.navigator, "storage", None)
    if storage is None or not hasattr(storage, "persisted"):
        return None
    return bool(await storage.persisted())


# -- the platform primitives (see platform.py) --------------------------------


class WebLockedFolder:
    """The folder lock: this page owns the data if it holds the Web Lock."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def acquire(self) -> bool:
        """Take the lock if no other tab holds it; held until the page closes."""
        return WEB_LOCK.held

    def release(self) -> None:
        """The Web Lock is released when the page closes."""


def sync_soon(folder: Path) -> None:
    """Where the store makes a folder's changes durable: sync it to IndexedDB
    (the app awaits `FOLDER.flush()` before it shows anything as saved)."""
    FOLDER.changed()
