"""The gate's choices, in process (no browser, no server): which page each
route gets, what the keeper's pass allows, and the links it hands out."""

import asyncio
import logging
from typing import Any

import flet as ft
import msgpack
import pytest
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.storage.store import GameStore
from scorekeeper.web.gate import (
    SECRET_KEY,
    Access,
    KeeperPass,
    Links,
    closed_door,
    ignored_route,
    make_web_main,
    no_tracebacks,
)
from tests.inprocess import ENCODE, App, LoopbackConnection
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


async def enter(
    main: Any,
    hub: PubSubHub,
    route: str,
    stored: dict[str, Any] | None = None,
    connection: LoopbackConnection | None = None,
) -> App:
    """A page entering through the gate at `route`, its device storage holding
    `stored` (over `connection`: a browser of another kind)."""
    conn = connection or LoopbackConnection(hub)
    conn.device_storage.update(stored or {})
    session = Session(conn)
    conn.session = session
    session.apply_page_patch({"route": route, "width": 400, "height": 860, "client_ip": "10.0.0.7"})
    msgpack.packb(session.get_page_patch(), default=ENCODE)  # the page as first sent
    await session.connect(conn)
    await main(session.page)
    await session.after_event(session.page)
    app = App(session, conn)
    await app.settle()
    return app


def storage_calls(app: App, name: str) -> list[Any]:
    return [
        m.body.args
        for m in app.conn.messages
        if m.action == MessageAction.INVOKE_METHOD
        and m.body.name == name
        and isinstance(app.conn.session.index.get(m.body.control_id), ft.SharedPreferences)
    ]


def served(store: GameStore) -> tuple[Access, Any, PubSubHub, list[Any]]:
    access = Access(store, Links(["http://192.168.1.20:8550"]))
    seen: list[Any] = []
    main = make_web_main(store, access, keeper_seen=seen.append)
    return access, main, PubSubHub(loop=asyncio.get_running_loop()), seen


def test_the_closed_door_is_one_centred_view_saying_whom_to_ask(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            _access, _main, app = await gate(store, "/")
            assert app.page.title == "Spades Scorekeeper"
            (view,) = app.page.views
            assert view.route == "/" and view.padding == 24
            assert view.vertical_alignment == ft.MainAxisAlignment.CENTER
            assert view.horizontal_alignment == ft.CrossAxisAlignment.CENTER
            icon, title, why, how = view.controls
            assert (icon.icon, icon.size) == (ft.Icons.LOCK_OUTLINE, 64)
            assert title.identifier == "closed-door"
            heading = title.content
            assert (heading.value, heading.size, heading.weight) == (
                "Ask the keeper",
                28,
                ft.FontWeight.BOLD,
            )
            assert (why.value, why.size, why.text_align) == (
                "This scoreboard is private.",
                18,
                ft.TextAlign.CENTER,
            )
            assert how.value == (
                "Whoever keeps the score can show you a link or a QR code on their Share "
                "screen: the watch link to follow the game, the keeper link to enter hands."
            )
            assert (how.size, how.text_align, how.width) == (16, ft.TextAlign.CENTER, 480)

    asyncio.run(go())


def test_the_closed_door_speaks_the_language_asked_for(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            _access, _main, app = await gate(store, "/")
            closed_door(app.page, logged_out=True, language="he")
            assert app.page.rtl is True
            assert app.page.locale_configuration.current_locale.language_code == "he"
            assert "Ask the keeper" not in app.texts()
            assert app.page.on_route_change is ignored_route, "without a door: no way back in"
            closed_door(app.page)
            assert app.page.rtl is False and "Ask the keeper" in app.texts()
            before = len(storage_calls(app, "set"))
            app.page.on_connect(None)  # a reload tells the boot screen again
            await app.settle()
            assert len(storage_calls(app, "set")) == before + 1

    asyncio.run(go())


def test_a_keeper_link_opens_the_app_and_is_remembered_on_the_device(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            app = await enter(main, hub, access.keys.keeper_path() + "?next=/history")
            assert not app.has("closed-door") and seen == [app.page]
            assert app.conn.device_storage[SECRET_KEY] == access.keys.keeper
            assert app.page.route == "/"
            assert app.conn.crashes() == []

    asyncio.run(go())


def test_a_device_that_remembers_the_key_opens_the_app_without_the_link(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            app = await enter(main, hub, "/", {SECRET_KEY: access.keys.keeper})
            assert not app.has("closed-door") and seen == [app.page]
            assert storage_calls(app, "remove") == []

    asyncio.run(go())


@pytest.mark.parametrize("stored", ["k" * 200, 12345, None])
def test_a_stored_key_too_long_or_not_a_text_is_not_tried(tmp_path, stored, caplog):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            _access, main, hub, seen = served(store)
            with caplog.at_level(logging.WARNING, logger="scorekeeper.web.gate"):
                app = await enter(main, hub, "/", {SECRET_KEY: stored})
            assert app.has("closed-door") and seen == []
            assert "a wrong key from 10.0.0.7" not in caplog.messages

    asyncio.run(go())


def test_a_wrong_stored_key_is_forgotten_and_a_wrong_link_is_logged(tmp_path, caplog):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            _access, main, hub, seen = served(store)
            with caplog.at_level(logging.WARNING, logger="scorekeeper.web.gate"):
                app = await enter(main, hub, "/", {SECRET_KEY: "w" * 43})
                assert app.has("closed-door") and seen == []
                assert storage_calls(app, "remove") == [{"key": SECRET_KEY}]
                link = await enter(main, hub, "/key/" + "w" * 43)
            assert link.has("closed-door")
            assert storage_calls(link, "remove") == [], "a wrong link forgets nothing"
            assert caplog.messages.count("a wrong key from 10.0.0.7") == 2

    asyncio.run(go())


def test_a_watch_link_opens_the_board_and_new_keys_close_it(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            watcher = await enter(main, hub, access.keys.watch_path())
            keeper = await enter(main, hub, access.keys.keeper_path())
            assert not watcher.has("closed-door") and seen == [keeper.page]
            assert watcher.conn.device_storage[SECRET_KEY] == access.keys.watch
            KeeperPass(access, keeper.page, access.keys, main).reset_keys()
            await until(lambda: watcher.has("closed-door") and keeper.has("closed-door"))
            text = "This device was logged out: the keeper made new links."
            assert text in watcher.texts() and text in keeper.texts()

    asyncio.run(go())


def test_a_keeper_link_typed_into_a_watchers_tab_opens_the_app(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            watcher = await enter(main, hub, access.keys.watch_path())
            await watcher.route(access.keys.keeper_path())
            await until(lambda: seen == [watcher.page])
            assert watcher.page.on_resize is None

    asyncio.run(go())


def test_a_closed_door_opens_with_a_watch_link_but_not_a_long_route(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, seen = served(store)
            app = await enter(main, hub, "/")
            await app.route("/" + "x" * 2000 + access.keys.watch_path())
            assert app.has("closed-door")
            await app.route(access.keys.watch_path())
            assert not app.has("closed-door") and seen == []

    asyncio.run(go())


def test_a_keepers_change_is_told_to_watchers_and_a_new_key_kept_on_the_device(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access, main, hub, _seen = served(store)
            app = await enter(main, hub, "/")
            keeper = KeeperPass(access, app.page, access.keys, main)
            told: list[Any] = []
            app.page.pubsub.subscribe_topic("live", lambda topic, message: told.append(message))
            assert (keeper.new_secret, keeper.out, keeper.door) == (None, False, main)
            keeper.changed()
            await until(lambda: len(told) == 1)
            assert SECRET_KEY not in app.conn.device_storage
            keeper.reset_keys()
            keeper.changed()
            await until(lambda: app.conn.device_storage.get(SECRET_KEY) == access.keys.keeper)
            assert keeper.new_secret is None and len(told) == 2

    asyncio.run(go())


def test_a_failing_handler_is_logged_and_the_page_told_without_a_traceback(tmp_path, caplog):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            _access, _main, app = await gate(store, "/")
            assert app.page.session.errors_reported is True
            no_tracebacks(app.page)  # once per tab: not wrapped twice
            with caplog.at_level(logging.ERROR, logger="scorekeeper.web.gate"):
                app.page.session.error("Traceback: boom")
            assert caplog.messages == ["a handler failed on 127.0.0.1: Traceback: boom"]
            sent = [m for m in app.conn.messages if "boom" in repr(m.body)]
            assert sent == []
            assert any(
                "Something went wrong on the server (it was logged). Reload the page."
                in repr(m.body)
                for m in app.conn.messages
            )

    asyncio.run(go())
