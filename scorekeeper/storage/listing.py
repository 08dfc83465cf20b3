"""The archive's part of the history list, in memory: every archived game's
index row, read from the index files on opening, so that listing and
searching the history never read an archive file."""

from collections.abc import Collection, Mapping

from scorekeeper.storage.documents import IndexRow, instant


class Listing:
    """The history rows of the finished games, held in memory."""

    def __init__(self) -> None:
        self._rows: dict[str, IndexRow] = {}  # by game id
        self.counts: dict[int, int] = {}  # games listed per shard

    def get(self, game_id: str) -> IndexRow | None:
        """A game's row, or None."""
        return self._rows.get(game_id)

    def rows(self) -> list[IndexRow]:
        """Every row."""
        return list(self._rows.values())

    def ids(self) -> set[str]:
        """The ids of the games listed."""
        return set(self._rows)

    def shards(self) -> list[int]:
        """The archive files the rows are in."""
        return sorted(self.counts)

    def remember(self, row: IndexRow) -> None:
        """Add or replace a game's row."""
        doc = row.copy()
        doc["created_at"] = _utc(doc["created_at"])
        doc["updated_at"] = _utc(doc["updated_at"])
        self._rows[doc["id"]] = doc
        shard = doc["shard"]
        self.counts[shard] = self.counts.get(shard, 0) + 1

    def forget(self, game_id: str) -> None:
        """Remove a game's row, if listed."""
        doc = self._rows.pop(game_id, None)
        if doc:
            self.counts[doc["shard"]] -= 1

    def clear(self) -> None:
        """Remove every row."""
        self._rows, self.counts = {}, {}

    def shard_with_room(self, pending: Mapping[int, Collection[object]], size: int) -> int:
        """The last shard, if it has room for one more besides `pending`, else a new one."""
        last = max([*self.counts, *pending, 1])
        if self.counts.get(last, 0) + len(pending.get(last, [])) < size:
            return last
        return last + 1


def _utc(text: str) -> str:
    """A stored time as this version writes it: UTC (older versions wrote any offset)."""
    if isinstance(text, str) and text.endswith("+00:00") and text[:2] in ("19", "20", "21"):
        return text
    return instant(text).isoformat()
