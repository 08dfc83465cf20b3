"""Games in progress and the hands being entered: active.json.

Finished games move to the archive, so this file stays small and saving a
hand rewrites only it."""

from collections.abc import Sequence
from typing import Any

from tinydb import Query, TinyDB
from tinydb.table import Document

from scorekeeper.draft import HandDraft
from scorekeeper.stats import GameFacts
from scorekeeper.storage.documents import (
    draft_from_document,
    draft_to_document,
    facts_from_document,
    instant,
    stored_summary,
)
from scorekeeper.storage.journal import Journal


class ActiveGames:
    def __init__(self, db: TinyDB, journal: Journal) -> None:
        self.db = db
        self._journal = journal

    def all(self) -> list[Document]:
        return self.db.table("games").all()

    def ids(self) -> list[str]:
        return [d["id"] for d in self.db.table("games").all()]

    def get(self, game_id: str) -> dict[str, Any] | None:
        doc = self.db.table("games").get(Query().id == game_id)
        return dict(doc) if isinstance(doc, dict) else None

    def insert(self, docs: Sequence[dict[str, Any]]) -> None:
        self.db.table("games").insert_multiple(docs)

    def put(self, doc: dict[str, Any]) -> None:
        self.db.table("games").upsert(doc, Query().id == doc["id"])

    def discard(self, ids: Sequence[str]) -> None:
        """Remove those of `ids` that are here; no write if none is."""
        if any(self.get(i) for i in ids):
            self.db.table("games").remove(Query().id.one_of(ids))

    def replace(self, doc: Document, changed: dict[str, Any]) -> None:
        """Put `changed` where `doc` is (its id may differ)."""
        self.db.table("games").update(changed, doc_ids=[doc.doc_id])

    def summaries(self) -> list[dict[str, Any]]:
        """The games' summaries as the history lists them (times as UTC)."""
        rows = []
        for doc in self.db.table("games").all():
            summary = dict(stored_summary(doc))
            for key in ("created_at", "updated_at"):
                summary[key] = instant(summary[key]).isoformat()
            rows.append(summary)
        return rows

    def facts(self) -> list[GameFacts]:
        return [
            facts_from_document(d["summary"]["facts"])
            for d in self.db.table("games").all()
            if d["summary"].get("facts")
        ]

    def draft(self, game_id: str) -> HandDraft | None:
        doc = self.db.table("drafts").get(Query().game_id == game_id)
        if not isinstance(doc, dict):
            return None
        try:
            return draft_from_document(dict(doc))
        except (KeyError, TypeError, ValueError):
            return None  # a draft is a convenience: an unreadable one is dropped

    def save_draft(self, game_id: str, draft: HandDraft | None) -> None:
        # One transaction: one write (an upsert that inserts makes two).
        with self._journal.transaction():
            drafts = self.db.table("drafts")
            if draft is None:
                if drafts.contains(Query().game_id == game_id):
                    drafts.remove(Query().game_id == game_id)
            else:
                drafts.upsert(draft_to_document(game_id, draft), Query().game_id == game_id)

    def drop_draft(self, game_id: str) -> None:
        self.db.table("drafts").remove(Query().game_id == game_id)
