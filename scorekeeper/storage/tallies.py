"""The tally an index file keeps of its archive file's games, so that the
statistics add up one tally per shard instead of reading every game. A kept
tally is only a shortcut: one that does not match the games its file lists,
as they were last saved, is counted again from the facts file."""

import hashlib
from collections.abc import Callable, Iterable
from typing import Any

from tinydb import TinyDB

from scorekeeper.core.stats import Tally, tally
from scorekeeper.storage.documents import (
    FactsRow,
    IndexRow,
    KeptTotals,
    facts_from_document,
    tally_from_document,
    tally_to_document,
)
from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.journal import Journal


def tally_rows(rows: Iterable[FactsRow]) -> Tally:
    """The tally of a facts table's rows."""
    return tally(
        facts_from_document(facts)
        for row in rows
        if isinstance(row, dict) and (facts := row.get("facts"))
    )


def covers(summaries: Iterable[IndexRow]) -> str:
    """Which games, as last saved, a kept tally counted."""
    digest = hashlib.blake2b(digest_size=16)
    for row in summaries:  # in file order: a file reordered is merely counted again
        digest.update(f"{row['id']}\t{row['updated_at']}\n".encode())
    return digest.hexdigest()


def kept_totals(summaries: Iterable[IndexRow], counts: Tally) -> dict[str, KeptTotals]:
    """The `totals` table of an index file listing `summaries`."""
    return {"1": {"covers": covers(summaries), "tally": tally_to_document(counts)}}


def kept_tally(index_tables: dict[str, Any]) -> Tally | None:
    """The tally an index file keeps, if it counted exactly the games the file
    lists, as they are now (one written by an older version, or restored
    alone, is None: counted again)."""
    kept = index_tables.get("totals", {}).get("1", {})
    try:
        if kept["covers"] == covers(index_tables["summaries"].values()):
            return tally_from_document(kept["tally"])
    except (KeyError, TypeError, ValueError):
        pass
    return None


class ShardTallies:
    """Each archive shard's tally, once checked against its index file or
    counted again; checked on first use, so opening pays nothing for them."""

    def __init__(self, journal: Journal) -> None:
        self._journal = journal
        self._counts: dict[int, Tally] = {}

    def keep(self, number: int, counts: Tally) -> None:
        """Remember a shard's tally once the change under way is durable."""
        self._journal.after_commit(lambda: self._counts.__setitem__(number, counts))

    def recount(self, number: int, facts: list[FactsRow], index: TinyDB) -> None:
        """Count a shard again from its facts rows after its games changed,
        within the caller's transaction; the index file keeps the count."""
        counts = tally_rows(facts)
        tables = index.storage.read() or {}
        tables["totals"] = kept_totals(tables.get("summaries", {}).values(), counts)
        index.storage.write(tables)
        self.keep(number, counts)

    def shard_tally(
        self, number: int, index: Callable[[], TinyDB], facts: Callable[[], list[FactsRow]]
    ) -> Tally:
        """The shard's tally: the one its index file keeps if it still counts
        the games listed, else counted again from its facts rows (and kept).
        Reading the facts may make the index file again: `index()` comes after."""
        if number not in self._counts:
            kept = kept_tally(index().storage.read() or {})
            if kept is not None:
                self._counts[number] = kept
        if number not in self._counts:
            try:
                with self._journal.transaction():
                    rows = facts()
                    self.recount(number, rows, index())
            except StorageError:  # not kept on disk: counted again after the next open
                self._counts[number] = tally_rows(facts())
        return self._counts[number]
