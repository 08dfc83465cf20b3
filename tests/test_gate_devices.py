"""The gate with devices as they come: a storage that never answers, a
watcher who speaks another language, a prepared web client's fonts, wrong
keys counted per address, and pages logged out that open again with the new
link. In process, no browser."""

import asyncio
import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.core.game import new_game as new_game_of
from scorekeeper.core.model import Variant
from scorekeeper.storage.store import GameStore
from scorekeeper.ui import fletparts
from scorekeeper.ui.device import LANGUAGE_COOKIE, LANGUAGE_KEY
from scorekeeper.ui.fonts import ARABIC_FAMILY, lean_fonts
from scorekeeper.ui.webclient import WebClient
from scorekeeper.web import gate
from scorekeeper.web.access import Throttle, reset_keys
from scorekeeper.web.gate import (
    SECRET_KEY,
    Access,
    KeeperPass,
    Links,
    ignored_route,
    make_web_main,
)
from scorekeeper.web.upload import Uploads
from tests.inprocess import LoopbackConnection
from tests.test_gate import enter, served
from tests.test_ui_views import new_game, until

ADDRESS = "10.0.0.7"  # the address `enter` gives every page


class SilentStorage(LoopbackConnection):
    """A device whose storage never answers the calls named in `silent`."""

    silent: frozenset[str] = frozenset()

    def _answer(self, body: Any) -> None:
        assert self.session is not None
        control = self.session.index.get(body.control_id)
        if isinstance(control, ft.SharedPreferences) and body.name in self.silent:
            return
        super()._answer(body)


def gate_log(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "scorekeeper.web.gate"]


@pytest.mark.parametrize(
    ("silent", "stored", "link", "opens", "said"),
    [
        ({"get"}, None, False, False, "could not read the stored key: TimeoutError()"),
        ({"set"}, None, True, True, "could not store the key: TimeoutError()"),
        ({"remove"}, "w" * 43, False, False, "could not store the key: TimeoutError()"),
    ],
)
def test_a_device_storage_that_never_answers_costs_a_moment_not_the_page(
    tmp_path, monkeypatch, caplog, silent, stored, link, opens, said
):
    monkeypatch.setattr(gate, "STORAGE_TIMEOUT", 0.05)
    monkeypatch.setattr(SilentStorage, "silent", frozenset(silent))

    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            route = access.keys.keeper_path() if link else "/"
            with caplog.at_level(logging.INFO, logger="scorekeeper.web.gate"):
                async with asyncio.timeout(4):  # the storage's wait has its limit
                    device = SilentStorage(hub)
                    app = await enter(main, hub, route, {SECRET_KEY: stored}, device)
            assert app.has("closed-door") is not opens
            assert seen == ([app.page] if opens else [])
            assert said in gate_log(caplog)
            assert app.conn.crashes() == []

    asyncio.run(go())


def test_a_watcher_logged_out_keeps_its_language_and_opens_again_with_the_new_link(
    tmp_path, caplog
):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            watcher = await enter(main, hub, access.keys.watch_path(), {LANGUAGE_KEY: "he"})
            assert watcher.page.rtl is True
            keeper = await enter(main, hub, access.keys.keeper_path())
            with caplog.at_level(logging.INFO, logger="scorekeeper.web.gate"):
                KeeperPass(access, keeper.page, access.keys, main).reset_keys()
                await until(lambda: watcher.has("closed-door"))
            assert f"a watcher page was logged out ({ADDRESS})" in gate_log(caplog)
            assert watcher.page.rtl is True, "the closed door in the watcher's language"
            assert "Ask the keeper" not in watcher.texts()
            await watcher.route(access.keys.watch_path())
            await until(lambda: not watcher.has("closed-door"))
            assert seen == [keeper.page]

    asyncio.run(go())


def test_a_keeper_page_logged_out_opens_again_with_the_new_link(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            keeper = await enter(main, hub, access.keys.keeper_path())
            other = await enter(main, hub, access.keys.keeper_path())
            KeeperPass(access, other.page, access.keys, main).reset_keys()
            await until(lambda: keeper.has("closed-door"))
            await keeper.route(access.keys.keeper_path())
            await until(lambda: not keeper.has("closed-door"))
            assert seen == [keeper.page, other.page, keeper.page]

    asyncio.run(go())


def test_a_watcher_moving_between_boards_stays_the_same_watcher(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            watcher = await enter(main, hub, access.keys.watch_path())
            following = watcher.page.on_route_change
            await watcher.route("/nowhere")
            assert watcher.page.on_route_change == following, "not through the door again"
            assert "'/nowhere' is not a page of the watch link." in watcher.texts()
            await watcher.route("/live")
            assert watcher.page.on_route_change == following
            assert "'/nowhere' is not a page of the watch link." not in watcher.texts()
            assert seen == [] and not watcher.has("closed-door")

    asyncio.run(go())


def test_wrong_keys_are_counted_against_the_address_that_sent_them(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, _seen = served(store)
            app = await enter(main, hub, "/key/" + "w" * 43)
            assert app.has("closed-door")
            assert access.throttle.delay(ADDRESS) > 0
            assert access.throttle.delay("") == 0

    asyncio.run(go())


def test_an_empty_route_with_a_remembered_key_opens_the_home_screen(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            app = await enter(main, hub, "", {SECRET_KEY: access.keys.keeper})
            assert seen == [app.page]
            assert app.page.route == "/"
            assert app.conn.crashes() == []

    asyncio.run(go())


def test_a_prepared_web_client_gives_every_page_its_fonts(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path / "games") as store:
            access = Access(store, Links(["http://192.168.1.20:8550"]))
            web = WebClient(Path(tmp_path / "client"), "v1", {})
            main = make_web_main(store, access, web)
            hub = PubSubHub(loop=asyncio.get_running_loop())
            fonts, waiting = lean_fonts("/c/v1/")
            closed = await enter(main, hub, "/")
            assert closed.page.fonts == fonts
            keeper = await enter(main, hub, access.keys.keeper_path())
            assert keeper.page.fonts == fonts
            await new_game(keeper, ("سالم", "Beth", "Charlie", "David"))
            watcher = await enter(main, hub, access.keys.watch_path())
            assert watcher.page.fonts == {**fonts, ARABIC_FAMILY: waiting[ARABIC_FAMILY]}

    asyncio.run(go())


def test_a_closed_door_speaks_the_browsers_language(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            _access, main, hub, _seen = served(store)
            conn = LoopbackConnection(hub)
            browser = SimpleNamespace(cookies={LANGUAGE_COOKIE: "he"}, headers={})
            setattr(conn, fletparts.WEBSOCKET, browser)
            app = await enter(main, hub, "/", connection=conn)
            assert app.has("closed-door") and app.page.rtl is True
            assert "Ask the keeper" not in app.texts()

    asyncio.run(go())


def test_the_server_keeps_the_throttle_it_is_given(tmp_path):
    with GameStore(tmp_path) as store:
        throttle = Throttle(base=1.0)
        assert Access(store, Links(["http://127.0.0.1:8550"]), throttle).throttle is throttle
        assert isinstance(Access(store, Links(["http://127.0.0.1:8550"])).throttle, Throttle)


def test_a_route_change_without_a_route_is_logged_and_ignored(tmp_path, caplog):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            _access, main, hub, seen = served(store)
            app = await enter(main, hub, "/")
            with caplog.at_level(logging.WARNING, logger="scorekeeper.web.gate"):
                await app.page.on_route_change(SimpleNamespace(page=app.page))
                await ignored_route(SimpleNamespace())
            assert gate_log(caplog) == ["a page without access asked for 'None': ignored"] * 2
            assert app.has("closed-door") and seen == []

    asyncio.run(go())


@pytest.mark.parametrize(("length", "opens"), [(1999, True), (2000, False)])
def test_a_closed_door_reads_links_up_to_two_thousand_characters(tmp_path, length, opens):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, _seen = served(store)
            app = await enter(main, hub, "/")
            route = access.keys.watch_path() + "?"
            await app.route(route + "x" * (length - len(route)))
            assert app.has("closed-door") is not opens

    asyncio.run(go())


def test_links_keep_a_base_address_as_it_is_but_its_last_slash(tmp_path):
    with GameStore(tmp_path) as store:
        keys = Access(store, Links(["http://GAMEBOX/"])).keys
        links = Links(["http://GAMEBOX/", "http://127.0.0.1:8550"])
        assert links.keeper(keys) == "http://GAMEBOX" + keys.keeper_path()
        assert links.watch(keys) == "http://GAMEBOX" + keys.watch_path()


def test_a_refused_keeper_page_is_logged_the_first_time(tmp_path, caplog):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, _seen = served(store)
            app = await enter(main, hub, "/")
            stale = KeeperPass(access, app.page, access.keys, main)
            access.ring.reset()
            with caplog.at_level(logging.WARNING, logger="scorekeeper.web.gate"):
                await stale.refused()
            assert gate_log(caplog) == [f"a logged-out keeper page tried to act ({ADDRESS})"]

    asyncio.run(go())


def test_the_board_shows_a_keepers_save_as_it_was_scored_not_read_again(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, _seen = served(store)
            app = await enter(main, hub, access.keys.keeper_path())
            saved = store.create(
                new_game_of(Variant.PARTNERSHIP, ("Alex", "Beth", "Charlie", "David"))
            )
            read: list[str] = []
            get = store.get

            def counted(game_id: str) -> Any:
                read.append(game_id)
                return get(game_id)

            store.get = counted  # type: ignore[method-assign]
            KeeperPass(access, app.page, access.keys, main).changed(saved)
            (game,) = access.board.games()
            assert read == [] and "Alex" in str(game)

    asyncio.run(go())


def test_a_failing_handler_tells_the_page_in_its_own_words_only(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            _access, main, hub, _seen = served(store)
            app = await enter(main, hub, "/")
            app.page.session.error("Traceback: boom")
            said = [m.body.message for m in app.conn.messages if hasattr(m.body, "message")]
            assert said == ["Something went wrong on the server (it was logged). Reload the page."]

    asyncio.run(go())


def test_the_keepers_app_gets_the_servers_upload_route(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access = Access(store, Links(["http://127.0.0.1:8550"]))
            uploads = Uploads(seconds=1.0)
            main = make_web_main(store, access, uploads=uploads)
            hub = PubSubHub(loop=asyncio.get_running_loop())
            app = await enter(main, hub, access.keys.keeper_path())
            await app.route("/history")
            app.conn.answers["pick_files"] = [{"id": 0, "name": "g.json", "size": 2}]
            tapped = asyncio.ensure_future(app.click("Import"))  # waits for the file
            await until(lambda: bool(uploads.slots))
            for slot in list(uploads.slots.values()):
                uploads.close(slot)
            await tapped

    asyncio.run(go())


def test_a_keeper_link_in_a_watchers_tab_leaves_no_board_behind(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            watcher = await enter(main, hub, access.keys.watch_path())
            await watcher.route(access.keys.keeper_path())
            await until(lambda: seen == [watcher.page])
            assert not any("is not a page of the watch link" in t for t in watcher.texts())
            assert watcher.conn.crashes() == []

    asyncio.run(go())


def test_a_watcher_whose_keys_were_reset_elsewhere_is_logged_out_at_its_next_step(tmp_path):
    """Keys reset from the command line: no word reaches the page, its next
    route change finds the door closed."""

    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, _seen = served(store)
            watcher = await enter(main, hub, access.keys.watch_path())
            reset_keys(store.folder, after=access.keys.generation)
            await watcher.route("/nowhere")
            await until(lambda: watcher.has("closed-door"))
            assert watcher.conn.crashes() == []

    asyncio.run(go())
