"""A TinyDB storage that never leaves a torn file.

TinyDB's JSONStorage rewrites its file in place, so a crash mid-write can
corrupt it. This one writes a temporary file, fsyncs it, renames it over the
old file and fsyncs the folder: after a crash there is the old file or the new
one. It also keeps the parsed data in memory, since one process owns the
folder (see store.py), so reads cost nothing.
"""

import json
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import later
from scorekeeper.storage.platform import write_atomically


class DamagedFileError(ScorekeeperError):
    def __init__(self, path: Path, reason: later) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")  # translated now; `reason` stays for later


def read_json_file(path: Path) -> dict[str, dict[str, Any]] | None:
    """The file's tables, None if it does not exist; DamagedFileError if unreadable."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    if not raw.strip():
        raise DamagedFileError(path, later("the file is empty"))
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise DamagedFileError(path, later("not valid JSON ({error})", error=error)) from None
    if not isinstance(data, dict) or not all(isinstance(t, dict) for t in data.values()):
        raise DamagedFileError(path, later("not a table file"))
    return data


class AtomicJSONStorage(Storage):
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._cache: dict[str, dict[str, Any]] | None = None

    def read(self) -> dict[str, dict[str, Any]] | None:
        if self._cache is None:
            self._cache = read_json_file(self.path)
        return self._cache

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        try:
            encoded = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            write_atomically(self.path, encoded.encode("utf-8"))
        except BaseException:
            self._cache = None  # TinyDB changed the cached tables in place: reread
            raise
        self._cache = data

    def close(self) -> None:
        self._cache = None
