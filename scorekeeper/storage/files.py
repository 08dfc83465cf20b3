"""Where each data file is, and opening one as a TinyDB.

A file that does not read is never deleted, nor left to break the app: it is
moved to damaged/ and replaced by its newest backup that reads, or started
empty, and a notice tells the user what happened and where the file went."""

import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

from tinydb import TinyDB

from scorekeeper.i18n import Later
from scorekeeper.storage import platform
from scorekeeper.storage.atomic import DamagedFileError, Tables
from scorekeeper.storage.ids import now
from scorekeeper.storage.journal import Journal
from scorekeeper.storage.migration import Checked, meta, read_checked

SHARD_KINDS = ("archive", "index", "facts")  # a folder of numbered files each
# the data files at the top of the folder, with their kinds
DATA_FILES = (("active.json", "active"), ("players.json", "players"), ("sessions.json", "sessions"))
DAY_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}")


def day_folders(folder: Path, today: date | None) -> list[Path]:
    """Backups by day, oldest first; with `today`, a day after it (a clock
    that was wrong) is left out, so it is never taken as the latest."""
    backups = folder / "backups"
    if not backups.is_dir():
        return []
    limit = today.isoformat() if today else None
    return sorted(
        p
        for p in backups.iterdir()
        if DAY_PATTERN.fullmatch(p.name) and p.is_dir() and (limit is None or p.name <= limit)
    )


class DataFiles:
    """The data folder's files: opened, read and moved aside when damaged."""

    def __init__(self, folder: Path, journal: Journal, notices: list[Later]) -> None:
        self.folder = folder
        self.journal = journal
        self.notices = notices

    def path(self, kind: str, number: int) -> Path:
        """The path of shard file `number` of `kind`."""
        return self.folder / kind / f"{number:06d}.json"

    def numbers(self, kind: str) -> list[int]:
        """The numbers of the shard files of `kind` on disk."""
        folder = self.folder / kind
        if not folder.is_dir():
            return []
        return sorted(int(p.stem) for p in folder.glob("[0-9]*.json") if p.stem.isdigit())

    def data_files(self) -> Iterator[tuple[Path, str]]:
        """Every data file with its kind (what a backup copies)."""
        for name, kind in DATA_FILES:
            if (self.folder / name).exists():
                yield self.folder / name, kind
        for kind in SHARD_KINDS:
            for path in sorted((self.folder / kind).glob("[0-9]*.json")):
                yield path, kind

    def open(self, path: Path, kind: str, tables: Checked) -> TinyDB:
        """A TinyDB over tables `read_checked` returned. A damaged file is moved
        aside and replaced by the newest backup that reads, or started empty."""
        if isinstance(tables, DamagedFileError):
            tables = self._recover(path, kind, tables)
        if tables is None:
            tables = {"_meta": {"1": meta(kind)}}
        return self.journal.database(path, kind, tables)

    def _recover(self, path: Path, kind: str, damage: DamagedFileError) -> Tables | None:
        moved = self.move_aside(path)
        for day in reversed(day_folders(self.folder, now().date())):
            candidate = day / path.relative_to(self.folder)
            tables = read_checked(candidate, kind)
            if isinstance(tables, dict):
                platform.copy_atomically(candidate, path)
                self.notices.append(
                    Later(
                        "{file} could not be read ({reason}); it was moved to {moved} "
                        "and the app restored the backup of {day}.",
                        file=path.name,
                        reason=damage.reason,
                        moved=moved,
                        day=day.name,
                    )
                )
                return tables
        self.notices.append(
            Later(
                "{file} could not be read ({reason}); it was moved to {moved} "
                "and the app started a new one.",
                file=path.name,
                reason=damage.reason,
                moved=moved,
            )
        )
        return None

    def recover_missing(self, path: Path) -> bool:
        """Put back a missing archive file from the newest backup that reads."""
        for day in reversed(day_folders(self.folder, now().date())):
            candidate = day / path.relative_to(self.folder)
            if isinstance(read_checked(candidate, "archive"), dict):
                platform.copy_atomically(candidate, path)
                self.notices.append(
                    Later(
                        "{path} was missing; the backup of {day} was restored.",
                        path=path,
                        day=day.name,
                    )
                )
                return True
        return False

    def move_aside(self, path: Path) -> Path:
        """Move a damaged file into damaged/, stamped with the time; returns where."""
        damaged = self.folder / "damaged"
        platform.make_folder(damaged)
        target = damaged / f"{path.parent.name}-{path.stem}-{now():%Y%m%dT%H%M%S%f}{path.suffix}"
        if path.parent == self.folder:
            target = damaged / f"{path.stem}-{now():%Y%m%dT%H%M%S%f}{path.suffix}"
        platform.replace(path, target)
        return target
