"""Explicit conversion between domain objects and stored documents.

A game document: {"id", "created_at", "updated_at", "revision",
"record": <spades-score/1 record>, "summary": {...}}. The record is the
source of truth; the summary is a listing cache rebuilt on every save.
A summary written by an older version may lack a key added since
(`team_names`): `stored_summary` fills it in from the record.
"""

import dataclasses
from datetime import UTC, datetime
from typing import Any

from scorekeeper.draft import HandDraft, Step
from scorekeeper.errors import ScorekeeperError
from scorekeeper.model import TRICKS_PER_HAND, Hand, Variant
from scorekeeper.record import (
    EARLIEST,
    LATEST,
    bid_from_json,
    bid_to_json,
    game_from_record,
    game_to_record,
    hand_from_json,
    hand_to_json,
    time_to_json,
)
from scorekeeper.saved import GameSummary, SavedGame, summarize
from scorekeeper.scoring import Status
from scorekeeper.stats import (
    PAIR_COUNTS,
    PLAYER_COUNTS,
    RIVAL_COUNTS,
    GameFacts,
    SeatFacts,
    SideFacts,
    Tally,
)


def instant(text: Any) -> datetime:
    """A stored time as a UTC instant. Files written before times were kept in
    UTC may hold any offset, or a time at the calendar's ends: such a time is
    brought into the range the app works with rather than breaking a screen."""
    if isinstance(text, str) and len(text) in (25, 32) and text.endswith("+00:00"):
        try:  # how this version writes times: already a UTC instant in range
            value = datetime.fromisoformat(text)
            if EARLIEST <= value < LATEST:
                return value
        except ValueError:
            pass
    try:
        parsed = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return EARLIEST
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        value = parsed.astimezone(UTC)
    except OverflowError:
        return EARLIEST if parsed.year < 2000 else LATEST.replace(year=LATEST.year - 1)
    if value < EARLIEST:
        return EARLIEST
    if value >= LATEST:
        return LATEST.replace(year=LATEST.year - 1)
    return value


def index_entry(summary: dict[str, Any], shard: int) -> dict[str, Any]:
    """What the history list keeps of a finished game: the summary without the
    statistics facts (those live apart), plus the archive file it is in."""
    entry = {k: v for k, v in summary.items() if k != "facts"}
    entry["shard"] = shard
    return entry


def game_to_document(saved: SavedGame) -> dict[str, Any]:
    return {
        "id": saved.id,
        "created_at": time_to_json(saved.created_at),
        "updated_at": time_to_json(saved.updated_at),
        "revision": saved.revision,
        "record": game_to_record(saved.game),
        "summary": summary_to_document(summarize(saved)),
    }


class UnreadableGameError(ScorekeeperError):
    pass


def game_from_document(doc: dict[str, Any]) -> SavedGame:
    try:
        return SavedGame(
            id=doc["id"],
            game=game_from_record(doc["record"]),
            created_at=instant(doc["created_at"]),
            updated_at=instant(doc["updated_at"]),
            revision=doc["revision"],
        )
    except (KeyError, TypeError) as error:
        raise UnreadableGameError(
            f"the stored game {str(doc.get('id'))[:80]} lacks {str(error)[:80]}"
        ) from None


def summary_to_document(summary: GameSummary) -> dict[str, Any]:
    return {
        "id": summary.id,
        "created_at": time_to_json(summary.created_at),
        "updated_at": time_to_json(summary.updated_at),
        "status": summary.status.value,
        "variant": summary.variant.value,
        "players": list(summary.players),
        "scores": list(summary.scores),
        "winner": summary.winner,
        "hands": summary.hands,
        "preset": summary.preset,
        "facts": None if summary.facts is None else facts_to_document(summary.facts),
        "team_names": list(summary.team_names),
    }


def stored_summary(doc: dict[str, Any]) -> dict[str, Any]:
    """A game document's summary as this version writes it. One written before
    summaries carried the sides' names gets them from the game's record (every
    record since names existed holds them, when a side has one)."""
    summary: dict[str, Any] = doc["summary"]
    if "team_names" in summary:
        return summary
    record = doc.get("record")
    names = record.get("team_names") if isinstance(record, dict) else None
    return {**summary, "team_names": names if isinstance(names, list) else []}


def _team_names(value: Any, sides: int) -> tuple[str, ...]:
    """The sides' names of a stored summary: one text per side, or none (a
    summary without them, or with anything else, names no side)."""
    if (
        isinstance(value, list)
        and len(value) == sides
        and all(isinstance(name, str) for name in value)
        and any(value)
    ):
        return tuple(value)
    return ()


def summary_from_document(doc: dict[str, Any]) -> GameSummary:
    variant = Variant(doc["variant"])
    return GameSummary(
        id=doc["id"],
        created_at=instant(doc["created_at"]),
        updated_at=instant(doc["updated_at"]),
        status=Status(doc["status"]),
        variant=variant,
        players=tuple(doc["players"]),
        scores=tuple(doc["scores"]),
        winner=doc["winner"],
        hands=doc["hands"],
        preset=doc["preset"],
        facts=facts_from_document(doc["facts"]) if doc.get("facts") else None,
        team_names=_team_names(doc.get("team_names"), len(variant.sides)),
    )


SEAT_FIELDS = tuple(f.name for f in dataclasses.fields(SeatFacts))
SIDE_FIELDS = tuple(f.name for f in dataclasses.fields(SideFacts))


def facts_to_document(facts: GameFacts) -> dict[str, Any]:
    """Seats and sides as rows of values in field order (SEAT_FIELDS,
    SIDE_FIELDS): a third of the size of named fields, and quicker to read."""
    return {
        "finished": facts.finished,
        "winner": facts.winner,
        "hands": facts.hands,
        "seats": [[getattr(seat, f) for f in SEAT_FIELDS] for seat in facts.seats],
        "sides": [[getattr(side, f) for f in SIDE_FIELDS] for side in facts.sides],
    }


def facts_from_document(doc: dict[str, Any]) -> GameFacts:
    """Rows of values, or (files of schema 1) objects with named fields."""
    seats, sides = doc["seats"], doc["sides"]
    if seats and isinstance(seats[0], dict):
        return GameFacts(
            finished=doc["finished"],
            winner=doc["winner"],
            hands=doc["hands"],
            seats=tuple(SeatFacts(**s) for s in seats),
            sides=tuple(SideFacts(**s) for s in sides),
        )
    return GameFacts(
        doc["finished"],
        doc["winner"],
        doc["hands"],
        tuple([SeatFacts(*s) for s in seats]),
        tuple([SideFacts(*s) for s in sides]),
    )


def tally_to_document(counts: Tally) -> dict[str, Any]:
    """Players by name; partners and opponents as rows [name, name, *counts]."""
    return {
        "players": {name: list(row) for name, row in counts.players.items()},
        "pairs": [[a, b, *row] for (a, b), row in counts.pairs.items()],
        "rivals": [[a, b, *row] for (a, b), row in counts.rivals.items()],
    }


def _counts(row: Any, width: int) -> list[int]:
    if not (
        isinstance(row, list) and len(row) == width and all(type(n) is int and n >= 0 for n in row)
    ):
        raise ValueError("not a row of counts")
    return row


def _named_rows(rows: Any, width: int) -> dict[tuple[str, str], list[int]]:
    table: dict[tuple[str, str], list[int]] = {}
    for row in rows:
        a, b = row[0], row[1]
        if not (isinstance(a, str) and isinstance(b, str)) or (a, b) in table:
            raise ValueError("not a row of names and counts")
        table[(a, b)] = _counts(row[2:], width)
    return table


def tally_from_document(doc: Any) -> Tally:
    """ValueError, TypeError or KeyError if `doc` is not a whole tally: a kept
    tally is only a shortcut, and one that does not read is counted again."""
    players = doc["players"]
    if not isinstance(players, dict):
        raise ValueError("players is not a table")
    return Tally(
        {name: _counts(row, len(PLAYER_COUNTS)) for name, row in players.items()},
        _named_rows(doc["pairs"], len(PAIR_COUNTS)),
        _named_rows(doc["rivals"], len(RIVAL_COUNTS)),
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
        "total": draft.total,
        "adjustments": hand_to_json(draft.to_hand()).get("adjustments", []),
    }


def draft_from_document(doc: dict[str, Any]) -> HandDraft:
    """Drafts stored before "hand", "revision" and "original" existed read with
    base None: `draft.fit` decides what they still mean. Before "total" and
    "adjustments" every hand had 13 tricks and none had adjustments."""
    original = doc.get("original")
    editing = doc["editing"]
    kept = _hand_from_document(
        {"bids": [], "tricks": [], "adjustments": doc.get("adjustments", [])}
    )
    return HandDraft(
        bids=tuple(None if b is None else bid_from_json(b) for b in doc["bids"]),
        tricks=tuple(doc["tricks"]),
        step=Step(doc["step"]),
        editing=editing,
        index=int(doc.get("hand", editing if editing is not None else 0)),
        base=doc.get("revision"),
        original=None if original is None else _hand_from_document(original),
        total=int(doc.get("total", TRICKS_PER_HAND)),
        adjustments=kept.adjustments,
    )


def _hand_to_document(hand: Hand) -> dict[str, Any]:
    return hand_to_json(hand)


def _hand_from_document(doc: dict[str, Any]) -> Hand:
    """ValueError when `doc` is not a hand, like any other unreadable draft."""
    try:
        return hand_from_json(0, doc)
    except ScorekeeperError as error:
        raise ValueError(str(error)) from None
