"""Ratings equal openskill's own Plackett-Luce computation for the same games
in the same order; one game updates only its players."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.core.model import Variant
from scorekeeper.core.ratings import (
    RatedGame,
    best_first,
    ranks,
    rate_game,
    rated_game,
    rating_order,
    ratings_of,
)
from scorekeeper.core.saved import GameSummary
from scorekeeper.core.scoring import Status

T0 = datetime(2026, 1, 1, tzinfo=UTC)
PEOPLE = ["Ana", "Ben", "Cy", "Dee", "Eve"]


def openskill_reference(games, key=str.casefold):
    """openskill, driven by hand: one rating object per person, rate() per game."""
    model = PlackettLuce()
    table = {}
    for game in games:
        teams = [[table.setdefault(key(n), model.rating()) for n in side] for side in game.sides]
        order = [sorted(game.scores, reverse=True).index(s) + 1 for s in game.scores]
        rated = model.rate(teams, ranks=order)
        for side, team in zip(game.sides, rated, strict=True):
            for name, rating in zip(side, team, strict=True):
                table[key(name)] = rating
    return {k: (r.mu, r.sigma) for k, r in table.items()}


def test_ranks_share_equal_scores():
    assert ranks((510, 300)) == [1, 2]
    assert ranks((200, 510, 200)) == [2, 1, 2]
    assert ranks((100, 100, 100, 50)) == [1, 1, 1, 4]


def test_a_new_player_starts_low_and_a_win_lifts_the_winners():
    game = RatedGame("g1", (("Ana", "Cy"), ("Ben", "Dee")), (510, 220))
    after = ratings_of([game], {})
    assert after["ana"].mu > 25 > after["ben"].mu
    assert after["ana"].ordinal == pytest.approx(after["ana"].mu - 3 * after["ana"].sigma)
    assert after["ana"].games == 1
    assert [r.name for r in best_first(after)][:2] == ["Ana", "Cy"]


def test_a_game_updates_only_its_players():
    first = ratings_of([RatedGame("g1", (("Ana", "Cy"), ("Ben", "Dee")), (510, 220))], {})
    changed = rate_game(first, RatedGame("g2", (("Ana",), ("Eve",)), (300, 500)), {})
    assert set(changed) == {"ana", "eve"}
    assert changed["ana"].games == 2 and changed["eve"].games == 1


def test_games_count_in_the_order_they_ended_and_untimed_ones_last():
    a = RatedGame("a", (("Ana",), ("Ben",)), (500, 0), T0 + timedelta(hours=2))
    b = RatedGame("b", (("Ana",), ("Ben",)), (0, 500), T0)
    c = RatedGame("c", (("Ana",), ("Ben",)), (0, 500), None)
    d = RatedGame("d", (("Ana",), ("Ben",)), (500, 0), None)
    assert [g.id for g in rating_order([c, a, d, b])] == ["b", "a", "c", "d"]


def test_merged_spellings_are_one_player_and_a_merge_onto_one_table_counts_nothing():
    games = [
        RatedGame("g1", (("Ana",), ("Ben",)), (500, 0)),
        RatedGame("g2", (("ANA ",), ("Benny",)), (500, 0)),
    ]
    merged = ratings_of(games, {"benny": "ben"})
    assert set(merged) == {"ana", "ben"} and merged["ben"].games == 2
    assert rate_game({}, RatedGame("g3", (("Ben",), ("Benny",)), (500, 0)), {"benny": "ben"}) == {}


def test_only_finished_games_are_rated():
    summary = GameSummary(
        "g",
        T0,
        T0,
        Status.IN_PROGRESS,
        Variant.PARTNERSHIP,
        ("A", "B", "C", "D"),
        (100, 50),
        None,
        3,
        "standard",
    )
    assert rated_game(summary) is None
    done = GameSummary(
        "g",
        T0,
        T0,
        Status.FINISHED,
        Variant.PARTNERSHIP,
        ("A", "B", "C", "D"),
        (510, 50),
        0,
        9,
        "standard",
        ended_at=T0,
    )
    assert rated_game(done) == RatedGame("g", (("A", "C"), ("B", "D")), (510, 50), T0)


@st.composite
def games(draw):
    count = draw(st.sampled_from([2, 3, 4, 4]))
    partnership = count == 4 and draw(st.booleans())
    people = draw(st.permutations(PEOPLE))[:count]
    scores = tuple(
        draw(st.sampled_from([-100, 0, 250, 510])) for _ in range(2 if partnership else count)
    )
    sides = (
        ((people[0], people[2]), (people[1], people[3]))
        if partnership
        else tuple((p,) for p in people)
    )
    ended = draw(st.none() | st.integers(0, 500).map(lambda m: T0 + timedelta(minutes=m)))
    return RatedGame(draw(st.uuids()).hex, sides, scores, ended)


@settings(max_examples=60, deadline=None)
@given(st.lists(games(), max_size=15))
def test_ratings_equal_openskills_own_computation_in_the_same_order(played):
    ours = ratings_of(played, {})
    reference = openskill_reference(rating_order(played))
    assert {k: (r.mu, r.sigma) for k, r in ours.items()} == reference
    counts = {}
    for game in played:
        for side in game.sides:
            for name in side:
                counts[name.casefold()] = counts.get(name.casefold(), 0) + 1
    assert {k: r.games for k, r in ours.items()} == counts


@settings(max_examples=40, deadline=None)
@given(st.lists(games(), max_size=12), games())
def test_one_more_game_counted_incrementally_equals_counting_all_again(played, last):
    ordered = rating_order(played)
    last = RatedGame(last.id, last.sides, last.scores, None)  # counts after them all
    before = ratings_of(ordered, {})
    after = {**before, **rate_game(before, last, {})}
    assert after == ratings_of([*ordered, last], {})
