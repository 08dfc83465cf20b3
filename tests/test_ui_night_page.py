"""A session's own page (from History and from a game's detail), the rating
moves on the scoreboard, and a session changed on one device shown at once
on the others and on the watch board. The app state on a real store, and the
views in real Flet sessions in-process."""

import asyncio
import re

import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.screens import route_of
from scorekeeper.ui.state import AppState
from scorekeeper.web.live import LiveBoard
from tests.inprocess import FakeKeeper, open_app
from tests.test_ui_state import play, start
from tests.test_ui_views import until

SIDE_1 = ([6, 3, 4, 0], [6, 3, 4, 0])  # target 100: Beth + David win 130 to 100
SIDE_0 = ([3, 6, 0, 4], [3, 6, 0, 4])  # Alex + Charlie win 130 to 100
NAMES = ("Alex", "Beth", "Charlie", "David")


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def plain(text):
    return re.sub("[\u2066-\u2069]", "", text)


def evening(store):
    """Three games of one session (Alex + Charlie win two), and a fourth game
    in progress, in no session."""
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    state.rematch()
    play(state, *SIDE_1)
    state.rematch()
    play(state, *SIDE_0)
    (session,) = store.sessions()
    return state, session


def test_the_page_shows_the_games_their_scores_the_wins_and_the_highlights(store):
    state, session = evening(store)
    state.show_night(session.id)
    assert state.screen is Screen.NIGHT and route_of(state) == f"/night/{session.id}"
    view = state.night.view
    assert plain(view.title).endswith("· 3 games")
    assert plain(view.tally) == "Alex + Charlie 2, Beth + David 1"
    assert [(plain(n), w) for n, w in view.wins] == [("Alex + Charlie", 2), ("Beth + David", 1)]
    assert [g.id for g in view.games] == list(session.games)
    assert [g.title for g in view.games] == [f"Game {n} · finished" for n in (1, 2, 3)]
    assert [[(plain(label), score) for label, score in g.sides] for g in view.games] == [
        [("Alex + Charlie", 130), ("Beth + David", 100)],
        [("Alex + Charlie", 100), ("Beth + David", 130)],
        [("Alex + Charlie", 130), ("Beth + David", 100)],
    ]
    assert [g.winner for g in view.games] == [0, 1, 0]
    assert [plain(line) for line in view.highlights] == [
        "Biggest hand: 130 for Alex + Charlie (game 1, hand 1)",
        "Nils: 3 made, 0 failed",
        "Sides set: 0",
        "Bags paid: 0 penalties, 0 points",
    ]
    moves = store.rating_moves([session])[session.id]
    assert set(moves) == set(NAMES) and moves["Alex"] > 0 > moves["Beth"]
    assert plain(view.moves) == "Ratings: " + ", ".join(
        f"{name} {move:+.1f}" for name, move in sorted(moves.items(), key=lambda i: -i[1])
    )
    assert view.match == ""
    store.set_match(session.id, 2)
    state.show_night(session.id)
    assert plain(state.night.view.match) == "First to 2 · won by Alex + Charlie"


def test_a_session_no_longer_stored_leads_to_history_saying_so(store):
    state = AppState(store)
    state.show_night("gone")
    assert state.screen is Screen.HISTORY
    assert "no session with id 'gone'" in state.message


def test_the_scoreboard_says_how_much_tonight_moved_each_rating(store):
    state, session = evening(store)
    moves = store.rating_moves([session])[session.id]
    assert plain(state.current.tonight.moves) == "Ratings tonight: " + ", ".join(
        f"{name} {move:+.1f}" for name, move in sorted(moves.items(), key=lambda i: -i[1])
    )
    state.rematch()  # nothing finished in it yet: the same moves
    assert state.current.tonight.moves != ""
    fresh = start(AppState(store), ("Eve", "Fay", "Gus", "Hal"), target="100")
    assert fresh.current.tonight is None


def test_history_opens_the_page_and_the_page_opens_each_game(store):
    _state, session = evening(store)

    async def go():
        app = await open_app(store)
        await app.route("/history")
        await app.tap(f"history-session-{session.id}")
        assert app.page.route == f"/night/{session.id}"
        assert plain(app.hook("night-tally").value) == "Alex + Charlie 2, Beth + David 1"
        assert app.has("night-chart") and app.has("night-highlights")
        assert plain(app.hook("night-moves").value).startswith("Ratings: ")
        assert "Games won: " in app.hook("night-chart").label
        await app.tap(f"night-game-{session.games[1]}")
        assert app.page.route == f"/review/{session.games[1]}"
        await app.tap("open-night")  # the detail leads back to its session's page
        assert app.page.route == f"/night/{session.id}"
        again = await open_app(store, route=f"/night/{session.id}")  # a reload, a link
        assert plain(again.hook("night-tally").value).startswith("Alex + Charlie 2")
        await app.route(f"/game/{session.games[-1]}")
        assert plain(app.hook("tonight-moves").value).startswith("Ratings tonight: ")

    asyncio.run(go())


def test_the_session_picked_to_move_into_is_kept_in_the_state(store):
    state, first = evening(store)
    start(state, ("Eve", "Fay", "Gus", "Hal"), target="100")
    play(state, *SIDE_0)
    moving = state.saved.id
    state.review_game(moving)
    state.pick_session(first.id)
    assert state.evening.picked == first.id
    state.join_session()
    assert store.session_of(moving).games == (*first.games, moving)
    state.review_game(moving)
    assert state.evening.picked is None  # a fresh list: nothing picked

    async def go():
        app = await open_app(store)
        await app.route(f"/review/{moving}")
        await app.tap("leave-session")
        other = app.hook("move-to").options[0].key
        await app.event(app.hook("move-to"), "change", value=other)
        await app.click("Move")
        assert store.session_of(moving).id == other

    asyncio.run(go())


class BoardKeeper(FakeKeeper):
    """A keeper's page as the web server serves it: each action tells the watch board."""

    def __init__(self, board: LiveBoard) -> None:
        super().__init__()
        self.board = board

    def changed(self, saved: object = None) -> None:
        super().changed(saved)
        self.board.changed(saved)  # type: ignore[arg-type]


def test_a_session_changed_on_one_device_shows_at_once_on_the_others_and_the_board(store):
    state = start(AppState(store), NAMES, target="100")
    play(state, *SIDE_0)
    first = state.saved.id
    state.rematch()
    playing = state.saved.id
    board = LiveBoard(store)

    def live_tally():
        (live,) = [g for g in board.games() if g.id == playing]
        return live.tally

    async def go():
        hub = PubSubHub(loop=asyncio.get_running_loop())
        phone = await open_app(store, hub, keeper=BoardKeeper(board))
        laptop = await open_app(store, hub, route=f"/game/{playing}")
        assert live_tally().match is None
        await phone.route(f"/game/{playing}")
        await phone.event(phone.hook("match"), "change", value="3")
        await until(lambda: plain(laptop.hook("tonight").value).endswith("· first to 3"))
        assert live_tally().match == 3
        await phone.route(f"/review/{first}")
        await phone.tap("leave-session")  # the first game goes: the tally loses its win
        await until(lambda: "Alex + Charlie 0" in plain(laptop.hook("tonight").value))
        assert [wins for _names, wins in live_tally().standings] == [0, 0]
        await laptop.settle()

    asyncio.run(go())


def test_statistics_show_the_ratings_over_time_and_a_players_details_a_tap_away(store):
    evening(store)
    state = AppState(store)
    state.show_stats()
    assert state.browsing.leaders() == ["Alex", "Charlie", "Beth", "David"]
    alex = state.browsing.trend("alex")  # as Statistics matches names
    assert [n for n, _r in alex] == [1, 2, 3]
    assert alex[-1][1] == pytest.approx(state.browsing.rating("Alex").ordinal)
    assert alex[0][1] < alex[2][1]  # two wins of three
    state.open_player("Beth")
    assert state.browsing.opened == "Beth"
    state.open_player("Beth")  # tapped again: hidden
    assert state.browsing.opened is None

    async def go():
        app = await open_app(store)
        await app.route("/stats")
        assert app.has("trend-chart") and not app.has("player-Alex")
        assert "Alex" in app.hook("trend-chart").label
        await app.tap("row-Alex")
        assert app.has("player-Alex") and app.has("trend-Alex")
        await app.tap("row-Beth")
        assert app.has("player-Beth") and not app.has("player-Alex")

    asyncio.run(go())
