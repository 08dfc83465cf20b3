"""The tally an index file keeps of its archive file's games, so that the
statistics add up one tally per shard instead of reading every game. A kept
tally is only a shortcut: one that does not match the games its file lists,
as they were last saved, is counted again from the facts file."""

import hashlib
from collections.abc import Iterable
from typing import Any

from scorekeeper.stats import Tally, tally
from scorekeeper.storage.documents import (
    facts_from_document,
    tally_from_document,
    tally_to_document,
)


def tally_rows(rows: Iterable[Any]) -> Tally:
    """The tally of a facts table's rows ({"id", "facts"})."""
    return tally(
        facts_from_document(row["facts"])
        for row in rows
        if isinstance(row, dict) and row.get("facts")
    )


def covers(summaries: Iterable[dict[str, Any]]) -> str:
    """Which games, as last saved, a kept tally counted."""
    digest = hashlib.blake2b(digest_size=16)
    for row in summaries:  # in file order: a file reordered is merely counted again
        digest.update(f"{row['id']}\t{row['updated_at']}\n".encode())
    return digest.hexdigest()


def kept_totals(summaries: Iterable[dict[str, Any]], counts: Tally) -> dict[str, Any]:
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
