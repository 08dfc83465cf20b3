"""Games in progress and the hands being entered: active.json.

Finished games move to the archive, so this file stays small and saving a
hand rewrites only it."""

from collections.abc import Sequence
from typing import cast

from tinydb import Query, TinyDB

from scorekeeper.core.draft import HandDraft
from scorekeeper.core.facts import GameFacts
from scorekeeper.storage.documents import (
    GameDocument,
    SummaryDocument,
    facts_from_document,
    instant,
    stored_summary,
)
from scorekeeper.storage.drafts import DraftDocument, draft_from_document, draft_to_document
from scorekeeper.storage.journal import Journal


class ActiveGames:
    """The games in progress and their entries, in active.json."""

    def __init__(self, db: TinyDB, journal: Journal) -> None:
        self.db = db
        self._journal = journal

    def all(self) -> list[GameDocument]:
        """Every game in progress, as stored."""
        return cast(list[GameDocument], self.db.table("games").all())

    def numbered(self) -> list[tuple[int, GameDocument]]:
        """A copy of each game with its place in the file, for `replace` (two
        games may share an id: see repair.py)."""
        return [(d.doc_id, cast(GameDocument, dict(d))) for d in self.db.table("games").all()]

    def ids(self) -> list[str]:
        """The ids of the games in progress."""
        return [d["id"] for d in self.db.table("games").all()]

    def get(self, game_id: str) -> GameDocument | None:
        """A game in progress by id, or None."""
        doc = self.db.table("games").get(Query().id == game_id)
        return cast(GameDocument, dict(doc)) if isinstance(doc, dict) else None

    def insert(self, docs: Sequence[GameDocument]) -> None:
        """Store new games in progress, in one write."""
        self.db.table("games").insert_multiple(docs)

    def put(self, doc: GameDocument) -> None:
        """Store a game in progress, replacing the one with its id."""
        self.db.table("games").upsert(doc, Query().id == doc["id"])

    def discard(self, ids: Sequence[str]) -> None:
        """Remove those of `ids` that are here; no write if none is."""
        if any(self.get(i) for i in ids):
            self.db.table("games").remove(Query().id.one_of(ids))

    def replace(self, doc_id: int, changed: GameDocument) -> None:
        """Put `changed` in the place `doc_id` of `numbered` (its id may differ)."""
        self.db.table("games").update(changed, doc_ids=[doc_id])

    def summaries(self) -> list[SummaryDocument]:
        """The games' summaries as the history lists them (times as UTC)."""
        rows = []
        for doc in self.all():
            summary = stored_summary(doc).copy()
            summary["created_at"] = instant(summary["created_at"]).isoformat()
            summary["updated_at"] = instant(summary["updated_at"]).isoformat()
            rows.append(summary)
        return rows

    def facts(self) -> list[GameFacts]:
        """The statistics facts of the games in progress."""
        return [facts_from_document(f) for d in self.all() if (f := d["summary"].get("facts"))]

    def draft(self, game_id: str) -> HandDraft | None:
        """The entry in progress for a game, or None (one that does not read is dropped)."""
        doc = self.db.table("drafts").get(Query().game_id == game_id)
        if not isinstance(doc, dict):
            return None
        try:
            return draft_from_document(cast(DraftDocument, dict(doc)))
        except (KeyError, TypeError, ValueError):
            return None  # a draft is a convenience: an unreadable one is dropped

    def save_draft(self, game_id: str, draft: HandDraft | None) -> None:
        # One transaction: one write (an upsert that inserts makes two).
        """Store a game's entry in progress (None: remove it)."""
        with self._journal.transaction():
            drafts = self.db.table("drafts")
            if draft is None:
                if drafts.contains(Query().game_id == game_id):
                    drafts.remove(Query().game_id == game_id)
            else:
                drafts.upsert(draft_to_document(game_id, draft), Query().game_id == game_id)

    def drop_draft(self, game_id: str) -> None:
        """Remove a game's entry in progress."""
        self.db.table("drafts").remove(Query().game_id == game_id)
