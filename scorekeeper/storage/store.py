"""GameStore: every game saved as it is played, fast however long the history.

Layout of a data folder:

    active.json          games in progress and hands being entered (saving a
                         hand rewrites only this small file)
    players.json         merged spellings of player names
    archive/000001.json  finished games, SHARD_SIZE per file
    index/000001.json    the history list's summary of each game in that shard,
                         and the statistics' tally of the shard (read at open)
    facts/000001.json    what the statistics count in each game of that shard
                         (read only to count a shard again)
    journal.json         only while a change to several files is made
    backups/YYYY-MM-DD/  a daily copy of all of the above, the last BACKUP_DAYS kept
    damaged/             unreadable files, moved aside, never deleted

Every file is a TinyDB database written atomically (atomic.py) with a `_meta`
table holding its kind and schema version. A change to several files (a game
finishing, an import, a delete) is one transaction: all or nothing, even when
the process is killed. One process owns a folder (a lock file); inside it one
lock serializes all access, so threads and browser sessions can share a store.
"""

import functools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from tinydb import Query, TinyDB

from scorekeeper.draft import HandDraft
from scorekeeper.errors import ScorekeeperError
from scorekeeper.exchange import Incoming
from scorekeeper.i18n import _, later
from scorekeeper.model import Game
from scorekeeper.saved import GameSummary, SavedGame
from scorekeeper.scoring import Status
from scorekeeper.stats import GameFacts, Tally, tally
from scorekeeper.storage import platform, snapshot
from scorekeeper.storage.active import ActiveGames
from scorekeeper.storage.atomic import (
    DamagedFileError,
    remove_temporaries,
    replay_journal,
)
from scorekeeper.storage.backups import (
    backup_days,
    daily_backup,
    restore_backup,
)
from scorekeeper.storage.documents import (
    facts_from_document,
    game_from_document,
    game_to_document,
    index_entry,
    instant,
    stored_summary,
    summary_from_document,
)
from scorekeeper.storage.errors import (
    ConflictError,
    GameNotFoundError,
    NewerVersionError,
    StorageError,
    StoreLockedError,
    folder_unusable,
    write_failed,
)
from scorekeeper.storage.files import DataFiles
from scorekeeper.storage.ids import new_id, now
from scorekeeper.storage.journal import Journal
from scorekeeper.storage.migration import meta, read_checked, read_legacy_index, refuse_newer
from scorekeeper.storage.players import Players
from scorekeeper.storage.tallies import kept_tally, kept_totals, tally_rows

__all__ = [
    "ConflictError",
    "GameNotFoundError",
    "GameStore",
    "NewerVersionError",
    "Page",
    "StorageError",
    "StoreLockedError",
    "backup_days",
    "new_id",
    "now",
    "restore_backup",
]

P = ParamSpec("P")
R = TypeVar("R")
SHARD_SIZE = 250
NOTICE_LIST = 10  # a notice names at most this many games, then gives a count
# What an index file's row needs to list a game ...
LISTED_KEYS = frozenset(
    (
        "id",
        "created_at",
        "updated_at",
        "status",
        "variant",
        "players",
        "scores",
        "winner",
        "hands",
        "preset",
        "shard",
    )
)
# ... and what this version writes in it: an index file of rows written before
# a key was added (the sides' names) is made again from its archive file.
SUMMARY_KEYS = LISTED_KEYS | {"team_names"}


@dataclass(frozen=True)
class Page:
    items: tuple[GameSummary, ...]
    total: int  # matching games in all


def _guarded(writes: bool) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Any file-system failure left in an operation becomes a StorageError with
    a message for a person (and, for a write, the promise that nothing changed)."""

    def wrap(method: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(method)
        def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return method(*args, **kwargs)
            except OSError as error:
                store = args[0]
                assert isinstance(store, GameStore)
                if writes:
                    store._journal.reset_after_failure()
                    raise write_failed(error) from None
                raise folder_unusable(store.folder, error) from None

        return guarded

    return wrap


class GameStore:
    def __init__(self, folder: Path, today: date | None = None) -> None:
        self.folder = folder
        self.notices: list[later] = []  # things the user must be told (moved files)
        self._lock = threading.RLock()
        self._shards: dict[int, TinyDB] = {}
        self._index: dict[int, TinyDB] = {}
        self._facts_dbs: dict[int, TinyDB] = {}
        self._totals: dict[int, Tally] = {}  # per shard, as its index file keeps it
        self._summaries: dict[str, dict[str, Any]] = {}
        self._shard_counts: dict[int, int] = {}
        try:
            if folder.exists() and not folder.is_dir():
                raise NotADirectoryError(20, "Not a directory", str(folder))
            if not folder.exists():
                platform.make_folder(folder)  # one that exists may be shared: left as it is
            self._file_lock = platform.FolderLock(folder)
            taken = self._file_lock.acquire()
        except OSError as error:
            raise folder_unusable(folder, error) from None
        if not taken:
            raise StoreLockedError(
                _(
                    "the data folder {folder} is in use by another Spades Scorekeeper; "
                    "close it first, or choose another folder with --data"
                ).format(folder=folder),
                _("The saved games are in use by another copy of the app."),
            )
        try:
            self._open_all()
            self._daily_backup(today)
        except OSError as error:
            self._file_lock.release()
            raise folder_unusable(folder, error) from None
        except BaseException:
            self._file_lock.release()
            raise

    def reopen(self) -> None:
        """Forget what memory holds and read the folder again: its files were
        put back as they were stored (the offline build, after a failed sync)."""
        with self._lock:
            for kept in (self._shards, self._index, self._facts_dbs, self._totals):
                kept.clear()
            self._summaries.clear()
            self._shard_counts.clear()
            self._open_all()

    # -- opening --------------------------------------------------------------

    def _open_all(self) -> None:
        folder = self.folder
        self._journal = Journal(folder, self._databases)
        self._files = DataFiles(folder, self._journal, self.notices)
        for name in ("archive", "index", "facts", "damaged", "backups"):
            if (folder / name).exists() and not (folder / name).is_dir():
                raise FileExistsError(17, "File exists", str(folder / name))
        legacy = folder / "index.json"
        # Read first: a folder from a newer version is refused before anything is written.
        active = read_checked(folder / "active.json", "active")
        players = read_checked(folder / "players.json", "players")
        index_files = self._files.numbers("index")
        index_tables = {n: read_checked(self._files.path("index", n), "index") for n in index_files}
        legacy_tables = read_legacy_index(legacy) if legacy.exists() else None
        for kind in ("archive", "facts"):  # read when first needed: only their schema now
            for path in sorted((folder / kind).glob("[0-9]*.json")):
                refuse_newer(path, kind)
        # Then write: finish an interrupted change, clean temporaries, fix damage.
        if replay_journal(folder):
            active = read_checked(folder / "active.json", "active")
            players = read_checked(folder / "players.json", "players")
            index_tables = {
                n: read_checked(self._files.path("index", n), "index")
                for n in self._files.numbers("index")
            }
        remove_temporaries(folder, *(folder / n for n in ("archive", "index", "facts")))
        snapshot.remove_stale(folder)
        for name in ("archive", "index", "facts"):
            platform.make_folder(folder / name)
        for name in ("damaged", "backups"):
            if (folder / name).is_dir():
                platform.make_private(folder / name)
        for path, _kind in self._files.data_files():
            platform.make_private(path)
        self._active = ActiveGames(
            self._files.open(folder / "active.json", "active", active), self._journal
        )
        self._players = Players(self._files.open(folder / "players.json", "players", players))
        if legacy.exists():
            self._upgrade_layout(legacy_tables)  # writes index/ and facts/
            index_tables = {
                n: read_checked(self._files.path("index", n), "index")
                for n in self._files.numbers("index")
            }
        archived = set(self._files.numbers("archive"))
        for number in sorted(archived | set(index_tables)):
            tables = index_tables.get(
                number, DamagedFileError(self._files.path("index", number), later("missing"))
            )
            self._load_index(number, tables, number in archived)
        renamed = self._repair_archived_ids()
        renamed += self._repair()
        if renamed:
            self._tell_renamed(renamed)

    def _load_index(self, number: int, tables: Any, archived: bool) -> None:
        """Remember one shard's summaries; a damaged, missing or stale index file
        is rebuilt from its archive file."""
        path = self._files.path("index", number)
        rows = tables.get("summaries", {}).values() if isinstance(tables, dict) else None
        listed = rows is not None and all(
            isinstance(r, dict) and r.keys() >= LISTED_KEYS and r["shard"] == number for r in rows
        )
        good = listed and all(r.keys() >= SUMMARY_KEYS for r in rows or ())
        if not archived:
            if not (listed and rows):
                path.unlink(missing_ok=True)
                return
            if not self._files.recover_missing(self._files.path("archive", number)):
                moved = self._files.move_aside(path)
                self.notices.append(
                    later(
                        "{path} is missing and no backup of it could be read; the games it held "
                        "were taken off the history ({moved} lists them).",
                        path=self._files.path("archive", number),
                        moved=moved,
                    )
                )
                return
            good = False
        if good:
            self._index[number] = self._files.open(path, "index", tables)
        else:
            if isinstance(tables, DamagedFileError) and path.exists():
                self.notices.append(
                    later(
                        "{file} could not be read ({reason}); it was moved to {moved} "
                        "and made again from {archive}.",
                        file=path,
                        reason=tables.reason,
                        moved=self._files.move_aside(path),
                        archive=self._files.path("archive", number),
                    )
                )
            elif isinstance(tables, DamagedFileError):
                self.notices.append(
                    later(
                        "{file} was missing; it was made again from {archive}.",
                        file=path,
                        archive=self._files.path("archive", number),
                    )
                )
            self._rebuild_index(number)
        for row in self._index_rows(number):
            self._remember(row)

    def _rebuild_index(self, number: int) -> None:
        """Index and facts of one archive shard, recomputed from its games
        (in one transaction). The caller updates the summaries in memory."""
        games = self._shard(number).table("games").all()
        summaries: dict[str, Any] = {}
        facts: dict[str, Any] = {}
        for i, doc in enumerate(games, start=1):
            entry = self._entry_from_game(dict(doc), number)
            if entry is None:
                continue
            summary, fact = entry
            summaries[str(i)] = summary
            facts[str(i)] = {"id": summary["id"], "facts": fact}
        counts = tally_rows(facts.values())
        index = {
            "_meta": {"1": meta("index")},
            "summaries": summaries,
            "totals": kept_totals(summaries.values(), counts),
        }
        facts_tables = {"_meta": {"1": meta("facts")}, "facts": facts}
        with self._journal.transaction():
            index_db = self._files.open(self._files.path("index", number), "index", index)
            facts_db = self._files.open(self._files.path("facts", number), "facts", facts_tables)
            index_db.storage.write(index)
            facts_db.storage.write(facts_tables)
            self._journal.then(lambda: self._totals.__setitem__(number, counts))
        self._index[number] = index_db
        self._facts_dbs[number] = facts_db

    def _adopt_totals(self, number: int) -> None:
        """Take the tally the index file keeps if it counted exactly the games the
        file lists, as they are now (one written by an older version, or restored
        alone, is counted again). Checked on first use, so opening pays nothing."""
        counts = kept_tally(self._index[number].storage.read() or {})
        if counts is not None:
            self._totals[number] = counts

    def _retally(self, number: int) -> None:
        """Count a shard again from its facts after its games changed, within
        the caller's transaction; the index file keeps the count."""
        counts = tally_rows(_rows(self._facts_db(number), "facts"))
        db = self._index_db(number)
        tables = db.storage.read() or {}
        tables["totals"] = kept_totals(tables.get("summaries", {}).values(), counts)
        db.storage.write(tables)
        self._journal.then(lambda: self._totals.__setitem__(number, counts))

    def _shard_totals(self, number: int) -> Tally:
        if number not in self._totals:
            self._adopt_totals(number)
        if number not in self._totals:
            try:
                with self._journal.transaction():
                    self._retally(number)
            except StorageError:  # not kept on disk: counted again after the next open
                self._totals[number] = tally_rows(_rows(self._facts_db(number), "facts"))
        return self._totals[number]

    def _entry_from_game(
        self, doc: dict[str, Any], shard: int
    ) -> tuple[dict[str, Any], Any] | None:
        try:
            summary = doc.get("summary")
            if not (isinstance(summary, dict) and "facts" in summary):
                summary = game_to_document(game_from_document(doc))["summary"]
            else:
                summary = stored_summary(doc)
            summary_from_document(summary)
            return index_entry(summary, shard), summary["facts"]
        except (KeyError, TypeError, ValueError, AttributeError, ScorekeeperError):
            self.notices.append(
                later(
                    "a game in {path} could not be read ({id}); it is kept there.",
                    path=self._files.path("archive", shard),
                    id=str(doc.get("id"))[:80],
                )
            )
            return None

    def _upgrade_layout(self, legacy: Any) -> None:
        """Schema 1 kept summaries, statistics facts and merges in one index.json:
        merges move to players.json, the rest is rebuilt per shard."""
        if isinstance(legacy, dict):
            self._players.adopt(legacy.get("aliases", {}).values())
        for number in self._files.numbers("archive"):
            self._rebuild_index(number)
        aside = self.folder / "damaged"
        platform.make_folder(aside)
        platform.replace(self.folder / "index.json", aside / f"index-schema-1-{now():%Y%m%d}.json")

    def _remember(self, summary_doc: dict[str, Any]) -> None:
        doc = dict(summary_doc)
        for key in ("created_at", "updated_at"):
            text = doc[key]
            if not (
                isinstance(text, str) and text.endswith("+00:00") and text[:2] in ("19", "20", "21")
            ):
                doc[key] = instant(text).isoformat()  # written by an older version
        self._summaries[doc["id"]] = doc
        shard = doc["shard"]
        self._shard_counts[shard] = self._shard_counts.get(shard, 0) + 1

    def _forget(self, game_id: str) -> dict[str, Any] | None:
        doc = self._summaries.pop(game_id, None)
        if doc:
            self._shard_counts[doc["shard"]] -= 1
        return doc

    def _shard(self, number: int) -> TinyDB:
        if number not in self._shards:
            path = self._files.path("archive", number)
            self._shards[number] = self._files.open(path, "archive", read_checked(path, "archive"))
        return self._shards[number]

    def _facts_db(self, number: int) -> TinyDB:
        if number not in self._facts_dbs:
            path = self._files.path("facts", number)
            tables = read_checked(path, "facts")
            listed = {d["id"] for d in self._index_rows(number)}
            rows = tables.get("facts", {}).values() if isinstance(tables, dict) else None
            if tables is None and not listed:
                self._facts_dbs[number] = self._files.open(path, "facts", None)
            elif rows is None or {r.get("id") for r in rows if isinstance(r, dict)} != listed:
                if isinstance(tables, DamagedFileError) and path.exists():
                    self.notices.append(
                        later(
                            "{file} could not be read ({reason}); it was moved to {moved} "
                            "and made again from {archive}.",
                            file=path,
                            reason=tables.reason,
                            moved=self._files.move_aside(path),
                            archive=self._files.path("archive", number),
                        )
                    )
                for game_id in listed:
                    self._forget(game_id)
                self._rebuild_index(number)  # sets both files of the shard
                for row in self._index_rows(number):
                    self._remember(row)
            else:
                self._facts_dbs[number] = self._files.open(path, "facts", tables)
        return self._facts_dbs[number]

    def _index_rows(self, number: int) -> list[dict[str, Any]]:
        db = self._index.get(number)
        return _rows(db, "summaries") if db is not None else []

    # -- moves between active and archive ------------------------------------

    def _archive_many(self, docs: Sequence[dict[str, Any]]) -> None:
        """Put finished games into the archive (and out of the active file), in
        one transaction; memory follows once it is durable."""
        by_shard: dict[int, list[dict[str, Any]]] = {}
        for doc in docs:
            known = self._summaries.get(doc["id"])
            shard = known["shard"] if known else self._shard_with_room(by_shard)
            by_shard.setdefault(shard, []).append(doc)
        with self._journal.transaction():
            for shard, shard_docs in by_shard.items():
                ids = [d["id"] for d in shard_docs]
                facts = self._facts_db(shard).table("facts")
                games = self._shard(shard).table("games")
                games.remove(Query().id.one_of(ids))
                games.insert_multiple(shard_docs)
                index = self._index_db(shard).table("summaries")
                index.remove(Query().id.one_of(ids))
                index.insert_multiple(index_entry(stored_summary(d), shard) for d in shard_docs)
                facts.remove(Query().id.one_of(ids))
                facts.insert_multiple(
                    {"id": d["id"], "facts": d["summary"]["facts"]} for d in shard_docs
                )
                self._retally(shard)
            ids = [d["id"] for d in docs]
            self._active.discard(ids)
            self._journal.then(lambda: self._remember_archived(by_shard))

    def _remember_archived(self, by_shard: dict[int, list[dict[str, Any]]]) -> None:
        for shard, shard_docs in by_shard.items():
            for doc in shard_docs:
                self._forget(doc["id"])
                self._remember(index_entry(stored_summary(doc), shard))

    def _index_db(self, number: int) -> TinyDB:
        if number not in self._index:
            self._index[number] = self._files.open(self._files.path("index", number), "index", None)
        return self._index[number]

    def _shard_with_room(self, pending: dict[int, list[dict[str, Any]]]) -> int:
        last = max([*self._shard_counts, *pending, 1])
        if self._shard_counts.get(last, 0) + len(pending.get(last, [])) < SHARD_SIZE:
            return last
        return last + 1

    def _unarchive(self, game_id: str) -> None:
        """Archive -> gone, within the caller's transaction."""
        summary = self._summaries.get(game_id)
        if summary is None:
            return
        shard = summary["shard"]
        self._shard(shard).table("games").remove(Query().id == game_id)
        self._index_db(shard).table("summaries").remove(Query().id == game_id)
        self._facts_db(shard).table("facts").remove(Query().id == game_id)
        self._retally(shard)
        self._journal.then(lambda: self._after_unarchive(game_id))

    def _after_unarchive(self, game_id: str) -> None:
        self._forget(game_id)

    def _repair(self) -> list[tuple[str, str]]:
        """A game both in progress and archived (files from before transactions,
        or restored backups): the newer copy wins, compared as instants. Two
        different games under one id (an older version could give one id to
        two imported games) both stay: the later one gets a new id, returned
        as (old, new) pairs."""
        renamed: list[tuple[str, str]] = []
        seen: set[str] = set()
        for doc in self._active.all():
            archived = self._summaries.get(doc["id"])
            if doc["id"] in seen or (archived and not self._same_game(doc, archived)):
                fresh = self._rename_active(doc)
                renamed.append((doc["id"], fresh["id"]))
                seen.add(fresh["id"])
                if fresh["summary"]["status"] == Status.FINISHED.value:
                    self._archive_many([fresh])
                continue
            seen.add(doc["id"])
            if not archived:
                if doc["summary"]["status"] == Status.FINISHED.value:
                    self._archive_many([dict(doc)])
                continue
            if instant(archived["updated_at"]) > instant(doc["updated_at"]):
                self._active.discard([doc["id"]])  # a stale copy
            elif doc["summary"]["status"] == Status.FINISHED.value:
                self._archive_many([dict(doc)])
            else:
                with self._journal.transaction():
                    self._unarchive(doc["id"])
        return renamed

    def _same_game(self, doc: dict[str, Any], summary: dict[str, Any]) -> bool:
        """Whether an in-progress document and an archived game of the same id
        are two copies of one game (one saved further than the other): same
        set-up, and the hands of one begin the hands of the other."""
        found = self._shard(summary["shard"]).table("games").get(Query().id == doc["id"])
        if not isinstance(found, dict):
            return True  # nothing to lose: the listed record is gone
        mine, theirs = doc.get("record"), found.get("record")
        if not (isinstance(mine, dict) and isinstance(theirs, dict)):
            return False
        if {k: v for k, v in mine.items() if k != "hands"} != {
            k: v for k, v in theirs.items() if k != "hands"
        }:
            return False
        a, b = mine.get("hands") or [], theirs.get("hands") or []
        shorter, longer = (a, b) if len(a) <= len(b) else (b, a)
        return bool(longer[: len(shorter)] == shorter)

    def _rename_active(self, doc: Any) -> dict[str, Any]:
        """An in-progress game that shares its id with another, under a new id."""
        fresh = new_id(instant(doc["created_at"]), self._ids())
        renamed = {**dict(doc), "id": fresh, "summary": {**doc["summary"], "id": fresh}}
        with self._journal.transaction():
            self._active.replace(doc, renamed)
        return renamed

    def _repair_archived_ids(self) -> list[tuple[str, str]]:
        """Archived games that share an id with an earlier archived one get a
        new id, in their archive file and its index: nothing is lost."""
        seen: set[str] = set()
        broken: list[int] = []
        for number in sorted(self._index):
            ids = [row["id"] for row in self._index_rows(number)]
            if len(set(ids)) < len(ids) or not seen.isdisjoint(ids):
                broken.append(number)
            seen.update(ids)
        if not broken:
            return []
        renamed: list[tuple[str, str]] = []
        taken = {*seen, *self._active.ids()}
        kept = {
            row["id"] for n in sorted(self._index) if n not in broken for row in self._index_rows(n)
        }
        for number in broken:
            games = self._shard(number).table("games")
            changes: list[tuple[int, dict[str, Any]]] = []
            for doc in games.all():
                game_id = doc["id"]
                if game_id in kept:
                    fresh = new_id(instant(doc["created_at"]), taken)
                    taken.add(fresh)
                    summary = doc.get("summary")
                    summary = {**summary, "id": fresh} if isinstance(summary, dict) else summary
                    changes.append((doc.doc_id, {**dict(doc), "id": fresh, "summary": summary}))
                    renamed.append((game_id, fresh))
                    game_id = fresh
                kept.add(game_id)
            with self._journal.transaction():
                for doc_id, changed in changes:
                    games.update(changed, doc_ids=[doc_id])
                self._rebuild_index(number)
        self._summaries, self._shard_counts = {}, {}
        for number in sorted(self._index):
            for row in self._index_rows(number):
                self._remember(row)
        return renamed

    def _tell_renamed(self, renamed: list[tuple[str, str]]) -> None:
        more = len(renamed) - NOTICE_LIST
        self.notices.append(
            later(
                "Games that shared an id with another game now have ids of their own, "
                "and nothing was lost ({count}: {renamed}{more}).",
                count=len(renamed),
                renamed=", ".join(f"{old} -> {new}" for old, new in renamed[:NOTICE_LIST]),
                more=later(" and {count} more", count=more) if more > 0 else "",
            )
        )

    # -- backups --------------------------------------------------------------

    def _readable(self, source: Path, kind: str) -> bool:
        """Never back up a file that does not read: a damaged file is dealt with
        (restored from an older backup) before it is copied. Each is parsed once."""
        if kind == "archive":
            self._shard(int(source.stem))
        elif kind == "facts":
            self._facts_db(int(source.stem))
        elif kind == "index":
            return int(source.stem) in self._index and source.exists()
        return source.exists()

    def backups(self) -> list[str]:
        """The days `restore_backup` accepts."""
        return backup_days(self.folder)

    def _daily_backup(self, today: date | None = None) -> Path | None:
        return daily_backup(
            self.folder,
            self._files.data_files(),
            self._readable,
            self.notices,
            today or now().date(),
        )

    # -- the public operations -----------------------------------------------

    def create(self, game: Game) -> SavedGame:
        return self.import_games([Incoming(game)])[0]

    @_guarded(writes=True)
    def import_games(self, incoming: Sequence[Incoming]) -> list[SavedGame]:
        """Store several games in one go; all or none, even if the process dies."""
        stamp = now()
        with self._lock:
            taken = self._ids()
            for item in incoming:
                if item.id is not None and item.id in taken:
                    raise ConflictError(f"a game with id {item.id!r} is already stored")
                if item.id is not None:
                    taken.add(item.id)  # a batch that names one id twice is refused too
            saved = []
            for item in incoming:
                game_id = item.id or new_id(stamp, taken)
                taken.add(game_id)
                created = (item.created_at or stamp).astimezone(UTC)
                updated = (item.updated_at or stamp).astimezone(UTC)
                imported = stamp if item.from_file else None  # a copy: when it came
                saved.append(SavedGame(game_id, item.game, created, updated, 1, imported))
            docs = [game_to_document(s) for s in saved]
            active = [d for d in docs if d["summary"]["status"] != Status.FINISHED.value]
            finished = [d for d in docs if d["summary"]["status"] == Status.FINISHED.value]
            with self._journal.transaction():
                if active:
                    self._active.insert(active)
                if finished:
                    self._archive_many(finished)
            return saved

    def _ids(self) -> set[str]:
        """Every stored game's id, in progress or archived."""
        return {*self._summaries, *self._active.ids()}

    def _exists(self, game_id: str) -> bool:
        return game_id in self._summaries or self._active.get(game_id) is not None

    def _document(self, game_id: str) -> dict[str, Any]:
        doc = self._active.get(game_id)
        if doc is None and game_id in self._summaries:
            number = self._summaries[game_id]["shard"]
            found = self._shard(number).table("games").get(Query().id == game_id)
            doc = dict(found) if isinstance(found, dict) else None
            if doc is None:  # listed, but its record is gone (a restored older file)
                self._drop_lost(number, game_id)
                raise GameNotFoundError(
                    _(
                        "the game {id} was listed but its record could not be found; "
                        "it has been taken off the list"
                    ).format(id=game_id)
                )
        if doc is None:
            raise GameNotFoundError(_("there is no game with id {id!r}").format(id=game_id[:80]))
        return doc

    def _drop_lost(self, number: int, game_id: str) -> None:
        with self._journal.transaction():
            self._index_db(number).table("summaries").remove(Query().id == game_id)
            self._facts_db(number).table("facts").remove(Query().id == game_id)
            self._retally(number)
            self._journal.then(lambda: self._after_unarchive(game_id))

    @_guarded(writes=False)
    def get(self, game_id: str) -> SavedGame:
        with self._lock:
            return game_from_document(self._document(game_id))

    @_guarded(writes=True)
    def save(
        self,
        game_id: str,
        game: Game,
        expected_revision: int,
        done: HandDraft | None = None,
    ) -> SavedGame:
        """Replace a game's content. Refuses if someone saved it in between.
        `done` is the entry this change records: it is dropped in the same
        write, if it is still the one stored."""
        with self._lock, self._journal.transaction():
            if done is not None and self.draft(game_id) == done:
                self._active.drop_draft(game_id)
            current = self._document(game_id)
            if current["revision"] != expected_revision:
                raise ConflictError(
                    _(
                        "this game was changed on another device in the meantime; "
                        "it has been reloaded, please enter that hand again"
                    )
                )
            saved = SavedGame(
                game_id,
                game,
                instant(current["created_at"]),
                now(),
                expected_revision + 1,
                instant(current["imported_at"]) if current.get("imported_at") else None,
            )
            doc = game_to_document(saved)
            if doc["summary"]["status"] == Status.FINISHED.value:
                self._archive_many([doc])
            elif game_id in self._summaries:  # an archived game edited back into play
                self._active.put(doc)
                self._unarchive(game_id)
            else:
                self._active.put(doc)
            return saved

    @_guarded(writes=False)
    def draft(self, game_id: str) -> HandDraft | None:
        """The hand being entered for a game, if any."""
        with self._lock:
            return self._active.draft(game_id)

    @_guarded(writes=True)
    def save_draft(self, game_id: str, draft: HandDraft | None) -> None:
        with self._lock:
            self._active.save_draft(game_id, draft)

    @_guarded(writes=True)
    def drop_draft(self, game_id: str, draft: HandDraft) -> bool:
        """Remove the stored draft only if it is still `draft` (another device may
        have stored a newer one since it was read); True if it was removed."""
        with self._lock:
            if self.draft(game_id) != draft:
                return False
            self.save_draft(game_id, None)
            return True

    @_guarded(writes=True)
    def delete(self, game_id: str) -> SavedGame:
        """Remove a game; returns it so the caller can offer an undo."""
        with self._lock:
            saved = self.get(game_id)
            with self._journal.transaction():
                self.save_draft(game_id, None)
                self._active.discard([game_id])
                self._unarchive(game_id)
            return saved

    @_guarded(writes=True)
    def restore(self, saved: SavedGame) -> SavedGame:
        """Put back a deleted game, as it was."""
        with self._lock:
            if self._exists(saved.id):
                raise ConflictError(f"a game with id {saved.id!r} is already stored")
            doc = game_to_document(saved)
            if doc["summary"]["status"] == Status.FINISHED.value:
                self._archive_many([doc])
            else:
                self._active.insert([doc])
            return saved

    def history(
        self,
        status: Status | None = None,
        player: str | None = None,
        offset: int = 0,
        limit: int = 50,
    ) -> Page:
        """Newest first. `player` matches any part of a name, ignoring case."""
        with self._lock:
            docs = [*self._active.summaries(), *self._summaries.values()]
            if status is not None:
                docs = [d for d in docs if d["status"] == status.value]
            if player:
                needle = player.strip().casefold()
                docs = [d for d in docs if any(needle in p.casefold() for p in d["players"])]
            docs = sorted(docs, key=lambda d: (d["created_at"], d["id"]), reverse=True)
            page = docs[offset : offset + limit]
            return Page(tuple(summary_from_document(d) for d in page), len(docs))

    @_guarded(writes=False)
    def all_games(self) -> list[SavedGame]:
        """Every stored game, newest first (reads the whole archive)."""
        with self._lock:
            docs = list(self._active.all())
            for number in sorted(self._shard_counts):
                docs.extend(self._shard(number).table("games").all())
            docs.sort(key=lambda d: (instant(d["created_at"]), d["id"]), reverse=True)
            return [game_from_document(d) for d in docs]

    @_guarded(writes=False)
    def all_facts(self) -> list[GameFacts]:
        """What the statistics count, game by game, for every stored game (reads
        every facts file; `totals` adds them up without doing so)."""
        with self._lock:
            archived = [
                facts_from_document(row["facts"])
                for number in sorted(self._index)
                for row in _rows(self._facts_db(number), "facts")
                if isinstance(row, dict) and row.get("facts")
            ]
            return [*self._active.facts(), *archived]

    @_guarded(writes=False)
    def totals(self) -> Tally:
        """What the statistics add up, over every stored game: the tallies the
        index files keep, plus the games in progress. Quick from the first call."""
        with self._lock:
            counts = Tally()
            for number in sorted(self._index):
                counts.add(self._shard_totals(number))
            return counts.add(tally(self._active.facts()))

    def aliases(self) -> dict[str, str]:
        """Merged spellings: person key -> the key it is the same person as."""
        with self._lock:
            return self._players.aliases()

    @_guarded(writes=True)
    def merge_players(self, name: str, into: str) -> None:
        """From now on `name` counts as `into` in the statistics."""
        with self._lock:
            self._players.merge(name, into)

    @_guarded(writes=True)
    def unmerge_player(self, name: str) -> None:
        with self._lock:
            self._players.unmerge(name)

    def _databases(self) -> list[TinyDB]:
        return [
            self._active.db,
            self._players.db,
            *self._shards.values(),
            *self._index.values(),
            *self._facts_dbs.values(),
        ]

    def close(self) -> None:
        with self._lock:
            self._journal.close()
            self._file_lock.release()

    def __enter__(self) -> "GameStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _rows(db: TinyDB, table: str) -> list[dict[str, Any]]:
    """A table's rows as stored, without TinyDB's per-row objects."""
    tables = db.storage.read() or {}
    return list(tables.get(table, {}).values())
