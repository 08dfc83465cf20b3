"""A session's highlights: the biggest hand, nils made and failed, sets and
bags paid, over the scored games of one session (examples and properties)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.highlights import BigHand, Highlights, session_highlights
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import EventKind, scored
from tests.factories import game, hand
from tests.test_properties import games


def test_an_evening_told_in_figures():
    first = scored(
        game(
            hand(["nil", 4, 3, 4], [0, 5, 4, 4]),  # nil made; side 0 makes 3 of 3 + 1 bag
            hand([5, 5, "nil", 2], [6, 3, 1, 3]),  # nil failed; side 1 set (7 bid, 6 taken)
        )
    )
    second = scored(game(hand([4, 4, 4, 1], [4, 4, 4, 1])))  # 80 and 50
    figures = session_highlights([first, second])
    assert figures.nils_made == 1 and figures.nils_failed == 1
    assert figures.sets == 1
    assert figures.bag_penalties == 0 and figures.bag_points == 0
    assert figures.biggest == BigHand(game=0, hand=0, side=0, points=131)


def test_bags_paid_count_each_penalty_and_its_points():
    rules = RuleSet(bag_limit=3)
    figures = session_highlights([scored(game(hand([1, 3, 3, 3], [4, 3, 3, 3]), rules=rules))])
    assert figures.bag_penalties == 1 and figures.bag_points == 100


def test_no_hand_played_has_nothing_to_tell():
    figures = session_highlights([scored(game())])
    assert figures == Highlights(None, 0, 0, 0, 0, 0) and figures.empty
    assert session_highlights([]).empty


@settings(max_examples=150, deadline=None)
@given(st.lists(games(), max_size=4))
def test_highlights_agree_with_every_hand_and_its_events(played):
    games_ = [scored(g) for g in played]
    figures = session_highlights(games_)
    events = [e.kind for g in games_ for h in g.score.hands for e in h.events]
    made = events.count(EventKind.NIL_MADE) + events.count(EventKind.BLIND_NIL_MADE)
    failed = events.count(EventKind.NIL_FAILED) + events.count(EventKind.BLIND_NIL_FAILED)
    assert (figures.nils_made, figures.nils_failed) == (made, failed)
    assert figures.sets == events.count(EventKind.SET)
    side_hands = [
        (place, h.index, s.side, s.points)
        for place, g in enumerate(games_)
        for h in g.score.hands
        for s in h.sides
    ]
    if not side_hands:
        assert figures.biggest is None
        return
    best = figures.biggest
    assert best is not None
    assert all(points <= best.points for *_where, points in side_hands)
    first = next(h for h in side_hands if h[3] == best.points)  # the first played on a tie
    assert (best.game, best.hand, best.side, best.points) == first
    assert figures.bag_points == 100 * figures.bag_penalties or any(
        g.game.rules != RuleSet() for g in games_
    )


@settings(max_examples=100, deadline=None)
@given(st.lists(games(), min_size=1, max_size=4))
def test_the_counts_of_a_session_are_the_sums_of_its_games(played):
    games_ = [scored(g) for g in played]
    whole = session_highlights(games_)
    parts = [session_highlights([g]) for g in games_]
    for field in ("nils_made", "nils_failed", "sets", "bag_penalties", "bag_points"):
        assert getattr(whole, field) == sum(getattr(p, field) for p in parts)
