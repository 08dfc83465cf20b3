"""A session's tally: sides while the partners stay the same, players once
they change; the match decided once; moving games between sessions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.session import (
    Played,
    Session,
    SessionRef,
    Standing,
    move_game,
    player_wins,
    same_partners,
    session_ref_from_json,
    session_ref_to_json,
    session_tally,
)
from scorekeeper.errors import InvalidRecordError

AC_BD = (("Ana", "Cy"), ("Ben", "Dee"))
AB_CD = (("Ana", "Ben"), ("Cy", "Dee"))


def test_sides_are_counted_while_the_partners_stay_the_same():
    games = [Played(AC_BD, 0), Played((("Ben", "Dee"), ("Cy", "Ana")), 0), Played(AC_BD, 0)]
    tally = session_tally(games, None, {})
    assert tally.by_sides
    assert tally.standings == (Standing(("Ana", "Cy"), 2), Standing(("Ben", "Dee"), 1))
    assert tally.winner is None


def test_players_are_counted_once_partners_change():
    games = [Played(AC_BD, 0), Played(AC_BD, 1), Played(AB_CD, 0)]
    tally = session_tally(games, None, {})
    assert not tally.by_sides
    assert {s.names[0]: s.wins for s in tally.standings} == {
        "Ana": 2,
        "Cy": 1,
        "Ben": 2,
        "Dee": 1,
    }
    assert tally.standings[0].wins == 2


def test_a_game_in_progress_counts_no_win_but_its_partners_count():
    games = [Played(AC_BD, 0), Played(AB_CD, None)]
    tally = session_tally(games, None, {})
    assert not tally.by_sides
    assert sum(s.wins for s in tally.standings) == 2


def test_the_match_is_decided_once_by_the_first_to_n():
    games = [Played(AC_BD, 0), Played(AC_BD, 1), Played(AC_BD, 0), Played(AC_BD, 1)]
    assert session_tally(games[:2], 2, {}).winner is None
    tally = session_tally(games, 2, {})
    assert tally.winner == ("Ana", "Cy")
    assert tally.decided_by == 2  # Ben + Dee's second win later changes nothing


def test_a_match_of_players_names_the_partners_who_reached_n():
    games = [Played(AC_BD, 0), Played(AB_CD, 0)]
    tally = session_tally(games, 2, {})
    assert tally.winner == ("Ana",)
    assert tally.decided_by == 1


def test_merged_spellings_are_one_player():
    games = [Played(AC_BD, 0), Played((("ana ", "Cyrus"), ("Ben", "Dee")), 0)]
    assert not same_partners(games, {})
    assert same_partners(games, {"cyrus": "cy"})
    tally = session_tally(games, None, {"cyrus": "cy"})
    assert tally.standings[0] == Standing(("Ana", "Cy"), 2)


def test_player_wins_counts_a_partnership_win_for_both_partners():
    games = [Played(AC_BD, 0), Played(AB_CD, 1), Played((("Ana",), ("Ben",)), None)]
    assert player_wins(games, {}) == {"Ana": 1, "Cy": 2, "Ben": 0, "Dee": 1}


def test_solo_games_count_each_player():
    solo = (("Ana",), ("Ben",), ("Cy",), ("Dee",))
    tally = session_tally([Played(solo, 2), Played(solo, 2)], 2, {})
    assert tally.by_sides
    assert tally.standings[0] == Standing(("Cy",), 2)
    assert tally.winner == ("Cy",)


def test_session_ref_round_trip_and_refusals():
    valid = str.isalnum
    assert session_ref_from_json({"id": "s1"}, valid) == SessionRef("s1")
    assert session_ref_from_json({"id": "s1", "match": 3}, valid) == SessionRef("s1", 3)
    assert session_ref_to_json(SessionRef("s1")) == {"id": "s1"}
    assert session_ref_to_json(SessionRef("s1", 3)) == {"id": "s1", "match": 3}
    for bad in (
        "s1",
        {"id": "s 1"},
        {"id": "s1", "match": 0},
        {"id": "s1", "match": True},
        {"id": "s1", "match": 100},
        {"id": "s1", "other": 1},
    ):
        with pytest.raises(InvalidRecordError):
            session_ref_from_json(bad, valid)


def test_moving_a_game_takes_it_out_of_its_session_and_drops_an_empty_one():
    sessions = (Session("a", ("g1", "g2"), 2), Session("b", ("g3",)))
    assert move_game(sessions, "g2", "b") == (Session("a", ("g1",), 2), Session("b", ("g3", "g2")))
    assert move_game(sessions, "g3", None) == (Session("a", ("g1", "g2"), 2),)
    assert move_game(sessions, "g1", None, Session("c", ())) == (
        Session("a", ("g2",), 2),
        Session("b", ("g3",)),
        Session("c", ("g1",)),
    )


NAMES = st.sampled_from(["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"])


@st.composite
def partnership_games(draw):
    people = draw(st.permutations(["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]))[:4]
    winner = draw(st.sampled_from([0, 1, None]))
    return Played(((people[0], people[2]), (people[1], people[3])), winner)


@given(st.lists(partnership_games(), max_size=12), st.none() | st.integers(1, 5))
def test_tally_adds_up_and_the_match_winner_never_changes_once_decided(games, match):
    tally = session_tally(games, match, {})
    finished = sum(g.winner is not None for g in games)
    per_game = 2 if not tally.by_sides else 1
    assert sum(s.wins for s in tally.standings) == finished * per_game
    wins = player_wins(games, {})
    assert sum(wins.values()) == finished * 2
    for stop in range(len(games) + 1):
        earlier = session_tally(games[:stop], match, {})
        if earlier.winner is not None and tally.by_sides == earlier.by_sides:
            assert (earlier.winner, earlier.decided_by) == (tally.winner, tally.decided_by)
    if tally.winner is not None:
        assert match is not None
        assert max(s.wins for s in tally.standings) >= match
