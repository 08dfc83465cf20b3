"""Each view rendered by a real Flet session in-process, driven by events."""

import asyncio

import flet as ft
import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.storage.store import GameStore
from tests.inprocess import open_app


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def plain(text):
    """Text without the isolate marks around names."""
    return text.replace("\u2068", "").replace("\u2069", "")


def run(coro):
    return asyncio.run(coro)


async def new_game(app, names=("Alex", "Beth", "Charlie", "David")):
    await app.click("New game")
    fields = sorted(
        (
            c
            for c in app.walk()
            if isinstance(c, ft.TextField) and c.visible and "·" in str(c.label)
        ),
        key=lambda f: str(f.label),
    )  # "1 · South", ...
    for field, name in zip(fields, names, strict=True):
        await app.type(field, name)
    await app.click("Start game")


async def enter_hand(app, bids, tricks):
    await app.click("Enter hand")
    for seat, bid in enumerate(bids):
        if bid == "nil":
            await app.tap(f"nil-{seat}")
        elif bid == "blind_nil":
            await app.tap(f"blind-nil-{seat}")
        else:
            await app.tap(f"bid-plus-{seat}", bid)
    await app.click("Next: tricks")
    for seat, count in enumerate(tricks):
        await app.tap(f"tricks-plus-{seat}", count)
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
            if isinstance(c, ft.TextField) and c.visible and "·" in str(c.label)
        ]
        assert [f.error for f in fields] == [f"player {n} needs a name" for n in (3, 2, 4, 1)]
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
        assert plain(app.hook("turn").value) == "Hand 2: Beth deals, Charlie bids first"

    run(go())


def test_hand_entry_shows_contracts_tricks_left_and_preview(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await app.click("Enter hand")
        await app.tap("bid-plus-0", 4)
        await app.tap("bid-plus-2", 2)
        assert plain(app.hook("contracts").value) == "Alex + Charlie bid 6  ·  Beth + David bid 0"
        await app.tap("blind-nil-1")
        assert app.has("blind-nil-reminder")
        await app.click("Next: tricks")
        assert app.hook("error-3").value == "David has not bid yet"
        await app.tap("bid-plus-3", 5)
        await app.click("Next: tricks")
        assert app.hook("tricks-left").value == "Tricks left: 13"
        await app.tap("tricks-plus-0", 6)
        assert app.hook("tricks-left").value == "Tricks left: 7"
        assert not app.has("preview")
        await app.tap("rest-3")
        assert app.hook("tricks-left").value == "Tricks left: 0" and app.has("preview")

    run(go())


def test_reload_mid_hand_restores_the_draft(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await app.click("Enter hand")
        await app.tap("bid-plus-0", 3)
        again = await open_app(store, route=app.page.route)
        assert again.hook("bid-0").value == "3"

    run(go())


def test_two_tabs_see_each_others_hands(store):
    async def go():
        hub = PubSubHub(loop=asyncio.get_running_loop())
        phone = await open_app(store, hub)
        await new_game(phone)
        laptop = await open_app(store, hub, route=phone.page.route)
        await enter_hand(phone, [3, 3, 3, 3], [4, 3, 3, 3])
        for _ in range(500):  # until the other tab has shown the saved hand
            await laptop.settle()
            if laptop.hook("score-0").value == "61":
                break
        assert laptop.hook("score-0").value == "61"

    run(go())


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
        await app.tap("tricks-minus-0")
        await app.tap("tricks-plus-1")
        await app.click("Save hand")
        assert app.hook("score-1").value == "61"
        await app.click("Undo last hand")
        assert app.hook("score-1").value == "0" and app.has("message")

    run(go())


def test_the_sheet_shows_recent_hands_then_all(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        for _ in range(11):
            await enter_hand(app, [2, 2, 2, 2], [4, 3, 3, 3])
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
        assert "Charlie's nil failed (2 tricks)" in texts
        assert any("bags 2, 2 carried" in t for t in texts)
        await app.click("Delete game")
        assert app.has("confirm-delete")
        await app.click("Delete")
        assert app.page.route == "/history" and app.hook("history-count").value == "0 games"
        await app.click("Undo delete")
        assert app.page.route == f"/review/{game_id}"

    run(go())


def test_statistics_screen(store):
    async def go():
        app = await open_app(store)
        await new_game(app)
        await enter_hand(app, [4, 3, "nil", 4], [4, 3, 2, 4])
        await app.click("History")
        await app.click("Statistics")
        assert app.page.route == "/stats"
        assert app.has("player-Alex") and not app.has("win-chart"), "no finished game yet"
        assert any("Nil 0 of 1 (0%)" in t for t in app.texts())

    run(go())
