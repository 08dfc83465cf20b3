"""Daily backups of the data folder, and putting one back.

On the first open of a day every data file is copied to backups/DAY/, the
last BACKUP_DAYS kept. A file unchanged since the previous backup is a hard
link to it (no space used); a file is copied only once it has been read, so a
damaged file is never copied over the backup it is recovered from."""

from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path

from scorekeeper.i18n import Later, _
from scorekeeper.storage import platform
from scorekeeper.storage.atomic import JOURNAL
from scorekeeper.storage.errors import (
    DataFolderError,
    StorageError,
    StoreLockedError,
    folder_unusable,
    os_error_reason,
)
from scorekeeper.storage.files import SHARD_KINDS, day_folders
from scorekeeper.storage.ids import now

BACKUP_DAYS = 7
DATA_NAMES = ("active.json", "players.json", "sessions.json", "index.json", JOURNAL)


def backup_days(folder: Path) -> list[str]:
    """The days a backup was made, oldest first."""
    return [day.name for day in day_folders(folder, None)]


def daily_backup(
    folder: Path,
    files: Iterable[tuple[Path, str]],
    readable: Callable[[Path, str], bool],
    notices: list[Later],
    today: date,
) -> Path | None:
    """Copy every file once a day; best effort (a notice when it fails).
    `files` are the data files with their kinds; `readable` reads one (and
    recovers it if damaged) and says whether there is anything to copy."""
    day = today.isoformat()
    target = folder / "backups" / day
    if target.exists():
        return None
    tmp = folder / "backups" / f".{day}.tmp"
    try:
        return _make_backup(folder, files, readable, today, target, tmp)
    except BaseException as error:
        platform.remove_tree(tmp)  # never a half-made backup left behind
        if not isinstance(error, OSError):
            raise
        notices.append(
            Later(
                "today's backup could not be made ({reason}); your games are not affected.",
                reason=os_error_reason(error),
            )
        )
        return None


def _make_backup(
    folder: Path,
    files: Iterable[tuple[Path, str]],
    readable: Callable[[Path, str], bool],
    today: date,
    target: Path,
    tmp: Path,
) -> Path:
    days = day_folders(folder, today)
    previous = days[-1] if days else None
    platform.remove_tree(tmp)
    platform.make_folder(tmp.parent)
    platform.make_folder(tmp)
    for name in SHARD_KINDS:
        platform.make_folder(tmp / name)
    for source, kind in files:
        relative = source.relative_to(folder)
        old = previous / relative if previous else None
        if old and old.exists() and _same_file_version(old, source):
            platform.link_or_copy(old, tmp / relative)
        elif readable(source, kind):
            platform.copy_file(source, tmp / relative)
    platform.replace(tmp, target)
    for stale in day_folders(folder, today)[:-BACKUP_DAYS]:
        platform.remove_tree(stale)
    return target


def _same_file_version(a: Path, b: Path) -> bool:
    sa, sb = a.stat(), b.stat()
    return sa.st_size == sb.st_size and sa.st_mtime_ns == sb.st_mtime_ns


def restore_backup(folder: Path, day: str) -> Path:
    """Replace the data files by a backup's; the current ones go to damaged/.

    `day` must be one listed by `backups`. Run while no app uses the folder
    (the lock is taken for the duration).
    """
    days = backup_days(folder)
    if day not in days:
        listed = ", ".join(days) or _("none yet")
        raise StorageError(
            _("{day} is not a backup day; the backups are: {days}").format(
                day=repr(day)[:80], days=listed
            )
        )
    source = folder / "backups" / day
    made = all((source / kind).is_dir() for kind in SHARD_KINDS)
    if not (made or any(source.rglob("*.json"))):  # restoring it would put every game aside
        raise StorageError(
            _(
                "backups/{day} holds no saved games and is not a backup the app made; "
                "nothing was restored"
            ).format(day=day)
        )
    lock = platform.FolderLock(folder)
    try:
        taken = lock.acquire()
    except OSError as error:
        raise folder_unusable(folder, error) from None
    if not taken:
        raise StoreLockedError(
            _("the data folder {folder} is in use; close the app before restoring").format(
                folder=folder
            )
        )
    try:
        aside = folder / "damaged" / f"before-restore-{now():%Y%m%dT%H%M%S}"
        platform.make_folder(aside.parent)
        platform.make_folder(aside)
        for name in SHARD_KINDS:
            platform.make_folder(aside / name)
        for name in DATA_NAMES:
            if (folder / name).exists():
                platform.replace(folder / name, aside / name)
        for kind in SHARD_KINDS:
            if (folder / kind).is_dir():
                for shard in (folder / kind).glob("[0-9]*.json"):
                    platform.replace(shard, aside / kind / shard.name)
        for moved in (folder, *(folder / kind for kind in SHARD_KINDS)):
            if moved.is_dir():
                platform.fsync_folder(moved)
        for item in source.rglob("*.json"):
            target = folder / item.relative_to(source)
            platform.make_folder(target.parent)
            platform.copy_atomically(item, target)  # each rename made durable
        platform.fsync_folder(folder)  # and the folders made for them
        return aside
    except OSError as error:
        raise DataFolderError(
            _(
                "the backup could not be restored ({reason}); "
                "the files it was replacing are in {aside}"
            ).format(reason=os_error_reason(error), aside=aside)
        ) from None
    finally:
        lock.release()
