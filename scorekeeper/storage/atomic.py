"""TinyDB storage that never leaves a torn file, and changes to several files
that happen all together or not at all.

TinyDB's JSONStorage rewrites its file in place, so a crash mid-write can
corrupt it. This one writes a temporary file, fsyncs it, renames it over the
old file and fsyncs the folder: after a crash there is the old file or the new
one. It keeps the parsed data in memory, since one process owns the folder,
so each file is parsed once.

A `Transaction` groups writes to several files: each new version is written
and fsynced as a temporary file, then a journal naming the renames is made
durable, then the renames happen and the journal goes. A crash before the
journal is whole leaves the old files (the temporaries are cleaned on the next
open); a crash after it is finished by `replay_journal` on the next open.

The journal itself is written in place, so a crash while writing it can leave
it torn. A torn journal does not parse and is dropped: no rename starts before
the journal is whole and fsynced, so the old files are still all there.
"""

import json
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import Later
from scorekeeper.storage import platform
from scorekeeper.storage.errors import write_failed

Tables = dict[str, dict[str, Any]]
JOURNAL = "journal.json"


class DamagedFileError(ScorekeeperError):
    """A data file that cannot be read, and why."""

    def __init__(self, path: Path, reason: Later) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")  # translated now; `reason` stays for later


def encode(tables: Tables) -> bytes:
    """Tables as the UTF-8 JSON text a data file holds."""
    return json.dumps(tables, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def read_json_file(path: Path) -> Tables | None:
    """The file's tables, None if it does not exist; DamagedFileError if unreadable.

    OSError (permission, a folder in the way) is left to the caller."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    if not raw.strip():
        raise DamagedFileError(path, Later("the file is empty"))
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise DamagedFileError(
            path, Later("not valid JSON ({error})", error=str(error)[:80])
        ) from None
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise DamagedFileError(path, Later("not a table file"))
    return data


class Transaction:
    """Collects the writes of one change; `commit` makes them durable together."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.open = False
        self.dirty: dict[Path, AtomicJSONStorage] = {}

    def begin(self) -> None:
        """Start gathering writes, to be made together."""
        assert not self.open, "transactions do not nest"
        self.open = True  # (dirty is empty: commit and rollback empty it)

    def commit(self) -> None:
        """Make the gathered writes: all of them, even if the process dies meanwhile."""
        self.open = False
        dirty, self.dirty = self.dirty, {}
        temps: list[tuple[Path, Path]] = []
        journal = self.root / JOURNAL
        try:
            for path, storage in dirty.items():
                tmp = platform.temp_path(path)
                platform.write_durably(tmp, storage.encoded())
                temps.append((tmp, path))
            if len(temps) > 1:
                names = [
                    [str(t.relative_to(self.root)), str(p.relative_to(self.root))] for t, p in temps
                ]
                # In place: a torn one is dropped on open (see the module's docstring).
                platform.write_durably(journal, json.dumps({"renames": names}).encode())
                platform.fsync_folder(self.root)
        except OSError as error:
            for tmp, _ in temps:
                tmp.unlink(missing_ok=True)
            for storage in dirty.values():
                storage.forget()
            raise write_failed(error) from None
        except BaseException:
            for storage in dirty.values():
                storage.forget()
            raise
        _finish(temps)
        if len(temps) > 1:
            journal.unlink()
            platform.fsync_folder(self.root)

    def rollback(self) -> None:
        """Drop the gathered writes; the files stay as they were."""
        self.open = False
        dirty, self.dirty = self.dirty, {}
        for storage in dirty.values():
            storage.forget()


def _finish(renames: list[tuple[Path, Path]]) -> None:
    folders = set()
    for tmp, path in renames:
        if tmp.exists():
            platform.replace(tmp, path)
        folders.add(path.parent)
    for folder in sorted(folders):
        platform.fsync_folder(folder)


def replay_journal(root: Path) -> bool:
    """Finish a change a crash interrupted after its journal was written."""
    journal = root / JOURNAL
    try:
        data = json.loads(journal.read_bytes())
        renames = [(root / tmp, root / final) for tmp, final in data["renames"]]
    except FileNotFoundError:
        return False
    except (ValueError, KeyError, TypeError):
        journal.unlink()  # torn by a crash while written: no rename had started
        return False
    _finish(renames)
    journal.unlink()
    platform.fsync_folder(root)
    return True


def remove_temporaries(*folders: Path) -> None:
    """Remove the temporary files a crash left in these folders."""
    for folder in folders:
        if folder.is_dir():
            for stray in folder.glob(f".*{platform.TEMP_SUFFIX}"):
                if stray.is_file():
                    stray.unlink(missing_ok=True)


class AtomicJSONStorage(Storage):
    """A TinyDB storage that writes a whole new file and renames it over the old one."""

    def __init__(
        self,
        path: str | Path,
        transaction: Transaction | None = None,
        tables: Tables | None = None,
        meta: dict[str, Any] | None = None,
    ) -> None:
        self.path = Path(path)
        self.transaction = transaction
        self.meta = meta  # the `_meta` row every version of this file carries
        self._cache: Tables | None = tables  # already parsed by the caller

    def read(self) -> Tables | None:
        """The file's tables (kept in memory after the first read), or None."""
        if self._cache is None:
            tables = read_json_file(self.path)
            if self.meta is not None:
                tables = tables or {}
                tables["_meta"] = {"1": dict(self.meta)}
            self._cache = tables
        return self._cache

    def encoded(self) -> bytes:
        """The tables in memory as file text."""
        assert self._cache is not None
        return encode(self._cache)

    def forget(self) -> None:
        """Drop what is in memory (TinyDB changed it in place): reread the file."""
        self._cache = None

    def write(self, data: Tables) -> None:
        """Write the tables: at once, or with the transaction in progress."""
        if self.transaction is not None and self.transaction.open:
            self._cache = data
            self.transaction.dirty[self.path] = self
            return
        try:
            platform.write_atomically(self.path, encode(data))
        except OSError as error:
            self._cache = None
            raise write_failed(error) from None
        except BaseException:
            self._cache = None
            raise
        self._cache = data

    def close(self) -> None:
        """Forget the tables in memory; every write is already complete."""
        self._cache = None
