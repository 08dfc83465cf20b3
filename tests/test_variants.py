"""Cutthroat and solo, the rules added with them, and adjustments: what the
record refuses and why, and that records without them stay as they were."""

import json
import re

import pytest

from scorekeeper.core.draft import HandDraft, carry_over
from scorekeeper.core.game import add_hand, new_game, replace_hand
from scorekeeper.core.model import NIL, Adjustment, Bid, Hand, Variant
from scorekeeper.core.record import game_from_record, game_to_record
from scorekeeper.core.rules import Bidding, RuleSet, rules_from_dict
from scorekeeper.core.scoring import score_game
from scorekeeper.errors import InvalidGameError, InvalidHandError, InvalidRecordError

FOUR = {"format": "spades-score/1", "players": ["A", "B", "C", "D"]}
THREE = {"format": "spades-score/1", "variant": "cutthroat", "players": ["A", "B", "C"]}


def test_variants_have_their_players_sides_and_tricks():
    assert Variant.CUTTHROAT.player_count == 3 and Variant.CUTTHROAT.tricks == 17
    assert Variant.CUTTHROAT.sides == ((0,), (1,), (2,))
    assert Variant.SOLO.player_count == 4 and Variant.SOLO.tricks == 13
    assert Variant.SOLO.sides == ((0,), (1,), (2,), (3,))
    assert [Variant.SOLO.side_of(s) for s in range(4)] == [0, 1, 2, 3]
    assert Variant.PARTNERSHIP.sides == ((0, 2), (1, 3))


def test_cutthroat_bids_reach_17_and_tricks_add_up_to_17():
    game = game_from_record(THREE)
    assert add_hand(game, Hand((Bid(17), NIL, NIL), (17, 0, 0)))
    with pytest.raises(InvalidHandError, match="add up to 13, but every hand has 17"):
        add_hand(game, Hand((Bid(4), Bid(4), Bid(5)), (4, 4, 5)))
    with pytest.raises(InvalidHandError, match=r"18 is not a bid: choose 0 .nil. to 17"):
        add_hand(game, Hand((Bid(18), NIL, NIL), (17, 0, 0)))


def test_solo_keeps_13_tricks():
    game = game_from_record({**FOUR, "variant": "solo"})
    with pytest.raises(InvalidHandError, match=r"14 is not a bid: choose 0 .nil. to 13"):
        add_hand(game, Hand((Bid(14), NIL, NIL, NIL), (13, 0, 0, 0)))


def test_suicide_refuses_a_hand_naming_the_side():
    game = game_from_record({**FOUR, "rules": {"bidding": "suicide"}})
    with pytest.raises(InvalidHandError) as info:
        add_hand(game, Hand((Bid(4), NIL, Bid(3), NIL), (5, 0, 8, 0)))
    by_field = info.value.by_field("hand")
    assert "A + C" in by_field["side.0"] and "(here: 0)" in by_field["side.0"]
    assert "B + D" in by_field["side.1"] and "(here: 2)" in by_field["side.1"]


@pytest.mark.parametrize("variant", ["two-player", "cutthroat", "solo"])
def test_suicide_is_only_for_partnerships(variant):
    players = ["A", "B", "C", "D"][: Variant(variant).player_count]
    with pytest.raises(InvalidGameError, match=f"a {variant} game cannot use it"):
        game_from_record(
            {**FOUR, "variant": variant, "players": players, "rules": {"bidding": "suicide"}}
        )
    with pytest.raises(InvalidGameError, match="suicide"):
        new_game(Variant(variant), players, rules=RuleSet(bidding=Bidding.SUICIDE))


def test_a_big_bid_cannot_be_bigger_than_a_hand():
    with pytest.raises(InvalidGameError, match="big_bid_min 14 is more tricks than a partnership"):
        game_from_record({**FOUR, "rules": {"big_bid_min": 14}})
    assert game_from_record({**THREE, "rules": {"big_bid_min": 17}}).rules.big_bid_min == 17


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (
            {"big_bid_min": 0},
            "big_bid_min must be a whole number from 1 to 17 or null (off), got 0",
        ),
        ({"big_bid_points": 0}, "big_bid_points must be a whole number from 1 to 100000"),
        ({"overtrick_points": 2}, "overtrick_points must be a whole number from 0 to 1, got 2"),
        ({"max_hands": 2001}, "max_hands must be a whole number from 1 to 2000 or null"),
        ({"bidding": "silent"}, "bidding must be one of standard, suicide, got 'silent'"),
    ],
)
def test_new_rules_are_checked(rules, text):
    with pytest.raises(Exception, match=re.escape(text)):
        rules_from_dict(rules)


@pytest.mark.parametrize(
    ("adjustment", "text"),
    [
        ({"side": 2, "points": 10}, "side must be a side from 0 to 1, got 2"),
        ({"side": 0, "points": 0}, "from -1000 to 1000, not 0, got 0"),
        ({"side": 0, "points": 1001}, "got 1001"),
        ({"side": 0, "points": "10"}, "got '10'"),
        ({"side": 0, "points": 5, "reason": "x" * 61}, "too long: at most 60 characters"),
        ({"side": 0, "points": 5, "reason": "a\u202eb"}, "invisible control character (U+202E)"),
    ],
)
def test_bad_adjustments_are_refused_with_the_value(adjustment, text):
    record = {
        **FOUR,
        "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "adjustments": [adjustment]}],
    }
    with pytest.raises(InvalidHandError, match=re.escape(text)):
        game_from_record(record)


def test_adjustments_must_be_objects():
    record = {**FOUR, "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3], "adjustments": [5]}]}
    with pytest.raises(InvalidRecordError, match='"adjustments" must be a list of objects'):
        game_from_record(record)


def test_older_records_are_written_back_unchanged():
    old = {
        **FOUR,
        "variant": "partnership",
        "first_dealer": 0,
        "rules": RuleSet().to_dict(),
        "hands": [{"bids": [3, 3, "nil", 4], "tricks": [4, 3, 0, 6]}],
    }
    assert set(old["rules"]) == {
        "target", "bag_limit", "bag_penalty", "nil_bonus", "blind_nil_bonus",
        "failed_nil_tricks", "mercy", "allow_nil", "allow_blind_nil",
        "blind_nil_min_deficit", "min_side_bid",
    }  # fmt: skip
    assert game_to_record(game_from_record(old)) == old


def test_new_rules_and_adjustments_round_trip():
    record = {
        **THREE,
        "rules": {"big_bid_min": 10, "max_hands": 8, "overtrick_points": 0},
        "hands": [
            {
                "bids": [5, 5, 5],
                "tricks": [6, 6, 5],
                "adjustments": [{"side": 2, "points": -20, "reason": " renege "}],
            }
        ],
    }
    game = game_from_record(record)
    assert game.hands[0].adjustments == (Adjustment(2, -20, "renege"),)
    written = game_to_record(game)
    assert written["rules"]["big_bid_points"] == 200, (
        "a record using a new rule carries all of them"
    )
    assert written["hands"][0]["adjustments"] == [{"side": 2, "points": -20, "reason": "renege"}]
    assert game_from_record(json.loads(json.dumps(written))) == game


def test_an_adjustment_edit_rescores_and_keeps_bags():
    game = game_from_record({**FOUR, "hands": [{"bids": [3, 3, 3, 3], "tricks": [5, 1, 3, 4]}]})
    before = score_game(game).sides
    fined = replace_hand(
        game, 0, Hand(game.hands[0].bids, game.hands[0].tricks, (Adjustment(0, -30, "renege"),))
    )
    after = fined.totals
    assert after[0].score == before[0].score - 30 and after[0].bags == before[0].bags
    assert after[1] == before[1]


def test_a_cutthroat_entry_counts_17_tricks():
    game = game_from_record(THREE)
    draft = carry_over(HandDraft.empty(3), game, 1).draft
    assert draft is not None and draft.total == 17
    assert draft.rest_to(0).tricks == (17, 0, 0)
