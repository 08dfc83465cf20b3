"""What the watch link shows, read from a real store, and the QR image."""

import re
import zlib
from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper.core.draft import HandDraft
from scorekeeper.core.exchange import Incoming
from scorekeeper.core.model import NIL, Bid
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.qr import qr_matrix, qr_png
from scorekeeper.web.live import LiveBoard, read_live_games
from scorekeeper.web.watch import watch_route
from tests.factories import EVEN, game


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def plain(text: str) -> str:
    return re.sub("[\u2066-\u2069]", "", text)


def test_games_in_progress_and_just_won_only(store):
    old = datetime(2025, 1, 1, tzinfo=UTC)
    store.import_games([Incoming(game(*(EVEN,) * 9), created_at=old, updated_at=old)])
    won = store.create(game(*(EVEN,) * 9))  # finished now: stays on the board a while
    playing = store.create(game(EVEN))
    live = read_live_games(store)
    assert [g.id for g in live] == [playing.id, won.id]
    assert live[1].finished and live[1].winner is not None and not live[0].finished
    later = datetime.now(UTC) + timedelta(hours=1)
    assert [g.id for g in read_live_games(store, at=later)] == [playing.id]


def test_the_hand_being_bid_shows_in_bidding_order(store):
    saved = store.create(game(EVEN))  # hand 2: Beth deals, Charlie bids first
    draft = HandDraft.empty(4).with_bid(2, Bid(4)).with_bid(3, NIL)
    store.save_draft(saved.id, draft)
    (live,) = read_live_games(store)
    assert live.hand == 2 and plain(live.dealer) == "Beth" and plain(live.first_bidder) == "Charlie"
    assert [(plain(b.player), b.bid) for b in live.bids] == [
        ("Charlie", Bid(4)),
        ("David", NIL),
        ("Alex", None),
        ("Beth", None),
    ]
    assert [s.bid for s in live.sides] == [4, 0]  # Beth + David: a nil so far
    assert [(s.score, s.bags) for s in live.sides] == [(61, 1), (60, 0)]
    assert live.step == "bids"


def test_an_edit_of_an_old_hand_is_not_the_current_bidding(store):
    saved = store.create(game(EVEN))
    store.save_draft(saved.id, HandDraft.of_hand(EVEN, 0))
    (live,) = read_live_games(store)
    assert live.step == "" and all(b.bid is None for b in live.bids)


def test_the_board_reads_once_per_change(store, monkeypatch):
    board = LiveBoard(store)
    reads = []
    monkeypatch.setattr(
        "scorekeeper.web.live.read_live_games", lambda s, **kept: reads.append(1) or ()
    )
    for _ in range(20):
        board.games()
    board.changed()
    for _ in range(20):
        board.games()
    assert len(reads) == 2


@pytest.mark.parametrize(
    ("route", "game_id", "refused"),
    [
        ("/live", None, False),
        ("/watch", None, False),
        ("/", None, False),
        ("/live/20261201-101010-abc123", "20261201-101010-abc123", False),
        ("/live/20261202-085437-286d1fed", "20261202-085437-286d1fed", False),  # a newer id
        ("/live/20261202-085437-286d1fed0", None, True),
        ("/history", None, True),
        ("/live/../history", None, True),
        ("/live/20261202-075712-1ba50af8", "20261202-075712-1ba50af8", False),  # ids since 8 hex
        ("/live/<script>", None, True),
        ("/live/" + "a" * 65, None, True),
        ("/game/20261201-101010-abc123/hand", None, True),
    ],
)
def test_watch_routes_are_checked(route, game_id, refused):
    found, problem = watch_route(route)
    assert found == game_id
    assert (problem is not None) == refused
    if problem:
        assert repr(route) in problem


def test_the_qr_png_holds_the_qr_matrix():
    link = "http://192.168.1.20:8550/watch/" + "w" * 43
    matrix = qr_matrix(link)
    data = qr_png(link, scale=3)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width = int.from_bytes(data[16:20], "big")
    assert width == len(matrix) * 3
    start = data.index(b"IDAT") + 4
    length = int.from_bytes(data[start - 8 : start - 4], "big")
    raw = zlib.decompress(data[start : start + length])
    stride = 1 + (width + 7) // 8
    for y, row in enumerate(matrix):
        line = raw[y * 3 * stride + 1 : y * 3 * stride + stride]
        bits = "".join(f"{b:08b}" for b in line)[:width]
        assert [bit == "0" for bit in bits[::3]] == row


def test_the_watch_board_says_who_draws_first_in_the_two_player_game(store):
    from scorekeeper.web.watchviews import turn_text
    from tests.factories import two_player

    store.create(two_player())
    store.create(game())
    two, four = sorted(read_live_games(store), key=lambda g: len(g.bids))
    assert two.drawing and not four.drawing
    assert "Draws first" in turn_text(two) and "Dealer" not in turn_text(two)
    assert "Dealer" in turn_text(four)


def test_a_cutthroat_game_shows_three_sides_on_the_board_and_the_table(store):
    import flet as ft

    from scorekeeper.core.game import add_hand
    from scorekeeper.core.model import Game, Hand, Variant
    from scorekeeper.web.watchviews import game_card, table_display

    cutthroat = add_hand(
        Game(Variant.CUTTHROAT, ("Ana", "Ben", "Cy")), Hand((Bid(6), Bid(6), Bid(4)), (6, 7, 4))
    )
    store.create(cutthroat)
    (live,) = read_live_games(store)
    assert [(s.score, s.bags) for s in live.sides] == [(60, 0), (61, 1), (40, 0)]
    assert isinstance(game_card(live, 0, lambda _id: None), ft.Control)
    assert isinstance(table_display(live, 1280, 800, lambda _event: None), ft.Control)


def test_the_board_shows_a_keepers_saved_game_without_reading_it_again(store, monkeypatch):
    """The game a keeper just saved reaches the board with its score: the board
    neither reads it from the store nor scores it again; a game it was not
    given is read (once), and a kept game saved since is read afresh."""
    from scorekeeper.core import scoring
    from scorekeeper.core.game import add_hand

    board = LiveBoard(store)
    mine = store.create(game())
    other = store.create(game())
    mine = store.save(mine.id, add_hand(mine.game, EVEN), mine.revision)
    reads: list[str] = []
    real_get = store.get
    monkeypatch.setattr(store, "get", lambda game_id: reads.append(game_id) or real_get(game_id))
    scored: list[int] = []
    real_decide = scoring.decide
    monkeypatch.setattr(
        scoring, "decide", lambda s, r, hands=0: scored.append(hands) or real_decide(s, r, hands)
    )
    board.changed(mine)
    shown = {g.id: g for g in board.games()}
    assert reads == [other.id] and scored == []  # the other game has no hand to score
    assert [s.score for s in shown[mine.id].sides] == [61, 60]
    reads.clear()
    board.changed()
    board.games()
    assert reads == [] and scored == []  # both kept from the last read, unchanged since
    newer = store.save(mine.id, add_hand(mine.game, EVEN), mine.revision)
    board.changed()  # saved elsewhere (another process): not handed over
    scored.clear()
    shown = {g.id: g for g in board.games()}
    assert reads == [mine.id] and scored == [1, 2]
    assert [s.score for s in shown[mine.id].sides] == [s.score for s in newer.score.sides]


def test_a_blind_contract_shows_as_blind_on_the_board_and_the_table(store):
    from scorekeeper.core.model import blind_bid
    from scorekeeper.core.rules import RuleSet
    from scorekeeper.web.watchviews import contract_text

    saved = store.create(game(EVEN, rules=RuleSet(blind_bids=True, blind_bid_deficit=None)))
    draft = (
        HandDraft.empty(4).with_bid(2, blind_bid(4)).with_bid(3, Bid(3)).with_bid(0, blind_bid(3))
    )
    store.save_draft(saved.id, draft)
    (live,) = read_live_games(store)
    assert [(s.bid, s.blind) for s in live.sides] == [(7, True), (3, False)]
    assert [contract_text(s.bid, s.blind) for s in live.sides] == ["Blind 7", "Bid 3"]


def test_the_watch_board_shows_the_sessions_tally_and_announces_the_match_once(store):
    from scorekeeper.web.watchviews import match_won_text, tally_text

    won = store.create(game(*(EVEN,) * 9))  # Alex + Charlie win
    playing = store.create(game(EVEN))
    store.continue_session(won.id, playing.id)
    store.set_match(store.session_of(won.id).id, 1)
    live = {g.id: g for g in read_live_games(store)}
    assert plain(match_won_text(live[won.id])) == "Match won: Alex + Charlie"  # it decided
    assert plain(tally_text(live[won.id])) == (
        "Tonight: Alex + Charlie 1, Beth + David 0 · first to 1"
    )
    assert match_won_text(live[playing.id]) is None  # a later game: said, not announced
    assert plain(tally_text(live[playing.id])) == (
        "Tonight: Alex + Charlie 1, Beth + David 0 · first to 1"
        " · match won earlier by Alex + Charlie"
    )
    marks = {gid: board_marks(live[gid]) for gid in (won.id, playing.id)}
    assert "live-match-won-0" in marks[won.id] and "live-match-won-0" not in marks[playing.id]
    assert "live-tally-0" in marks[playing.id]
    store.move_to_session(playing.id, None)
    assert tally_text(live_of(store, playing.id)) is None


def board_marks(live):
    """The hooks on a game's card on the watch board."""
    import flet as ft

    from scorekeeper.web.watchviews import game_card

    def walk(control):
        if isinstance(control, ft.Semantics) and control.identifier:
            yield control.identifier
        for child in (getattr(control, "content", None), *getattr(control, "controls", ())):
            if child is not None:
                yield from walk(child)

    return set(walk(game_card(live, 0, lambda _game_id: None)))


def test_a_game_before_the_deciding_one_says_the_match_without_announcing_it(store):
    from scorekeeper.web.watchviews import match_won_text, tally_text

    first = store.create(game(*(EVEN,) * 9))  # Alex + Charlie win
    second = store.create(game(*(EVEN,) * 9))
    store.continue_session(first.id, second.id)
    store.set_match(store.session_of(first.id).id, 2)  # decided by the second game
    live = {g.id: g for g in read_live_games(store)}
    assert match_won_text(live[first.id]) is None
    assert plain(tally_text(live[first.id])).endswith(" · match won by Alex + Charlie")
    assert plain(match_won_text(live[second.id])) == "Match won: Alex + Charlie"


def live_of(store, game_id):
    return next(g for g in read_live_games(store) if g.id == game_id)
