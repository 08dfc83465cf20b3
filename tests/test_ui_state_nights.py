"""A session's words, straight from the parts that make them
(ui/state/night_history.py, tonight.py): the History entry over a session's
games, the ratings a session moved, and the scoreboard's tally line. On a
real store in a temp folder."""

import re
from datetime import timedelta

import pytest

from scorekeeper.core.game import new_game
from scorekeeper.core.model import Variant
from scorekeeper.i18n import moment
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state import AppState
from scorekeeper.ui.state.evening import OTHER_SESSIONS
from scorekeeper.ui.state.night_history import moves_text, session_entries
from scorekeeper.ui.state.tonight import LATELY, Joined, session_to_join, tonight
from tests.test_ui_night_page import evening as evening_of_three
from tests.test_ui_nights import NAMES, SIDE_0, SIDE_1, plain
from tests.test_ui_state import play, start


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as opened:
        yield opened


def test_ratings_moved_are_said_largest_gain_first_and_nothing_for_none():
    assert moves_text({}) == ""
    said = plain(moves_text({"Beth": -0.84, "Alex": 1.36, "Cy": 0.0}))
    assert said == "Ratings: Alex +1.4, Cy +0.0, Beth -0.8"


def test_a_session_entry_is_dated_by_its_first_game_and_an_unfinished_game_has_no_winner(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_1)
    state.rematch()  # the second game, not finished
    games = store.history().items
    of_game, entries = session_entries(store, games)
    (entry,) = entries.values()
    first = store.session_games(store.sessions()[0])[0]
    assert plain(entry.title) == f"Session of {plain(moment(first.created_at))} · 2 games"
    assert plain(entry.winners) == "Winners: Beth + David · -"
    assert of_game == {g.id: entry.id for g in games}
    assert session_entries(store, ()) == ({}, {})


def test_a_session_of_one_listed_game_is_shown_whole(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_1)
    first = state.saved.id
    state.rematch()
    listed = [g for g in store.history().items if g.id == first]
    of_game, entries = session_entries(store, listed)
    assert set(of_game) == {first, state.saved.id}
    assert plain(next(iter(entries.values())).title).endswith("· 2 games")


def test_the_tally_line_says_the_match_and_its_winner_on_the_deciding_game_only(store):
    state = start(AppState(store), NAMES, target="100")
    assert tonight(store, state.saved) is None
    play(state, *SIDE_0)
    decider = state.saved
    state.rematch()
    session = store.session_of(decider.id)
    store.set_match(session.id, 1)
    won = tonight(store, store.get(decider.id))
    assert won is not None and won.session == session.id and won.match == 1
    assert plain(won.line) == "Tonight: Alex + Charlie 1, Beth + David 0 · first to 1"
    assert plain(won.match_won) == "Match won: Alex + Charlie"
    later = tonight(store, state.saved)
    assert later is not None and later.match_won is None and later.line == won.line


def test_the_tally_isolates_each_name_and_says_the_ratings_once_a_game_finished(store):
    state = start(AppState(store), NAMES, target="100")
    first = state.saved
    start(state, NAMES, target="100")  # the same players again: the same session
    unfinished = tonight(store, state.saved)
    assert unfinished is not None and unfinished.moves == ""  # no game finished yet
    assert "\u2068Alex\u2069 + \u2068Charlie\u2069 0" in unfinished.line
    play(state, *SIDE_0)
    said = tonight(store, store.get(first.id))
    assert said is not None and said.session == unfinished.session
    assert re.fullmatch(
        r"Ratings tonight: (Alex|Charlie) \+\d+\.\d, (Alex|Charlie) \+\d+\.\d, "
        r"(Beth|David) -\d+\.\d, (Beth|David) -\d+\.\d",
        plain(said.moves),
    ), said.moves
    assert "\u2068Alex\u2069 +" in said.moves  # each name isolated from the figures


def test_a_new_game_continues_the_session_of_a_game_played_lately_only(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    first = state.saved
    late = first.created_at + LATELY + timedelta(hours=1)
    assert session_to_join(store, NAMES, late) is None
    soon = first.created_at + LATELY - timedelta(minutes=1)
    joined = session_to_join(store, NAMES[::-1], soon)  # seated in any way
    assert joined == Joined(first.id, began=True)
    again = store.create(new_game(Variant.PARTNERSHIP, NAMES), after=joined.previous)
    session = store.session_of(first.id)
    assert session is not None and session.games == (first.id, again.id)
    assert session_to_join(store, NAMES, soon) == Joined(again.id, began=False)


def test_the_match_is_turned_off_by_any_empty_choice_and_a_good_one_clears_the_error(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    state.rematch()
    session = store.session_of(state.saved.id).id
    for off in (None, "", "off"):
        state.set_match(2)
        assert store.session_of(state.saved.id).match == 2
        state.set_match(off)
        assert store.session_of(state.saved.id).match is None
    state.set_match("0")
    assert "match" in state.errors
    state.set_match("3")
    assert "match" not in state.errors and store.session_of(state.saved.id).match == 3
    assert store.session_of(state.saved.id).id == session
    start(state, ("Eve", "Fay", "Gus", "Hal"), target="100")  # in no session
    state.set_match("off")  # no match on a game in no session: nothing begins
    assert state.current.tonight is None and store.session_of(state.saved.id) is None
    state.set_match("0")
    assert "match" in state.errors and store.session_of(state.saved.id) is None
    state.set_match("2")  # a match begins a session with the game
    assert state.current.tonight.match == 2 and state.errors == {}
    assert store.session_of(state.saved.id).games == (state.saved.id,)


def night(state, names):
    """Two games of `names`: a session; returns it."""
    start(state, names, target="100")
    play(state, *SIDE_0)
    state.rematch()
    return state.current.tonight.session


def test_a_game_is_offered_the_latest_sessions_with_games_newest_first(store):
    state = AppState(store)
    ids = [night(state, (f"A{n}", f"B{n}", f"C{n}", f"D{n}")) for n in range(OTHER_SESSIONS + 1)]
    emptied = night(state, ("Eve", "Fay", "Gus", "Hal"))
    start(state, ("Ivy", "Jon", "Kim", "Lou"), target="100")
    listed = store.session_games

    def another_device_deletes(session):
        """Another device deletes the newest session's games while it is listed."""
        if session.id == emptied:
            for game_id in session.games:
                store.delete(game_id)
        return listed(session)

    store.session_games = another_device_deletes
    state.review_game(state.saved.id)
    del store.session_games
    offered = [session for session, _label in state.evening.others]
    assert emptied not in offered
    assert offered == ids[::-1][: OTHER_SESSIONS - 1]
    first = store.session_games(store.session(ids[-1]))[0]
    label = plain(state.evening.others[0][1])
    assert label == f"{plain(moment(first.created_at))}: A8, B8, C8, D8"
    restore = state.evening.snapshot()
    state.evening.others.clear()
    restore()
    assert [s for s, _l in state.evening.others] == offered
    state.evening.others.clear()
    restore()
    assert [s for s, _l in state.evening.others] == offered


def test_a_game_out_of_its_session_or_moved_is_no_longer_a_joined_one(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    other_night = night(state, ("Eve", "Fay", "Gus", "Hal"))
    start(state, NAMES, target="100")
    assert state.current.joined is not None
    state.leave_session()
    assert state.current.joined is None and state.current.tonight is None
    start(state, NAMES, target="100")
    assert state.current.joined is not None
    session = store.session_of(state.saved.id)
    state.join_session("")
    state.join_session(None)
    assert state.current.joined is not None and state.message is None
    assert store.session_of(state.saved.id) == session
    state.join_session(other_night)
    assert state.current.joined is None
    assert store.session_of(state.saved.id).id == other_night
    state.join_session("s" * 100)
    assert f"'{'s' * 80}'" in state.message


def test_a_session_of_one_game_says_one_game_and_its_names_are_isolated(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    start(state, NAMES, target="100")  # joins the first game's session
    state.new_session()  # one of its own: one game
    _of_game, entries = session_entries(store, store.history().items)
    (entry,) = entries.values()
    assert plain(entry.title).endswith("· 1 game")
    assert "\u2068Alex\u2069 + \u2068Charlie\u2069 0" in entry.tally


def test_a_game_that_joined_no_session_is_offered_none_of_its_own(store):
    state = start(AppState(store), NAMES, target="100")
    assert state.current.joined is None
    state.new_session()
    assert store.sessions() == [] and state.current.tonight is None


def test_starting_a_rematch_or_a_session_of_its_own_says_the_sessions_changed(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    first = state.saved.id
    state.current.sessions_changed = False  # as the page does once it has told others
    state.rematch()
    assert state.current.sessions_changed is True
    start(state, NAMES, target="100")  # joins the same players' session
    state.current.sessions_changed = False
    state.new_session()
    assert state.current.sessions_changed is True
    state.current.sessions_changed = False
    state.set_match("3")
    assert state.current.sessions_changed is True
    state.current.sessions_changed = False
    state.leave_session()
    assert state.current.sessions_changed is True and store.session_of(state.saved.id) is None
    state.current.sessions_changed = False
    session = store.session_of(first).id
    state.pick_session(session)
    state.join_session()  # the session picked
    assert state.current.sessions_changed is True
    assert store.session_of(state.saved.id).id == session


def test_the_app_state_keeps_its_store_shows_a_night_and_starts_at_normal_text_size(store):
    state = AppState(store)
    assert state.store is store and state.text_size == 100
    state, session = evening_of_three(store)
    state.show_night(session.id)
    assert state.screen is Screen.NIGHT and state.night.view.id == session.id


def test_a_session_changed_on_another_device_is_read_again_by_the_screen_showing_it(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    first = state.saved.id
    state.rematch()
    second = state.saved.id
    session = store.session_of(second).id
    store.set_match(session, 3)  # another device sets a match
    state.sessions_elsewhere()
    assert state.current.tonight is not None and state.current.tonight.match == 3

    state.review_game(first)  # the first game's page offers no other session yet
    assert state.evening.others == []
    store.start_session(second)  # another device: the second game a session of its own
    state.sessions_elsewhere()
    assert [s for s, _label in state.evening.others] == [store.session_of(second).id]

    state.show_history()
    assert state.browsing.session_of[first] != state.browsing.session_of[second]
    store.continue_session(first, second)  # another device puts them together again
    state.sessions_elsewhere()
    assert state.browsing.session_of[first] == state.browsing.session_of[second]


def test_statistics_rank_the_leaders_and_keep_a_players_details_open_while_they_are_there(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    state.rematch()
    play(state, *SIDE_1)
    start(state, ("Alex", "Eve", "Charlie", "David"), target="100")
    play(state, *SIDE_0)  # a fifth player: four leaders of five
    state.show_stats()
    assert len(state.browsing.players) == 5
    assert state.browsing.leaders() == ["Alex", "Charlie", "Beth", "David"]
    assert [n for n, _r in state.browsing.trend("alex")] == [1, 2, 3]  # names as matched
    assert state.browsing.trend("Nobody") == []
    state.open_player("Beth")
    assert state.browsing.opened == "Beth"
    state.show_stats()  # read again: Beth is still there, her details stay open
    assert state.browsing.opened == "Beth"
    state.open_player("Beth")  # tapped again: hidden
    assert state.browsing.opened is None
    state.open_player("N" * 150)
    assert state.browsing.opened == "N" * 100
    state.show_stats()  # no such player: nothing open
    assert state.browsing.opened is None


def test_starting_a_game_says_the_sessions_changed_only_when_it_joined_one(store):
    state = start(AppState(store), NAMES, target="100")
    assert state.current.joined is None and state.current.sessions_changed is False
    play(state, *SIDE_0)
    start(state, NAMES, target="100")  # the same players again: their session goes on
    assert state.current.joined is not None and state.current.sessions_changed is True


def test_a_session_no_longer_stored_opens_the_history_and_says_so(store):
    state = AppState(store)
    state.show_night("gone-elsewhere")
    assert state.screen is Screen.HISTORY and state.night.view is None
    assert "gone-elsewhere" in state.message
