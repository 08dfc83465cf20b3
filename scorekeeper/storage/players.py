"""Merged spellings of player names: players.json.

A merge is applied when the statistics are read, so a merge or its undo
rewrites no game and no tally."""

from collections.abc import Iterable

from tinydb import Query, TinyDB

from scorekeeper.core.stats import person
from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _


class Players:
    """Player names merged into one another, in players.json."""

    def __init__(self, db: TinyDB) -> None:
        self.db = db

    def aliases(self) -> dict[str, str]:
        """Person key -> the key it is the same person as."""
        return {d["name"]: d["into"] for d in self.db.table("aliases").all()}

    def merge(self, name: str, into: str) -> None:
        """Count `name` as `into` from now on."""
        aliases = self.aliases()
        key, target = person(name, aliases), person(into, aliases)
        if key == target:
            raise ScorekeeperError(
                _("{name!r} and {into!r} are already one player").format(
                    name=name[:80], into=into[:80]
                )
            )
        self.db.table("aliases").upsert({"name": key, "into": target}, Query().name == key)

    def unmerge(self, name: str) -> None:
        """Count `name` as itself again."""
        key = " ".join(name.split()).casefold()
        self.db.table("aliases").remove(Query().name == key)

    def adopt(self, rows: Iterable[object]) -> None:
        """The merges of schema 1's index.json, where not already here."""
        for row in rows:
            if isinstance(row, dict) and isinstance(row.get("name"), str):
                aliases = self.db.table("aliases")
                if not aliases.contains(Query().name == row["name"]):
                    aliases.insert({"name": row["name"], "into": str(row.get("into"))})
