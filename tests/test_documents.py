"""Domain objects to stored documents and back (storage/documents.py): what is
written reads back the same, older forms still read, and a document that is
not whole is refused rather than half read."""

import dataclasses
from datetime import UTC, datetime

import pytest

from scorekeeper.core.draft import HandDraft, Step
from scorekeeper.core.model import NIL, Adjustment, Bid, Hand
from scorekeeper.core.record import EARLIEST, LATEST
from scorekeeper.core.saved import SavedGame, summarize
from scorekeeper.core.scoring import scored
from scorekeeper.core.stats import PAIR_COUNTS, PLAYER_COUNTS, RIVAL_COUNTS, Tally
from scorekeeper.storage.documents import (
    SEAT_FIELDS,
    SIDE_FIELDS,
    UnreadableGameError,
    facts_from_document,
    facts_to_document,
    game_from_document,
    game_to_document,
    index_entry,
    instant,
    stored_summary,
    summary_from_document,
    summary_to_document,
    tally_from_document,
    tally_to_document,
)
from scorekeeper.storage.drafts import draft_from_document, draft_to_document
from tests.factories import EVEN, game

WHEN = datetime(2026, 12, 2, 15, 30, tzinfo=UTC)
A_YEAR_BEFORE_LATEST = LATEST.replace(year=LATEST.year - 1)
PAIRED = Tally(
    {"Ann": [0] * len(PLAYER_COUNTS)},
    {("Ann", "Cat"): [1] * len(PAIR_COUNTS)},
    {("Ann", "Bob"): [2] * len(RIVAL_COUNTS)},
)


def saved(**changes) -> SavedGame:
    named = dataclasses.replace(game(EVEN, EVEN), team_names=("Us", "Them"))
    base = SavedGame("g1", scored(named), WHEN, WHEN.replace(hour=16), 3, imported_at=WHEN)
    return dataclasses.replace(base, **changes)


def test_a_game_and_its_summary_read_back_as_written():
    game_doc = game_to_document(saved())
    assert game_from_document(game_doc) == saved()
    summary = summarize(saved())
    assert summary.facts is not None and summary.team_names == ("Us", "Them")
    assert summary_from_document(summary_to_document(summary)) == summary
    plain = summarize(saved(imported_at=None))
    assert summary_from_document(summary_to_document(plain)) == plain
    ended = saved(ended_at=WHEN.replace(hour=17))  # a finished game keeps when it ended
    assert game_from_document(game_to_document(ended)).ended_at == WHEN.replace(hour=17)
    assert summary_from_document(summary_to_document(summarize(ended))).ended_at == (
        WHEN.replace(hour=17)
    )
    counted = saved(counted_at=WHEN.replace(microsecond=7))  # where ratings count it
    assert game_from_document(game_to_document(counted)) == counted
    assert summary_from_document(summary_to_document(summarize(counted))) == summarize(counted)
    assert "counted_at" not in game_to_document(saved())  # only when known


def test_the_history_index_keeps_the_summary_without_its_facts():
    doc = summary_to_document(summarize(saved()))
    entry = index_entry(doc, 7)
    assert entry == {**{k: v for k, v in doc.items() if k != "facts"}, "shard": 7}
    no_facts = summary_to_document(dataclasses.replace(summarize(saved()), facts=None))
    assert no_facts["facts"] is None and summary_from_document(no_facts).facts is None


def test_facts_of_the_first_schema_with_named_fields_still_read():
    won = dataclasses.replace(saved().game, hands=(EVEN,) * 9)  # 549 to 540
    facts = summarize(saved(scored=scored(won))).facts
    assert facts is not None and facts.winner == 0
    rows = facts_to_document(facts)
    named = {
        **rows,
        "seats": [dict(zip(SEAT_FIELDS, row, strict=True)) for row in rows["seats"]],
        "sides": [dict(zip(SIDE_FIELDS, row, strict=True)) for row in rows["sides"]],
    }
    assert facts_from_document(named) == facts_from_document(rows) == facts


def test_a_summary_written_before_side_names_takes_them_from_the_record():
    doc = game_to_document(saved())
    del doc["summary"]["team_names"]
    assert stored_summary(doc)["team_names"] == ["Us", "Them"]
    doc["record"] = "damaged"
    assert stored_summary(doc)["team_names"] == []
    current = game_to_document(saved())
    assert stored_summary(current) is current["summary"]


def test_a_game_document_missing_a_part_names_the_game_and_the_part():
    doc = game_to_document(saved())
    del doc["revision"]
    with pytest.raises(UnreadableGameError) as error:
        game_from_document(doc)
    assert str(error.value) == "the stored game g1 lacks 'revision'"
    doc["id"] = "x" * 100  # a hostile file's: cut at 80 characters
    with pytest.raises(UnreadableGameError) as error:
        game_from_document(doc)
    assert str(error.value) == f"the stored game {'x' * 80} lacks 'revision'"


@pytest.mark.parametrize(
    ("stored", "read"),
    [
        ("2026-12-02T15:30:00+00:00", "2026-12-02T15:30:00+00:00"),  # as written now
        ("2026-12-02T15:30:00.250000+00:00", "2026-12-02T15:30:00.250000+00:00"),
        ("2026-12-02T17:30:00+02:00", "2026-12-02T15:30:00+00:00"),  # any offset: UTC
        ("2026-12-02T15:30:00", "2026-12-02T15:30:00+00:00"),  # no offset: taken as UTC
        ("1900-01-01T00:00:00+00:00", EARLIEST.isoformat()),  # the first instant kept
        ("1850-06-01T00:00:00+00:00", EARLIEST.isoformat()),  # before it
        ("0001-01-01T00:00:00+05:00", EARLIEST.isoformat()),  # off the calendar
        ("2200-01-01T00:00:00+00:00", A_YEAR_BEFORE_LATEST.isoformat()),  # the end itself
        ("2200-01-01T01:00:00+01:00", A_YEAR_BEFORE_LATEST.isoformat()),  # the same instant
        ("9999-12-31T23:59:59-05:00", A_YEAR_BEFORE_LATEST.isoformat()),  # off the calendar
        ("not a time", EARLIEST.isoformat()),
        ("2026-13-45T00:00:00+00:00", EARLIEST.isoformat()),  # the fast path's shape, no date
        (20261202, EARLIEST.isoformat()),
        (None, EARLIEST.isoformat()),
    ],
)
def test_a_stored_time_is_read_as_a_utc_instant_in_range(stored, read, far_from_utc):
    value = instant(stored)
    assert value.isoformat() == read
    assert value.tzinfo is UTC


def test_a_tally_reads_back_as_written_and_a_damaged_one_is_refused():
    width = len(PLAYER_COUNTS)
    tally = Tally({"Ann": [1] * width})
    assert tally_from_document(tally_to_document(tally)) == tally
    for rows in ([1] * (width - 1), [-1] * width, [True] * width, "1"):
        with pytest.raises(ValueError, match=r"^not a row of counts$"):
            tally_from_document({"players": {"Ann": rows}, "pairs": [], "rivals": []})
    with pytest.raises(ValueError, match=r"^players is not a table$"):
        tally_from_document({"players": [], "pairs": [], "rivals": []})
    good = tally_to_document(PAIRED)
    assert tally_from_document(good) == PAIRED
    for bad in (
        [[1, "Bob", *good["pairs"][0][2:]]],  # a number for a name
        [["Ann"]],  # no second name
        ["Ann"],  # not a row
        [good["pairs"][0], good["pairs"][0]],  # the same pair twice
    ):
        with pytest.raises(ValueError, match=r"^not a row of names and counts$"):
            tally_from_document({**good, "pairs": bad})


def test_an_entry_reads_back_as_written():
    hand = Hand(EVEN.bids, EVEN.tricks, (Adjustment(1, -50, "renege"),))
    edit = dataclasses.replace(
        HandDraft.of_hand(hand, 1, base=4, total=17), step=Step.TRICKS, index=1
    )
    assert draft_from_document(draft_to_document("g1", edit)) == edit
    entry = HandDraft.empty(4, 3, 7).with_bid(0, NIL)
    assert draft_from_document(draft_to_document("g1", entry)) == entry


@pytest.mark.parametrize("editing", [None, 2])
def test_an_entry_stored_by_an_older_app_reads_with_what_it_implied(editing):
    """Before "hand", "revision", "original", "total" and "adjustments" were
    kept: the hand is the one edited (else the first), 13 tricks, no adjustments."""
    doc = {"game_id": "g1", "bids": [3, None, "nil", 4], "tricks": [0, 0, 0, 0]}
    entry = draft_from_document({**doc, "step": "bids", "editing": editing})
    assert entry == HandDraft(
        (Bid(3), None, NIL, Bid(4)), (0, 0, 0, 0), editing=editing, index=editing or 0
    )
    assert entry.total == 13 and entry.adjustments == () and entry.base is None
