"""Each view rendered by a real Flet session in-process, driven by events."""

import asyncio
import re
from dataclasses import replace

import flet as ft
import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import scored
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screens.menus import chosen
from tests import factories
from tests.inprocess import any_message, open_app


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def plain(text):
    """Text without the isolate marks around names."""
    return re.sub("[\u2066-\u2069]", "", text)


def run(coro):
    return asyncio.run(coro)


async def until(condition, timeout=5.0):
    """Wait for a condition: another tab's update arrives as a message to it,
    which wakes this up (and a tenth of a second at most, for a change that
    sends nothing)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "timed out"
        await any_message(min(0.1, deadline - loop.time()))


async def new_game(app, names=("Alex", "Beth", "Charlie", "David")):
    await app.click("New game")
    fields = sorted(
        (
            c
            for c in app.walk()
            if isinstance(c, ft.TextField) and c.visible and str(c.label)[:1].isdigit()
        ),
        key=lambda f: str(f.label),
    )  # "1 · South", ...
    for field, name in zip(fields, names, strict=True):
        await app.type(field, name)
    await app.click("Start game")


KEYS = {"nil": "key-0", "blind_nil": "key-blind", "rest": "key-rest"}


async def pick(app, seat, value):
    """Pick a player's line, then the keypad key: a bid, "nil", "blind_nil",
    a trick count or "rest"."""
    await app.tap(f"player-{seat}")
    await app.tap(KEYS.get(value, f"key-{value}"))


async def enter_hand(app, bids, tricks):
    """Bids and tricks by seat (each picked first, so any order works)."""
    await app.click("Enter hand")
    for seat, bid in enumerate(bids):
        await pick(app, seat, bid)
    await app.click("Next: tricks")
    for seat, count in enumerate(tricks):
        await pick(app, seat, count)
    await app.click("Save hand")


def test_home_has_a_new_game_button_and_empty_text(store):
    async def go():
        app = await open_app(store)
        assert app.button("New game") is not None
        assert any("No games yet" in t for t in app.texts())

    run(go())


def test_setup_errors_show_at_the_fields(store):
    async def go():
        app = await open_app(store)
        await app.click("New game")
        await app.click("Start game")
        fields = [
            c
            for c in app.walk()
            if isinstance(c, ft.TextField) and c.visible and str(c.label)[:1].isdigit()
        ]
        assert [f.error for f in fields] == [f"Player {n} needs a name" for n in (3, 2, 4, 1)]
        assert app.page.route == "/new"

    run(go())


def test_playing_a_hand_updates_the_scoreboard(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        assert app.page.route.startswith("/game/")
        await enter_hand(app, [4, 3, "nil", 4], [4, 3, 2, 4])
        assert app.hook("score-0").value == "-58" and app.hook("score-1").value == "70"
        assert app.has("summary") and app.has("hand-1")
        assert "Bags 2 of 10" in app.hook("bags-0").value
        assert plain(app.hook("turn").value) == "Hand 2 · Dealer: Beth · Bids first: Charlie"

    run(go())


def test_hand_entry_shows_contracts_tricks_left_and_preview(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await app.click("Enter hand")
        await pick(app, 0, 4)
        await pick(app, 2, 2)
        assert plain(app.hook("contracts").value) == "Alex + Charlie: bid 6  ·  Beth + David: bid -"
        await pick(app, 1, "blind_nil")
        assert app.has("blind-nil-reminder")
        await app.click("Next: tricks")
        assert app.hook("error-3").value == "No bid yet: David"
        await pick(app, 3, 5)
        await app.click("Next: tricks")
        assert app.hook("tricks-left").value == "13 tricks left of 13"
        await pick(app, 0, 6)
        assert app.hook("tricks-left").value == "7 tricks left of 13"
        assert not app.has("preview")
        await pick(app, 3, "rest")
        assert app.hook("tricks-left").value == "0 tricks left of 13" and app.has("preview")
        await pick(app, 3, 6)
        assert app.hook("tricks-left").value == "1 trick left of 13"

    run(go())


def taps(app):
    """Count the taps a person makes: every event sent through the app."""
    count = [0]
    event = app.event

    async def counted(control, name, data=None, **props):
        count[0] += 1
        await event(control, name, data, **props)

    app.event = counted
    return count


def test_a_four_player_hand_takes_ten_taps_plus_save(store):
    """One tap per bid and per trick count, each moving to the next player in
    bidding order; Rest gives the last player what is left."""

    async def go():
        app = await open_app(store)
        await new_game(app)
        count = taps(app)
        await app.click("Enter hand")
        order = [1, 2, 3, 0]  # Alex deals: Beth bids first
        assert app.tagged("player-1").selected
        for seat, bid in zip(order, [3, "nil", 4, 5], strict=True):
            assert app.tagged(f"player-{seat}").selected, seat
            await app.tap(KEYS.get(bid, f"key-{bid}"))
        await app.click("Next: tricks")
        for tricks in (3, 0, 4):
            await app.tap(f"key-{tricks}")
        assert app.tagged("key-rest").label == "Rest to \u2068Alex\u2069 (6 tricks)"
        await app.tap("key-rest")
        assert count[0] == 10
        await app.click("Save hand")
        assert [app.hook(f"score-{s}").value for s in (0, 1)] == ["151", "70"]

    run(go())


def test_rest_is_off_when_the_others_took_too_many(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await app.click("Enter hand")
        for seat in range(4):
            await pick(app, seat, 3)
        await app.click("Next: tricks")
        await pick(app, 1, 13)
        await pick(app, 2, 1)
        await app.tap("player-0")
        rest = app.tagged("key-rest")
        assert rest.disabled and plain(rest.label) == "Rest to Alex (0 tricks)"
        await pick(app, 2, 0)  # 13 taken by the others: Rest may give Alex none
        await app.tap("player-0")
        assert not app.tagged("key-rest").disabled

    run(go())


def test_a_side_bidding_more_than_13_is_warned_not_refused(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await app.click("Enter hand")
        for seat, bid in enumerate((7, 3, 7, 3)):
            await pick(app, seat, bid)
        texts = [plain(t) for t in app.texts()]
        assert (
            "Alex + Charlie: bid 14, more than the 13 tricks of a hand: the side will be set. "
            "Tap a player to change a bid." in texts
        )
        assert not any(t.startswith("Bids add up to") for t in texts), "said once, for the side"
        await app.click("Next: tricks")
        assert app.has("tricks-left")

    run(go())


def test_keys_and_players_say_whose_they_are(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await app.click("Enter hand")
        assert plain(app.tagged("key-0").label) == "Nil for Beth"
        assert plain(app.tagged("key-blind").label) == "Blind nil for Beth"
        assert plain(app.tagged("key-4").label) == "4 for Beth"
        assert plain(app.tagged("player-1").label) == "Bid for Beth"
        await app.tap("key-4")
        assert app.tagged("player-2").selected and not app.tagged("player-1").selected
        await app.tap("player-1")
        assert app.tagged("key-4").selected and not app.tagged("key-5").selected
        await app.click("Next: tricks")
        assert app.hook("error-0").value == "No bid yet: Alex"

    run(go())


def test_cancel_and_back_ask_before_a_hand_is_lost(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        game_route = app.page.route
        await app.click("Enter hand")
        await app.click("Cancel")  # nothing entered: no question
        assert app.page.route == game_route
        await app.click("Enter hand")
        await app.tap("key-3")
        await app.click("Cancel")
        assert app.button("Keep entering") and app.page.route.endswith("/hand")
        await app.click("Keep entering")
        assert app.hook("bid-1").value == "3"
        await app.route(game_route)  # the browser's Back button
        assert app.page.route.endswith("/hand"), "the hand stays until answered"
        await app.click("Stop entering")
        assert app.page.route == game_route and store.draft(game_route.split("/")[2]) is None

    run(go())


def test_a_question_says_whether_a_saved_hand_is_touched_and_fills_the_safe_answer(store):
    """Cancel on a new hand and on an edit of a saved one: each question says
    which it is, and the filled button keeps what was entered."""

    async def go():
        app = await open_app(store)
        await new_game(app)
        await app.click("Enter hand")
        await app.tap("key-3")
        await app.click("Cancel")
        new = next(c for c in app.walk() if isinstance(c, ft.AlertDialog) and c.open)
        assert str(new.title.value) == "Stop entering hand 1?"
        assert [type(b).__name__ for b in new.actions] == ["OutlinedButton", "FilledButton"]
        assert [str(b.content) for b in new.actions] == ["Stop entering", "Keep entering"]
        await app.click("Stop entering")
        await enter_hand(app, [4, 3, "nil", 4], [4, 3, 2, 4])
        await app.click("Edit hand 1")
        await app.tap("player-1")
        await app.tap("key-5")
        await app.click("Cancel")
        edit = next(c for c in app.walk() if isinstance(c, ft.AlertDialog) and c.open)
        assert str(edit.title.value) == "Stop editing hand 1?"
        assert "The saved hand stays as it was" in str(edit.content.value)
        assert [str(b.content) for b in edit.actions] == ["Stop editing", "Keep editing"]
        assert isinstance(edit.actions[1], ft.FilledButton)

    run(go())


def test_reload_mid_hand_restores_the_draft(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await app.click("Enter hand")
        await app.tap("key-3")
        again = await open_app(store, route=app.page.route)
        assert again.hook("bid-1").value == "3"

    run(go())


def test_two_tabs_see_each_others_hands(store):
    async def go():
        hub = PubSubHub(loop=asyncio.get_running_loop())
        phone = await open_app(store, hub)
        await new_game(phone)
        laptop = await open_app(store, hub, route=phone.page.route)
        await enter_hand(phone, [3, 3, 3, 3], [4, 3, 3, 3])
        await until(lambda: laptop.hook("score-0").value == "61")
        await laptop.settle()

    run(go())


def test_closed_tabs_stop_following_the_game(store, caplog, recwarn):
    async def go():
        hub = PubSubHub(loop=asyncio.get_running_loop())
        phone = await open_app(store, hub)
        await new_game(phone)
        closed = [await open_app(store, hub, route=phone.page.route) for _ in range(2)]
        for tab in closed:
            await tab.session.disconnect(60)
        await enter_hand(phone, [3, 3, 3, 3], [4, 3, 3, 3])
        await enter_hand(phone, [3, 3, 3, 3], [4, 3, 3, 3])
        assert phone.hook("score-0").value == "122"
        back = closed[0]  # the same tab reconnects (a reload): it catches up and follows again
        await back.session.connect(back.conn)
        await until(lambda: back.hook("score-0").value == "122")
        await enter_hand(phone, [3, 3, 3, 3], [4, 3, 3, 3])
        await until(lambda: back.hook("score-0").value == "183")
        await back.settle()

    caplog.set_level("DEBUG")
    run(go())
    problems = [r for r in caplog.records if r.levelno >= 30 or r.exc_info]
    assert problems == [], [r.getMessage() for r in problems]
    assert [str(w.message) for w in recwarn if "never awaited" in str(w.message)] == []


def test_history_view_lists_and_filters(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await app.click("History")
        assert app.hook("history-count").value == "1 game"
        await app.event(app.hook("history-player"), "submit", value="nobody")
        assert app.hook("history-count").value == "0 games"

    run(go())


def test_edit_and_undo_from_the_scoreboard(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await enter_hand(app, [3, 3, 3, 3], [4, 3, 3, 3])
        await app.click("Edit hand 1")
        assert app.page.route.endswith("/hand")
        await app.click("Next: tricks")
        await pick(app, 0, 3)
        await pick(app, 1, 4)
        await app.click("Save hand")
        assert app.hook("score-1").value == "61"
        await app.click("Undo last hand")
        assert app.hook("score-1").value == "61", "asks first"
        await app.click("Keep it")
        assert app.hook("score-1").value == "61"
        await app.click("Undo last hand")
        await app.click("Remove hand 1")
        assert app.hook("score-1").value == "0" and app.has("message")

    run(go())


def test_the_sheet_shows_recent_hands_then_all(store):
    async def go():
        saved = store.create(factories.game(*[factories.hand([2, 2, 2, 2], [4, 3, 3, 3])] * 11))
        app = await open_app(store, route=f"/game/{saved.id}")
        assert app.has("hand-11") and app.has("hand-2") and not app.has("hand-1")
        await app.click("Show all 11 hands")
        assert app.has("hand-1")

    run(go())


def test_game_detail_shows_every_hand_and_the_chart(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await enter_hand(app, [4, 3, "nil", 4], [4, 3, 2, 4])
        await enter_hand(app, [3, 3, 3, 3], [4, 3, 3, 3])
        game_id = app.page.route.split("/")[2]
        await app.click("History")
        await app.click(app.tagged(f"history-{game_id}").content.content)
        assert app.page.route == f"/review/{game_id}"
        assert app.has("chart") and app.has("detail-1") and app.has("detail-2")
        texts = [plain(t) for t in app.texts()]
        assert "Charlie: nil failed (2 tricks, +2 as bags)" in texts
        assert any("bags 2, 2 carried" in t for t in texts)
        await app.click("Delete game")
        assert app.has("confirm-delete")
        await app.click("Delete")
        assert app.page.route == "/history" and app.hook("history-count").value == "0 games"
        await app.click("Undo delete")
        assert app.page.route == f"/review/{game_id}"

    run(go())


def test_a_finished_game_opens_its_score_sheet_from_its_detail_to_fix_a_hand(store):
    """A wrong last hand found after the game ended: the detail leads to the score
    sheet, where Undo takes the hand back and the game is in progress again."""
    won = factories.hand([7, 2, 4, 1], [7, 2, 4, 0])
    done = store.create(factories.game(won, rules=RuleSet(target=100)))

    async def go():
        app = await open_app(store, route=f"/review/{done.id}")
        with pytest.raises(AssertionError, match="no button 'Resume'"):
            app.button("Resume")
        await app.click("Open score sheet")
        assert app.page.route == f"/game/{done.id}"
        await app.click("Undo last hand")
        await app.click("Remove hand 1")
        assert "The game is in progress again." in app.hook("message").content.value
        assert store.get(done.id).game.hands == ()

    run(go())


def test_a_bad_house_rule_folded_away_is_named_by_its_field(store):
    """Rules changed, then "Change house rules" switched off: the message under
    the form says which field to unfold and fix."""

    async def go():
        app = await open_app(store)
        await app.click("New game")
        customize = next(
            c for c in app.walk() if isinstance(c, ft.Switch) and c.label == "Change house rules"
        )
        await app.event(customize, "change", value=True)
        target = next(
            c for c in app.walk() if isinstance(c, ft.TextField) and c.label == "Points to win"
        )
        await app.type(target, "0")
        await app.event(customize, "change", value=False)
        await app.click("Start game")
        assert app.hook("error-rules").value == (
            "Points to win: '0' is not a whole number from 1 to 100,000: type one"
        )

    run(go())


def test_each_sides_bid_reads_as_it_forms(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await app.click("Enter hand")

        def contracts():
            return plain(app.hook("contracts").value).split("  ·  ")

        assert contracts() == ["Alex + Charlie: bid -", "Beth + David: bid -"]
        await pick(app, 0, "nil")
        await pick(app, 1, 3)
        # nothing is said for a side before the partner has bid
        assert contracts() == ["Alex: nil; Charlie: not yet", "Beth: 3; David: not yet"]
        await pick(app, 2, "blind_nil")
        await pick(app, 3, 4)
        assert contracts() == ["Alex + Charlie: bid nil + blind nil", "Beth + David: bid 7"]
        await pick(app, 2, 5)
        assert contracts() == ["Alex + Charlie: bid 5", "Beth + David: bid 7"]

    run(go())


def test_a_side_whose_partner_has_not_bid_says_only_what_was_bid(store):
    async def go():
        app = await open_app(store)
        await new_game(app, ("Ann", "Ben", "Cy", "Dee"))
        await app.click("Enter hand")
        await pick(app, 1, "blind_nil")
        side = plain(app.hook("contracts").value).split("  ·  ")[1]
        assert side == "Ben: blind nil; Dee: not yet"
        await pick(app, 3, 2)
        assert plain(app.hook("contracts").value).split("  ·  ")[1] == "Ben + Dee: bid 2"

    run(go())


def test_the_win_is_announced_once(store):
    from dataclasses import replace

    game = store.create(replace(factories.game(), rules=RuleSet(target=100)))

    async def go():
        app = await open_app(store, route=f"/game/{game.id}")
        await enter_hand(app, [7, 2, 4, 1], [7, 2, 4, 0])
        wins = [t for t in map(plain, app.texts()) if "110 to -30" in t]
        assert len(wins) == 1 and "Alex + Charlie" in wins[0], wins
        assert app.has("summary") and app.has("outcome")

    run(go())


def test_statistics_screen(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await enter_hand(app, [4, 3, "nil", 4], [4, 3, 2, 4])
        await app.click("History")
        await app.click("Statistics")
        assert app.page.route == "/stats"
        assert app.has("row-Alex") and not app.has("win-chart"), "no finished game yet"
        assert not app.has("player-Alex")  # the details are a tap away
        await app.tap("row-Charlie")
        assert app.has("player-Charlie")
        assert any("Nil 0 of 1 (0%)" in t for t in app.texts())

    run(go())


def test_home_deletes_a_game_in_progress_with_undo_and_reaches_statistics(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        game_id = app.page.route.split("/")[2]
        await app.click("Home")
        assert app.has(f"resume-{game_id}")
        await app.tap(f"delete-{game_id}")
        assert not app.has(f"resume-{game_id}") and app.hook("message").content.value == (
            "Game deleted."
        )
        await app.click("Undo delete")
        assert app.has(f"resume-{game_id}") and app.page.route == "/"
        await app.click("Statistics")
        assert app.page.route == "/stats"

    run(go())


def test_undo_delete_goes_away_by_itself(store, monkeypatch):
    from scorekeeper.ui import state

    monkeypatch.setattr(state, "UNDO_SECONDS", 0.5)

    def undo_offered(app):
        return any(getattr(c, "content", None) == "Undo delete" for c in app.walk())

    async def go():
        app = await open_app(store)
        await new_game(app)
        first = app.page.route.split("/")[2]
        await app.click("Home")
        await new_game(app, ("Ann", "Ben", "Cy", "Dee"))
        second = app.page.route.split("/")[2]
        await app.click("Home")
        await app.tap(f"delete-{first}")
        assert undo_offered(app) and "Game deleted." in app.texts()
        await until(lambda: not undo_offered(app))
        assert "Game deleted." not in app.texts() and app.has(f"resume-{second}")
        await app.tap(f"delete-{second}")  # a later delete gets its own time
        assert undo_offered(app)
        await until(lambda: not undo_offered(app))

    run(go())


def test_share_shows_both_links_as_text_and_qr_and_resets(store):
    from tests.inprocess import FakeKeeper

    async def go():
        keeper = FakeKeeper()
        app = await open_app(store, keeper=keeper)
        await app.tap("share")
        assert app.page.route == "/share"
        texts = app.texts()
        assert keeper.watch_link() in texts
        assert keeper.keeper_link() not in texts  # shown on request only
        images = [c for c in app.walk() if isinstance(c, ft.Image)]
        assert len(images) == 1 and bytes(images[0].src).startswith(b"\x89PNG")
        await app.click("Show the keeper link")
        assert keeper.keeper_link() in app.texts()
        assert len([c for c in app.walk() if isinstance(c, ft.Image)]) == 2
        await app.click("Log out every other device")
        await app.click("Yes, make new links")
        assert keeper.resets == 1
        assert any("every other device is logged out" in t for t in app.texts())
        assert keeper.watch_link() in app.texts()  # the new links

    run(go())


def test_each_link_on_share_has_a_copy_button(store):
    from flet.messaging.protocol import MessageAction

    from tests.inprocess import FakeKeeper

    def copied(app):
        return [
            m.body.args["data"]
            for m in app.conn.messages
            if m.action == MessageAction.INVOKE_METHOD
            and m.body.name == "set"
            and "data" in m.body.args
        ]

    async def go():
        keeper = FakeKeeper()
        app = await open_app(store, keeper=keeper)
        await app.tap("share")
        assert not app.has("copy-keeper-link"), "the keeper link is hidden at first"
        await app.tap("copy-watch-link")
        assert copied(app) == [keeper.watch_link()]
        assert app.hook("message").content.value == "Watch link copied."
        await app.click("Show the keeper link")
        await app.tap("copy-keeper-link")
        assert copied(app)[-1] == keeper.keeper_link()
        assert app.hook("message").content.value == "Keeper link copied."

    run(go())


def test_two_player_setup_and_hand_speak_of_drawing(store):
    async def go():
        app = await open_app(store)
        await app.click("New game")
        await app.event(
            next(c for c in app.walk() if isinstance(c, ft.SegmentedButton)),
            "change",
            ["two-player"],
            selected=["two-player"],
        )
        fields = [
            c
            for c in app.walk()
            if isinstance(c, ft.TextField) and str(c.label).startswith("Player")
        ]
        assert [f.label for f in fields] == ["Player 1", "Player 2"], "Player 1 above Player 2"
        texts = " ".join(app.texts())
        assert "opposite" not in texts and "draw first" in texts
        for field, name in zip(fields, ("Ana", "Ben"), strict=True):
            await app.type(field, name)
        await app.click("Start game")
        assert plain(app.hook("turn").value) == "Hand 1 · Draws first: Ana · Bids first: Ben"
        await app.click("Enter hand")
        assert any("Drew first: Ana · Bids first: Ben" in plain(t) for t in app.texts())
        assert not any("deal" in t for t in app.texts())
        await app.click("Cancel")
        await enter_hand(app, [5, "nil"], [12, 1])
        assert "Draws first next: Ben · Bids first: Ana" in [plain(t) for t in app.texts()]
        assert not any("deal" in t for t in app.texts())

    run(go())


def test_a_logged_out_keeper_page_acts_no_more(store):
    from tests.inprocess import FakeKeeper

    async def go():
        keeper = FakeKeeper()
        app = await open_app(store, keeper=keeper)
        keeper.allowed = False
        await app.click("New game")
        assert app.page.route == "/"
        assert keeper.changes == 0

    run(go())


def test_an_edit_that_would_end_the_game_early_says_what_to_do(store):
    async def go():
        even = factories.hand([3, 3, 3, 3], [4, 3, 3, 3])
        saved = store.create(factories.game(*[even] * 4, rules=RuleSet(target=200)))
        app = await open_app(store, route=f"/game/{saved.id}")
        await app.click("Edit hand 2")
        await pick(app, 0, "blind_nil")  # +200: the game would be won at hand 2
        await pick(app, 2, 4)
        await app.click("Next: tricks")
        for seat, tricks in enumerate((0, 4, 5, 4)):
            await pick(app, seat, tricks)
        await app.click("Save hand")
        assert app.hook("error-hand").value.startswith("With this change the game is won at hand 2")
        assert "delete hands 3-4 first" in app.hook("error-hand").value
        assert app.button("Cancel")

    run(go())


def test_side_names_show_instead_of_the_partners(store):
    async def go():
        app = await open_app(store)
        await app.click("New game")
        team = [
            c for c in app.walk() if isinstance(c, ft.TextField) and "(optional)" in str(c.label)
        ]
        assert [plain(str(t.label)) for t in team] == [
            "Name for South and North (optional)",
            "Name for West and East (optional)",
        ]
        await app.type(team[0], "Us")
        seats = sorted(
            (c for c in app.walk() if isinstance(c, ft.TextField) and str(c.label)[:1].isdigit()),
            key=lambda f: str(f.label),
        )
        for field, name in zip(seats, ("Alex", "Beth", "Charlie", "David"), strict=True):
            await app.type(field, name)
        await app.click("Start game")
        assert plain(app.tagged("side-0").label) == "Us (Alex and Charlie): 0, bags 0 of 10"
        assert plain(app.hook("players-0").value) == "Alex + Charlie", "who is in Us"
        assert plain(app.tagged("side-1").label) == "Beth and David: 0, bags 0 of 10"
        assert not app.has("players-1"), "a side named by its players says them once"
        saved = store.get(app.page.route.split("/")[2])
        assert saved.game.team_names == ("Us", "")

    run(go())


def test_game_cards_name_the_sides_as_the_scoreboard_does(store):
    """A side with a name shows it on the Home and History cards, as on the
    scoreboard; a side without one shows its partners."""
    from dataclasses import replace

    named = replace(factories.game(), team_names=("Us", ""))
    won = factories.hand([7, 2, 4, 1], [7, 2, 4, 0])  # 110 for Us, Beth and David set
    playing = store.create(named)
    done = store.create(replace(named, rules=RuleSet(target=100), hands=(won,)))

    def card_texts(app, identifier):
        card = app.tagged(identifier)
        return [plain(str(c.value)) for c in app.walk(card) if isinstance(c, ft.Text) and c.value]

    async def go():
        app = await open_app(store, route=f"/game/{playing.id}")
        assert plain(app.tagged("side-0").label).startswith("Us (Alex and Charlie): 0")
        await app.click("Home")
        home = card_texts(app, f"resume-{playing.id}")
        assert home[:2] == ["Us   0", "Beth + David   0"], home
        recent = card_texts(app, f"recent-{done.id}")
        assert recent[:2] == ["Us   110", "Beth + David   -30"], recent
        assert "Winner: Us · 1 hand" in recent[2], recent
        await app.click("History")
        assert card_texts(app, f"history-{done.id}")[:2] == ["Us   110", "Beth + David   -30"]

    run(go())


def test_without_the_web_server_there_is_nothing_to_share(store):
    async def go():
        app = await open_app(store)
        assert not app.has("share")
        await app.route("/share")
        assert any("served to browsers" in t for t in app.texts())

    run(go())


def test_values_no_control_sends_get_a_message_not_a_traceback(store):
    async def go():
        app = await open_app(store)
        await app.session.dispatch_event(app.page._i, "route_change", 123)  # not a URL
        await app.settle()
        session = app.page.session
        state_session = next(
            h.__self__ for h in [app.page.on_route_change] if hasattr(h, "__self__")
        )
        await state_session.run(state_session.state.filter_history, None, "bogus")
        assert any("'bogus' is not a status" in t for t in app.texts())
        await state_session.run(state_session.state.set_name, 7, "Zed")  # no seat 7
        assert any(t.startswith("That did not work") for t in app.texts())
        assert session is app.page.session and app.conn.crashes() == []

    run(go())


def test_every_menu_is_a_button_named_by_its_label_and_choice(store):
    """Every menu is Flutter's DropdownButton (a node a screen reader's
    activation opens and the focus lands on: Material 3's DropdownMenu is
    neither), which draws its label and the option chosen into its name."""

    def named(app):
        assert not [c for c in app.walk() if isinstance(c, ft.Dropdown)]
        return {
            str(c.label): (str(c.label), chosen(c))
            for c in app.walk()
            if isinstance(c, ft.DropdownM2)
        }

    async def go():
        app = await open_app(store)
        assert named(app) == {
            "Language": ("Language", "English"),
            "Text size": ("Text size", "100%"),
        }
        await app.click("New game")
        assert named(app) == {
            "First dealer": ("First dealer", "1 · South"),
            "House rules": ("House rules", "Standard: 500, 10 bags"),
        }
        await app.event(app.hook("first-dealer"), "change", value="2")
        assert named(app)["First dealer"] == ("First dealer", "3 · North")
        await app.click("Home")
        await new_game(app)
        await enter_hand(app, [4, 3, "nil", 4], [4, 3, 2, 4])
        await app.click("History")
        assert named(app) == {"Status": ("Status", "All")}
        await app.click("Statistics")
        assert named(app) == {"Count": ("Count", None), "as": ("as", None)}

    run(go())


def test_a_refused_watch_route_is_forgotten_on_the_next_page_or_hand(store):
    from tests.inprocess import open_watch

    game = store.create(factories.game())

    async def go():
        board = await open_watch(store, "/live")
        await board.route("/new")
        assert board.has("message") and board.has("live-turn-0")
        await board.route("/live")  # back to the board
        assert not board.has("message")
        await board.route("/new")
        assert board.has("message")
        store.save(game.id, scored(replace(game.game, hands=(factories.EVEN,))), game.revision)
        board.board.changed()  # what a keeper's save announces
        await board.watcher.refresh()  # and what every watcher then does
        assert not board.has("message") and board.has("live-turn-0")

    run(go())


def test_the_watch_pages_say_who_is_in_a_named_side(store):
    from tests.inprocess import open_watch

    saved = store.create(replace(factories.game(), team_names=("Us", "")))

    async def go():
        board = await open_watch(store, "/live")
        assert plain(board.hook("live-players-0-0").value) == "Alex + Charlie"
        assert not board.has("live-players-0-1")
        table = await open_watch(store, f"/live/{saved.id}", size=(1280, 800))
        assert plain(table.hook("table-players-0").value) == "Alex + Charlie"
        assert not table.has("table-players-1")

    run(go())


def test_an_imported_copy_is_told_apart_from_its_original(store):
    """A copy of a game stored again from a file (here without its id) is marked
    in History and on its detail with when it was imported; the original is not."""
    import json

    original = store.create(factories.game(factories.EVEN))

    def card_texts(app, identifier):
        card = app.tagged(identifier)
        return " ".join(str(c.value) for c in app.walk(card) if isinstance(c, ft.Text) and c.value)

    async def go():
        app = await open_app(store)
        session = app.page.on_route_change.__self__
        _name, data = session.state.export_data("json")
        records = json.loads(data)
        del records[0]["id"]
        await session.run(session.state.import_file, "copy.json", json.dumps(records).encode())
        assert "Imported 1 game from copy.json." in app.texts()
        copy = next(s for s in store.history().items if s.id != original.id)
        assert "imported" in card_texts(app, f"history-{copy.id}")
        assert "imported" not in card_texts(app, f"history-{original.id}")
        await app.route(f"/review/{copy.id}")
        assert plain(app.hook("detail-imported").value).startswith("Imported ")
        await app.route(f"/review/{original.id}")
        assert not app.has("detail-imported")

    run(go())


def test_the_table_display_has_a_way_back_and_a_portrait_layout(store):
    from tests.inprocess import open_watch

    saved = store.create(factories.game(factories.EVEN))

    async def go():
        tall = await open_watch(store, f"/live/{saved.id}", size=(400, 860))
        assert isinstance(tall.hook("table-sides"), ft.Column), "one side above the other"
        wide = await open_watch(store, f"/live/{saved.id}", size=(1280, 800))
        assert isinstance(wide.hook("table-sides"), ft.Row), "side by side in landscape"
        await wide.click(wide.hook("table-leave"))
        await until(lambda: wide.page.route == "/live" and wide.has("live-turn-0"))

    run(go())


def test_statistics_count_individual_wins_and_the_detail_shows_a_penalty(store):
    from scorekeeper.core.game import add_hand
    from scorekeeper.core.model import Adjustment, Bid, Game, Hand, Variant

    game = Game(Variant.CUTTHROAT, ("Ana", "Ben", "Cy"), rules=RuleSet(target=100))
    game = add_hand(game, Hand((Bid(6), Bid(6), Bid(4)), (6, 7, 4))).game
    fined = Hand((Bid(5), Bid(5), Bid(5)), (5, 7, 5), (Adjustment(0, -20, "renege"),))
    saved = store.create(game)
    store.save(saved.id, add_hand(game, fined), saved.revision)

    async def go():
        app = await open_app(store)
        await app.click("History")
        await app.click("Statistics")
        await app.tap("row-Ben")  # the details a tap away
        assert any("Playing alone: 1 · won 1 of 1 (100%)" in t for t in app.texts())
        assert not app.has("pairs"), "nobody had a partner"

    run(go())


def test_a_watchers_board_after_a_hand_is_a_change_of_its_figures_not_a_new_page(store):
    """Each watcher's page is drawn again after every save; Flet then sends
    only what changed (the scores, the turn) when the view keeps its key.
    A new view each time made twenty watchers cost twice as much."""
    import msgpack

    from tests.inprocess import ENCODE, open_watch

    saved = store.create(factories.game())

    async def go():
        board = await open_watch(store, "/live")
        score = board.hook("live-score-0-0")
        sent = len(board.conn.messages)
        store.save(saved.id, scored(replace(saved.game, hands=(factories.EVEN,))), saved.revision)
        board.board.changed()
        await board.watcher.refresh()
        assert plain(board.hook("live-score-0-0").value) == "61"
        assert board.hook("live-score-0-0")._i == score._i, "the same control, changed"
        [update] = board.conn.messages[sent:]
        assert b"Table display" not in msgpack.packb(update.body, default=ENCODE)
        await board.click("Table display")  # the kept button opens the game's table
        assert plain(board.hook("table-score-0").value) == "61"

    run(go())
