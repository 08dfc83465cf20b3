"""The stored documents, typed, and explicit conversion to and from the
domain objects.

A game document (`GameDocument`) holds the game's spades-score/1 record, the
source of truth, and its summary, a listing cache worked out again on every
save. An index file lists each archived game by its summary without the
statistics facts, which a facts file keeps apart (`IndexRow`, `FactsRow`);
the index file also keeps the tally of them all (`KeptTotals`).

The types say what this version writes. A document written by an older
version may lack a key added since (`team_names`): `stored_summary` fills
such keys in (drafts.py does the same for an entry in progress), and a stored
document that does not read raises, so that the caller can set it aside.
Times are ISO 8601 text in UTC (`record.time_to_json`).
"""

import dataclasses
from datetime import UTC, datetime
from typing import Any, NotRequired, TypedDict, cast

from scorekeeper.core.facts import GameFacts, SeatFacts, SideFacts
from scorekeeper.core.model import Variant
from scorekeeper.core.record import (
    EARLIEST,
    LATEST,
    game_to_record,
    scored_game_from_record,
    time_to_json,
)
from scorekeeper.core.saved import GameSummary, SavedGame, summarize
from scorekeeper.core.scoring import Status
from scorekeeper.core.stats import PAIR_COUNTS, PLAYER_COUNTS, RIVAL_COUNTS, Tally
from scorekeeper.errors import ScorekeeperError

Row = list[Any]  # a dataclass's values in field order (SEAT_FIELDS, SIDE_FIELDS)


class FactsDocument(TypedDict):
    """GameFacts: seats and sides as rows of values (files of schema 1: as
    objects with named fields)."""

    finished: bool
    winner: int | None
    hands: int
    seats: list[Row]
    sides: list[Row]


class SummaryDocument(TypedDict):
    """GameSummary, as kept in a game document."""

    id: str
    created_at: str
    updated_at: str
    status: str  # a Status value
    variant: str  # a Variant value
    players: list[str]
    scores: list[int]
    winner: int | None
    hands: int
    preset: str | None
    team_names: list[str]
    facts: NotRequired[FactsDocument | None]  # never in an index row: kept apart
    imported_at: NotRequired[str]
    ended_at: NotRequired[str]  # a finished game's, when known
    counted_at: NotRequired[str]  # as GameDocument's


class IndexRow(SummaryDocument):
    """A finished game as the history lists it: its summary without the facts,
    and the number of the archive file it is in."""

    shard: int


# What an index row must hold for the file to be used as it is: a file of rows
# written before a key was added (the sides' names) is made again from its
# archive file. Without "team_names" the rows still list the games (LISTED_KEYS).
SUMMARY_KEYS = IndexRow.__required_keys__
LISTED_KEYS = SUMMARY_KEYS - {"team_names"}


class GameDocument(TypedDict):
    """A stored game: its record, identity, times and summary."""

    id: str
    created_at: str
    updated_at: str
    revision: int
    record: dict[str, Any]  # spades-score/1 (record.py)
    summary: SummaryDocument
    imported_at: NotRequired[str]  # stored from a file: a copy, made then
    ended_at: NotRequired[str]  # when it finished; absent in games stored before
    counted_at: NotRequired[str]  # finished, imported without ended_at: where ratings count it


class FactsRow(TypedDict):
    """A row of a facts file."""

    id: str
    facts: FactsDocument | None


class TallyDocument(TypedDict):
    """Tally: players by name; partners and opponents as rows [name, name, *counts]."""

    players: dict[str, list[int]]
    pairs: list[list[str | int]]
    rivals: list[list[str | int]]


class KeptTotals(TypedDict):
    """The tally an index file keeps, and which games, as saved, it counted."""

    covers: str
    tally: TallyDocument


def instant(text: object) -> datetime:
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
    if not isinstance(text, str):
        return EARLIEST
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
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


def index_entry(summary: SummaryDocument, shard: int) -> IndexRow:
    """What the history list keeps of a finished game: the summary without the
    statistics facts (those live apart), plus the archive file it is in."""
    entry = cast(IndexRow, {k: v for k, v in summary.items() if k != "facts"})
    entry["shard"] = shard
    return entry


def game_to_document(saved: SavedGame) -> GameDocument:
    """The document of a stored game; its summary comes from the score the
    saved game carries (the game is not scored or checked again here)."""
    doc: GameDocument = {
        "id": saved.id,
        "created_at": time_to_json(saved.created_at),
        "updated_at": time_to_json(saved.updated_at),
        "revision": saved.revision,
        "record": game_to_record(saved.game),
        "summary": summary_to_document(summarize(saved)),
    }
    if saved.imported_at:
        doc["imported_at"] = time_to_json(saved.imported_at)
    if saved.ended_at:
        doc["ended_at"] = time_to_json(saved.ended_at)
    if saved.counted_at:
        doc["counted_at"] = time_to_json(saved.counted_at)
    return doc


class UnreadableGameError(ScorekeeperError):
    """A stored game document that lacks a part."""

    pass


def game_from_document(doc: GameDocument) -> SavedGame:
    """The stored game, its record parsed and scored once."""
    try:
        return SavedGame(
            id=doc["id"],
            scored=scored_game_from_record(doc["record"]),
            created_at=instant(doc["created_at"]),
            updated_at=instant(doc["updated_at"]),
            revision=doc["revision"],
            imported_at=instant(doc["imported_at"]) if doc.get("imported_at") else None,
            ended_at=instant(doc["ended_at"]) if doc.get("ended_at") else None,
            counted_at=instant(doc["counted_at"]) if doc.get("counted_at") else None,
        )
    except (KeyError, TypeError) as error:
        raise UnreadableGameError(
            f"the stored game {str(doc.get('id'))[:80]} lacks {str(error)[:80]}"
        ) from None


def summary_to_document(summary: GameSummary) -> SummaryDocument:
    """A summary as a game document keeps it."""
    doc: SummaryDocument = {
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
    if summary.imported_at:
        doc["imported_at"] = time_to_json(summary.imported_at)
    if summary.ended_at:
        doc["ended_at"] = time_to_json(summary.ended_at)
    if summary.counted_at:
        doc["counted_at"] = time_to_json(summary.counted_at)
    return doc


def stored_summary(doc: GameDocument) -> SummaryDocument:
    """A game document's summary as this version writes it. One written before
    summaries carried the sides' names gets them from the game's record (every
    record since names existed holds them, when a side has one)."""
    summary = doc["summary"]
    if "team_names" in summary:
        return summary
    record = doc.get("record")
    names = record.get("team_names") if isinstance(record, dict) else None
    return {**summary, "team_names": names if isinstance(names, list) else []}


def _team_names(value: object, sides: int) -> tuple[str, ...]:
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


def summary_from_document(doc: SummaryDocument) -> GameSummary:
    """A stored summary, its times as UTC instants."""
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
        facts=facts_from_document(facts) if (facts := doc.get("facts")) else None,
        imported_at=instant(doc["imported_at"]) if doc.get("imported_at") else None,
        ended_at=instant(doc["ended_at"]) if doc.get("ended_at") else None,
        counted_at=instant(doc["counted_at"]) if doc.get("counted_at") else None,
        team_names=_team_names(doc.get("team_names"), len(variant.sides)),
    )


SEAT_FIELDS = tuple(f.name for f in dataclasses.fields(SeatFacts))
SIDE_FIELDS = tuple(f.name for f in dataclasses.fields(SideFacts))


def facts_to_document(facts: GameFacts) -> FactsDocument:
    """Seats and sides as rows of values in field order (SEAT_FIELDS,
    SIDE_FIELDS): a third of the size of named fields, and quicker to read."""
    return {
        "finished": facts.finished,
        "winner": facts.winner,
        "hands": facts.hands,
        "seats": [[getattr(seat, f) for f in SEAT_FIELDS] for seat in facts.seats],
        "sides": [[getattr(side, f) for f in SIDE_FIELDS] for side in facts.sides],
    }


def facts_from_document(doc: FactsDocument) -> GameFacts:
    """Rows of values, or (files of schema 1) objects with named fields."""
    seats: list[Any] = doc["seats"]
    sides: list[Any] = doc["sides"]
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


def tally_to_document(counts: Tally) -> TallyDocument:
    """A tally as an index file keeps it."""
    return {
        "players": {name: list(row) for name, row in counts.players.items()},
        "pairs": [[a, b, *row] for (a, b), row in counts.pairs.items()],
        "rivals": [[a, b, *row] for (a, b), row in counts.rivals.items()],
    }


def _counts(row: object, width: int) -> list[int]:
    if not (
        isinstance(row, list) and len(row) == width and all(type(n) is int and n >= 0 for n in row)
    ):
        raise ValueError("not a row of counts")
    return row


def _named_rows(rows: list[list[str | int]], width: int) -> dict[tuple[str, str], list[int]]:
    table: dict[tuple[str, str], list[int]] = {}
    for row in rows:
        a, b = (row[0], row[1]) if isinstance(row, list) and len(row) >= 2 else (None, None)
        if not (isinstance(a, str) and isinstance(b, str)) or (a, b) in table:
            raise ValueError("not a row of names and counts")
        table[(a, b)] = _counts(row[2:], width)
    return table


def tally_from_document(doc: TallyDocument) -> Tally:
    """ValueError, TypeError or KeyError if `doc`, as read from a file, is not a
    whole tally: a kept tally is only a shortcut, and one that does not read is
    counted again."""
    players = doc["players"]
    if not isinstance(players, dict):
        raise ValueError("players is not a table")
    return Tally(
        {name: _counts(row, len(PLAYER_COUNTS)) for name, row in players.items()},
        _named_rows(doc["pairs"], len(PAIR_COUNTS)),
        _named_rows(doc["rivals"], len(RIVAL_COUNTS)),
    )
