"""The blind rules' controls as a real Flet session renders them in-process:
the set-up's switches and the failed nil's choice, the keypad's Blind toggle,
the hand notes, the score sheet's mark and the statistics line."""

import flet as ft
import pytest

from scorekeeper.core.model import Hand, blind_bid
from scorekeeper.core.rules import PRESETS, RuleSet
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screens.menus import chosen
from tests import factories
from tests.inprocess import open_app
from tests.test_ui_views import pick, plain, run


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def switch_row(app, name: str) -> ft.Row:
    """A rule's switch with its words beside it (merged for screen readers)."""
    merged = app.hook(f"rule-{name}")
    assert isinstance(merged, ft.MergeSemantics) and isinstance(merged.content, ft.Row)
    return merged.content


def switch(app, name: str) -> ft.Switch:
    control = switch_row(app, name).controls[0]
    assert isinstance(control, ft.Switch)
    return control


async def house_rules_open(store):
    """The set-up with its house rules shown."""
    app = await open_app(store)
    await app.click("New game")
    customize = next(
        c for c in app.walk() if isinstance(c, ft.Switch) and c.label == "Change house rules"
    )
    await app.event(customize, "change", value=True)
    return app


def test_a_tap_on_a_switchs_words_turns_it(store):
    async def go():
        app = await house_rules_open(store)
        words = switch_row(app, "big_bid_double").controls[1]
        assert isinstance(words, ft.GestureDetector)
        assert isinstance(words.content, ft.Text)
        assert words.content.value == "Big bid: 20 a trick bid, made or set"
        await app.event(words, "tap")
        assert switch(app, "big_bid_double").value is True
        await app.event(words, "tap")
        assert switch(app, "big_bid_double").value is False

    run(go())


def test_setup_has_the_new_rules_each_explained(store):
    async def go():
        app = await house_rules_open(store)
        texts = app.texts()
        assert "A failed nil's tricks are its side's bags; they never help the partner's bid." in (
            texts
        )
        assert any(t.startswith("A big bid scores 20 for each trick bid") for t in texts)
        assert any(t.startswith("A side that trails may bid its contract") for t in texts)
        dropdown = app.hook("rule-failed-nil")
        assert isinstance(dropdown, ft.DropdownM2)
        assert [o.key for o in dropdown.options] == ["bags", "count_for_partner", "ignored"]
        assert [o.content.value for o in dropdown.options] == [
            "Are bags",
            "Count for the partner",
            "Count for nothing",
        ]
        await app.event(dropdown, "change", value="ignored")
        assert chosen(dropdown) == "Count for nothing"
        assert any(t.startswith("A failed nil still loses its bonus") for t in app.texts())
        labels = {str(c.label) for c in app.walk() if isinstance(c, ft.TextField)}
        assert "Smallest blind bid of a side" not in labels, "folded while blind bids are off"
        await app.event(switch(app, "blind_bids"), "change", value=True)
        fields = {str(c.label): c for c in app.walk() if isinstance(c, ft.TextField)}
        assert fields["Smallest blind bid of a side"].value == "6"
        assert fields["Blind bids only when behind by (empty: always)"].value == "100"
        await app.event(switch(app, "big_bid_double"), "change", value=True)
        await app.event(fields["Smallest blind bid of a side"], "change", value="20")
        await app.click("Start game")
        assert fields["Smallest blind bid of a side"].error == (
            "'20' is not a whole number from 1 to 17: type one"
        )
        assert switch(app, "big_bid_double").value is True

    run(go())


def test_the_blind_toggle_bids_blind_and_the_notes_say_what_it_is_worth(store):
    async def go():
        rules = RuleSet(blind_bids=True, blind_bid_deficit=None)
        saved = store.create(factories.game(rules=rules))
        app = await open_app(store, route=f"/game/{saved.id}")
        await app.click("Enter hand")
        toggle = app.tagged("key-blind-bid")
        assert plain(toggle.label) == "Blind bid for Beth" and not toggle.selected
        assert "Tap Blind, then a number, for a blind bid." in app.texts()
        await app.tap("player-0")
        await app.tap("key-blind-bid")
        assert app.tagged("key-blind-bid").selected
        assert plain(app.tagged("key-4").label) == "Blind 4 for Alex"
        await app.tap("key-4")
        await app.tap("player-2")
        assert app.tagged("key-blind-bid").selected, "a blind bidder's partner bids blind"
        await app.tap("key-3")
        await pick(app, 1, 3)
        await pick(app, 3, 3)
        assert plain(app.hook("blind-contract-0").value) == (
            "Alex + Charlie: blind 7: +140 made, -140 set."
        )
        assert not app.has("blind-nil-reminder"), "no cards are swapped for a blind bid"
        assert plain(app.hook("bid-0").value) == "Blind 4"
        await app.click("Next: tricks")
        for seat, count in enumerate((4, 3, 3, 3)):
            await pick(app, seat, count)
        await app.click("Save hand")
        assert app.hook("score-0").value == "140"
        assert plain(app.hook("blind-1-0").value) == "blind 7"

    run(go())


def test_the_toggle_says_why_it_is_off(store):
    async def go():
        saved = store.create(factories.game(rules=PRESETS["blind_6"]))
        app = await open_app(store, route=f"/game/{saved.id}")
        await app.click("Enter hand")
        assert app.tagged("key-blind-bid").disabled
        assert "Blind bids: only when 100 or more behind" in app.texts()

    run(go())


def test_no_toggle_without_blind_bids_and_a_doubled_big_bid_note(store):
    async def go():
        saved = store.create(factories.game(rules=PRESETS["double_on_10"]))
        app = await open_app(store, route=f"/game/{saved.id}")
        await app.click("Enter hand")
        assert not app.has("key-blind-bid")
        for seat, bid in enumerate((6, 2, 5, 2)):
            await pick(app, seat, bid)
        texts = [plain(t) for t in app.texts()]
        assert "Alex + Charlie: bid 11, a big bid worth 220 either way." in texts

    run(go())


def test_the_statistics_count_blind_bids_made_and_set(store):
    async def go():
        rules = RuleSet(blind_bids=True, blind_bid_deficit=None)
        bids = [blind_bid(4), factories.bid(3), blind_bid(3), factories.bid(3)]
        made = Hand(bids=tuple(bids), tricks=(4, 3, 3, 3))
        set_ = Hand(bids=tuple(bids), tricks=(3, 4, 3, 3))
        store.create(factories.game(made, set_, rules=rules))
        app = await open_app(store)
        await app.click("History")
        await app.click("Statistics")
        await app.tap("row-Alex")  # Alex bid blind twice: the details a tap away
        assert "Blind bids made 1 · set 1 (50%)" in app.texts()

    run(go())


def test_a_blind_nil_beside_a_blind_bid_swaps_cards(store):
    """The card-swap reminder is blind nil's: a partner's blind bid is not a
    second blind nil (once, the two read as "blind nil for both: no card swap")."""

    async def go():
        rules = RuleSet(blind_bids=True, blind_bid_deficit=None)
        saved = store.create(factories.game(rules=rules))
        app = await open_app(store, route=f"/game/{saved.id}")
        await app.click("Enter hand")
        await pick(app, 0, "blind_nil")
        await app.tap("player-2")
        await app.tap("key-blind-bid")
        await app.tap("key-6")
        reminder = app.hook("blind-nil-reminder").content
        assert (
            plain(reminder.value) == "Blind nil: now 3 cards are swapped between Alex and Charlie."
        )
        assert plain(app.hook("contracts").value).startswith("Alex + Charlie: bid blind 6")

    run(go())


def test_the_game_detail_marks_a_blind_contract(store):
    async def go():
        rules = RuleSet(blind_bids=True, blind_bid_deficit=None)
        bids = (blind_bid(4), factories.bid(3), blind_bid(3), factories.bid(3))
        saved = store.create(factories.game(Hand(bids, (4, 3, 3, 3)), rules=rules))
        app = await open_app(store, route=f"/review/{saved.id}")
        texts = [plain(t) for t in app.texts()]
        assert any(
            t.startswith("Alex Blind 4/4, Charlie Blind 3/3: ") and "blind 7" in t for t in texts
        )

    run(go())
