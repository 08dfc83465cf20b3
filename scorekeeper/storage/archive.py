"""Finished games: the archive, SHARD_SIZE games per numbered file.

Each archive file has two companions of the same number: its index file (the
history list's summary of each game, and the tally of them all) and its
facts file (what the statistics count in each game). Opening reads only the
index files; an archive file is read when one of its games is, a facts file
when a tally has to be counted again. Index and facts are derived from the
archive file, so a damaged, missing or stale one is made again from it.
"""

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from tinydb import Query, TinyDB

from scorekeeper.core.facts import GameFacts
from scorekeeper.core.stats import Tally
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import Later, _
from scorekeeper.storage.active import ActiveGames
from scorekeeper.storage.atomic import DamagedFileError, Tables
from scorekeeper.storage.documents import (
    LISTED_KEYS,
    SUMMARY_KEYS,
    FactsDocument,
    FactsRow,
    GameDocument,
    IndexRow,
    facts_from_document,
    game_from_document,
    game_to_document,
    index_entry,
    stored_summary,
    summary_from_document,
)
from scorekeeper.storage.errors import GameNotFoundError
from scorekeeper.storage.files import DataFiles
from scorekeeper.storage.journal import Journal
from scorekeeper.storage.listing import Listing
from scorekeeper.storage.migration import Checked, meta, read_checked
from scorekeeper.storage.tallies import ShardTallies, kept_totals, tally_rows

SHARD_SIZE = 250


class Archive:
    """The finished games: archive files, their index and facts files."""

    def __init__(
        self, files: DataFiles, journal: Journal, active: ActiveGames, notices: list[Later]
    ) -> None:
        self._files = files
        self._journal = journal
        self._active = active  # a game archived leaves it in the same change
        self._notices = notices
        self._shards: dict[int, TinyDB] = {}
        self._index: dict[int, TinyDB] = {}
        self._facts: dict[int, TinyDB] = {}
        self._tallies = ShardTallies(journal)
        self._listing = Listing()

    def databases(self) -> list[TinyDB]:
        """Every archive, index and facts file open now."""
        return [*self._shards.values(), *self._index.values(), *self._facts.values()]

    # -- what is listed --------------------------------------------------------

    def numbers(self) -> list[int]:
        """The shards listed, in order."""
        return sorted(self._index)

    def summary(self, game_id: str) -> IndexRow | None:
        """The history row of a finished game, or None."""
        return self._listing.get(game_id)

    def summaries(self) -> list[IndexRow]:
        """The history rows of every finished game."""
        return self._listing.rows()

    def ids(self) -> set[str]:
        """The ids of the finished games."""
        return self._listing.ids()

    def index_rows(self, number: int) -> list[IndexRow]:
        """The rows of index file `number` (none when it is not open)."""
        db = self._index.get(number)
        return cast(list[IndexRow], _rows(db, "summaries")) if db is not None else []

    def relist(self) -> None:
        """Read the summaries in memory again from the index files."""
        self._listing.clear()
        for number in sorted(self._index):
            for row in self.index_rows(number):
                self._listing.remember(row)

    # -- reading ---------------------------------------------------------------

    def get(self, game_id: str) -> GameDocument | None:
        """The game's document; None if it is not archived. A game listed whose
        record is gone (a restored older file) is taken off the list."""
        summary = self._listing.get(game_id)
        if summary is None:
            return None
        number = summary["shard"]
        found = self.shard(number).table("games").get(Query().id == game_id)
        if isinstance(found, dict):
            return cast(GameDocument, dict(found))
        with self._journal.transaction():
            self._index_db(number).table("summaries").remove(Query().id == game_id)
            self._facts_db(number).table("facts").remove(Query().id == game_id)
            self._retally(number)
            self._journal.after_commit(lambda: self._listing.forget(game_id))
        raise GameNotFoundError(
            _(
                "the game {id} was listed but its record could not be found; "
                "it has been taken off the list"
            ).format(id=game_id)
        )

    def games(self) -> list[GameDocument]:
        """Every archived game (reads every archive file)."""
        docs: list[GameDocument] = []
        for number in self._listing.shards():
            docs.extend(cast(list[GameDocument], self.shard(number).table("games").all()))
        return docs

    def facts(self) -> list[GameFacts]:
        """Every archived game's facts (reads every facts file)."""
        return [
            facts_from_document(facts)
            for number in sorted(self._index)
            for row in self._facts_rows(number)
            if isinstance(row, dict) and (facts := row.get("facts"))
        ]

    def totals(self) -> Tally:
        """The kept tallies added up: no facts file is read when they match."""
        counts = Tally()
        for number in sorted(self._index):
            index = functools.partial(self._index_db, number)
            counts.add(
                self._tallies.shard_tally(
                    number, index, functools.partial(self._facts_rows, number)
                )
            )
        return counts

    def _facts_rows(self, number: int) -> list[FactsRow]:
        return cast(list[FactsRow], _rows(self._facts_db(number), "facts"))

    def _retally(self, number: int) -> None:
        facts = self._facts_rows(number)  # first: it may make the index file again
        self._tallies.recount(number, facts, self._index_db(number))

    def readable(self, source: Path, kind: str) -> bool:
        """Whether a file can be backed up: a damaged one is dealt with (restored
        from an older backup) before it is copied. Each is parsed once."""
        if kind == "archive":
            self.shard(int(source.stem))
        elif kind == "facts":
            self._facts_db(int(source.stem))
        elif kind == "index":
            return int(source.stem) in self._index and source.exists()
        return source.exists()

    # -- changes -----------------------------------------------------------------

    def add(self, docs: Sequence[GameDocument]) -> None:
        """Put finished games into the archive (and out of the active file), in
        one transaction; memory follows once it is durable."""
        by_shard: dict[int, list[GameDocument]] = {}
        for doc in docs:
            known = self._listing.get(doc["id"])
            shard = known["shard"] if known else self._listing.shard_with_room(by_shard, SHARD_SIZE)
            by_shard.setdefault(shard, []).append(doc)
        with self._journal.transaction():
            for shard, shard_docs in by_shard.items():
                ids = [d["id"] for d in shard_docs]
                facts = self._facts_db(shard).table("facts")
                games = self.shard(shard).table("games")
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
            self._active.discard([d["id"] for d in docs])
            self._journal.after_commit(lambda: self._remember_added(by_shard))

    def remove(self, game_id: str) -> None:
        """Take a game out of the archive, within the caller's transaction."""
        summary = self._listing.get(game_id)
        if summary is None:
            return
        shard = summary["shard"]
        self.shard(shard).table("games").remove(Query().id == game_id)
        self._index_db(shard).table("summaries").remove(Query().id == game_id)
        self._facts_db(shard).table("facts").remove(Query().id == game_id)
        self._retally(shard)
        self._journal.after_commit(lambda: self._listing.forget(game_id))

    def _remember_added(self, by_shard: dict[int, list[GameDocument]]) -> None:
        for shard, shard_docs in by_shard.items():
            for doc in shard_docs:
                self._listing.forget(doc["id"])
                self._listing.remember(index_entry(stored_summary(doc), shard))

    # -- the files of a shard ------------------------------------------------------

    def shard(self, number: int) -> TinyDB:
        """Archive file `number`, opened on first use."""
        if number not in self._shards:
            path = self._files.path("archive", number)
            self._shards[number] = self._files.open(path, "archive", read_checked(path, "archive"))
        return self._shards[number]

    def _index_db(self, number: int) -> TinyDB:
        if number not in self._index:
            self._index[number] = self._files.open(self._files.path("index", number), "index", None)
        return self._index[number]

    def _facts_db(self, number: int) -> TinyDB:
        """A facts file that does not list the games its index file lists is
        made again, with the index file, from the archive file."""
        if number not in self._facts:
            path = self._files.path("facts", number)
            tables = read_checked(path, "facts")
            listed = {d["id"] for d in self.index_rows(number)}
            rows = tables.get("facts", {}).values() if isinstance(tables, dict) else None
            if tables is None and not listed:
                self._facts[number] = self._files.open(path, "facts", None)
            elif rows is None or {r.get("id") for r in rows if isinstance(r, dict)} != listed:
                if isinstance(tables, DamagedFileError) and path.exists():
                    self._remade(path, tables, number)
                for game_id in listed:
                    self._listing.forget(game_id)
                self.rebuild(number)  # sets both files of the shard
                for row in self.index_rows(number):
                    self._listing.remember(row)
            else:
                self._facts[number] = self._files.open(path, "facts", tables)
        return self._facts[number]

    def load(self, number: int, tables: Checked, archived: bool) -> None:
        """On opening: remember one shard's summaries. A damaged, missing or
        stale index file is made again from its archive file; an archive file
        that is missing is restored from a backup, else its index set aside."""
        path = self._files.path("index", number)
        archive = self._files.path("archive", number)
        rows = tables.get("summaries", {}).values() if isinstance(tables, dict) else None
        listed = rows is not None and all(
            isinstance(r, dict) and r.keys() >= LISTED_KEYS and r["shard"] == number for r in rows
        )
        good = listed and all(r.keys() >= SUMMARY_KEYS for r in rows or ())
        if not archived:
            if not (listed and rows):
                path.unlink(missing_ok=True)
                return
            if not self._files.recover_missing(archive):
                moved = self._files.move_aside(path)
                self._notices.append(
                    Later(
                        "{path} is missing and no backup of it could be read; the games it held "
                        "were taken off the history ({moved} lists them).",
                        path=archive,
                        moved=moved,
                    )
                )
                return
            good = False
        if good:
            self._index[number] = self._files.open(path, "index", tables)
        else:
            if isinstance(tables, DamagedFileError) and path.exists():
                self._remade(path, tables, number)
            elif isinstance(tables, DamagedFileError):
                self._notices.append(
                    Later(
                        "{file} was missing; it was made again from {archive}.",
                        file=path,
                        archive=archive,
                    )
                )
            self.rebuild(number)
        for row in self.index_rows(number):
            self._listing.remember(row)

    def _remade(self, path: Path, damage: DamagedFileError, number: int) -> None:
        """Move a damaged index or facts file aside, and say it is made again."""
        self._notices.append(
            Later(
                "{file} could not be read ({reason}); it was moved to {moved} "
                "and made again from {archive}.",
                file=path,
                reason=damage.reason,
                moved=self._files.move_aside(path),
                archive=self._files.path("archive", number),
            )
        )

    def rebuild(self, number: int) -> None:
        """Index and facts of one archive shard, made again from its games (in
        one transaction). The caller updates the summaries in memory."""
        summaries: dict[str, IndexRow] = {}
        facts: dict[str, FactsRow] = {}
        path = self._files.path("archive", number)
        for i, doc in enumerate(self.shard(number).table("games").all(), start=1):
            entry = _entry_from_game(cast(GameDocument, dict(doc)), number, path, self._notices)
            if entry is None:
                continue
            summary, fact = entry
            summaries[str(i)] = summary
            facts[str(i)] = {"id": summary["id"], "facts": fact}
        counts = tally_rows(facts.values())
        index: Tables = {
            "_meta": {"1": meta("index")},
            "summaries": summaries,
            "totals": kept_totals(summaries.values(), counts),
        }
        facts_tables: Tables = {"_meta": {"1": meta("facts")}, "facts": facts}
        with self._journal.transaction():
            index_db = self._files.open(self._files.path("index", number), "index", index)
            facts_db = self._files.open(self._files.path("facts", number), "facts", facts_tables)
            index_db.storage.write(index)
            facts_db.storage.write(facts_tables)
            self._tallies.keep(number, counts)
        self._index[number] = index_db
        self._facts[number] = facts_db


def _entry_from_game(
    doc: GameDocument, shard: int, path: Path, notices: list[Later]
) -> tuple[IndexRow, FactsDocument | None] | None:
    """A game's index row and facts, worked out again from its record where
    its summary lacks them; None (and a notice) if it does not read."""
    try:
        summary = doc.get("summary")
        if not (isinstance(summary, dict) and "facts" in summary):
            summary = game_to_document(game_from_document(doc))["summary"]
        else:
            summary = stored_summary(doc)
        summary_from_document(summary)
        return index_entry(summary, shard), summary["facts"]
    except (KeyError, TypeError, ValueError, AttributeError, ScorekeeperError):
        notices.append(
            Later(
                "a game in {path} could not be read ({id}); it is kept there.",
                path=path,
                id=str(doc.get("id"))[:80],
            )
        )
        return None


def _rows(db: TinyDB, table: str) -> list[Any]:
    """A table's rows as stored, without TinyDB's per-row objects (quicker)."""
    tables = db.storage.read() or {}
    return list(tables.get(table, {}).values())
