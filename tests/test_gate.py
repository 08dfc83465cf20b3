"""The gate's choices, in process (no browser, no server): which page each
route gets, what the keeper's pass allows, and the links it hands out."""

import asyncio
import logging
from typing import Any

from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.storage.store import GameStore
from scorekeeper.web.gate import Access, KeeperPass, Links, make_web_main
from tests.inprocess import App
from tests.test_broadcast import open_gate
from tests.test_ui_views import until


def test_a_route_without_a_link_gets_the_closed_door(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access = Access(store, Links(["http://127.0.0.1:8550"]))
            main = make_web_main(store, access)
            hub = PubSubHub(loop=asyncio.get_running_loop())
            app = await open_gate(main, hub, "/history")
            assert app.has("closed-door")
            assert "This scoreboard is private." in app.texts()
            assert app.conn.crashes() == []

    asyncio.run(go())


async def gate(store: GameStore, route: str) -> tuple[Access, Any, App]:
    access = Access(store, Links(["http://192.168.1.20:8550/", "http://127.0.0.1:8550"]))
    main = make_web_main(store, access)
    app = await open_gate(main, PubSubHub(loop=asyncio.get_running_loop()), route)
    return access, main, app


def test_links_are_made_on_the_first_address_for_the_current_keys(tmp_path):
    with GameStore(tmp_path) as store:
        access = Access(store, Links(["http://192.168.1.20:8550/", "http://127.0.0.1:8550"]))
        keys = access.keys
        assert access.links.keeper(keys) == "http://192.168.1.20:8550" + keys.keeper_path()
        assert access.links.watch(keys) == "http://192.168.1.20:8550" + keys.watch_path()


def test_the_keepers_pass_gives_the_links_and_new_keys_log_others_out(tmp_path, caplog):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, app = await gate(store, "/")
            old = access.keys
            mine = KeeperPass(access, app.page, old, main)
            other = KeeperPass(access, app.page, old, main)
            assert mine.keeper_link() == "http://192.168.1.20:8550" + old.keeper_path()
            assert mine.watch_link() == "http://192.168.1.20:8550" + old.watch_path()
            told: list[Any] = []
            app.page.pubsub.subscribe_topic("keys", lambda topic, message: told.append(message))
            with caplog.at_level(logging.WARNING, logger="scorekeeper.web.gate"):
                mine.reset_keys()
            new = access.keys
            assert new.keeper != old.keeper and new.generation == old.generation + 1
            assert (mine.secret, mine.new_secret) == (new.keeper, new.keeper)
            assert mine.may_act() and not other.may_act()
            assert mine.keeper_link() == "http://192.168.1.20:8550" + new.keeper_path()
            assert mine.watch_link() == "http://192.168.1.20:8550" + new.watch_path()
            await until(lambda: told == [new.generation])
            assert caplog.messages == ["keys reset from the app (127.0.0.1)"]

    asyncio.run(go())


def test_a_refused_keeper_page_meets_the_closed_door_saying_why(tmp_path, caplog):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, app = await gate(store, "/")
            stale = KeeperPass(access, app.page, access.keys, main)
            told: list[Any] = []
            app.page.pubsub.subscribe_topic("live", lambda topic, message: told.append(message))
            access.ring.reset()
            assert not stale.may_act()
            with caplog.at_level(logging.WARNING, logger="scorekeeper.web.gate"):
                await stale.refused()
                await stale.refused()  # said once in the log
            assert stale.out is True
            assert caplog.messages == ["a logged-out keeper page tried to act (127.0.0.1)"]
            await app.settle()
            assert app.has("closed-door")
            assert "This device was logged out: the keeper made new links." in app.texts()
            app.page.pubsub.send_all_on_topic("live", "anyone?")  # no longer listened to
            await app.settle()
            assert told == []
            assert stale.out and not stale.may_act()

    asyncio.run(go())


def test_a_closed_door_logs_routes_without_secrets_and_opens_with_a_link(tmp_path, caplog):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, _main, app = await gate(store, "/")
            assert app.has("closed-door")
            with caplog.at_level(logging.WARNING, logger="scorekeeper.web.gate"):
                await app.route("/history/" + "s" * 40)
            assert caplog.messages == ["a page without access asked for '/history/…': ignored"]
            assert app.has("closed-door")
            await app.route(access.keys.keeper_path())
            assert not app.has("closed-door")
            assert app.page.on_resize is None
            assert app.conn.crashes() == []

    asyncio.run(go())
