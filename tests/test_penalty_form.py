"""The penalty form opens at its hand with no side chosen and in view; a
removed penalty can be put back; a bag penalty is a short mark on the sheet."""

import asyncio
import re

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

from scorekeeper.core.model import Adjustment
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state import AppState
from tests import factories
from tests.inprocess import open_app
from tests.test_ui_state import play, start


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def plain(text: str) -> str:
    return re.sub("[\u2066-\u2069]", "", text)


def test_a_new_penalty_has_no_side_until_one_is_tapped(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.open_adjustment(0)
    assert state.corrections.adjusting.side is None
    state.set_adjustment_points("-30")
    state.save_adjustment()
    assert set(state.errors) == {"adjustment.side"}, "nothing lands on a side by default"
    assert store.get(state.saved.id).game.hands[0].adjustments == ()
    state.set_adjustment_side(1)
    state.save_adjustment()
    assert state.errors == {}
    assert store.get(state.saved.id).game.hands[0].adjustments == (Adjustment(1, -30, ""),)


def test_a_removed_penalty_comes_back_with_undo(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    for side, points in ((0, -30), (1, -10)):
        state.open_adjustment(0)
        state.set_adjustment_side(side)
        state.set_adjustment_points(str(points))
        state.save_adjustment()
    before = [t.score for t in state.score.sides]
    state.remove_adjustment(0, 0)
    assert state.message == "The penalty on hand 1 was removed."
    assert store.get(state.saved.id).game.hands[0].adjustments == (Adjustment(1, -10, ""),)
    state.undo_remove_adjustment()
    kept = store.get(state.saved.id).game.hands[0].adjustments
    assert kept == (Adjustment(0, -30, ""), Adjustment(1, -10, "")), "back in its place"
    assert [t.score for t in state.score.sides] == before
    assert state.corrections.removed is None, "undone once"
    state.remove_adjustment(0, 1)
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])  # another action: the Undo is gone
    assert state.corrections.removed is None


def run(coro):
    return asyncio.run(coro)


def scrolled_to(app) -> list[object]:
    return [
        m.body.args.get("scroll_key")
        for m in app.conn.messages
        if m.action == MessageAction.INVOKE_METHOD and m.body.name == "scroll_to"
    ]


def test_the_form_opens_under_its_hand_in_view_and_undo_is_offered(store):
    async def go():
        even = factories.hand([3, 3, 3, 3], [4, 3, 3, 3])
        saved = store.create(factories.game(*[even] * 6))
        app = await open_app(store, route=f"/game/{saved.id}")
        await app.tap("penalty-2")
        column = app.tagged("hand-2").parent
        shown = column.controls
        at = shown.index(app.tagged("hand-2"))
        assert shown[at + 1] is app.tagged("adjustment"), "right under hand 2"
        group = next(c for c in app.walk() if isinstance(c, ft.RadioGroup))
        assert group.value is None, "no side chosen"
        await asyncio.sleep(0.3)
        assert [str(k) for k in scrolled_to(app)] == ["adjustment-form"], "brought into view"
        await app.event(group, "change", value="1")
        points = next(c for c in app.walk() if isinstance(c, ft.TextField))
        await app.type(points, "-40")
        await app.click("Save")
        assert store.get(saved.id).game.hands[1].adjustments == (Adjustment(1, -40, ""),)
        buttons = [c for c in app.walk() if isinstance(c, ft.TextButton) and c.key]
        await app.click(next(b for b in buttons if b.key == "adjustment-2-0"))
        await asyncio.sleep(0.3)
        assert len(scrolled_to(app)) == 2, "a change opens in view too"
        await app.click("Remove")
        assert store.get(saved.id).game.hands[1].adjustments == ()
        assert app.has("undo-remove")
        await app.tap("undo-remove")
        assert store.get(saved.id).game.hands[1].adjustments == (Adjustment(1, -40, ""),)
        assert not app.has("undo-remove")

    run(go())


def test_a_bag_penalty_is_a_short_mark_with_its_words_a_tap_away(store):
    async def go():
        hands = [factories.hand([1, 1, 1, 1], [6, 1, 5, 1])] * 2  # 9 bags, then 9 more
        saved = store.create(factories.game(*hands))
        app = await open_app(store, route=f"/game/{saved.id}")
        mark = app.hook("penalty-2-0")
        assert isinstance(mark, ft.TextButton) and mark.content == "Bags -100"
        assert not app.has("penalty-1-0")
        await app.click(mark)
        said = plain(app.hook("message").content.value)
        assert said == (
            "Bag penalty for Alex + Charlie: -100 (9 bags this hand, 18 in all: -100, 8 carried)"
        )

    run(go())
