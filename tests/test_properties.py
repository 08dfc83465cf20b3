"""Properties that hold for every game, checked over generated games: every
variant (two to four sides), every house rule, adjustments."""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.core.game import (
    add_hand,
    remove_hand,
    replace_hand,
    undo_last_hand,
    with_dealers,
)
from scorekeeper.core.model import BLIND_NIL, NIL, Adjustment, Bid, Game, Hand, Variant, blind_bid
from scorekeeper.core.record import game_from_record, game_to_record
from scorekeeper.core.rules import Bidding, FailedNilTricks, RuleSet
from scorekeeper.core.scoring import EventKind, Status, score_game
from scorekeeper.core.validation import hand_problems
from scorekeeper.errors import GameOverError, InvalidHandError

ENDINGS = {EventKind.GAME_WON, EventKind.MERCY, EventKind.HAND_LIMIT}

nils = st.sampled_from([NIL, BLIND_NIL])


def rule_sets(variant: Variant) -> st.SearchStrategy[RuleSet]:
    return st.builds(
        RuleSet,
        target=st.sampled_from([100, 250, 500]),
        bag_limit=st.integers(1, 10),
        bag_penalty=st.sampled_from([0, 50, 100]),
        nil_bonus=st.sampled_from([50, 100]),
        failed_nil_tricks=st.sampled_from(list(FailedNilTricks)),
        mercy=st.sampled_from([None, -200]),
        big_bid_min=st.sampled_from([None, 7, 10, variant.tricks]),
        big_bid_points=st.sampled_from([100, 200]),
        overtrick_points=st.sampled_from([0, 1]),
        max_hands=st.sampled_from([None, 1, 5]),
        bidding=st.sampled_from(list(Bidding) if variant.partnership else [Bidding.STANDARD]),
        big_bid_double=st.booleans(),
        blind_bids=st.booleans(),
        blind_bid_min=st.sampled_from([1, 6, 7]),
        blind_bid_deficit=st.sampled_from([None, 0, 100]),
    )


# Strategies built once per variant: building one inside a draw is slow.
VARIANT_BIDS = {v: st.one_of(st.integers(0, v.tricks).map(Bid), nils) for v in Variant}
CONTRACT_BIDS = {v: st.integers(1, v.tricks).map(Bid) for v in Variant}
ADJUSTMENTS = {
    v: st.lists(
        st.builds(
            Adjustment,
            st.integers(0, len(v.sides) - 1),
            st.integers(-1000, 1000).filter(bool),
            st.sampled_from(["", "renege", "table talk"]),
        ),
        max_size=2,
    )
    for v in Variant
}


@st.composite
def tricks(draw, n, total=13):
    """n whole numbers adding up to `total`."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1)))
    edges = [0, *cuts, total]
    return tuple(edges[i + 1] - edges[i] for i in range(n))


TRICKS = {v: tricks(v.player_count, v.tricks) for v in Variant}
RULES = {v: rule_sets(v) for v in Variant}
SUICIDE_NIL_SEAT = st.sampled_from([0, 1])  # which partner of a side bids nil


def _blind(bids: list[Bid], seats: tuple[int, ...], smallest: int, most: int) -> None:
    """Make a side's contract blind, at least `smallest` (when it has one)."""
    bidders = [s for s in seats if not bids[s].is_nil]
    if not bidders:
        return
    short = smallest - sum(bids[s].value for s in bidders)
    if short > 0:
        bids[bidders[0]] = Bid(min(most, bids[bidders[0]].value + short))
    for seat in bidders:
        bids[seat] = blind_bid(bids[seat].value)


@st.composite
def hands(draw, variant, rules):
    """A hand the rules allow, but for a blind bid's deficit: in suicide, one
    nil bidder per side; with blind bids, some sides bid blind."""
    seat_bids = [draw(VARIANT_BIDS[variant]) for _ in range(variant.player_count)]
    if rules.bidding is Bidding.SUICIDE:
        for seats in variant.sides:
            nil_seat = seats[draw(SUICIDE_NIL_SEAT)]
            for seat in seats:
                seat_bids[seat] = draw(nils if seat == nil_seat else CONTRACT_BIDS[variant])
    if rules.blind_bids:
        for seats in variant.sides:
            if draw(st.booleans()):
                _blind(seat_bids, seats, rules.blind_bid_min, variant.tricks)
    adjustments = draw(ADJUSTMENTS[variant])
    return Hand(tuple(seat_bids), draw(TRICKS[variant]), tuple(adjustments))


@st.composite
def games(draw):
    variant = draw(st.sampled_from(list(Variant)))
    n = variant.player_count
    rules = draw(RULES[variant])
    players = tuple(f"P{i}" for i in range(n))
    count = draw(st.integers(0, 30))
    game = Game(variant, players, draw(st.integers(0, n - 1)), rules)
    for _ in range(count):
        hand = draw(hands(variant, rules))
        score = score_game(game)
        if score.status is Status.FINISHED:  # keep the hands up to the win
            break
        if hand_problems(game, hand, [t.score for t in score.sides]):  # not behind enough
            hand = replace(
                hand, bids=tuple(Bid(b.value) if b.is_blind_bid else b for b in hand.bids)
            )
        game = replace(game, hands=(*game.hands, hand))
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
    """Contract points (a big bid's or 10 a trick), the tricks over it, nil
    points, a failed nil's tricks as bags (its own line), bag penalties and
    each adjustment: every point of a hand is on one of its lines."""
    rules = game.rules
    for h in score_game(game).hands:
        adjusted = [a for a in game.hands[h.index].adjustments]
        for sh in h.sides:
            over = sh.tricks_toward - sh.contract if sh.made else 0
            assert sh.bags == over + sh.nil_bags
            assert sh.bag_points == sh.bags * rules.overtrick_points
            bids = [game.hands[h.index].bids[s] for s in game.variant.sides[sh.side]]
            contract_bids = [b for b in bids if not b.is_nil]
            assert sh.blind == (bool(contract_bids) and all(b.blind for b in contract_bids))
            assert not (sh.blind and sh.big_bid)
            if sh.blind or (sh.big_bid and rules.big_bid_double):
                contract_value = 20 * sh.contract
            elif sh.big_bid:
                contract_value = rules.big_bid_points
            else:
                contract_value = 10 * sh.contract
            assert abs(sh.contract_points) == (contract_value if sh.contract else 0)
            nil_tricks = sum(n.tricks for n in sh.nils)
            if rules.failed_nil_tricks is FailedNilTricks.IGNORED:
                assert sh.nil_bags == 0
            elif rules.failed_nil_tricks is FailedNilTricks.BAGS or not sh.contract:
                assert sh.nil_bags == nil_tricks
            else:
                assert sh.nil_bags == 0
            assert sh.adjustments == tuple(a for a in adjusted if a.side == sh.side)
            assert sh.points == (
                sh.contract_points
                + (over + sh.nil_bags) * rules.overtrick_points
                + sh.nil_points
                + sh.penalty_points
                + sum(a.points for a in sh.adjustments)
            )


def _rebuilt(game: Game, hands: tuple[Hand, ...]) -> Game:
    return Game(game.variant, game.players, game.first_dealer, game.rules, hands)


@settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(games(), st.data())
def test_edits_and_undo_rescore_exactly(game, data):
    """An edit, a removal or an undo scores exactly like a game entered that
    way from the start; an edit put back gives the original score."""
    assume(game.hands)
    index = data.draw(st.integers(0, len(game.hands) - 1))
    before = score_game(game)
    new = data.draw(hands(game.variant, game.rules))
    try:
        edited = replace_hand(game, index, new)
    except InvalidHandError:  # the edit ends the game before its last hand, or breaks a rule
        edited = None
    if edited is not None:
        dealt = with_dealers(game).hands  # an edit keeps every hand's dealer
        changed = (*dealt[:index], replace(new, dealer=dealt[index].dealer), *dealt[index + 1 :])
        assert edited.score == score_game(_rebuilt(game, changed))
        assert edited.hands[:index] == before.hands[:index]
        assert replace_hand(edited.game, index, game.hands[index]).score == before
    try:
        removed = remove_hand(game, index)
    except InvalidHandError:
        removed = None
    if removed is not None:
        dealt = with_dealers(game).hands  # a removal keeps every other hand's dealer
        kept = dealt[:index] + dealt[index + 1 :]
        assert removed.score == score_game(_rebuilt(game, kept))
    undone = undo_last_hand(game)
    assert undone.score == score_game(_rebuilt(game, game.hands[:-1]))
    assert undone.hands == before.hands[:-1]


@given(games())
def test_a_game_never_holds_a_hand_after_its_end(game):
    """Only the last hand may end a game, and an ended game has one winner."""
    score = score_game(game)
    ends = [h.index for h in score.hands if any(e.kind in ENDINGS for e in h.events)]
    assert ends in ([], [len(game.hands) - 1])
    assert (score.status is Status.FINISHED) == bool(ends) == (score.winner is not None)
    if score.winner is not None:
        best = max(t.score for t in score.sides)
        assert [t.side for t in score.sides if t.score == best] == [score.winner]


@given(games())
def test_scoring_is_deterministic_and_survives_a_record_round_trip(game):
    assert score_game(game) == score_game(game)
    again = game_from_record(game_to_record(game))
    assert again == game and score_game(again) == score_game(game)


@settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(games(), st.data())
def test_nothing_is_accepted_after_a_win(game, data):
    assume(score_game(game).status is Status.FINISHED)
    hand = data.draw(hands(game.variant, game.rules))
    with pytest.raises(GameOverError):
        add_hand(game, hand)


BAD_ADJUSTMENTS = st.sampled_from(
    [
        Adjustment(-1, 10),
        Adjustment(0, 0),
        Adjustment(0, 1001),
        Adjustment(0, -1001),
        Adjustment(0, 2.5),  # type: ignore[arg-type]
        Adjustment(0, 5, "x" * 61),
        Adjustment(0, 5, "a\u202eb"),
    ]
)


@settings(suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(games(), st.data())
def test_every_invalid_hand_is_rejected_with_a_message(game, data):
    assume(score_game(game).status is Status.IN_PROGRESS)
    n = game.variant.player_count
    hand = data.draw(hands(game.variant, game.rules))
    seat = data.draw(st.integers(0, n - 1))
    breakage = data.draw(
        st.sampled_from(["bid", "tricks", "total", "count", "adjustment", "blind"])
    )
    if breakage == "blind" and not game.rules.blind_bids:  # refused while the rule is off
        bad_bid = blind_bid(data.draw(st.integers(1, game.variant.tricks)))
        hand = replace(hand, bids=(*hand.bids[:seat], bad_bid, *hand.bids[seat + 1 :]))
    elif breakage in ("bid", "blind"):
        top = game.variant.tricks
        bad = data.draw(st.sampled_from([top + 1, 99, -1]))
        hand = replace(hand, bids=(*hand.bids[:seat], Bid(bad), *hand.bids[seat + 1 :]))
    elif breakage == "tricks":
        bad = data.draw(st.one_of(st.floats(0.1, 12.9), st.text(max_size=2), st.none()))
        hand = replace(hand, tricks=(*hand.tricks[:seat], bad, *hand.tricks[seat + 1 :]))
    elif breakage == "total":
        extra = data.draw(st.integers(1, 5))
        hand = replace(
            hand, tricks=(*hand.tricks[:seat], hand.tricks[seat] + extra, *hand.tricks[seat + 1 :])
        )
    elif breakage == "adjustment":
        bad_one = data.draw(BAD_ADJUSTMENTS)
        if bad_one.side == -1:  # a side past the last
            bad_one = replace(bad_one, side=len(game.variant.sides))
        hand = replace(hand, adjustments=(*hand.adjustments, bad_one))
    else:
        hand = replace(hand, bids=hand.bids[:-1])
    with pytest.raises(InvalidHandError) as info:
        add_hand(game, hand)
    assert info.value.problems and all(p.message for p in info.value.problems)
    assert len(score_game(game).hands) == len(game.hands), "the game itself is untouched"


@given(games())
def test_each_side_scores_at_most_what_a_hands_tricks_allow(game):
    # a side's hand total is bounded: no contract above the tricks in a hand,
    # nil bonuses per player, and whatever the keeper added
    rules = game.rules
    top = game.variant.tricks
    for h in score_game(game).hands:
        for sh in h.sides:
            doubled = rules.blind_bids or rules.big_bid_double
            contract = max((20 if doubled else 10) * top, rules.big_bid_points)
            ceiling = contract + top + 2 * max(rules.nil_bonus, rules.blind_nil_bonus)
            assert sh.points - sh.adjustment_points <= ceiling
