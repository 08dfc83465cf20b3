"""The served app against a raw websocket client, as an attacker on the same
network would use it: foreign Host and Origin are refused, and without the
keeper secret nothing stored can be listed, exported, imported, deleted or
changed, whatever messages are sent."""

import hashlib
import http.client
import re
import subprocess
import sys
from datetime import UTC, datetime

import msgpack
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from scorekeeper.core.exchange import Incoming
from scorekeeper.core.model import Game, Variant
from scorekeeper.storage.store import GameStore
from scorekeeper.web.access import load_keys
from tests.factories import EVEN
from tests.flet_client import FletClient, open_socket
from tests.served import ROOT, ServedApp

OLD = ("Quintessa", "Bartholomew", "Cordelia", "Desmond")  # a finished game: history only
LIVE = ("Ingrid", "Jasper", "Kestrel", "Lysander")  # a game in progress
EVENTS = ("click", "tap", "change", "submit", "select", "long_press", "dismiss", "blur")


def finished_game() -> Game:
    return Game(Variant.PARTNERSHIP, OLD, 0, hands=(EVEN,) * 9)  # 549 to 540


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    data = tmp_path_factory.mktemp("data")
    with GameStore(data) as store:
        old = datetime(2025, 3, 1, tzinfo=UTC)
        store.import_games([Incoming(finished_game(), created_at=old, updated_at=old)] * 3)
        store.create(Game(Variant.PARTNERSHIP, LIVE, 0, hands=(EVEN,)))
    app = ServedApp(data)
    app.start()
    yield app
    app.stop()


def fingerprint(folder) -> dict[str, str]:
    """Every stored game file (active, index, archive) and its content."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*.json"))
        if path.parts[len(folder.parts)] not in ("backups", "damaged") and path.name != "keys.json"
    }


def names_in(data: bytes, names) -> set[str]:
    return {n for n in names if n.encode() in data}


def client(served, route: str, answer=None) -> FletClient:
    c = FletClient(open_socket(served.port))
    if answer:
        c.answer = answer
    c.register(route)
    assert c.wait_for(lambda _data: c.session_id is not None), "the server never answered"
    c.pump(quiet=1.0)
    return c


def attack(c: FletClient, game_ids: list[str]) -> None:
    """Everything a crafted client can send: every event to every control id it
    saw (and more), every route, property patches."""
    routes = [
        "/",
        "/history",
        "/stats",
        "/new",
        *(f"/review/{g}" for g in game_ids),
        *(f"/game/{g}" for g in game_ids),
        *(f"/game/{g}/hand" for g in game_ids),
        "/key/not-the-secret",
        "/watch/not-the-token",
        "/live/../history",
        "/live/" + "x" * 5000,
    ]
    for route in routes:
        c.route(route)
        c.pump(quiet=0.2)
    for target in sorted(c.ids | set(range(1, 200))):
        for name in EVENTS:
            c.event(target, name, "1")
        c.send(4, {"id": target, "props": {"value": "Mallory", "route": "/history"}})
    c.pump(quiet=0.5)
    for route in routes:
        c.route(route)
    for odd in (123, {"route": 5}, {"route": ["/history"]}, None, "x" * 3000):
        c.event(1, "route_change", odd)
    c.pump(quiet=0.5)


def game_ids(served) -> list[str]:
    """The stored ids, read from the files (the server holds the store's lock)."""
    text = "".join(p.read_text() for p in served.data.rglob("*.json") if "backups" not in p.parts)
    return sorted(set(re.findall(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{6}", text)))


def test_a_foreign_host_is_refused_and_no_wildcard_cors(served):
    for host, status in [
        (f"127.0.0.1:{served.port}", 200),
        (f"localhost:{served.port}", 200),
        (f"attacker.example:{served.port}", 403),
        ("attacker.example", 403),
        (f"127.0.0.1.attacker.example:{served.port}", 403),
    ]:
        for path in ("/", "/main.dart.js", "/ws", "/fonts/DejaVuSans.ttf"):
            conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
            conn.request("GET", path, headers={"Host": host, "Origin": "http://attacker.example"})
            response = conn.getresponse()
            response.read()
            conn.close()
            expected = status if path != "/ws" or status == 403 else response.status
            assert response.status == expected, (host, path)
            assert response.getheader("Access-Control-Allow-Origin") is None
            if status == 403:
                assert response.getheader("Content-Type", "").startswith("text/plain")


def test_a_websocket_from_a_foreign_host_or_origin_cannot_connect(served):
    port = served.port
    for host, origin in [
        (f"attacker.example:{port}", "same"),  # DNS rebinding: the name is not ours
        (f"127.0.0.1:{port}", "http://attacker.example"),  # a page elsewhere
        (f"127.0.0.1:{port}", f"http://localhost:{port}"),  # another origin, same machine
        (f"127.0.0.1:{port}", None),  # no origin at all
        (f"127.0.0.1:{port}", "null"),
    ]:
        with pytest.raises(InvalidStatus) as refused:
            open_socket(port, host=host, origin=origin)
        assert refused.value.response.status_code == 403, (host, origin)
    open_socket(port).close()  # the page's own origin is let in


def test_without_the_secret_nothing_is_listed_exported_or_changed(served):
    before = fingerprint(served.data)
    ids = game_ids(served)
    assert len(ids) == 4
    c = client(served, "/history", answer=lambda _name, _args: "a-guessed-secret-" + "x" * 30)
    assert b"Ask the keeper" in c.everything() or c.wait_for(lambda d: b"Ask the keeper" in d)
    attack(c, ids)
    c.close()
    seen = c.everything()
    assert names_in(seen, OLD + LIVE) == set(), "no stored name reaches the attacker"
    assert b"Traceback" not in seen
    assert b"spades-score/1" not in seen, "no export"
    assert b"pick_files" not in seen and b"/upload/" not in seen, "no import, no upload token"
    assert fingerprint(served.data) == before, "nothing stored changed"


def test_a_watcher_sees_the_live_game_only_and_cannot_act(served):
    before = fingerprint(served.data)
    c = client(served, "/watch/" + load_keys(served.data).watch)
    assert names_in(c.everything(), LIVE) == set(LIVE) or c.wait_for(
        lambda _data: names_in(c.everything(), LIVE) == set(LIVE)
    ), "the live game is shown"
    attack(c, game_ids(served))
    c.close()
    seen = c.everything()
    assert names_in(seen, OLD) == set(), "no history, no finished game"
    assert b"Traceback" not in seen
    assert b"spades-score/1" not in seen
    assert b"pick_files" not in seen and b"/upload/" not in seen, "no import, no upload token"
    assert fingerprint(served.data) == before


def test_the_keeper_link_opens_everything(served):
    """The check above can fail: with the secret the same client sees history."""
    c = client(served, "/key/" + load_keys(served.data).keeper)
    c.route("/history")
    assert c.wait_for(lambda _data: names_in(c.everything(), OLD) == set(OLD))
    c.close()


def test_a_tab_that_met_the_closed_door_opens_with_the_keeper_link(served):
    """The same tab, told to ask the keeper, then given the keeper link: in
    place (a route change) or as a new page load (the same session, a new
    socket), it opens the app; a watch-link tab given the keeper link too."""
    secret = load_keys(served.data).keeper
    c = client(served, "/")
    assert b"Ask the keeper" in c.everything() or c.wait_for(lambda d: b"Ask the keeper" in d)
    c.route("/key/" + secret)
    assert c.wait_for(lambda _d: b"New game" in c.everything())
    c.close()

    first = client(served, "/")
    assert b"Ask the keeper" in first.everything() or first.wait_for(
        lambda d: b"Ask the keeper" in d
    )
    session_id = first.session_id
    first.close()
    again = FletClient(open_socket(served.port))
    again.register("/key/" + secret, session_id=session_id)  # the link typed in that tab
    assert again.wait_for(lambda _d: b"New game" in again.everything())
    again.close()

    watcher = client(served, "/watch/" + load_keys(served.data).watch)
    watcher.route("/key/" + secret)
    assert watcher.wait_for(lambda _d: b"New game" in watcher.everything())
    watcher.close()


def test_a_device_that_remembers_the_secret_is_a_keeper(served):
    secret = load_keys(served.data).keeper
    stored = {"spades-scorekeeper.key": secret}
    c = client(served, "/", answer=lambda name, args: stored.get(args.get("key")))
    c.route("/history")
    assert c.wait_for(lambda _data: names_in(c.everything(), OLD) == set(OLD))
    c.close()


@pytest.mark.parametrize(
    "frame",
    [
        b"\x00not msgpack at all",
        b"\x00" + msgpack.packb([3, {"target": 1, "name": "click", "data": None}]),  # unregistered
        b"\x00" + msgpack.packb([99, {}]),
        b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "", "page": "x"}]),
        b"\x00" + msgpack.packb({"a": 1}),
        b"\x01\x00\x00\x00\x00abc",
        "a text frame",
    ],
)
def test_a_malformed_frame_closes_that_connection_only(served, frame):
    conn = open_socket(served.port)
    conn.send(frame)
    with pytest.raises(ConnectionClosed):
        for _ in range(50):
            conn.recv(timeout=20)
    good = client(served, "/")
    assert b"Ask the keeper" in good.everything() or good.wait_for(
        lambda data: b"Ask the keeper" in data
    )
    good.close()


def test_keys_reset_logs_out_a_keeper_device(tmp_path):
    app = ServedApp(tmp_path)
    app.start()
    try:
        with_key = client(app, "/key/" + load_keys(tmp_path).keeper)
        reset = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--data", str(tmp_path), "keys", "reset"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        assert "/key/" in reset.stdout
        with_key.route("/new")
        assert with_key.wait_for(lambda data: b"This device was logged out" in data)
        with_key.close()
        new_key = client(app, "/key/" + load_keys(tmp_path).keeper)
        assert b"Ask the keeper" not in new_key.everything()
        new_key.close()
    finally:
        app.stop()
