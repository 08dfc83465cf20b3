"""Statistics on hand-built games; every figure below is worked out by hand.

Game A (target 100): Ann+Cat against Bob+Dan. Ann bids 4 takes 5, Cat nil
  takes 0; Bob 3 takes 3, Dan 3 takes 5. Ann+Cat 141 (1 bag) win; Bob+Dan 62
  (2 bags).
Game B (in progress): Ann+Bob against Dan+Cat. Ann blind nil takes 1 (fails,
  1 bag), Bob bids 4 takes 3 (set); Dan 5 takes 5, Cat 3 takes 4 (1 bag).
Game C (two players, target 50): Ann bids 5 takes 8 (53), Danny 5 takes 5 (50).
"""

import dataclasses

import pytest

from scorekeeper.core.facts import game_facts
from scorekeeper.core.model import Game, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import score_game
from scorekeeper.core.stats import (
    PLAYER_COUNTS,
    PlayerStats,
    Tally,
    head_to_head,
    pair_stats,
    person,
    player_stats,
    tally,
)
from tests.factories import hand

A = Game(
    Variant.PARTNERSHIP,
    ("Ann", "Bob", "Cat", "Dan"),
    0,
    RuleSet(target=100),
    (hand([4, 3, "nil", 3], [5, 3, 0, 5]),),
)
B = Game(
    Variant.PARTNERSHIP,
    ("Ann", "Dan", "Bob", "Cat"),
    0,
    RuleSet(),
    (hand(["blind_nil", 5, 4, 3], [1, 5, 3, 4]),),
)
C = Game(Variant.TWO_PLAYER, ("ann ", "Danny"), 0, RuleSet(target=50), (hand([5, 5], [8, 5]),))


def facts(*games):
    return [game_facts(g, score_game(g)) for g in games]


def by_name(stats):
    return {s.name.strip(): s for s in stats}


def test_game_facts_count_what_happened():
    (a,) = facts(A)
    assert a.finished and a.winner == 0 and a.hands == 1
    ann, _bob, cat, _dan = a.seats
    assert (ann.bids, ann.bid_hands, cat.nils, cat.nils_made) == (4, 1, 1, 1)
    assert a.sides[0] == a.sides[0].__class__(made=1, set=0, bagged=1, bags=1, penalties=0)
    assert (a.sides[1].made, a.sides[1].bags) == (1, 2)


def test_player_statistics():
    stats = by_name(player_stats(facts(A, B), {}))
    ann, bob, cat, dan = stats["Ann"], stats["Bob"], stats["Cat"], stats["Dan"]
    assert (ann.games, ann.finished, ann.wins, ann.win_rate) == (2, 1, 1, 1.0)
    assert ann.average_bid == 4.0
    assert (ann.made_rate, ann.set_rate, ann.bagged_rate, ann.bags_per_hand) == (0.5, 0.5, 1.0, 1.0)
    assert (ann.blind_nils, ann.blind_nils_made, ann.blind_nil_rate) == (1, 0, 0.0)
    assert ann.nil_rate is None, "no nil bid: no rate rather than 0%"
    assert (bob.wins, bob.win_rate, bob.average_bid, bob.bags_per_hand) == (0, 0.0, 3.5, 1.5)
    assert (cat.wins, cat.nils, cat.nil_rate, cat.average_bid) == (1, 1, 1.0, 3.0)
    assert (dan.average_bid, dan.win_rate) == (4.0, 0.0)


def test_partnership_records():
    pairs = {p.names: p for p in pair_stats(facts(A, B, C), {})}
    assert set(pairs) == {("Ann", "Cat"), ("Bob", "Dan"), ("Ann", "Bob"), ("Cat", "Dan")}
    assert (pairs[("Ann", "Cat")].wins, pairs[("Ann", "Cat")].win_rate) == (1, 1.0)
    assert pairs[("Bob", "Dan")].win_rate == 0.0
    assert pairs[("Ann", "Bob")].finished == 0 and pairs[("Ann", "Bob")].win_rate is None


def test_head_to_head_counts_finished_games_on_opposite_sides():
    records = {r.names: (r.games, r.wins) for r in head_to_head(facts(A, B), {})}
    assert records == {
        ("Ann", "Bob"): (1, [1, 0]),
        ("Ann", "Dan"): (1, [1, 0]),
        ("Bob", "Cat"): (1, [0, 1]),
        ("Cat", "Dan"): (1, [1, 0]),
    }


def test_names_match_ignoring_case_and_spaces_and_merges_join_spellings():
    assert person("  ANN ", {}) == "ann"
    separate = by_name(player_stats(facts(A, B, C), {}))
    assert separate["Ann"].games == 3, "'ann ' is Ann"
    assert separate["Danny"].games == 1 and separate["Dan"].games == 2
    merged = by_name(player_stats(facts(A, B, C), {"danny": "dan"}))
    assert "Danny" not in merged and merged["Dan"].games == 3
    assert (merged["Dan"].finished, merged["Dan"].wins) == (2, 0)
    vs = {r.names: r.wins for r in head_to_head(facts(C), {"danny": "dan"})}
    assert vs == {("ann", "Danny"): [1, 0]}, "named as in the players table"


def test_merge_chains_end_and_never_loop():
    assert person("Al", {"al": "alex", "alex": "alexander"}) == "alexander"
    assert person("x", {"x": "y", "y": "x"}) in ("x", "y")


@pytest.mark.parametrize("games", [(), (Game(Variant.PARTNERSHIP, ("a", "b", "c", "d")),)])
def test_no_hands_no_crash(games):
    stats = player_stats(facts(*games), {})
    assert all(s.win_rate is None and s.average_bid is None for s in stats)


def test_tallies_of_separate_games_add_up_to_the_tally_of_them_all():
    together = tally(facts(A, B, C))
    assert Tally().add(tally(facts(A))).add(tally(facts(B, C))) == together
    assert together.players["Ann"][:3] == [2, 1, 1], "games, finished, wins"
    assert together.pairs[("Ann", "Cat")] == [1, 1, 1]
    assert together.rivals[("Ann", "Bob")] == [1, 1, 0], "in name order, B (unfinished) left out"
    merged = by_name(player_stats(together, {"danny": "dan"}))
    assert (merged["Dan"].games, merged["Dan"].hands, merged["Dan"].bids) == (3, 3, 13)


def test_player_counts_are_the_player_fields_in_order():
    fields = [f.name for f in dataclasses.fields(PlayerStats)]
    assert fields == ["name", *PLAYER_COUNTS]


# Game D (cutthroat, target 100): Ann 6 takes 6, Bob 6 takes 7, Cat 4 takes 4;
#   then 5/5, 5/7, 5/5: Ann 110, Bob 113, Cat 90: Bob wins alone.
D = Game(
    Variant.CUTTHROAT,
    ("Ann", "Bob", "Cat"),
    0,
    RuleSet(target=100),
    (hand([6, 6, 4], [6, 7, 4]), hand([5, 5, 5], [5, 7, 5])),
)
# Game E (solo, unfinished): four players each for themselves.
E = Game(Variant.SOLO, ("Ann", "Bob", "Cat", "Dan"), 0, RuleSet(), (hand([3] * 4, [4, 3, 3, 3]),))


def test_individual_games_count_a_players_own_wins():
    stats = by_name(player_stats(facts(A, C, D, E), {}))
    ann, bob, cat = stats["Ann"], stats["Bob"], stats["Cat"]
    assert (ann.games, ann.alone, ann.alone_finished, ann.alone_wins) == (4, 3, 2, 1), "C won"
    assert (bob.alone, bob.alone_finished, bob.alone_wins, bob.alone_win_rate) == (2, 1, 1, 1.0)
    assert (cat.wins, cat.alone_wins, cat.alone_win_rate) == (1, 0, 0.0), "won A with a partner"
    assert stats["Dan"].alone_win_rate is None, "E is not finished"


def test_a_solo_player_has_no_partner_and_meets_everyone_head_to_head():
    assert pair_stats(facts(D, E), {}) == []
    records = {r.names: (r.games, r.wins) for r in head_to_head(facts(D, E), {})}
    assert records == {
        ("Ann", "Bob"): (1, [0, 1]),
        ("Ann", "Cat"): (1, [0, 0]),
        ("Bob", "Cat"): (1, [1, 0]),
    }, "E is not finished; in D the two who did not win each won nothing"
