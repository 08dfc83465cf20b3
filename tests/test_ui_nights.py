"""Game nights in the app: a rematch continues the session, a new game with
the same players joins it (one tap for a session of its own), the scoreboard
shows the tally and announces the match once, Statistics shows ratings. The
app state on a real store, and the views in a real Flet session in-process."""

import asyncio
import re

import flet as ft
import pytest

from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screens.menus import chosen
from scorekeeper.ui.state import AppState
from tests.inprocess import open_app
from tests.test_ui_state import play, start
from tests.test_ui_views import new_game

SIDE_1 = ([6, 3, 4, 0], [6, 3, 4, 0])  # target 100: Beth + David (or seats 1 and 3) win
SIDE_0 = ([3, 6, 0, 4], [3, 6, 0, 4])  # seats 0 and 2 win
NAMES = ("Alex", "Beth", "Charlie", "David")
SWITCHED = ("Alex", "Charlie", "Beth", "David")  # Alex + Beth against Charlie + David


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def plain(text):
    return re.sub("[\u2066-\u2069]", "", text)


def line(state):
    return plain(state.current.tonight.line) if state.current.tonight else None


def test_rematches_and_a_partner_switch_keep_the_tally_and_a_decider_ends_the_night(store):
    state = start(AppState(store), NAMES, target="100")
    assert line(state) is None  # one game is no session yet
    play(state, *SIDE_1)
    state.rematch()
    assert line(state) == "Tonight: Beth + David 1, Alex + Charlie 0"
    play(state, *SIDE_0)
    assert line(state) == "Tonight: Alex + Charlie 1, Beth + David 1"
    state.go_home()
    start(state, SWITCHED, target="100")  # the same four, partners switched
    assert state.current.offer_new_session
    assert line(state) == "Tonight: Alex 1, Charlie 1, Beth 1, David 1"
    play(state, *SIDE_0)  # Alex + Beth win
    assert line(state) == "Tonight: Alex 2, Beth 2, Charlie 1, David 1"
    state.rematch()  # the decider
    assert not state.current.offer_new_session
    play(state, *SIDE_1)  # Charlie + David win
    assert line(state) == "Tonight: Alex 2, Charlie 2, Beth 2, David 2"
    (session,) = store.sessions()
    assert len(session.games) == 4


def test_a_new_game_with_other_players_starts_no_session(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_1)
    start(state, ("Alex", "Beth", "Charlie", "Eve"), target="100")
    assert not state.current.offer_new_session and line(state) is None
    assert store.sessions() == []


def test_one_tap_starts_a_session_of_its_own(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_1)
    first = state.saved.id
    start(state, SWITCHED, target="100")
    assert line(state) == "Tonight: Beth 1, David 1, Alex 0, Charlie 0"
    state.new_session()
    assert not state.current.offer_new_session
    assert line(state) == "Tonight: Alex + Beth 0, Charlie + David 0"
    assert [s.games for s in store.sessions()] == [(state.saved.id,)]
    assert store.session_of(first) is None


def test_a_match_to_two_announces_its_winner_once(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    state.rematch()
    store.set_match(store.session_of(state.saved.id).id, 2)
    state.open_game(state.saved.id)
    assert line(state) == "Tonight: Alex + Charlie 1, Beth + David 0 · first to 2"
    assert state.current.tonight.match_won is None
    play(state, *SIDE_0)
    assert plain(state.current.tonight.match_won) == "Match won: Alex + Charlie"
    state.rematch()
    assert state.current.tonight.match_won is None
    play(state, *SIDE_1)
    assert state.current.tonight.match_won is None  # announced once, on the deciding game


def test_statistics_show_each_players_rating(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_1)
    start(state, ("Alex", "Beth", "Charlie", "Eve"), target="100")  # in progress: unrated
    state.show_stats()
    assert state.browsing.rating("Beth").ordinal > state.browsing.rating("Alex").ordinal
    assert state.browsing.rating("eve") is None
    assert state.browsing.rating("DAVID").games == 1


def test_the_scoreboard_shows_the_tally_the_offer_and_the_match_winner(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    first = state.saved.id
    state.rematch()
    store.set_match(store.session_of(first).id, 2)

    async def go():
        app = await open_app(store)
        await app.route(f"/game/{state.saved.id}")
        assert plain(app.hook("tonight").value) == (
            "Tonight: Alex + Charlie 1, Beth + David 0 · first to 2"
        )
        assert not app.has("match-won") and not app.has("new-session")
        await app.click("Enter hand")
        for seat, bid in enumerate(SIDE_0[0]):
            await app.tap(f"player-{seat}")
            await app.tap(f"key-{bid}")
        await app.click("Next: tricks")
        for seat, count in enumerate(SIDE_0[1]):
            await app.tap(f"player-{seat}")
            await app.tap(f"key-{count}")
        await app.click("Save hand")
        assert plain(app.hook("tonight").value).startswith("Tonight: Alex + Charlie 2")
        assert app.has("match-won")
        await app.click("Home")
        await new_game(app, SWITCHED)
        assert app.has("new-session")
        await app.tap("new-session")
        assert not app.has("new-session")
        assert plain(app.hook("tonight").value) == "Tonight: Alex + Beth 0, Charlie + David 0"
        await app.route("/stats")
        assert any(t.startswith("Rating ") for t in app.texts())

    asyncio.run(go())


def test_the_keeper_sets_the_match_and_bad_values_are_refused_with_the_value(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    state.rematch()
    state.set_match("3")
    assert line(state) == "Tonight: Alex + Charlie 1, Beth + David 0 · first to 3"
    state.set_match("off")
    assert line(state) == "Tonight: Alex + Charlie 1, Beth + David 0"
    state.set_match("100")
    assert "from 1 to 99, got 100" in state.errors["match"]
    assert store.sessions()[0].match is None


def test_a_game_moves_out_of_its_session_and_into_another_from_its_detail(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    state.rematch()
    play(state, *SIDE_1)
    first_night = store.session_of(state.saved.id)
    state.go_home()
    start(state, ("Eve", "Fay", "Gus", "Hal"), target="100")
    play(state, *SIDE_0)
    state.rematch()
    moving = state.saved.id
    state.review_game(moving)
    assert plain(state.evening.others[0][1]).endswith(": Alex, Beth, Charlie, David")
    state.leave_session()
    assert state.current.tonight is None and store.session_of(moving) is None
    state.join_session(first_night.id)
    assert store.session_of(moving).games == (*first_night.games, moving)
    assert line(state).startswith("Tonight: ")
    state.join_session("no-such-session")
    assert "no session with id 'no-such-session'" in state.message


def test_the_match_picker_and_the_detail_in_a_real_flet_session(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    state.rematch()

    async def go():
        app = await open_app(store)
        await app.route(f"/game/{state.saved.id}")
        await app.event(app.hook("match"), "change", value="2")
        assert plain(app.hook("tonight").value).endswith("· first to 2")
        assert chosen(app.hook("match")) == "First to 2"
        await app.route(f"/review/{state.saved.id}")
        assert plain(app.hook("detail-tonight").value).startswith("Tonight: Alex + Charlie 1")
        await app.tap("leave-session")
        assert not app.has("detail-tonight")
        assert any("in no session" in t for t in app.texts())

    asyncio.run(go())


def test_history_shows_one_session_with_three_games_and_games_outside_on_their_own(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    state.rematch()
    play(state, *SIDE_1)
    state.rematch()
    play(state, *SIDE_0)
    start(state, ("Eve", "Fay", "Gus", "Hal"), target="100")  # in no session
    state.show_history()
    (entry,) = state.browsing.sessions.values()
    assert plain(entry.title).endswith("· 3 games")
    assert plain(entry.players) == "Alex, Beth, Charlie, David"
    assert plain(entry.winners) == ("Winners: Alex + Charlie · Beth + David · Alex + Charlie")
    assert plain(entry.tally) == "Alex + Charlie 2, Beth + David 1"
    moves = store.rating_moves(store.sessions())[entry.id]
    assert plain(entry.moves) == "Ratings: " + ", ".join(
        f"{name} {move:+.1f}" for name, move in sorted(moves.items(), key=lambda i: -i[1])
    )
    alone = state.saved.id
    assert alone not in state.browsing.session_of
    assert len([g for g in state.browsing.history.items if g.id in state.browsing.session_of]) == 3

    async def go():
        app = await open_app(store)
        await app.route("/history")
        assert app.has(f"history-session-{entry.id}")
        assert app.has(f"history-{alone}")
        shown = [c.identifier for c in app.walk() if getattr(c, "identifier", "") or ""]
        cards = [i for i in shown if i.startswith("history-2") or "session" in i]
        assert cards == [
            f"history-{alone}",  # newest first: the lone game, then the session over its games
            f"history-session-{entry.id}",
            *(f"history-{g}" for g in reversed(store.sessions()[0].games)),
        ]

    asyncio.run(go())


def test_statistics_open_with_one_sortable_row_per_player(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_1)
    state.rematch()
    play(state, *SIDE_1)
    start(state, ("Alex", "Beth", "Charlie", "Eve"), target="100")
    play(state, *SIDE_0)  # Alex + Charlie win against Beth + Eve
    state.show_stats()
    by_rating = [p.name for p, _r in state.browsing.table()]
    ordinals = [state.browsing.rating(n).ordinal for n in by_rating]
    assert ordinals == sorted(ordinals, reverse=True)
    state.sort_players("wins")
    assert [(p.name, p.wins) for p, _r in state.browsing.table()][:2] == [("Beth", 2), ("David", 2)]
    state.sort_players("nils")  # David made nil twice, Charlie once
    assert [(p.name, p.nils_made) for p, _r in state.browsing.table()][:2] == [
        ("David", 2),
        ("Charlie", 1),
    ]
    state.sort_players("anything else")
    assert state.browsing.sort_by == "nils"

    async def go():
        app = await open_app(store)
        await app.route("/stats")
        assert app.has("players-table") and app.has("row-Eve")
        await app.tap("sort-finished")
        rows = [
            c.identifier for c in app.walk() if str(getattr(c, "identifier", "")).startswith("row-")
        ]
        assert rows[0] in ("row-Alex", "row-Beth", "row-Charlie")  # 3 games finished
        # the column sorted by is marked: bold, underlined and selected (never by a
        # symbol a font may lack)
        marked = {key: app.tagged(f"sort-{key}").selected for key in ("rating", "finished")}
        assert marked == {"rating": False, "finished": True}
        header = app.tagged("sort-finished").content.content
        assert header.value == "Games" and header.weight == ft.FontWeight.BOLD
        assert header.style.decoration == ft.TextDecoration.UNDERLINE
        assert app.tagged("sort-rating").content.content.weight is None

    asyncio.run(go())


def test_the_match_is_set_on_the_first_game_and_a_session_begins_with_it(store):
    state = start(AppState(store), NAMES, target="100")
    assert line(state) is None
    state.set_match("off")  # no session, no match: nothing is stored
    assert store.sessions() == []
    state.set_match("2")
    assert line(state) == "Tonight: Alex + Charlie 0, Beth + David 0 · first to 2"
    assert [(s.games, s.match) for s in store.sessions()] == [((state.saved.id,), 2)]
    play(state, *SIDE_0)
    state.rematch()  # the rematch continues the match
    assert line(state) == "Tonight: Alex + Charlie 1, Beth + David 0 · first to 2"
    play(state, *SIDE_0)
    assert plain(state.current.tonight.match_won) == "Match won: Alex + Charlie"


def test_the_first_games_scoreboard_has_the_match_picker(store):
    state = start(AppState(store), NAMES, target="100")

    async def go():
        app = await open_app(store)
        await app.route(f"/game/{state.saved.id}")
        assert app.has("match") and not app.has("tonight")
        assert chosen(app.hook("match")) == "Off"
        await app.event(app.hook("match"), "change", value="3")
        assert plain(app.hook("tonight").value) == (
            "Tonight: Alex + Charlie 0, Beth + David 0 · first to 3"
        )
        assert chosen(app.hook("match")) == "First to 3"
        assert store.sessions()[0].match == 3

    asyncio.run(go())


def test_history_keeps_a_sessions_games_together_and_a_game_moved_out_apart(store):
    from scorekeeper.ui.state import browsing as listing
    from scorekeeper.ui.state.night_history import history_entries

    state = start(AppState(store), NAMES, target="100")
    games = []
    for side in (SIDE_0, SIDE_1, SIDE_0):
        if games:
            state.rematch()
        games.append(state.saved.id)
        play(state, *side)
    first, middle, last = games
    state.review_game(middle)
    state.leave_session()  # the middle game, played between the others, moves out
    start(state, ("Eve", "Fay", "Gus", "Hal"), target="100")
    other = state.saved.id
    (session,) = store.sessions()
    state.show_history()
    entries = history_entries(state.browsing.history.items, state.browsing.session_of)
    assert [(s, [g.id for g in listed]) for s, listed in entries] == [
        (None, [other]),
        (session.id, [last, first]),  # together, though the moved game stands between
        (None, [middle]),
    ]

    async def go():
        app = await open_app(store)
        await app.route("/history")
        group = app.tagged(f"history-night-{session.id}")
        inside = [c.identifier for c in app.walk(group) if getattr(c, "identifier", None)]
        assert inside == [
            f"history-night-{session.id}",
            f"history-session-{session.id}",
            f"history-{last}",
            f"history-{first}",
        ]
        outside = [
            c.identifier
            for c in app.walk()
            if str(getattr(c, "identifier", "")).startswith("history-")
            and c.identifier not in inside
        ]
        assert f"history-{middle}" in outside and f"history-{other}" in outside
        await app.event(app.hook("history-player"), "submit", value="Eve")
        assert not app.has(f"history-night-{session.id}") and app.has(f"history-{other}")

    asyncio.run(go())
    # a page boundary: the session's older game, on the next page, joins its entry
    listing.HISTORY_PAGE, kept = 2, listing.HISTORY_PAGE
    try:
        state.filter_history("")
        entries = history_entries(state.browsing.history.items, state.browsing.session_of)
        assert [(s, [g.id for g in listed]) for s, listed in entries] == [
            (None, [other]),
            (session.id, [last]),
        ]
        state.more_history()
        entries = history_entries(state.browsing.history.items, state.browsing.session_of)
        assert [(s, [g.id for g in listed]) for s, listed in entries] == [
            (None, [other]),
            (session.id, [last, first]),
            (None, [middle]),
        ]
    finally:
        listing.HISTORY_PAGE = kept


def test_a_long_name_in_the_players_table_ends_in_an_ellipsis_and_is_said_whole(store):
    long = "Bartholomew Fitzwilliam"  # wider than the column at 360 px
    state = start(AppState(store), ("Alex", long, "Charlie", "David"), target="100")
    play(state, *SIDE_1)

    async def go():
        app = await open_app(store)
        await app.route("/stats")
        (name,) = [
            c
            for c in app.walk(app.tagged(f"row-{long}"))
            if isinstance(c, ft.Text) and plain(str(c.value)) == long
        ]
        assert name.no_wrap and name.max_lines == 1
        assert name.overflow == ft.TextOverflow.ELLIPSIS
        assert name.semantics_label == long and name.tooltip == long
        await app.tap(f"row-{long}")  # the details write it whole
        card = app.tagged(f"player-{long}")
        assert any(
            isinstance(c, ft.Text) and plain(str(c.value)) == long and not c.no_wrap
            for c in app.walk(card)
        )

    asyncio.run(go())


def test_a_player_with_one_rated_game_is_a_dot_on_the_trend_chart():
    import flet_charts as fch

    from scorekeeper.ui.screens.ratings import trend_chart

    chart = trend_chart([("Ana", [(1, 2.0), (2, 3.5)]), ("Eve", [(1, 3.4)])], "trend-chart")
    (drawn,) = [c for c in walk(chart) if isinstance(c, fch.LineChart)]
    ana, eve = drawn.data_series
    assert ana.point is None  # a line, as before
    assert isinstance(eve.point, fch.ChartCirclePoint) and eve.point.radius >= 4
    assert eve.point.color == eve.color


def walk(control):
    yield control
    for child in (getattr(control, "content", None), *getattr(control, "controls", ())):
        if child is not None:
            yield from walk(child)
