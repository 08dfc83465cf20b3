"""GameStore: every game saved as it is played, fast however long the history.

Layout of a data folder:

    active.json          games in progress (small: saving a hand rewrites only this)
    index.json           one summary per finished game (history lists read only this)
    archive/000001.json  finished games, SHARD_SIZE per file
    backups/YYYY-MM-DD/  a daily copy of all of the above, the last BACKUP_DAYS kept
    damaged/             unreadable files, moved aside, never deleted

Every file is a TinyDB database written atomically (atomic.py) with a `_meta`
table holding its schema version. One process owns a folder (a lock file);
inside it one lock serializes all access, so threads and browser sessions
can share a store. Moves between files are ordered so that a crash at any
point is repaired on the next open (see `_repair`).
"""

import secrets
import shutil
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from tinydb import Query, TinyDB

from scorekeeper.draft import HandDraft
from scorekeeper.errors import ScorekeeperError
from scorekeeper.exchange import Incoming
from scorekeeper.i18n import _, later
from scorekeeper.model import Game
from scorekeeper.saved import GameSummary, SavedGame
from scorekeeper.scoring import Status
from scorekeeper.stats import GameFacts, person
from scorekeeper.storage import platform
from scorekeeper.storage.atomic import AtomicJSONStorage, DamagedFileError, read_json_file
from scorekeeper.storage.documents import (
    draft_from_document,
    draft_to_document,
    facts_from_document,
    game_from_document,
    game_to_document,
    summary_from_document,
)

SCHEMA_VERSION = 1
# MIGRATIONS[n] turns the tables of schema n into schema n + 1.
MIGRATIONS: dict[int, Callable[[dict[str, dict[str, Any]]], dict[str, dict[str, Any]]]] = {}
SHARD_SIZE = 250
BACKUP_DAYS = 7

Tables = dict[str, dict[str, Any]]


class StoreLockedError(ScorekeeperError):
    pass


class GameNotFoundError(ScorekeeperError):
    pass


class ConflictError(ScorekeeperError):
    """The game changed (on another device) since it was loaded."""


@dataclass(frozen=True)
class Page:
    items: tuple[GameSummary, ...]
    total: int  # matching games in all


def now() -> datetime:
    return datetime.now(UTC)


def new_id(at: datetime) -> str:
    return f"{at:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


class GameStore:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.notices: list[later] = []  # things the user must be told (moved files)
        folder.mkdir(parents=True, exist_ok=True)
        self._file_lock = platform.FolderLock(folder)
        if not self._file_lock.acquire():
            raise StoreLockedError(
                _(
                    "the data folder {folder} is in use by another Spades Scorekeeper; "
                    "close it first, or choose another folder with --data"
                ).format(folder=folder)
            ) from None
        self._lock = threading.RLock()
        try:
            (folder / "archive").mkdir(exist_ok=True)
            self._active = self._open(folder / "active.json", "active")[0]
            self._shards: dict[int, TinyDB] = {}
            self._summaries: dict[str, dict[str, Any]] = {}
            self._shard_counts: dict[int, int] = {}
            # The index is derived from the archive: rebuilt, never restored.
            self._index, damaged = self._open(folder / "index.json", "index", from_backup=False)
            if damaged or (not self._index.table("summaries") and self._shard_numbers_on_disk()):
                self._rebuild_index()
            for doc in self._index.table("summaries").all():
                self._remember(doc)
            self._repair()
            self._daily_backup()
        except BaseException:
            self._file_lock.release()
            raise

    # -- files --------------------------------------------------------------

    def _open(self, path: Path, kind: str, from_backup: bool = True) -> tuple[TinyDB, bool]:
        """Open one table file. A damaged one is moved aside and replaced by its
        latest backup (or started empty); the flag says whether that happened."""
        try:
            return self._open_checked(path, kind), False
        except DamagedFileError as damage:
            moved = self._move_aside(path)
            backup = self._latest_backup_of(path) if from_backup else None
            notice = later(
                "{file} could not be read ({reason}); it was moved to {moved} "
                "and the app started a new one.",
                file=path.name,
                reason=damage.reason,
                moved=moved,
            )
            if backup:
                shutil.copy2(backup, path)
                notice = later(
                    "{file} could not be read ({reason}); it was moved to {moved} "
                    "and the app restored the backup of {day}.",
                    file=path.name,
                    reason=damage.reason,
                    moved=moved,
                    day=backup.parent.name,
                )
            self.notices.append(notice)
            try:
                return self._open_checked(path, kind), True
            except DamagedFileError:  # the backup was damaged too
                self._move_aside(path)
                return self._open_checked(path, kind), True

    def _open_checked(self, path: Path, kind: str) -> TinyDB:
        tables = read_json_file(path)
        if tables is not None:
            meta = tables.get("_meta", {}).get("1", {})
            version = meta.get("schema")
            if meta.get("kind") != kind or not isinstance(version, int):
                raise DamagedFileError(path, later("it is not a Spades Scorekeeper file"))
            if version > SCHEMA_VERSION:
                raise DamagedFileError(
                    path,
                    later(
                        "it was written by a newer version of the app (schema {version})",
                        version=version,
                    ),
                )
            if version < SCHEMA_VERSION:
                for step in range(version, SCHEMA_VERSION):
                    tables = MIGRATIONS[step](tables)
                tables["_meta"] = {"1": {"schema": SCHEMA_VERSION, "kind": kind}}
                AtomicJSONStorage(path).write(tables)
        db = TinyDB(path, storage=AtomicJSONStorage)
        if tables is None:
            db.table("_meta").insert({"schema": SCHEMA_VERSION, "kind": kind})
        return db

    def _move_aside(self, path: Path) -> Path:
        damaged = self.folder / "damaged"
        damaged.mkdir(exist_ok=True)
        target = damaged / f"{path.stem}-{now():%Y%m%dT%H%M%S%f}{path.suffix}"
        path.replace(target)
        return target

    def _latest_backup_of(self, path: Path) -> Path | None:
        relative = path.relative_to(self.folder)
        for day in sorted(self._backup_days(), reverse=True):
            candidate = day / relative
            if candidate.exists():
                return candidate
        return None

    def _shard(self, number: int) -> TinyDB:
        if number not in self._shards:
            path = self.folder / "archive" / f"{number:06d}.json"
            self._shards[number] = self._open(path, "archive")[0]
        return self._shards[number]

    def _shard_numbers_on_disk(self) -> list[int]:
        return sorted(int(p.stem) for p in (self.folder / "archive").glob("[0-9]*.json"))

    def _rebuild_index(self) -> None:
        docs = [
            {**doc["summary"], "shard": number}
            for number in self._shard_numbers_on_disk()
            for doc in self._shard(number).table("games").all()
        ]
        self._index.table("summaries").truncate()
        self._index.table("summaries").insert_multiple(docs)

    def _remember(self, summary_doc: dict[str, Any]) -> None:
        self._summaries[summary_doc["id"]] = dict(summary_doc)
        shard = summary_doc["shard"]
        self._shard_counts[shard] = self._shard_counts.get(shard, 0) + 1

    def _forget(self, game_id: str) -> dict[str, Any] | None:
        doc = self._summaries.pop(game_id, None)
        if doc:
            self._shard_counts[doc["shard"]] -= 1
        return doc

    # -- moves between active and archive ------------------------------------

    def _archive(self, doc: dict[str, Any]) -> None:
        """Active -> archive. The active copy goes last, so a crash repeats the move."""
        self._archive_many([doc])
        self._active.table("games").remove(Query().id == doc["id"])

    def _archive_many(self, docs: Sequence[dict[str, Any]]) -> None:
        by_shard: dict[int, list[dict[str, Any]]] = {}
        summaries = []
        for doc in docs:
            known = self._summaries.get(doc["id"])
            shard = known["shard"] if known else self._shard_with_room(by_shard)
            by_shard.setdefault(shard, []).append(doc)
            summaries.append({**doc["summary"], "shard": shard})
        for shard, shard_docs in by_shard.items():
            games = self._shard(shard).table("games")
            ids = {d["id"] for d in shard_docs}
            games.remove(Query().id.one_of(ids))
            games.insert_multiple(shard_docs)
        table = self._index.table("summaries")
        ids = {s["id"] for s in summaries}
        table.remove(Query().id.one_of(ids))
        table.insert_multiple(summaries)
        for game_id in ids:
            self._forget(game_id)
        for summary in summaries:
            self._remember(summary)

    def _shard_with_room(self, pending: dict[int, list[dict[str, Any]]]) -> int:
        last = max([*self._shard_counts, *pending, 1])
        if self._shard_counts.get(last, 0) + len(pending.get(last, [])) < SHARD_SIZE:
            return last
        return last + 1

    def _unarchive(self, game_id: str) -> None:
        """Archive -> gone (the caller has already written the active copy)."""
        summary = self._summaries.get(game_id)
        if summary is None:
            return
        self._index.table("summaries").remove(Query().id == game_id)
        self._shard(summary["shard"]).table("games").remove(Query().id == game_id)
        self._forget(game_id)

    def _repair(self) -> None:
        """Finish whatever move a crash interrupted; the newer copy wins."""
        for doc in self._active.table("games").all():
            archived = self._summaries.get(doc["id"])
            if archived and archived["updated_at"] > doc["updated_at"]:
                self._active.table("games").remove(Query().id == doc["id"])  # stale copy
            elif doc["summary"]["status"] == Status.FINISHED.value:
                self._archive(doc)
            elif archived:
                self._unarchive(doc["id"])

    # -- backups --------------------------------------------------------------

    def _backup_days(self) -> list[Path]:
        folder = self.folder / "backups"
        return sorted(p for p in folder.iterdir() if p.is_dir()) if folder.exists() else []

    def _daily_backup(self, today: date | None = None) -> Path | None:
        """Copy every file once a day; unchanged archive files are hard links."""
        day = (today or now().date()).isoformat()
        target = self.folder / "backups" / day
        if target.exists():
            return None
        days = self._backup_days()
        previous = days[-1] if days else None
        tmp = self.folder / "backups" / f".{day}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        (tmp / "archive").mkdir(parents=True)
        for source in self._data_files():
            relative = source.relative_to(self.folder)
            old = previous / relative if previous else None
            if old and old.exists() and _same_file_version(old, source):
                platform.link_or_copy(old, tmp / relative)
            else:
                shutil.copy2(source, tmp / relative)
        tmp.rename(target)
        for stale in self._backup_days()[:-BACKUP_DAYS]:
            shutil.rmtree(stale, ignore_errors=True)
        return target

    def _data_files(self) -> Iterator[Path]:
        for name in ("active.json", "index.json"):
            if (self.folder / name).exists():
                yield self.folder / name
        yield from sorted((self.folder / "archive").glob("[0-9]*.json"))

    def backups(self) -> list[str]:
        return [p.name for p in self._backup_days()]

    # -- the public operations -----------------------------------------------

    def create(self, game: Game) -> SavedGame:
        return self.import_games([Incoming(game)])[0]

    def import_games(self, incoming: Sequence[Incoming]) -> list[SavedGame]:
        """Store several games in one go (one write per file); all or none."""
        stamp = now()
        with self._lock:
            for item in incoming:
                if item.id is not None and self._exists(item.id):
                    raise ConflictError(
                        _("a game with id {id!r} is already stored").format(id=item.id)
                    )
            saved = [
                SavedGame(
                    item.id or new_id(stamp),
                    item.game,
                    item.created_at or stamp,
                    item.updated_at or stamp,
                    1,
                )
                for item in incoming
            ]
            docs = [game_to_document(s) for s in saved]
            active = [d for d in docs if d["summary"]["status"] != Status.FINISHED.value]
            finished = [d for d in docs if d["summary"]["status"] == Status.FINISHED.value]
            if active:
                self._active.table("games").insert_multiple(active)
            if finished:
                self._archive_many(finished)
            return saved

    def _exists(self, game_id: str) -> bool:
        return game_id in self._summaries or self._active_doc(game_id) is not None

    def _active_doc(self, game_id: str) -> dict[str, Any] | None:
        doc = self._active.table("games").get(Query().id == game_id)
        return dict(doc) if isinstance(doc, dict) else None

    def _document(self, game_id: str) -> dict[str, Any]:
        doc = self._active_doc(game_id)
        if doc is None and game_id in self._summaries:
            shard = self._shard(self._summaries[game_id]["shard"])
            found = shard.table("games").get(Query().id == game_id)
            doc = dict(found) if isinstance(found, dict) else None
        if doc is None:
            raise GameNotFoundError(_("there is no game with id {id!r}").format(id=game_id))
        return doc

    def get(self, game_id: str) -> SavedGame:
        with self._lock:
            return game_from_document(self._document(game_id))

    def save(self, game_id: str, game: Game, expected_revision: int) -> SavedGame:
        """Replace a game's content. Refuses if someone saved it in between."""
        with self._lock:
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
                datetime.fromisoformat(current["created_at"]),
                now(),
                expected_revision + 1,
            )
            doc = game_to_document(saved)
            games = self._active.table("games")
            games.upsert(doc, Query().id == game_id)  # durable first, then move
            if doc["summary"]["status"] == Status.FINISHED.value:
                self._archive(doc)
            else:
                self._unarchive(game_id)
            return saved

    def draft(self, game_id: str) -> HandDraft | None:
        """The hand being entered for a game, if any."""
        with self._lock:
            doc = self._active.table("drafts").get(Query().game_id == game_id)
            if not isinstance(doc, dict):
                return None
            try:
                return draft_from_document(dict(doc))
            except (KeyError, TypeError, ValueError):
                return None  # a draft is a convenience: an unreadable one is dropped

    def save_draft(self, game_id: str, draft: HandDraft | None) -> None:
        with self._lock:
            drafts = self._active.table("drafts")
            if draft is None:
                if drafts.contains(Query().game_id == game_id):
                    drafts.remove(Query().game_id == game_id)
            else:
                drafts.upsert(draft_to_document(game_id, draft), Query().game_id == game_id)

    def delete(self, game_id: str) -> SavedGame:
        """Remove a game; returns it so the caller can offer an undo."""
        with self._lock:
            saved = self.get(game_id)
            self.save_draft(game_id, None)
            self._active.table("games").remove(Query().id == game_id)
            summary = self._summaries.get(game_id)
            if summary:
                self._shard(summary["shard"]).table("games").remove(Query().id == game_id)
                self._index.table("summaries").remove(Query().id == game_id)
                self._forget(game_id)
            return saved

    def restore(self, saved: SavedGame) -> SavedGame:
        """Put back a deleted game, as it was."""
        with self._lock:
            if self._exists(saved.id):
                raise ConflictError(
                    _("a game with id {id!r} is already stored").format(id=saved.id)
                )
            doc = game_to_document(saved)
            if doc["summary"]["status"] == Status.FINISHED.value:
                self._archive_many([doc])
            else:
                self._active.table("games").insert(doc)
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
            docs: Iterable[dict[str, Any]] = [
                d["summary"] for d in self._active.table("games").all()
            ]
            docs = [*docs, *self._summaries.values()]
            if status is not None:
                docs = [d for d in docs if d["status"] == status.value]
            if player:
                needle = player.strip().casefold()
                docs = [d for d in docs if any(needle in p.casefold() for p in d["players"])]
            docs = sorted(docs, key=lambda d: (d["created_at"], d["id"]), reverse=True)
            page = docs[offset : offset + limit]
            return Page(tuple(summary_from_document(d) for d in page), len(docs))

    def all_games(self) -> list[SavedGame]:
        """Every stored game, newest first (reads the whole archive)."""
        with self._lock:
            docs = list(self._active.table("games").all())
            for number in sorted(self._shard_counts):
                docs.extend(self._shard(number).table("games").all())
            docs.sort(key=lambda d: (d["created_at"], d["id"]), reverse=True)
            return [game_from_document(d) for d in docs]

    def all_facts(self) -> list[GameFacts]:
        """What the statistics count, for every stored game (no game is loaded)."""
        with self._lock:
            docs = [d["summary"] for d in self._active.table("games").all()]
            docs += list(self._summaries.values())
            return [facts_from_document(d["facts"]) for d in docs]

    def aliases(self) -> dict[str, str]:
        """Merged spellings: person key -> the key it is the same person as."""
        with self._lock:
            return {d["name"]: d["into"] for d in self._index.table("aliases").all()}

    def merge_players(self, name: str, into: str) -> None:
        """From now on `name` counts as `into` in the statistics."""
        with self._lock:
            aliases = self.aliases()
            key, target = person(name, aliases), person(into, aliases)
            if key == target:
                raise ScorekeeperError(
                    _("{name!r} and {into!r} are already one player").format(name=name, into=into)
                )
            self._index.table("aliases").upsert({"name": key, "into": target}, Query().name == key)

    def unmerge_player(self, name: str) -> None:
        with self._lock:
            key = " ".join(name.split()).casefold()
            self._index.table("aliases").remove(Query().name == key)

    def close(self) -> None:
        with self._lock:
            for db in (self._active, self._index, *self._shards.values()):
                db.close()
            self._file_lock.release()

    def __enter__(self) -> "GameStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _same_file_version(a: Path, b: Path) -> bool:
    sa, sb = a.stat(), b.stat()
    return sa.st_size == sb.st_size and sa.st_mtime_ns == sb.st_mtime_ns


def restore_backup(folder: Path, day: str) -> Path:
    """Replace the data files by a backup's; the current ones go to damaged/.

    Run while no app uses the folder (the lock is taken for the duration).
    """
    source = folder / "backups" / day
    if not source.is_dir():
        raise ScorekeeperError(
            _("there is no backup {day!r} in {folder}").format(day=day, folder=folder / "backups")
        )
    lock = platform.FolderLock(folder)
    if not lock.acquire():
        raise StoreLockedError(
            _("the data folder {folder} is in use; close the app before restoring").format(
                folder=folder
            )
        ) from None
    try:
        aside = folder / "damaged" / f"before-restore-{now():%Y%m%dT%H%M%S}"
        (aside / "archive").mkdir(parents=True)
        for name in ("active.json", "index.json"):
            if (folder / name).exists():
                (folder / name).replace(aside / name)
        for shard in (folder / "archive").glob("[0-9]*.json"):
            shard.replace(aside / "archive" / shard.name)
        for item in source.rglob("*.json"):
            target = folder / item.relative_to(source)
            target.parent.mkdir(exist_ok=True)
            shutil.copy2(item, target)
        return aside
    finally:
        lock.release()
