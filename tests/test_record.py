import json
import re

import pytest

from scorekeeper.errors import (
    InvalidGameError,
    InvalidHandError,
    InvalidRecordError,
    InvalidRulesError,
    ScorekeeperError,
)
from scorekeeper.model import BLIND_NIL, NIL, Bid, Variant
from scorekeeper.record import MAX_HANDS, game_from_record, game_to_record
from scorekeeper.rules import RuleSet
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
