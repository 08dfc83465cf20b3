"""The gate's choices, in process (no browser, no server): which page each
route gets, what the keeper's pass allows, and the links it hands out."""

import asyncio

from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.storage.store import GameStore
from scorekeeper.web.gate import Access, Links, make_web_main
from tests.test_broadcast import open_gate


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
