"""The keeper's saves reach the watchers through the gate's own broadcast
(`KeeperPass.changed`), no browser: a keeper page and a watch page of one
server, in process, sharing the server's publish hub."""

import asyncio
from typing import Any

import msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.storage.store import GameStore
from scorekeeper.web.gate import Access, Links, make_web_main
from tests.inprocess import ENCODE, App, LoopbackConnection
from tests.test_ui_views import enter_hand, new_game, plain


async def open_gate(main: Any, hub: PubSubHub, route: str, address: str = "127.0.0.1") -> App:
    """A page of the served app, entering through the gate at `route`."""
    conn = LoopbackConnection(hub)
    session = Session(conn)
    conn.session = session
    session.apply_page_patch({"route": route, "width": 400, "height": 860, "client_ip": address})
    msgpack.packb(session.get_page_patch(), default=ENCODE)
    await session.connect(conn)
    await main(session.page)
    await session.after_event(session.page)
    app = App(session, conn)
    await app.settle()
    return app


async def shown(app: App, text: str, timeout: float = 5.0) -> None:
    """Wait until `text` is on the page: each message the server sends the
    page wakes this up (no polling)."""
    async with asyncio.timeout(timeout):
        while text not in [plain(t) for t in app.texts()]:
            await app.conn.next_message()


def test_a_keepers_save_reaches_a_watcher_through_the_gate(tmp_path):
    async def go() -> None:
        with GameStore(tmp_path) as store:
            access = Access(store, Links(["http://127.0.0.1:8550"]))
            main = make_web_main(store, access)
            hub = PubSubHub(loop=asyncio.get_running_loop())
            keeper = await open_gate(main, hub, access.keys.keeper_path())
            await new_game(keeper, ("Alex", "Beth", "Charlie", "David"))
            watcher = await open_gate(main, hub, access.keys.watch_path(), "127.0.0.2")
            await shown(watcher, "Alex + Charlie")
            assert "81" not in [plain(t) for t in watcher.texts()]
            await enter_hand(keeper, [4, 3, 4, 2], [5, 3, 4, 1])
            await shown(watcher, "81")  # 9 of 8: 80 and a bag
            await shown(watcher, "-50")  # 4 of 5: set
            assert keeper.conn.crashes() == [] and watcher.conn.crashes() == []

    asyncio.run(go())
