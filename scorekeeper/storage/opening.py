"""Opening a data folder, in the order that keeps it safe.

Everything is read first, so that a folder from a newer version is refused
before anything in it is written. Then: a change a crash interrupted is
finished, temporaries are cleaned, files are made private, a damaged file is
recovered, a schema 1 folder is laid out anew, the archive's index is loaded
(and made again where needed), and games sharing an id are given their own."""

from dataclasses import dataclass
from pathlib import Path

from scorekeeper.i18n import Later
from scorekeeper.storage import platform, snapshot
from scorekeeper.storage.active import ActiveGames
from scorekeeper.storage.archive import Archive
from scorekeeper.storage.atomic import DamagedFileError, remove_temporaries, replay_journal
from scorekeeper.storage.files import SHARD_KINDS, DataFiles
from scorekeeper.storage.ids import now
from scorekeeper.storage.journal import Journal
from scorekeeper.storage.migration import (
    Checked,
    read_checked,
    read_legacy_index,
    refuse_newer,
)
from scorekeeper.storage.players import Players
from scorekeeper.storage.repair import repair
from scorekeeper.storage.sessions import Sessions


@dataclass(frozen=True)
class OpenFolder:
    """The parts of an opened data folder, which the store works through."""

    journal: Journal
    files: DataFiles
    active: ActiveGames
    players: Players
    archive: Archive
    sessions: Sessions


def open_folder(folder: Path, notices: list[Later]) -> OpenFolder:
    """The folder's parts, opened; what the user must be told goes to `notices`."""
    # After a failure the journal drops memory back to the files: every file
    # the parts below hold (none is written before they all exist).
    journal = Journal(folder, lambda: [active.db, players.db, sessions.db, *archive.databases()])
    files = DataFiles(folder, journal, notices)
    for name in (*SHARD_KINDS, "damaged", "backups"):
        if (folder / name).exists() and not (folder / name).is_dir():
            raise FileExistsError(17, "File exists", str(folder / name))
    legacy = folder / "index.json"
    # Read first: a folder from a newer version is refused before anything is written.
    active_tables = read_checked(folder / "active.json", "active")
    players_tables = read_checked(folder / "players.json", "players")
    sessions_tables = read_checked(folder / "sessions.json", "sessions")
    index_tables = _index_tables(files)
    legacy_tables = read_legacy_index(legacy) if legacy.exists() else None
    for kind in ("archive", "facts"):  # read when first needed: only their schema now
        for path in sorted((folder / kind).glob("[0-9]*.json")):
            refuse_newer(path, kind)
    # Then write: finish an interrupted change, clean temporaries, fix damage.
    if replay_journal(folder):
        active_tables = read_checked(folder / "active.json", "active")
        players_tables = read_checked(folder / "players.json", "players")
        sessions_tables = read_checked(folder / "sessions.json", "sessions")
        index_tables = _index_tables(files)
    remove_temporaries(folder, *(folder / n for n in SHARD_KINDS))
    snapshot.remove_stale(folder)
    for name in SHARD_KINDS:
        platform.make_folder(folder / name)
    for name in ("damaged", "backups"):
        if (folder / name).is_dir():
            platform.make_private(folder / name)
    for path, _kind in files.data_files():
        platform.make_private(path)
    active = ActiveGames(files.open(folder / "active.json", "active", active_tables), journal)
    players = Players(files.open(folder / "players.json", "players", players_tables))
    sessions = Sessions(files.open(folder / "sessions.json", "sessions", sessions_tables))
    archive = Archive(files, journal, active, notices)
    if legacy.exists():
        upgrade_layout(folder, legacy_tables, players, archive, files.numbers("archive"))
        index_tables = _index_tables(files)
    archived = set(files.numbers("archive"))
    for number in sorted(archived | set(index_tables)):
        tables = index_tables.get(
            number, DamagedFileError(files.path("index", number), Later("missing"))
        )
        archive.load(number, tables, number in archived)
    renamed = repair(active, archive, journal)
    if renamed:
        notices.append(renamed)
    return OpenFolder(journal, files, active, players, archive, sessions)


def upgrade_layout(
    folder: Path, legacy: Checked, players: Players, archive: Archive, shards: list[int]
) -> None:
    """Schema 1 kept summaries, statistics facts and merges in one index.json:
    merges move to players.json, index and facts are made again for each of
    the archive's `shards`, and index.json goes to damaged/."""
    if isinstance(legacy, dict):
        players.adopt(legacy.get("aliases", {}).values())
    for number in shards:
        archive.rebuild(number)
    aside = folder / "damaged"
    platform.make_folder(aside)
    platform.replace(folder / "index.json", aside / f"index-schema-1-{now():%Y%m%d}.json")


def _index_tables(files: DataFiles) -> dict[int, Checked]:
    return {n: read_checked(files.path("index", n), "index") for n in files.numbers("index")}
