"""Every file-system primitive the store relies on, in one place.

A build without hard links, threads or file locks (the browser) swaps this
module's functions; the rest of storage only calls these. The swap for the
browser (Pyodide, sys.platform == "emscripten") is at the end of this module:
a Web Lock for the folder lock, copies for hard links, and a sync to
IndexedDB where a folder is made durable (storage/browser.py).
"""

import contextlib
import errno
import os
import shutil
import sys
from pathlib import Path

from filelock import FileLock, Timeout

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

TEMP_SUFFIX = ".tmp"
# The games name people: readable by their owner only, like keys.json.
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700


class FolderLock:
    """One process owns a data folder at a time. The lock is held on the folder
    itself (flock), which cannot be deleted from under a running app as `.lock`
    can; `.lock` is locked too, since older versions look only at it."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._fd: int | None = None
        self._lock = FileLock(folder / ".lock", timeout=0)

    def acquire(self) -> bool:
        """True if taken, False if another process (or another store in this
        one) holds it."""
        if not self._lock_folder():
            return False
        try:
            self._lock.acquire()
        except Timeout:
            self._unlock_folder()
            return False
        except BaseException:
            self._unlock_folder()
            raise
        return True

    def _lock_folder(self) -> bool:
        if fcntl is None:  # Windows: `.lock` alone
            return True
        fd = os.open(self._folder, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except OSError as error:
            os.close(fd)
            if error.errno in (errno.ENOLCK, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
                return True  # a file system without folder locks: `.lock` alone
            raise
        self._fd = fd
        return True

    def _unlock_folder(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the only descriptor releases the flock
            self._fd = None

    def release(self) -> None:
        """Let another process open the folder."""
        try:
            self._lock.release()
        finally:
            self._unlock_folder()


def temp_path(path: Path) -> Path:
    """Where a new version of `path` is written before it replaces it."""
    return path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")


def write_durably(path: Path, data: bytes) -> None:
    """Write `path` and fsync it (no rename: the caller renames it later)."""
    try:
        with open(path, "wb") as f:
            os.chmod(path, PRIVATE_FILE)  # before anything is written in it
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
    """Rename `source` over `target` and make the rename durable."""
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
    """Copy a file, times kept, readable by this user only."""
    shutil.copy2(source, target)
    os.chmod(target, PRIVATE_FILE)


def make_folder(folder: Path) -> None:
    """A folder of the store, private to its owner (its parents are left as they are)."""
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    make_private(folder)


def make_private(path: Path) -> None:
    """Take away what others may do with a file or folder an older version made."""
    mode = path.stat().st_mode
    if mode & 0o077:
        with contextlib.suppress(PermissionError):  # another user's file: left as it is
            os.chmod(path, mode & 0o700)


def remove_tree(folder: Path) -> None:
    """Remove a folder and everything in it, as far as it can be removed."""
    shutil.rmtree(folder, ignore_errors=True)


if sys.platform == "emscripten":  # the only place the browser is told apart
    from scorekeeper.storage import browser

    FolderLock = browser.WebLockedFolder  # one writer per browser: a Web Lock
    link_or_copy = copy_file  # no hard links
    fsync_folder = browser.sync_soon  # durable = synced to IndexedDB
