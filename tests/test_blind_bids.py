"""Blind bids, doubled big bids and ignored nil tricks: the refusals word for
word, the rules' values, records, export and statistics."""

import csv
import io
import json
import re
from datetime import UTC, datetime

import pytest

from scorekeeper.core.exchange import export_csv
from scorekeeper.core.facts import game_facts
from scorekeeper.core.model import BLIND_NIL, NIL, Bid, Game, Hand, Variant, blind_bid
from scorekeeper.core.record import (
    bid_from_json,
    bid_to_json,
    game_from_record,
    game_to_record,
    hand_to_json,
)
from scorekeeper.core.rules import (
    BIG_AND_BLIND_RULES,
    LATER_RULES,
    PRESETS,
    FailedNilTricks,
    RuleSet,
    rules_from_dict,
)
from scorekeeper.core.saved import SavedGame
from scorekeeper.core.scoring import score_game, scored
from scorekeeper.core.stats import player_stats
from scorekeeper.core.validation import hand_problems, variant_rule_problems
from scorekeeper.errors import InvalidRulesError
from scorekeeper.ui.text import (
    MORE_RULE_LABELS,
    PRESET_EXPLANATIONS,
    PRESET_LABELS,
    PRESET_NAMES,
    RULE_EXPLANATIONS,
    bid_label,
    event_lines,
    rules_summary,
    short_bid,
)
from tests.factories import PLAYERS

BLIND = RuleSet(blind_bids=True)
ANY_TIME = RuleSet(blind_bids=True, blind_bid_deficit=None)


def four(rules: RuleSet) -> Game:
    return Game(Variant.PARTNERSHIP, PLAYERS, 0, rules)


def problems(rules: RuleSet, bids: tuple[Bid, ...], tricks: tuple[int, ...], before=(0, 0)):
    game = four(rules) if len(bids) == 4 else Game(Variant.CUTTHROAT, PLAYERS[:3], 0, rules)
    return [(p.field, p.message) for p in hand_problems(game, Hand(bids, tricks), list(before))]


def test_a_blind_bid_is_refused_for_each_bidder_when_the_rules_do_not_allow_it():
    found = problems(RuleSet(), (blind_bid(4), Bid(3), blind_bid(3), Bid(3)), (4, 3, 3, 3))
    assert found == [
        (
            "bid.0",
            "Alex: blind 4, which this game's rules do not allow (only nil may be bid blind)",
        ),
        (
            "bid.2",
            "Charlie: blind 3, which this game's rules do not allow (only nil may be bid blind)",
        ),
    ]


def test_partners_bid_blind_together_or_not_at_all():
    found = problems(ANY_TIME, (blind_bid(4), Bid(3), Bid(3), Bid(3)), (4, 3, 3, 3))
    assert found == [
        (
            "side.0",
            "Alex + Charlie: a blind bid (Alex: 4) beside a bid made after seeing the cards "
            "(Charlie: 3); partners bid blind together or not at all",
        )
    ]


def test_a_nil_beside_a_blind_bidder_is_no_mix():
    assert problems(ANY_TIME, (blind_bid(6), Bid(3), NIL, Bid(3)), (7, 3, 0, 3)) == []
    assert problems(ANY_TIME, (blind_bid(6), Bid(3), BLIND_NIL, Bid(3)), (7, 3, 0, 3)) == []


def test_a_blind_contract_under_the_minimum_is_refused():
    found = problems(ANY_TIME, (blind_bid(2), Bid(3), blind_bid(2), Bid(3)), (4, 3, 3, 3))
    assert found == [
        (
            "side.0",
            "Alex + Charlie: a blind contract of 4 is under this game's smallest blind contract, 6",
        )
    ]
    rules = RuleSet(blind_bids=True, blind_bid_deficit=None, blind_bid_min=4)
    assert problems(rules, (blind_bid(2), Bid(3), blind_bid(2), Bid(3)), (4, 3, 3, 3)) == []
    # a side with no blind bid leaves the next sides checked
    found = problems(ANY_TIME, (Bid(3), blind_bid(2), Bid(3), blind_bid(2)), (4, 3, 3, 3))
    said = "a blind contract of 4 is under this game's smallest blind contract, 6"
    assert found == [("side.1", f"Beth + David: {said}")]


def test_a_blind_contract_needs_the_deficit():
    bids = (blind_bid(3), Bid(3), blind_bid(3), Bid(3))
    assert problems(BLIND, bids, (4, 3, 3, 3), before=(0, 50)) == [
        (
            "side.0",
            "Alex + Charlie: a blind contract needs the side to trail by 100 or more; "
            "it trails by 50",
        )
    ]
    assert problems(BLIND, bids, (4, 3, 3, 3), before=(60, 50)) == [
        (
            "side.0",
            "Alex + Charlie: a blind contract needs the side to trail by 100 or more; "
            "it does not trail (60 against 50)",
        )
    ]
    assert problems(BLIND, bids, (4, 3, 3, 3), before=(-50, 50)) == []
    assert problems(BLIND, bids, (4, 3, 3, 3), before=(49, 50)) == [
        (
            "side.0",
            "Alex + Charlie: a blind contract needs the side to trail by 100 or more; "
            "it trails by 1",
        )
    ]


def test_cutthroat_counts_the_deficit_from_the_best_other_player():
    bids = (blind_bid(6), Bid(5), Bid(5))
    assert problems(BLIND, bids, (7, 5, 5), before=(0, 150, 99)) == []
    assert problems(BLIND, bids, (7, 5, 5), before=(0, 20, 99)) == [
        (
            "side.0",
            "Alex: a blind contract needs the side to trail by 100 or more; it trails by 99",
        )
    ]


def test_every_blind_problem_at_once():
    bids = (blind_bid(4), blind_bid(2), Bid(3), blind_bid(2))
    found = problems(BLIND, bids, (4, 3, 3, 3), before=(0, 0))
    assert found == [
        (
            "side.0",
            "Alex + Charlie: a blind bid (Alex: 4) beside a bid made after seeing the cards "
            "(Charlie: 3); partners bid blind together or not at all",
        ),
        (
            "side.1",
            "Beth + David: a blind contract of 4 is under this game's smallest blind contract, 6",
        ),
        (
            "side.1",
            "Beth + David: a blind contract needs the side to trail by 100 or more; "
            "it does not trail (0 against 0)",
        ),
    ]


def test_a_blind_bid_above_the_tricks_is_no_bid():
    found = problems(ANY_TIME, (blind_bid(14), Bid(0), Bid(0), Bid(0)), (13, 0, 0, 0))
    assert found == [("bid.0", "Alex: blind 14 is not a bid: a blind bid is 1 to 13 tricks")]
    found = problems(RuleSet(), (Bid(-2, blind=True), Bid(0), Bid(0), Bid(0)), (13, 0, 0, 0))
    assert found == [("bid.0", "Alex: blind -2 is not a bid: a blind bid is 1 to 13 tricks")]


def test_the_new_rules_say_what_they_take():
    with pytest.raises(InvalidRulesError) as error:
        rules_from_dict(
            {
                "big_bid_double": 1,
                "blind_bids": "yes",
                "blind_bid_min": 0,
                "blind_bid_deficit": -1,
            }
        )
    assert [(p.field, p.message) for p in error.value.problems] == [
        ("rules.big_bid_double", "big_bid_double must be true or false, got 1"),
        ("rules.blind_bids", "blind_bids must be true or false, got 'yes'"),
        ("rules.blind_bid_min", "blind_bid_min must be a whole number from 1 to 17, got 0"),
        (
            "rules.blind_bid_deficit",
            "blind_bid_deficit must be a whole number from 0 to 100000 or null (off), got -1",
        ),
    ]
    assert rules_from_dict({"failed_nil_tricks": "ignored"}).failed_nil_tricks is (
        FailedNilTricks.IGNORED
    )


def test_a_blind_minimum_above_a_hand_is_refused_for_the_variant():
    rules = RuleSet(blind_bid_min=14)
    [problem] = variant_rule_problems(Variant.PARTNERSHIP, rules)
    assert (problem.field, problem.message) == (
        "rules.blind_bid_min",
        "blind_bid_min 14 is more tricks than a partnership hand has; choose 1 to 13",
    )
    assert variant_rule_problems(Variant.CUTTHROAT, rules) == []


def test_older_records_are_written_as_before():
    assert set(BIG_AND_BLIND_RULES).isdisjoint(RuleSet().to_dict())
    assert set(BIG_AND_BLIND_RULES).isdisjoint(RuleSet(big_bid_min=10).to_dict())
    assert set(LATER_RULES) <= set(RuleSet(big_bid_min=10).to_dict())
    with_blind = RuleSet(blind_bids=True).to_dict()
    assert set(BIG_AND_BLIND_RULES) <= set(with_blind)
    assert set(LATER_RULES).isdisjoint(with_blind)
    assert set(BIG_AND_BLIND_RULES) <= set(RuleSet().to_dict(everything=True))
    old = (
        '{"format": "spades-score/1", "variant": "partnership", '
        '"players": ["A", "B", "C", "D"], "first_dealer": 0, '
        '"rules": {"target": 500, "bag_limit": 10, "bag_penalty": 100, "nil_bonus": 100, '
        '"blind_nil_bonus": 200, "failed_nil_tricks": "bags", "mercy": null, '
        '"allow_nil": true, "allow_blind_nil": true, "blind_nil_min_deficit": null, '
        '"min_side_bid": 0, "big_bid_min": 10, "big_bid_points": 200, '
        '"overtrick_points": 1, "max_hands": null, "bidding": "standard"}, '
        '"hands": [{"bids": [6, 1, 4, "blind_nil"], "tricks": [7, 1, 5, 0]}]}'
    )
    assert json.dumps(game_to_record(game_from_record(json.loads(old)))) == old


@pytest.mark.parametrize(
    "bid, raw",
    [(Bid(4), 4), (NIL, "nil"), (BLIND_NIL, "blind_nil"), (blind_bid(6), {"blind": 6})],
)
def test_bids_round_trip(bid, raw):
    assert bid_to_json(bid) == raw and bid_from_json(raw) == bid


def test_a_game_with_blind_bids_round_trips():
    record = {
        "format": "spades-score/1",
        "variant": "two-player",
        "players": ["Ana", "Ben"],
        "rules": {"blind_bids": True, "blind_bid_deficit": None, "blind_bid_min": 5},
        "hands": [{"bids": [{"blind": 5}, 6], "tricks": [7, 6]}],
    }
    game = game_from_record(record)
    assert game.hands[0].bids == (blind_bid(5), Bid(6))
    again = game_to_record(game)
    assert again["hands"] == [{"bids": [{"blind": 5}, 6], "tricks": [7, 6]}]
    assert again["rules"]["blind_bid_min"] == 5 and again["rules"]["blind_bid_deficit"] is None
    assert game_from_record(json.loads(json.dumps(again))) == game
    assert hand_to_json(game.hands[0]) == record["hands"][0]


def test_csv_writes_a_blind_bid_in_words():
    game = Game(
        Variant.PARTNERSHIP,
        PLAYERS,
        0,
        ANY_TIME,
        (Hand((blind_bid(3), Bid(3), blind_bid(4), BLIND_NIL), (4, 5, 4, 0)),),
    )
    at = datetime(2026, 1, 1, tzinfo=UTC)
    [row] = csv.DictReader(io.StringIO(export_csv([SavedGame("g1", scored(game), at, at, 1)])))
    bids = [row[f"bid_{i}"] for i in range(1, 5)]
    assert bids == ["blind 3", "3", "blind 4", "blind_nil"]
    assert (row["side_1_points"], row["side_2_points"]) == ("141", "232")


def test_statistics_count_blind_bids_made_and_set():
    hands = (
        Hand((blind_bid(3), Bid(3), blind_bid(3), Bid(3)), (3, 4, 2, 4)),  # set
        Hand((blind_bid(4), Bid(3), blind_bid(3), Bid(2)), (4, 3, 4, 2)),  # made
        Hand((Bid(3), blind_bid(6), NIL, Bid(0)), (3, 6, 0, 4)),  # David's nil beside it
    )
    game = Game(Variant.PARTNERSHIP, PLAYERS, 0, ANY_TIME, hands)
    facts = game_facts(game, score_game(game))
    stats = {s.name: s for s in player_stats([facts], {})}
    assert (stats["Alex"].blind_bids_made, stats["Alex"].blind_bids_set) == (1, 1)
    assert stats["Alex"].blind_bids == 2 and stats["Alex"].blind_bid_rate == 0.5
    assert (stats["Beth"].blind_bids_made, stats["Beth"].blind_bids_set) == (1, 0)
    assert stats["David"].blind_bids == 0 and stats["David"].blind_bid_rate is None
    assert stats["David"].nils == 1 and stats["Charlie"].blind_nils == 0


def test_the_presets_for_the_new_rules():
    assert PRESETS["bags_cancel"] == RuleSet(bag_penalty=110)
    assert PRESETS["double_on_10"] == RuleSet(big_bid_min=10, big_bid_double=True)
    assert PRESETS["blind_6"] == RuleSet(blind_bids=True)
    assert PRESETS["blind_6"].blind_bid_min == 6 and PRESETS["blind_6"].blind_bid_deficit == 100


def test_the_words_for_blind_bids_and_the_new_rules():
    assert (bid_label(blind_bid(6)), short_bid(blind_bid(6))) == ("Blind 6", "B6")
    assert (bid_label(BLIND_NIL), short_bid(BLIND_NIL)) == ("Blind nil", "BN")
    game = Game(
        Variant.PARTNERSHIP,
        ("Ana", "Bo", "Cy", "Di"),
        0,
        ANY_TIME,
        (Hand((blind_bid(3), Bid(4), blind_bid(3), Bid(3)), (3, 4, 2, 4)),),
    )
    lines = [re.sub("[\u2066-\u2069]", "", line) for line in event_lines(game, score_game(game), 0)]
    assert lines == ["Ana + Cy: blind 6 set, 5 of 6, -120", "Bo + Di: contract made, 8 of 7"]
    overrides = RuleSet(failed_nil_tricks=FailedNilTricks.IGNORED, blind_bids=True).overrides()
    assert rules_summary(overrides) == (
        "a failed nil's tricks: count for nothing, blind bids allowed: yes"
    )
    assert set(PRESETS) == set(PRESET_LABELS) == set(PRESET_NAMES)
    assert set(MORE_RULE_LABELS) <= set(RuleSet().to_dict(everything=True))
    assert set(RULE_EXPLANATIONS) <= set(MORE_RULE_LABELS)
    assert set(PRESET_EXPLANATIONS) == {"bags_cancel", "double_on_10", "blind_6"}


def test_a_blind_bid_of_one_and_of_every_trick_are_bids():
    assert problems(ANY_TIME, (blind_bid(1), Bid(3), blind_bid(5), Bid(3)), (6, 3, 1, 3)) == []
    assert problems(ANY_TIME, (blind_bid(13), Bid(0), NIL, Bid(0)), (13, 0, 0, 0)) == []


def test_the_bids_after_a_blind_bid_are_checked_too():
    found = problems(ANY_TIME, (blind_bid(6), Bid(14), NIL, Bid(0)), (13, 0, 0, 0))
    assert found == [("bid.1", "Beth: 14 is not a bid: choose 0 (nil) to 13, or blind nil")]


def test_a_smallest_blind_contract_of_every_trick_fits_the_hand():
    assert (
        variant_rule_problems(Variant.PARTNERSHIP, RuleSet(blind_bids=True, blind_bid_min=13)) == []
    )
    (problem,) = variant_rule_problems(
        Variant.PARTNERSHIP, RuleSet(blind_bids=True, blind_bid_min=14)
    )
    assert problem.field == "rules.blind_bid_min"
