"""Every file-system primitive the store relies on, in one place.

A build without hard links, threads or file locks (the browser) swaps this
module's functions; the rest of storage only calls these. The swap for the
browser (Pyodide, sys.platform == "emscripten") is at the end of this module:
a Web Lock for the folder lock, copies for hard links, and a sync to
IndexedDB where a folder is made durable (storage/browser.py).
"""

import errno
import os
import shutil
import sys
from pathlib import Path

from filelock import FileLock, Timeout

TEMP_SUFFIX = ".tmp"


class FolderLock:
    """One process owns a data folder at a time."""

    def __init__(self, folder: Path) -> None:
        self._lock = FileLock(folder / ".lock", timeout=0)

    def acquire(self) -> bool:
        """True if taken, False if another process holds it."""
        try:
            self._lock.acquire()
        except Timeout:
            return False
        return True

    def release(self) -> None:
        self._lock.release()


def temp_path(path: Path) -> Path:
    """Where a new version of `path` is written before it replaces it."""
    return path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")


def write_durably(path: Path, data: bytes) -> None:
    """Write `path` and fsync it (no rename: the caller renames it later)."""
    try:
        with open(path, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` by `data`: after a crash there is the old file or the new one."""
    tmp = temp_path(path)
    write_durably(tmp, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)


def copy_atomically(source: Path, target: Path) -> None:
    """Put a copy of `source` (a backup) in place of `target`, as durably as any
    write: after a crash there is the old `target` or the whole copy."""
    write_atomically(target, source.read_bytes())


def replace(source: Path, target: Path) -> None:
    os.replace(source, target)


def fsync_folder(folder: Path) -> None:
    """Make renames and new files in `folder` durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError as error:  # some file systems cannot fsync a folder
        if error.errno not in (errno.EINVAL, errno.EBADF, errno.ENOTSUP):
            raise
    finally:
        os.close(fd)


def link_or_copy(source: Path, target: Path) -> None:
    """A hard link where the file system has them (no space used), else a copy."""
    try:
        target.hardlink_to(source)
    except OSError as error:
        if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS):
            raise
        shutil.copy2(source, target)


def copy_file(source: Path, target: Path) -> None:
    shutil.copy2(source, target)


def remove_tree(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


if sys.platform == "emscripten":  # the only place the browser is told apart
    from scorekeeper.storage import browser

    FolderLock = browser.WebLockedFolder  # one writer per browser: a Web Lock
    link_or_copy = copy_file  # no hard links
    fsync_folder = browser.sync_soon  # durable = synced to IndexedDB
