"""Reading a data folder while the app has it open (`scorekeeper list`,
`export`): a store over a consistent copy, made of hard links.

Every data file is replaced whole by a rename and never written in place, so
a hard link keeps the version it was made from, however the app changes the
folder afterwards, and costs no space. A copy is consistent when no file
changed while it was made (a change to several files renames them, so it
shows); otherwise it is made again. A change the app was in the middle of
is in the copy with its journal and new files, and finished in the copy only.
"""

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from scorekeeper.i18n import _
from scorekeeper.storage import platform
from scorekeeper.storage.errors import StorageError

SNAPSHOT_PREFIX = ".read-"
ATTEMPTS = 50
Stamp = tuple[int, int, int, int]  # device, inode, size, modification time


def _files(folder: Path) -> dict[Path, Stamp]:
    """What a store reads, relative to `folder`, with each file's stamp: the
    top-level data files (and a journal and its new files), the shard folders
    and the backups (where a damaged file is recovered from)."""
    found: dict[Path, Stamp] = {}
    tops = [p for p in folder.iterdir() if p.is_file() and p.suffix in (".json", ".tmp")]
    shards = [p for kind in ("archive", "index", "facts") for p in (folder / kind).glob("*")]
    backups = (folder / "backups").rglob("*") if (folder / "backups").is_dir() else ()
    for path in [*tops, *shards, *backups]:
        if path.name == "keys.json" or not path.is_file():
            continue
        try:
            st = path.stat()
        except FileNotFoundError:  # renamed away meanwhile: the next attempt sees it
            continue
        found[path.relative_to(folder)] = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    return found


def _copy(folder: Path, files: dict[Path, Stamp], target: Path) -> bool:
    """Link (or copy) every file; False if one was gone before it was taken.
    (One renamed over meanwhile shows in the second look at the stamps.)"""
    for relative in files:
        (target / relative).parent.mkdir(mode=platform.PRIVATE_FOLDER, parents=True, exist_ok=True)
        try:
            platform.link_or_copy(folder / relative, target / relative)
        except FileNotFoundError:
            return False
    return True


def _place(folder: Path) -> Path:
    """An empty folder for the copy: inside the data folder (hard links need
    the same disk), or a temporary folder if the data folder is read-only."""
    try:
        place = folder / f"{SNAPSHOT_PREFIX}{os.getpid()}{platform.TEMP_SUFFIX}"
        platform.remove_tree(place)
        place.mkdir(mode=platform.PRIVATE_FOLDER)
        return place
    except OSError:
        return Path(tempfile.mkdtemp(prefix="spades-read-"))


@contextlib.contextmanager
def consistent_copy(folder: Path) -> Iterator[Path]:
    """A folder holding the data as it was at one moment, removed afterwards."""
    for _attempt in range(ATTEMPTS):
        before = _files(folder)
        place = _place(folder)
        try:
            if _copy(folder, before, place) and _files(folder) == before:
                yield place
                return
        finally:
            platform.remove_tree(place)
    raise StorageError(
        _("the data folder {folder} kept changing while it was read; try again").format(
            folder=folder
        )
    )


def remove_stale(folder: Path) -> None:
    """Copies left by a reader that was killed (its process is gone)."""
    for place in folder.glob(f"{SNAPSHOT_PREFIX}*{platform.TEMP_SUFFIX}"):
        pid = place.name[len(SNAPSHOT_PREFIX) : -len(platform.TEMP_SUFFIX)]
        if place.is_dir() and pid.isdigit() and not _alive(int(pid)):
            platform.remove_tree(place)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True
