"""GameStore: every game saved as it is played, fast however long the history.

The one door to the saved games: the app, the command line and the tests use
this class only, and it hands each operation whole to the module that does it.

    active.json          games in progress and hands being entered     active.py
    players.json         merged spellings of player names              players.py
    sessions.json        the games each table played together          sessions.py
    archive/000001.json  finished games, SHARD_SIZE per file           archive.py
    index/000001.json    the summary of each game in that shard for    listing.py
                         the history, and the tally of them all        tallies.py
    facts/000001.json    what the statistics count in each game there
                         (read only to count a shard again)
    journal.json         only while a change to several files is made  journal.py
    backups/YYYY-MM-DD/  a daily copy of all of the above              backups.py
    damaged/             unreadable files, moved aside, never deleted  files.py

Every file is a TinyDB database written atomically (atomic.py) with a `_meta`
table holding its kind and schema version (migration.py); documents.py types
what the files hold. A change to several files (a game finishing, an import,
a delete) is one transaction: all or nothing, even when the process is
killed. Opening a folder (opening.py) finishes such a change, recovers damage
and gives games that share an id their own (repair.py). One process owns a
folder (a lock); inside it one lock serializes all access, so threads and
browser sessions can share a store.
"""

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from scorekeeper.core.draft import HandDraft
from scorekeeper.core.exchange import Incoming
from scorekeeper.core.facts import GameFacts
from scorekeeper.core.model import Game
from scorekeeper.core.saved import GameSummary, SavedGame
from scorekeeper.core.scoring import ScoredGame, Status
from scorekeeper.core.stats import Tally, tally
from scorekeeper.i18n import Later, _
from scorekeeper.storage import platform
from scorekeeper.storage.backups import backup_days, daily_backup, restore_backup
from scorekeeper.storage.documents import (
    GameDocument,
    SummaryDocument,
    game_from_document,
    game_to_document,
    instant,
    summary_from_document,
)
from scorekeeper.storage.errors import (
    ConflictError,
    GameNotFoundError,
    NewerVersionError,
    StorageError,
    StoreLockedError,
    folder_unusable,
)
from scorekeeper.storage.game_nights import GameNights, SessionNotFoundError
from scorekeeper.storage.guard import guarded
from scorekeeper.storage.ids import new_id, now
from scorekeeper.storage.kept_ratings import KeptRatings
from scorekeeper.storage.opening import open_folder

__all__ = [
    "ConflictError",
    "GameNotFoundError",
    "GameStore",
    "NewerVersionError",
    "Page",
    "SessionNotFoundError",
    "StorageError",
    "StoreLockedError",
    "backup_days",
    "new_id",
    "now",
    "restore_backup",
]


@dataclass(frozen=True)
class Page:
    """A page of the history list, and how many games match in all."""

    items: tuple[GameSummary, ...]
    total: int  # matching games in all


class GameStore(GameNights):
    """The saved games in a data folder: the one door to storage."""

    def __init__(self, folder: Path, today: date | None = None) -> None:
        self.folder = folder
        self.notices: list[Later] = []  # things the user must be told (moved files)
        self._lock = threading.RLock()
        self._kept_ratings = KeptRatings()
        self._played = {}
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
            self._open()
            self._daily_backup(today)
        except OSError as error:
            self._file_lock.release()
            raise folder_unusable(folder, error) from None
        except BaseException:
            self._file_lock.release()
            raise

    def _open(self) -> None:
        opened = open_folder(self.folder, self.notices)
        self._journal = opened.journal
        self._files = opened.files
        self._active = opened.active
        self._players = opened.players
        self._archive = opened.archive
        self._sessions = opened.sessions

    def reopen(self) -> None:
        """Forget what memory holds and read the folder again: its files were
        put back as they were stored (the offline build, after a failed sync)."""
        with self._lock:
            before = self._journal
            self._open()
            before.close()

    def _daily_backup(self, today: date | None = None) -> Path | None:
        return daily_backup(
            self.folder,
            self._files.data_files(),
            self._archive.readable,
            self.notices,
            today or now().date(),
        )

    def backups(self) -> list[str]:
        """The days `restore_backup` accepts."""
        return backup_days(self.folder)

    # -- games ------------------------------------------------------------------

    @guarded(writes=True)
    def create(self, game: Game | ScoredGame, after: str | None = None) -> SavedGame:
        """Store a new game (scored here unless it comes scored). With `after`,
        it joins the session that game was played in (one is begun with it,
        if it was in none), in the same transaction: both are stored, or neither."""
        with self._lock, self._journal.transaction():
            if after is not None:
                self._stored(after)
            saved = self.import_games([Incoming(game)])[0]
            if after is not None:
                self._join_after(after, saved.id)
            return saved

    @guarded(writes=True)
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
            for place, item in enumerate(incoming):
                game_id = item.id or new_id(stamp, taken)
                taken.add(game_id)
                created = (item.created_at or stamp).astimezone(UTC)
                updated = (item.updated_at or stamp).astimezone(UTC)
                imported = stamp if item.from_file else None  # a copy: when it came
                played = item.scored_game()
                ended = _ended(played, item.ended_at or (None if item.from_file else stamp))
                counted = None  # without its end: where it stands in the file, after the rest
                if ended is None and played.score.status is Status.FINISHED:
                    counted = item.counted_at or stamp + timedelta(microseconds=place)
                    counted = counted.astimezone(UTC)
                saved.append(
                    SavedGame(game_id, played, created, updated, 1, imported, ended, counted)
                )
            docs = [game_to_document(s) for s in saved]
            active = [d for d in docs if d["summary"]["status"] != Status.FINISHED.value]
            finished = [d for d in docs if d["summary"]["status"] == Status.FINISHED.value]
            with self._journal.transaction():
                if active:
                    self._active.insert(active)
                if finished:
                    self._archive.add(finished)
                self._join_sessions(incoming, saved)
            return saved

    def _ids(self) -> set[str]:
        """Every stored game's id, in progress or archived."""
        return {*self._archive.ids(), *self._active.ids()}

    def _document(self, game_id: str) -> GameDocument:
        doc = self._active.get(game_id)
        if doc is None:
            doc = self._archive.get(game_id)
        if doc is None:
            raise GameNotFoundError(_("there is no game with id {id!r}").format(id=game_id[:80]))
        return doc

    @guarded(writes=False)
    def get(self, game_id: str) -> SavedGame:
        """A stored game by id; GameNotFoundError if there is none."""
        with self._lock:
            return game_from_document(self._document(game_id))

    @guarded(writes=True)
    def save(
        self,
        game_id: str,
        game: ScoredGame,
        expected_revision: int,
        done: HandDraft | None = None,
    ) -> SavedGame:
        """Replace a game's content with `game`, as a game operation returned it
        (scored and checked: its document is written from that score).
        Refuses if someone saved it in between. `done` is the entry this change
        records: it is dropped in the same write, if it is still the one stored."""
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
            stamp = now()
            ended = current.get("ended_at")  # kept while the game stays finished
            saved = SavedGame(
                game_id,
                game,
                instant(current["created_at"]),
                stamp,
                expected_revision + 1,
                instant(current["imported_at"]) if current.get("imported_at") else None,
                _ended(game, instant(ended) if ended else stamp),
            )
            doc = game_to_document(saved)
            if doc["summary"]["status"] == Status.FINISHED.value:
                self._archive.add([doc])
            else:
                self._active.put(doc)
                self._archive.remove(game_id)  # an archived game edited back into play
            return saved

    @guarded(writes=True)
    def delete(self, game_id: str) -> SavedGame:
        """Remove a game; returns it so the caller can offer an undo."""
        with self._lock:
            saved = self.get(game_id)
            with self._journal.transaction():
                self.save_draft(game_id, None)
                self._active.discard([game_id])
                self._archive.remove(game_id)
            return saved

    @guarded(writes=True)
    def restore(self, saved: SavedGame) -> SavedGame:
        """Put back a deleted game, as it was."""
        with self._lock:
            if self._archive.summary(saved.id) is not None or self._active.get(saved.id):
                raise ConflictError(f"a game with id {saved.id!r} is already stored")
            doc = game_to_document(saved)
            if doc["summary"]["status"] == Status.FINISHED.value:
                self._archive.add([doc])
            else:
                self._active.insert([doc])
            return saved

    # -- the hand being entered ------------------------------------------------

    @guarded(writes=False)
    def draft(self, game_id: str) -> HandDraft | None:
        """The hand being entered for a game, if any."""
        with self._lock:
            return self._active.draft(game_id)

    @guarded(writes=True)
    def save_draft(self, game_id: str, draft: HandDraft | None) -> None:
        """Store the entry in progress for a game (None: remove it)."""
        with self._lock:
            self._active.save_draft(game_id, draft)

    @guarded(writes=True)
    def drop_draft(self, game_id: str, draft: HandDraft) -> bool:
        """Remove the stored draft only if it is still `draft` (another device may
        have stored a newer one since it was read); True if it was removed."""
        with self._lock:
            if self.draft(game_id) != draft:
                return False
            self.save_draft(game_id, None)
            return True

    # -- lists and statistics --------------------------------------------------

    def history(
        self,
        status: Status | None = None,
        player: str | None = None,
        offset: int = 0,
        limit: int = 50,
    ) -> Page:
        """Newest first. `player` matches any part of a name, ignoring case."""
        with self._lock:
            docs: list[SummaryDocument] = [*self._active.summaries(), *self._archive.summaries()]
            if status is not None:
                docs = [d for d in docs if d["status"] == status.value]
            if player:
                needle = player.strip().casefold()
                docs = [d for d in docs if any(needle in p.casefold() for p in d["players"])]
            docs = sorted(docs, key=lambda d: (d["created_at"], d["id"]), reverse=True)
            page = docs[offset : offset + limit]
            return Page(tuple(summary_from_document(d) for d in page), len(docs))

    @guarded(writes=False)
    def all_games(self) -> list[SavedGame]:
        """Every stored game, newest first (reads the whole archive)."""
        with self._lock:
            docs = [*self._active.all(), *self._archive.games()]
            docs.sort(key=lambda d: (instant(d["created_at"]), d["id"]), reverse=True)
            return [game_from_document(d) for d in docs]

    @guarded(writes=False)
    def all_facts(self) -> list[GameFacts]:
        """What the statistics count, game by game, for every stored game (reads
        every facts file; `totals` adds them up without doing so)."""
        with self._lock:
            archived = self._archive.facts()
            return [*self._active.facts(), *archived]

    @guarded(writes=False)
    def totals(self) -> Tally:
        """What the statistics add up, over every stored game: the tallies the
        index files keep, plus the games in progress. Quick from the first call."""
        with self._lock:
            return self._archive.totals().add(tally(self._active.facts()))

    def aliases(self) -> dict[str, str]:
        """Merged spellings: person key -> the key it is the same person as."""
        with self._lock:
            return self._players.aliases()

    @guarded(writes=True)
    def merge_players(self, name: str, into: str) -> None:
        """From now on `name` counts as `into` in the statistics."""
        with self._lock:
            self._players.merge(name, into)

    @guarded(writes=True)
    def unmerge_player(self, name: str) -> None:
        """Count a merged player name as itself again."""
        with self._lock:
            self._players.unmerge(name)

    def close(self) -> None:
        """Release the data folder."""
        with self._lock:
            self._journal.close()
            self._file_lock.release()

    def __enter__(self) -> "GameStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _ended(game: ScoredGame, when: datetime | None) -> datetime | None:
    """When a game ended: `when` for a finished game, None for one being played."""
    return when if game.score.status is Status.FINISHED else None
