"""Explicit conversion between domain objects and stored documents.

A game document: {"id", "created_at", "updated_at", "revision",
"record": <spades-score/1 record>, "summary": {...}}. The record is the
source of truth; the summary is a listing cache rebuilt on every save.
"""

import dataclasses
from datetime import datetime
from typing import Any

from scorekeeper.draft import HandDraft, Step
from scorekeeper.model import Hand, Variant
from scorekeeper.record import bid_from_json, bid_to_json, game_from_record, game_to_record
from scorekeeper.saved import GameSummary, SavedGame, summarize
from scorekeeper.scoring import Status
from scorekeeper.stats import GameFacts, SeatFacts, SideFacts


def game_to_document(saved: SavedGame) -> dict[str, Any]:
    return {
        "id": saved.id,
        "created_at": saved.created_at.isoformat(),
        "updated_at": saved.updated_at.isoformat(),
        "revision": saved.revision,
        "record": game_to_record(saved.game),
        "summary": summary_to_document(summarize(saved)),
    }


def game_from_document(doc: dict[str, Any]) -> SavedGame:
    return SavedGame(
        id=doc["id"],
        game=game_from_record(doc["record"]),
        created_at=datetime.fromisoformat(doc["created_at"]),
        updated_at=datetime.fromisoformat(doc["updated_at"]),
        revision=doc["revision"],
    )


def summary_to_document(summary: GameSummary) -> dict[str, Any]:
    return {
        "id": summary.id,
        "created_at": summary.created_at.isoformat(),
        "updated_at": summary.updated_at.isoformat(),
        "status": summary.status.value,
        "variant": summary.variant.value,
        "players": list(summary.players),
        "scores": list(summary.scores),
        "winner": summary.winner,
        "hands": summary.hands,
        "preset": summary.preset,
        "facts": facts_to_document(summary.facts),
    }


def summary_from_document(doc: dict[str, Any]) -> GameSummary:
    return GameSummary(
        id=doc["id"],
        created_at=datetime.fromisoformat(doc["created_at"]),
        updated_at=datetime.fromisoformat(doc["updated_at"]),
        status=Status(doc["status"]),
        variant=Variant(doc["variant"]),
        players=tuple(doc["players"]),
        scores=tuple(doc["scores"]),
        winner=doc["winner"],
        hands=doc["hands"],
        preset=doc["preset"],
        facts=facts_from_document(doc["facts"]),
    )


def facts_to_document(facts: GameFacts) -> dict[str, Any]:
    return {
        "finished": facts.finished,
        "winner": facts.winner,
        "hands": facts.hands,
        "seats": [dataclasses.asdict(seat) for seat in facts.seats],
        "sides": [dataclasses.asdict(side) for side in facts.sides],
    }


def facts_from_document(doc: dict[str, Any]) -> GameFacts:
    return GameFacts(
        finished=doc["finished"],
        winner=doc["winner"],
        hands=doc["hands"],
        seats=tuple(SeatFacts(**seat) for seat in doc["seats"]),
        sides=tuple(SideFacts(**side) for side in doc["sides"]),
    )


def draft_to_document(game_id: str, draft: HandDraft) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "bids": [None if b is None else bid_to_json(b) for b in draft.bids],
        "tricks": list(draft.tricks),
        "step": draft.step.value,
        "editing": draft.editing,
        "hand": draft.index,
        "revision": draft.base,
        "original": None if draft.original is None else _hand_to_document(draft.original),
    }


def draft_from_document(doc: dict[str, Any]) -> HandDraft:
    """Drafts stored before "hand", "revision" and "original" existed read with
    base None: `draft.fit` decides what they still mean."""
    original = doc.get("original")
    editing = doc["editing"]
    return HandDraft(
        bids=tuple(None if b is None else bid_from_json(b) for b in doc["bids"]),
        tricks=tuple(doc["tricks"]),
        step=Step(doc["step"]),
        editing=editing,
        index=int(doc.get("hand", editing if editing is not None else 0)),
        base=doc.get("revision"),
        original=None if original is None else _hand_from_document(original),
    )


def _hand_to_document(hand: Hand) -> dict[str, Any]:
    return {"bids": [bid_to_json(b) for b in hand.bids], "tricks": list(hand.tricks)}


def _hand_from_document(doc: dict[str, Any]) -> Hand:
    return Hand(tuple(bid_from_json(b) for b in doc["bids"]), tuple(doc["tricks"]))
