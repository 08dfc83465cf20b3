"""Hostile input at the doors not tried before: a 20,000-deep file picked in
the offline build, upload slots asked for by pages that may not act, an
upload trickled past its slot's time, and `scorekeeper import` run while the
server writes. The page stays alive and says what happened; nothing is
written that should not be."""

import asyncio
import json
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flet.messaging.protocol import MessageAction
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.core.game import add_hand, new_game, remove_hand
from scorekeeper.core.model import Bid, Hand, Variant
from scorekeeper.storage.store import GameStore
from scorekeeper.web.access import reset_keys
from scorekeeper.web.gate import Access, Links, make_web_main
from scorekeeper.web.upload import UPLOAD_PREFIX, Uploads
from tests.flet_client import CRASHED, INVOKE, FletClient, open_socket
from tests.inprocess import App, open_app
from tests.inserver import in_thread
from tests.test_broadcast import open_gate
from tests.test_exchange_input import DEEP
from tests.test_ui_views import until
from tests.test_validation_names import RECORD


def test_a_deep_file_picked_in_the_offline_build_is_refused_on_the_page(tmp_path):
    """The offline build has no server: the picked file's bytes come with the
    pick, into the same import the browser's Python runs."""

    async def go() -> None:
        with GameStore(tmp_path) as store:
            app = await open_app(store, route="/history")
            app.conn.answers["pick_files"] = [
                {"id": 0, "name": "deep.json", "size": len(DEEP), "bytes": list(DEEP)}
            ]
            await app.click("Import")
            await until(lambda: any("deep.json is not a file" in t.lower() for t in app.texts()))
            (said,) = [t for t in app.texts() if "deep.json" in t.lower()]
            assert "it nests lists or objects more than 32 deep" in said
            assert store.history().total == 0
            await app.click("Import")  # the page still acts
            await app.settle()
            assert app.conn.crashes() == []

    asyncio.run(go())


# -- upload slots ---------------------------------------------------------------------


def invoked(app: App, name: str) -> list[Any]:
    return [
        m.body
        for m in app.conn.messages
        if m.action == MessageAction.INVOKE_METHOD and m.body.name == name
    ]


async def served_keeper(tmp_path, uploads: Uploads) -> tuple[GameStore, Access, App]:
    store = GameStore(tmp_path)
    access = Access(store, Links(["http://127.0.0.1:8550"]))
    main = make_web_main(store, access, uploads=uploads)
    hub = PubSubHub(loop=asyncio.get_running_loop())
    keeper = await open_gate(main, hub, access.keys.keeper_path())
    await keeper.route("/history")
    return store, access, keeper


def test_a_logged_out_keeper_page_gets_no_upload_slot(tmp_path):
    """Keys reset from the command line (no word to the page): its Import,
    tapped before or after the pick, opens no slot and logs the page out."""

    async def go() -> None:
        uploads = Uploads()
        store, access, keeper = await served_keeper(tmp_path, uploads)
        keeper.conn.answers["pick_files"] = [{"id": 0, "name": "g.json", "size": 2}]
        reset_keys(store.folder, after=access.keys.generation)
        await keeper.click("Import")
        await until(lambda: keeper.has("closed-door"))
        assert invoked(keeper, "pick_files") == [] and uploads.slots == {}

        store2, access2, again = await served_keeper(tmp_path / "b", uploads)

        def logged_out_while_picking(_args: Any) -> list[dict[str, Any]]:
            reset_keys(store2.folder, after=access2.keys.generation)
            return [{"id": 0, "name": "g.json", "size": 2}]

        again.conn.answers["pick_files"] = logged_out_while_picking
        await again.click("Import")
        await until(lambda: again.has("closed-door"))
        assert invoked(again, "pick_files") and invoked(again, "upload") == []
        assert uploads.slots == {}
        assert keeper.conn.crashes() == again.conn.crashes() == []
        assert store.history().total == store2.history().total == 0
        store.close()
        store2.close()

    asyncio.run(go())


def test_a_watch_page_tapping_every_control_gets_no_upload_slot(tmp_path):
    """A watch page (a raw client: it may send any event) has no Import: an
    event to each control it was sent, and to ids it was not, asks for
    nothing and breaks nothing."""
    with in_thread(tmp_path) as served:
        watcher = FletClient(open_socket(served.port, source="127.0.0.2"))
        watcher.register(served.watch_route)
        assert watcher.wait_for(lambda data: b"Live scores" in data)
        watcher.pump(quiet=0.3)
        for target in sorted(watcher.ids | set(range(1, 200))):
            for name in ("click", "tap"):
                watcher.event(target, name)
        watcher.pump(quiet=0.5)
        methods = {body.get("name") for action, body in watcher.received if action == INVOKE}
        assert not methods & {"pick_files", "upload"}, methods
        assert not [body for action, body in watcher.received if action == CRASHED]
        watcher.route("/history")  # still alive, still read-only
        assert watcher.wait_for(lambda data: b"is not a page of the watch link" in data)
        watcher.close()
        assert served.access.board.store.history().total == 0


def test_an_upload_trickled_past_its_slots_time_imports_nothing(tmp_path):
    """One byte at a time, slower than the slot allows: the server answers
    408, the page says nothing was imported and stays usable."""

    async def go() -> None:
        uploads = Uploads(seconds=1.0)
        store, _access, keeper = await served_keeper(tmp_path, uploads)
        keeper.conn.answers["pick_files"] = [{"id": 0, "name": "slow.json", "size": 100}]
        tapped = asyncio.ensure_future(keeper.click("Import"))  # waits for the file
        await until(lambda: bool(uploads.slots))
        (token,) = uploads.slots
        trickle = Trickle()
        scope = {
            "type": "http",
            "method": "PUT",
            "path": UPLOAD_PREFIX + token,
            "headers": [(b"content-length", b"100")],
            "client": ("127.0.0.1", 5000),
        }
        await uploads(scope, trickle.receive, trickle.send)
        assert trickle.status == 408 and trickle.read < 100
        await tapped
        await until(lambda: any("did not arrive whole" in t for t in keeper.texts()))
        assert store.history().total == 0 and uploads.slots == {}
        again = asyncio.ensure_future(keeper.click("Import"))  # the page still acts
        await until(lambda: bool(uploads.slots))
        for slot in list(uploads.slots.values()):
            uploads.close(slot)
        await again
        assert keeper.conn.crashes() == []
        store.close()

    asyncio.run(go())


class Trickle:
    """A page sending its file one byte every 50 ms."""

    def __init__(self) -> None:
        self.read = 0
        self.status: int | None = None

    async def receive(self) -> dict[str, Any]:
        await asyncio.sleep(0.05)
        self.read += 1
        return {"type": "http.request", "body": b"[", "more_body": True}

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]


# -- the command line while the server writes ---------------------------------------


def test_scorekeeper_import_while_the_server_writes_is_refused_and_writes_nothing(tmp_path):
    source = tmp_path / "games.json"
    source.write_text(json.dumps([RECORD]), encoding="utf-8")
    data = tmp_path / "data"
    with in_thread(data) as served:
        store = served.access.board.store
        game = store.create(new_game(Variant.PARTNERSHIP, ["Ann", "Ben", "Cat", "Dan"]))
        stop = threading.Event()

        def keeper_saves() -> int:
            saved, count = game, 0
            while not stop.is_set() and count < 200:
                hand = Hand((Bid(3), Bid(3), Bid(3), Bid(3)), (4, 3, 3, 3))
                saved = store.save(saved.id, add_hand(saved.game, hand), saved.revision)
                saved = store.save(saved.id, remove_hand(saved.game, 0), saved.revision)
                count += 1
            return count

        with ThreadPoolExecutor(1) as pool:
            writing = pool.submit(keeper_saves)
            result = subprocess.run(
                [sys.executable, "-m", "scorekeeper", "--data", str(data), "import", str(source)],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            stop.set()
            assert writing.result(60) > 0, "the server's writes went on"
        assert result.returncode != 0 and result.stdout == ""
        assert "Traceback" not in result.stderr and result.stderr.strip()
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        ids = {g.id for g in store.all_games()}
        assert ids == {game.id}, "nothing imported behind the server's back"
