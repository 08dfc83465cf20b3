"""Properties that hold for every game, checked over generated games."""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.errors import GameOverError, InvalidHandError
from scorekeeper.game import add_hand
from scorekeeper.model import BLIND_NIL, NIL, Bid, Game, Hand, Variant
from scorekeeper.record import game_from_record, game_to_record
from scorekeeper.rules import FailedNilTricks, RuleSet
from scorekeeper.scoring import Status, score_game

bids = st.one_of(st.integers(0, 13).map(Bid), st.just(NIL), st.just(BLIND_NIL))


@st.composite
def tricks(draw, n):
    """n whole numbers adding up to 13."""
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=n - 1, max_size=n - 1)))
    edges = [0, *cuts, 13]
    return tuple(edges[i + 1] - edges[i] for i in range(n))


rule_sets = st.builds(
    RuleSet,
    target=st.sampled_from([100, 250, 500]),
    bag_limit=st.integers(1, 10),
    bag_penalty=st.sampled_from([0, 50, 100]),
    nil_bonus=st.sampled_from([50, 100]),
    failed_nil_tricks=st.sampled_from(list(FailedNilTricks)),
    mercy=st.sampled_from([None, -200]),
)


@st.composite
def games(draw):
    variant = draw(st.sampled_from(list(Variant)))
    n = variant.player_count
    rules = draw(rule_sets)
    players = tuple(f"P{i}" for i in range(n))
    count = draw(st.integers(0, 30))
    hands = tuple(Hand(tuple(draw(bids) for _ in range(n)), draw(tricks(n))) for _ in range(count))
    game = Game(variant, players, draw(st.integers(0, n - 1)), rules, hands)
    try:
        score_game(game)
    except GameOverError as over:  # keep the hands up to the win
        assert over.hand_number is not None
        game = replace(game, hands=hands[: over.hand_number - 1])
    return game


@settings(max_examples=200)
@given(games())
def test_running_score_is_the_sum_of_hand_points(game):
    score = score_game(game)
    for side in range(len(game.variant.sides)):
        running = 0
        for h in score.hands:
            running += h.sides[side].points
            assert h.sides[side].score == running
        assert score.sides[side].score == running


@settings(max_examples=200)
@given(games())
def test_carried_bags_stay_below_the_limit_and_add_up(game):
    score = score_game(game)
    limit = game.rules.bag_limit
    for side in range(len(game.variant.sides)):
        taken = sum(h.sides[side].bags for h in score.hands)
        penalties = sum(h.sides[side].penalties for h in score.hands)
        assert 0 <= score.sides[side].bags < limit
        assert taken == penalties * limit + score.sides[side].bags


@given(games())
def test_a_hands_points_are_what_its_lines_show(game):
    """Contract points, the tricks over it, nil points, a failed nil's tricks as
    bags (its own line) and bag penalties: nothing else makes a hand's points."""
    for h in score_game(game).hands:
        for sh in h.sides:
            over = sh.tricks_toward - sh.contract if sh.made else 0
            assert sh.bags == over + sh.nil_bags
            assert sh.points == (
                sh.contract_points + over + sh.nil_points + sh.nil_bags + sh.penalty_points
            )


@given(games())
def test_scoring_is_deterministic_and_survives_a_record_round_trip(game):
    assert score_game(game) == score_game(game)
    again = game_from_record(game_to_record(game))
    assert again == game and score_game(again) == score_game(game)


@settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(games(), st.data())
def test_nothing_is_accepted_after_a_win(game, data):
    assume(score_game(game).status is Status.FINISHED)
    n = game.variant.player_count
    hand = Hand(tuple(data.draw(bids) for _ in range(n)), data.draw(tricks(n)))
    with pytest.raises(GameOverError):
        add_hand(game, hand)


@settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(games(), st.data())
def test_every_invalid_hand_is_rejected_with_a_message(game, data):
    assume(score_game(game).status is Status.IN_PROGRESS)
    n = game.variant.player_count
    hand = Hand(tuple(data.draw(bids) for _ in range(n)), data.draw(tricks(n)))
    seat = data.draw(st.integers(0, n - 1))
    breakage = data.draw(st.sampled_from(["bid", "tricks", "total", "count"]))
    if breakage == "bid":
        bad = data.draw(st.one_of(st.integers(14, 99), st.integers(-99, -1)))
        hand = replace(hand, bids=(*hand.bids[:seat], Bid(bad), *hand.bids[seat + 1 :]))
    elif breakage == "tricks":
        bad = data.draw(st.one_of(st.floats(0.1, 12.9), st.text(max_size=2), st.none()))
        hand = replace(hand, tricks=(*hand.tricks[:seat], bad, *hand.tricks[seat + 1 :]))
    elif breakage == "total":
        extra = data.draw(st.integers(1, 5))
        hand = replace(
            hand, tricks=(*hand.tricks[:seat], hand.tricks[seat] + extra, *hand.tricks[seat + 1 :])
        )
    else:
        hand = replace(hand, bids=hand.bids[:-1])
    with pytest.raises(InvalidHandError) as info:
        add_hand(game, hand)
    assert info.value.problems and all(p.message for p in info.value.problems)
    assert len(score_game(game).hands) == len(game.hands), "the game itself is untouched"


@given(games())
def test_each_side_scores_at_most_what_13_tricks_allow(game):
    # a side's hand total is bounded: no contract above 13, nil bonuses per player
    rules = game.rules
    for h in score_game(game).hands:
        for sh in h.sides:
            ceiling = 130 + 13 + 2 * max(rules.nil_bonus, rules.blind_nil_bonus)
            assert sh.points <= ceiling
