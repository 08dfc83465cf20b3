import json
import re
from datetime import UTC, datetime, timedelta, timezone

import pytest

from scorekeeper import i18n
from scorekeeper.core.model import BLIND_NIL, NIL, Adjustment, Bid, Hand, Variant, blind_bid
from scorekeeper.core.record import (
    MAX_HANDS,
    bid_from_json,
    game_from_record,
    game_to_record,
    hand_to_json,
    time_from_json,
    time_to_json,
)
from scorekeeper.core.rules import RuleSet
from scorekeeper.errors import (
    InvalidGameError,
    InvalidHandError,
    InvalidRecordError,
    InvalidRulesError,
    ScorekeeperError,
)
from tests.factories import EVEN, game, hand

BASE = {"format": "spades-score/1", "players": ["A", "B", "C", "D"]}


def test_bids_accept_int_nil_and_blind_nil():
    g = game_from_record(
        {**BASE, "hands": [{"bids": [0, "nil", "blind_nil", 4], "tricks": [0, 0, 0, 13]}]}
    )
    assert g.hands[0].bids == (NIL, NIL, BLIND_NIL, Bid(4))
    assert g.variant is Variant.PARTNERSHIP and g.first_dealer == 0 and g.rules == RuleSet()


def test_team_names_are_optional_and_round_trip():
    assert game_from_record(BASE).team_names == ()
    assert "team_names" not in game_to_record(game_from_record(BASE)), "old records unchanged"
    named = game_from_record({**BASE, "team_names": [" Us ", ""]})
    assert named.team_names == ("Us", "")
    assert game_from_record(json.loads(json.dumps(game_to_record(named)))) == named
    assert game_from_record({**BASE, "team_names": ["", ""]}).team_names == ()


@pytest.mark.parametrize(
    ("names", "text"),
    [
        (["Us"], "side names must be a list of 2 texts, got ['Us']"),
        ("Us", "side names must be a list of 2 texts, got 'Us'"),
        (["Us", 3], "side name 3 must be a text"),
        (["Us", "x" * 31], "at most 30 characters"),
    ],
)
def test_bad_team_names_are_refused_with_the_value(names, text):
    with pytest.raises(InvalidGameError, match=re.escape(text)):
        game_from_record({**BASE, "team_names": names})


def test_round_trip_through_json_text():
    g = game(hand(["nil", 3, "blind_nil", 4], [1, 3, 0, 9]), EVEN, rules=RuleSet(target=300))
    text = json.dumps(game_to_record(g))
    assert game_from_record(json.loads(text)) == g


@pytest.mark.parametrize(
    ("record", "error", "text"),
    [
        ([1, 2], InvalidRecordError, "must be a JSON object, got list"),
        ({"players": ["A", "B", "C", "D"]}, InvalidRecordError, "got None"),
        ({**BASE, "format": "spades-score/2"}, InvalidRecordError, "'spades-score/2'"),
        ({**BASE, "variant": "three"}, InvalidRecordError, "got 'three'"),
        ({**BASE, "players": "ABCD"}, InvalidRecordError, "list of names"),
        ({**BASE, "players": ["A", "B", "C"]}, InvalidGameError, "needs 4 players, got 3"),
        ({**BASE, "players": ["A", "B", "C", 4]}, InvalidGameError, "player 4 needs a name"),
        ({**BASE, "first_dealer": 7}, InvalidGameError, "got 7"),
        ({**BASE, "rules": {"target": -5}}, InvalidRulesError, "got -5"),
        ({**BASE, "hands": {}}, InvalidRecordError, "must be a list"),
        ({**BASE, "hands": [7]}, InvalidRecordError, "hand 1: must be an object"),
        ({**BASE, "hands": [{"bids": [1, 2, 3, 4]}]}, InvalidRecordError, 'hand 1: "bids"'),
        (
            {
                **BASE,
                "hands": [
                    EVEN_REC := {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
                    {"bids": [3, "pass", 3, 3], "tricks": [4, 3, 3, 3]},
                ],
            },
            InvalidRecordError,
            "hand 2: bid 'pass'",
        ),
        (
            {**BASE, "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 2]}]},
            InvalidHandError,
            "hand 1: tricks add up to 12",
        ),
        (
            {**BASE, "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * (MAX_HANDS + 1)},
            InvalidRecordError,
            "at most 2000 hands",
        ),
    ],
)
def test_bad_records_are_refused_with_the_reason(record, error, text):
    with pytest.raises(error) as info:
        game_from_record(record)
    assert isinstance(info.value, ScorekeeperError)
    assert text in str(info.value)


# -- each refusal, word for word (a person reads it to fix the file) ----------------------

GOOD = game_to_record(game(EVEN))
FIRST = GOOD["hands"][0]


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ([1], "a game record must be a JSON object, got list"),
        ({**GOOD, "format": "other/2"}, "\"format\" must be 'spades-score/1', got 'other/2'"),
        (
            {**GOOD, "variant": "trio"},
            '"variant" must be one of "partnership", "two-player", "cutthroat", "solo", '
            "got 'trio'",
        ),
        ({**GOOD, "players": "Ann"}, "\"players\" must be a list of names, got 'Ann'"),
        ({**GOOD, "hands": {}}, '"hands" must be a list, got {}'),
        ({**GOOD, "hands": [FIRST] * (MAX_HANDS + 1)}, "a game has at most 2000 hands, got 2001"),
        ({**GOOD, "hands": [5]}, 'hand 1: must be an object with "bids" and "tricks", got 5'),
        (
            {**GOOD, "hands": [FIRST, {"bids": 1, "tricks": []}]},
            'hand 2: "bids" and "tricks" must both be lists',
        ),
        (
            {**GOOD, "hands": [{**FIRST, "adjustments": [{"side": 0}]}]},
            'hand 1: "adjustments" must be a list of objects with "side", "points" and an '
            "optional \"reason\", got [{'side': 0}]",
        ),
        (
            {**GOOD, "hands": [{**FIRST, "adjustments": {"side": 0, "points": 5}}]},
            'hand 1: "adjustments" must be a list of objects with "side", "points" and an '
            "optional \"reason\", got {'side': 0, 'points': 5}",
        ),
        (
            {**GOOD, "hands": [{**FIRST, "bids": ["nol", 3, 3, 3]}]},
            "hand 1: bid 'nol' is not a bid: use a whole number 0-13 (0-17 in cutthroat), "
            '"nil", "blind_nil" or a blind bid such as {"blind": 6}',
        ),
        (
            {**GOOD, "hands": [{**FIRST, "bids": [{"blind": 0}, 3, 3, 3]}]},
            "hand 1: blind bid {'blind': 0} is not a bid: a blind bid is a whole number of "
            'tricks from 1, {"blind": 6}; a blind nil is "blind_nil"',
        ),
        (
            {**GOOD, "hands": [{**FIRST, "dealer": "2"}]},
            "hand 1: \"dealer\" must be a seat number, got '2'",
        ),
        (
            {**GOOD, "hands": [{**FIRST, "bids": [{"blind": 6, "seen": True}, 3, 3, 3]}]},
            "hand 1: bid {'blind': 6, 'seen': True} is not a bid: use a whole number 0-13 "
            '(0-17 in cutthroat), "nil", "blind_nil" or a blind bid such as {"blind": 6}',
        ),
    ],
)
def test_each_refusal_of_a_record_says_what_is_wrong(record, words):
    with pytest.raises(InvalidRecordError) as error:
        game_from_record(record)
    assert str(error.value) == words


def test_a_record_exactly_at_the_hand_limit_is_read():
    zeros = game_to_record(game(hand([0, 0, 0, 0], [4, 3, 3, 3])))["hands"][0]
    assert len(game_from_record({**GOOD, "hands": [zeros] * MAX_HANDS}).hands) == MAX_HANDS


def test_rules_that_do_not_fit_the_variant_are_refused_in_a_record():
    solo = game_to_record(game())
    solo = {**solo, "variant": "solo", "rules": {**solo["rules"], "bidding": "suicide"}}
    with pytest.raises(InvalidGameError) as error:  # refused as the game is set up
        game_from_record(solo)
    assert [p.field for p in error.value.problems] == ["rules.bidding"]
    twice = {**solo, "players": ["Ann", "Ann", "Cat", "Dan"]}
    with pytest.raises(InvalidGameError) as error:  # every problem of the set-up at once
        game_from_record(twice)
    assert sorted(p.field for p in error.value.problems) == ["players.1", "rules.bidding"]


def with_adjustment(**adjustment) -> dict:
    return {**GOOD, "hands": [{**FIRST, "adjustments": [adjustment]}]}


def test_an_adjustment_keeps_its_reason_trimmed_and_refuses_one_that_is_not_text():
    kept = game_from_record(with_adjustment(side=1, points=-50, reason=" renege "))
    assert kept.hands[0].adjustments == (Adjustment(1, -50, "renege"),)
    with pytest.raises(ScorekeeperError):
        game_from_record(with_adjustment(side=1, points=-50, reason=7))


@pytest.mark.parametrize(
    ("text", "instant"),
    [
        ("2026-12-02T17:30:00+02:00", "2026-12-02T15:30:00+00:00"),
        ("2026-12-02T15:30:00", "2026-12-02T15:30:00+00:00"),  # no offset: UTC
        ("1900-01-01T00:00:00+00:00", "1900-01-01T00:00:00+00:00"),  # the first allowed
    ],
)
def test_a_time_in_a_record_is_a_utc_instant(text, instant, far_from_utc):
    value = time_from_json(text)
    assert value.isoformat() == instant and value.tzinfo is UTC
    assert time_to_json(value) == instant
    assert time_to_json(datetime(2026, 12, 2, 17, 30, tzinfo=timezone(timedelta(hours=2)))) == (
        "2026-12-02T15:30:00+00:00"
    )


BETWEEN = "is not an ISO 8601 time between 1900 and 2199"


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (20261202, "20261202 is not an ISO 8601 time"),
        ("yesterday", "'yesterday' is not an ISO 8601 time between 1900 and 2199"),
        (
            "1899-12-31T23:59:59+00:00",
            "'1899-12-31T23:59:59+00:00' is not an ISO 8601 time between 1900 and 2199",
        ),
        (
            "2200-01-01T00:00:00+00:00",
            "'2200-01-01T00:00:00+00:00' is not an ISO 8601 time between 1900 and 2199",
        ),
    ],
)
def test_a_time_out_of_range_is_refused_with_the_range(value, words):
    with pytest.raises(InvalidRecordError) as error:
        time_from_json(value)
    assert str(error.value) == words


def test_an_adjustment_without_a_reason_is_written_without_one():
    hand = Hand(EVEN.bids, EVEN.tricks, (Adjustment(0, 10), Adjustment(1, -5, "renege")))
    assert hand_to_json(hand)["adjustments"] == [
        {"side": 0, "points": 10},
        {"side": 1, "points": -5, "reason": "renege"},
    ]


def test_the_hand_limit_is_said_in_the_tables_language():
    with i18n.language("th"), pytest.raises(InvalidRecordError) as error:
        game_from_record({**GOOD, "hands": [FIRST] * (MAX_HANDS + 1)})
    assert str(error.value) == "เกมหนึ่งมีได้ไม่เกิน 2000 ตา แต่ได้ 2001"


def test_a_blind_bid_of_one_trick_reads():
    assert bid_from_json({"blind": 1}) == blind_bid(1)
    assert bid_from_json({"blind": 2}) == blind_bid(2)


def test_a_dealer_who_is_no_seat_is_refused_on_the_dealer():
    record = {**GOOD, "hands": [{**FIRST, "dealer": 4}]}
    with pytest.raises(InvalidHandError) as error:
        game_from_record(record)
    assert [(p.field, p.message) for p in error.value.problems] == [
        ("dealer", "the dealer must be a seat from 0 to 3, got 4")
    ]
