"""The work a tap costs: the game scored once per save, and updates that carry
only what changed (in a real in-process Flet session)."""

import asyncio
from collections.abc import Iterator
from typing import Any

import flet as ft
import msgpack
import pytest

from scorekeeper.core import scoring
from scorekeeper.storage import platform
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state import REST, AppState
from tests.inprocess import ENCODE, open_app
from tests.test_ui_state import play, start, tap


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def hands_scored(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of each hand scored, appended as scoring reaches it: a game
    of n hands scored once appends 1..n (scoring has no cache to hide a second
    pass)."""
    scored: list[int] = []
    real = scoring.decide
    monkeypatch.setattr(
        scoring,
        "decide",
        lambda scores, rules, hands=0: scored.append(hands) or real(scores, rules, hands),
    )
    return scored


def entered(store: GameStore) -> AppState:
    """A game of two hands with a third entered on the keypad, not yet saved."""
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    play(state, [4, 3, 3, 3], [4, 3, 3, 3])
    state.begin_hand()
    for seat in range(4):
        tap(state, seat, 1)
    state.to_tricks()
    tap(state, 0, REST)
    return state


def test_saving_a_hand_scores_the_game_once(store, monkeypatch):
    """The game operation scores the new game; that scored value is what the
    store writes its summary from, and what the screen and the watch board
    show: nothing scores it again, and no cache stands in for that."""
    state = entered(store)
    scored = hands_scored(monkeypatch)
    state.save_hand()
    assert state.errors == {}
    assert len(state.saved.game.hands) == 3
    assert scored == [1, 2, 3], "one pass over the three hands"
    assert state.score == scoring.score_game(state.saved.game)
    assert store.get(state.saved.id).score == state.score  # the document says the same


def test_the_preview_scores_the_entry_once_and_the_save_uses_it(store, monkeypatch):
    """The screen asks for the preview on every redraw: the entry is scored once,
    and saving it writes that same scored game."""
    state = entered(store)
    scored = hands_scored(monkeypatch)
    first = state.preview()
    assert first is not None and scored == [1, 2, 3]
    assert state.preview() is first and state.preview() is first
    assert scored == [1, 2, 3]
    state.save_hand()
    assert state.errors == {} and len(state.saved.game.hands) == 3
    assert scored == [1, 2, 3], "the save scored nothing again"
    assert state.score is first


def test_another_entry_is_scored_afresh(store, monkeypatch):
    state = entered(store)
    first = state.preview()
    tap(state, 0, 0)
    tap(state, 1, REST)  # the 13 tricks to another player
    scored = hands_scored(monkeypatch)
    second = state.preview()
    assert second is not None and second != first and scored == [1, 2, 3]


def test_a_game_scored_twice_gives_equal_scores_made_afresh(store):
    """Scoring is a pure function with nothing kept between calls."""
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    game = state.saved.game
    assert scoring.score_game(game) == scoring.score_game(game)
    assert scoring.score_game(game) is not scoring.score_game(game)
    copy = type(game)(**{f: getattr(game, f) for f in game.__dataclass_fields__})
    assert copy is not game
    assert scoring.score_game(copy) == scoring.score_game(game) == state.score


def test_every_tap_of_a_hand_is_one_write(store, monkeypatch):
    """Each tap is saved at once, in one durable write of the games in progress:
    starting a hand and saving it, too (each made two: an upsert that inserts
    writes twice, and the saved hand's entry was dropped in a second write)."""
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    writes: list[str] = []
    real = platform.write_durably
    monkeypatch.setattr(
        platform, "write_durably", lambda path, data: writes.append(path.name) or real(path, data)
    )

    def one_write(action: Any, *args: Any) -> None:
        writes.clear()
        action(*args)
        assert state.errors == {}, state.errors
        assert len(writes) == 1, (action.__name__, writes)

    one_write(state.begin_hand)
    for _ in range(4):
        one_write(state.press, "3")
    one_write(state.to_tricks)
    one_write(state.press, "rest")
    one_write(state.save_hand)
    assert len(state.saved.game.hands) == 2 and store.draft(state.saved.id) is None


def sent(app: Any, since: int) -> list[bytes]:
    return [msgpack.packb([m.action, m.body], default=ENCODE) for m in app.conn.messages[since:]]


async def game_started(store: GameStore) -> Any:
    """An app on the scoreboard of a new four-player game."""
    app = await open_app(store)
    await app.click("New game")
    fields = [c for c in app.walk() if type(c).__name__ == "TextField"]
    for field, name in zip(fields, ["Alex", "Beth", "Charlie", "David"], strict=False):
        await app.type(field, name)
    await app.click("Start game")
    return app


def test_a_bid_tap_sends_only_the_changed_values(store):
    asyncio.run(bid_taps(store))


async def bid_taps(store: GameStore) -> None:
    app = await game_started(store)
    await app.click("Enter hand")
    for _ in range(4):  # one key per player, in bidding order (the keypad moves on)
        before = len(app.conn.messages)
        await app.tap("key-1")
        messages = sent(app, before)
        assert len(messages) == 1
        assert b"AppBar" not in messages[0]  # the bar did not change
        assert b"Blind nil is declared" not in messages[0]  # nor did the note
        # the row highlight, the contracts, the keypad's title and its 15 key labels
        # ("4 for Beth"), each twice: the key's node and its button's name.
        # 1962 bytes measured
        assert len(messages[0]) < 2200, len(messages[0])


def test_saving_a_hand_updates_the_scoreboard_in_place(store):
    asyncio.run(save_in_place(store))


async def save_in_place(store: GameStore) -> None:
    app = await game_started(store)

    async def hand() -> None:
        await app.click("Enter hand")
        for _ in range(4):
            await app.tap("key-3")
        await app.click("Next: tricks")
        await app.tap("key-rest")  # all 13 to the first bidder: a side is set

    await hand()
    await app.click("Save hand")
    view = app.page.views[-1]
    card, first_row = app.tagged("side-0"), app.tagged("hand-1")
    enter = app.button("Enter hand")
    score = app.hook("score-0")
    before = (score.value, app.tagged("side-1").label)
    await hand()
    bar = view.appbar
    heading = bar.title
    assert isinstance(heading, ft.Semantics) and heading.header  # the screen's heading
    title = heading.content
    assert title.value == "Hand 2: tricks"
    assert app.page.views == [view]  # the hand is entered in the same View...
    assert not app.has("side-0")  # ...over the scoreboard, kept hidden
    since = len(app.conn.messages)
    await app.click("Save hand")
    assert app.page.views == [view]
    # the same controls, changed in place, and one new line on the sheet
    assert app.tagged("side-0") is card and app.hook("score-0") is score
    assert app.tagged("hand-1") is first_row and app.button("Enter hand") is enter
    assert (score.value, app.tagged("side-1").label) != before
    assert app.has("hand-2") and app.has("summary")
    messages = sent(app, since)
    # a new line is about 3.1 kB, who dealt it (its mark and the words read aloud) and
    # the bar's heading included, then the scroll to the top: 3302 bytes measured
    # (the whole scoreboard sent again would be several times that)
    assert sum(map(len, messages)) < 3500, [len(m) for m in messages]
    sheet_legend = b"Bids / tricks taken, then points"
    assert not any(sheet_legend in m or b"Undo last hand" in m for m in messages)
    # the bar keeps its controls and changes its title in place (a new bar costs
    # the browser the bar, and the View around the screen, drawn anew)
    assert not any(b"AppBar" in m for m in messages)
    assert view.appbar is bar and bar.title is heading and heading.content is title
    assert " vs " in title.value and "Hand" not in title.value


def test_a_key_tap_compares_the_screen_not_the_page(store, monkeypatch):
    """Finding what changed costs in proportion to what is compared: a key tap
    sends its screen's changes without comparing the scoreboard kept under it."""
    asyncio.run(key_tap_compares(store, monkeypatch))


async def key_tap_compares(store: GameStore, monkeypatch: Any) -> None:
    app = await game_started(store)
    await app.click("Enter hand")
    compared: list[tuple[Any, ...]] = []
    real = ft.Page.update
    monkeypatch.setattr(
        ft.Page,
        "update",
        lambda page, *controls: compared.append(controls) or real(page, *controls),
    )
    await app.tap("key-3")
    assert len(compared) == 1 and len(compared[0]) == 1, compared
    (screen,) = compared[0]
    assert app.hook("contracts") in list(walk_controls(screen))
    assert not any(
        c.identifier == "side-0" for c in walk_controls(screen) if isinstance(c, ft.Semantics)
    )
    compared.clear()
    await app.click("Cancel")  # a question: the whole page is compared
    assert () in compared


def walk_controls(root: Any) -> Iterator[Any]:
    yield root
    for child in getattr(root, "controls", None) or []:
        yield from walk_controls(child)
    content = getattr(root, "content", None)
    if content is not None and not isinstance(content, str):
        yield from walk_controls(content)
