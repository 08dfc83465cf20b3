"""The file-system primitives the store relies on, chosen once for the platform.

On an operating system: a lock file owns the folder, backups hard-link
unchanged files, every write is fsynced. In a browser (Pyodide,
sys.platform == "emscripten") there are no hard links, no threads and no
file locks: `scorekeeper.storage.browser` supplies a Web Lock, plain copies,
and a sync to IndexedDB after each write. The rest of storage calls only these
names and never asks which platform it runs on.
"""

import os
import sys
from pathlib import Path


class FolderLock:
    """One process owns a data folder at a time."""

    def __init__(self, folder: Path) -> None:
        from filelock import FileLock

        self._lock = FileLock(folder / ".lock", timeout=0)

    def acquire(self) -> bool:
        """True if taken, False if another process holds it."""
        from filelock import Timeout

        try:
            self._lock.acquire()
        except Timeout:
            return False
        return True

    def release(self) -> None:
        self._lock.release()


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` by `data`: after a crash there is the old file or the new one."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)
    wrote(path)


def fsync_folder(folder: Path) -> None:
    """Make renames and new files in `folder` durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def link_or_copy(source: Path, target: Path) -> None:
    """A hard link (no space used) for an unchanged file kept in a backup."""
    target.hardlink_to(source)


def wrote(path: Path) -> None:
    """A file was replaced; on an operating system it is already durable."""


if sys.platform == "emscripten":  # the only place the browser is told apart
    from scorekeeper.storage import browser

    FolderLock = browser.WebLockedFolder
    link_or_copy = browser.copy_file
    fsync_folder = browser.nothing_to_fsync
    wrote = browser.schedule_sync
