"""The dealer on the screens, in a real Flet session in-process: the score sheet
marks who dealt each hand, deleting a hand moves no other hand's dealer, and
an edit corrects who dealt a hand while the later hands keep theirs."""

import asyncio
import re
from dataclasses import replace

import flet as ft
import pytest

from scorekeeper.core.draft import HandDraft
from scorekeeper.core.game import add_hand, new_game
from scorekeeper.core.model import Variant
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screens.menus import chosen
from tests.factories import hand
from tests.inprocess import open_app

SOLO = ("Ana", "Bo", "Cy", "Di")
QUIET = hand([3, 3, 3, 3], [4, 3, 3, 3])


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def plain(text: object) -> str:
    return re.sub("[\u2066-\u2069]", "", str(text))


def solo_game(store, count=8):
    g = new_game(Variant.SOLO, SOLO)
    for _ in range(count):
        g = add_hand(g, QUIET).game
    return store.create(g)


def marks(app) -> dict[int, tuple[str, str]]:
    """Each hand shown on the sheet: (what its dealer mark reads aloud, its text)."""
    found = {}
    for c in app.walk():
        if isinstance(c, ft.Semantics) and str(c.identifier).startswith("dealer-"):
            assert isinstance(c.content, ft.Text)
            found[int(c.identifier.split("-")[1])] = (plain(c.label), plain(c.content.value))
    return found


def test_the_sheet_marks_each_hands_dealer_and_a_delete_moves_none(store):
    saved = solo_game(store)

    async def go():
        app = await open_app(store, route=f"/game/{saved.id}")
        shown = marks(app)
        assert shown[5] == ("Hand 5 · Dealer: Ana", "dealer")
        assert shown[8] == ("Hand 8 · Dealer: Di", "dealer")
        await app.click(app.button("Edit hand 4"))
        await app.click("Delete hand 4")  # the edit's button, then the question's answer
        question = next(c for c in app.walk() if isinstance(c, ft.AlertDialog) and c.open)
        await app.click(next(b for b in question.actions if str(b.content) == "Delete hand 4"))
        shown = marks(app)
        assert shown[4] == ("Hand 4 · Dealer: Ana", "dealer"), "old hand 5 is still Ana's deal"
        assert shown[7] == ("Hand 7 · Dealer: Di", "dealer")
        texts = [plain(t) for t in app.texts()]
        assert "Hand 8 · Dealer: Ana · Bids first: Bo" in texts, texts

    asyncio.run(go())


def test_a_partnership_sheet_names_the_dealer_in_the_dealers_column(store):
    g = new_game(Variant.PARTNERSHIP, ("Alex", "Beth", "Charlie", "David"), first_dealer=1)
    saved = store.create(add_hand(add_hand(g, QUIET).game, QUIET))

    async def go():
        app = await open_app(store, route=f"/game/{saved.id}")
        assert marks(app) == {
            1: ("Hand 1 · Dealer: Beth", "Dealer: Beth"),
            2: ("Hand 2 · Dealer: Charlie", "Dealer: Charlie"),
        }

    asyncio.run(go())


def test_an_edit_corrects_who_dealt_and_later_hands_keep_theirs(store):
    saved = solo_game(store, 5)

    async def go():
        app = await open_app(store, route=f"/game/{saved.id}")
        await app.click(app.button("Edit hand 2"))
        picker = app.hook("hand-dealer")
        assert isinstance(picker, ft.DropdownM2) and picker.value == "1"
        assert plain(chosen(picker)) == "Bo"
        await app.event(picker, "change", value="3")
        assert plain(chosen(picker)) == "Di"
        texts = [plain(t) for t in app.texts()]
        assert "Dealer: Di · Bids first: Ana" in texts, "the bidding starts left of Di"
        assert app.hook("player-0") is not None
        await app.click("Next: tricks")
        await app.click("Save hand")
        assert marks(app)[2] == ("Hand 2 · Dealer: Di", "dealer")
        assert [marks(app)[i][0] for i in (1, 3, 4, 5)] == [
            "Hand 1 · Dealer: Ana",
            "Hand 3 · Dealer: Cy",
            "Hand 4 · Dealer: Di",
            "Hand 5 · Dealer: Ana",
        ]
        assert [h.dealer for h in store.get(saved.id).game.hands] == [0, 3, 2, 3, 0]

    asyncio.run(go())


def test_an_entry_stored_with_a_dealer_out_of_range_is_dropped_not_shown(store):
    """A damaged entry (a dealer that is no seat of the game) is dropped, as any
    entry that does not read: the game opens on its scoreboard, unchanged."""
    saved = solo_game(store, 3)
    draft = HandDraft.of_hand(saved.game.hands[1], 1, saved.revision)
    store.save_draft(saved.id, replace(draft, dealer=9))
    assert store.draft(saved.id) is None
    assert replace(draft, dealer=9).dealt_by(saved.game) == 1, "no seat: the game's dealer"

    async def go():
        app = await open_app(store, route=f"/game/{saved.id}")
        assert not app.has("hand-dealer") and app.has("hand-3")
        assert store.get(saved.id).revision == saved.revision

    asyncio.run(go())
