"""The served app against a hostile network: what it logs, what it answers on
odd paths, what it refuses at start. Each test here runs the real server as a
subprocess and reads its log."""

import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from scorekeeper.redaction import redacted
from scorekeeper.web.access import load_keys
from scorekeeper.web.server import WS_MAX_BYTES
from tests.flet_client import INVOKE, FletClient, open_socket
from tests.served import ServedApp, free_port, logged_app
from tests.test_access import run

SERVE = ("serve", "--no-browser", "--port")


@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    with logged_app(tmp_path_factory.mktemp("logged")) as app:
        yield app


def log_text(app: ServedApp) -> str:
    return Path(app.log.name).read_text(errors="replace")


def wait_for_log(app: ServedApp, words: str, limit: float = 15) -> str:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        text = log_text(app)
        if words in text:
            return text
        time.sleep(0.1)
    raise AssertionError(f"{words!r} never logged:\n{log_text(app)[-2000:]}")


def test_redacted_leaves_out_anything_like_a_secret():
    secret = "Zk3_" + "a" * 39
    assert secret not in redacted(f"/key/{secret}")
    assert secret not in redacted([f"/watch/{secret}/x"])
    assert redacted("/history") == "'/history'"
    assert redacted("/live/20250301-120000-abcdef") == "'/live/20250301-120000-abcdef'"


def test_no_secret_reaches_the_log(logged):
    keys = load_keys(logged.data)
    stranger = FletClient(open_socket(logged.port))
    stranger.register("/")
    assert stranger.wait_for(lambda data: b"Ask the keeper" in data)
    stranger.route("/history/" + keys.keeper)  # a page without access names the secret
    watcher = FletClient(open_socket(logged.port))
    watcher.register("/watch/" + keys.watch)
    watcher.pump()
    watcher.route("/game/" + keys.keeper + "/more")
    text = wait_for_log(logged, "a page without access asked for")
    wait_for_log(logged, "a watcher asked for")
    stranger.close()
    watcher.close()
    assert keys.keeper not in text
    assert keys.watch not in log_text(logged)


def test_a_forwarded_address_is_not_believed(logged):
    """Without --trust-proxy, X-Forwarded-For from 127.0.0.1 is one more header:
    nine sockets that claim nine addresses are still one address, capped at 8:
    the ninth closes the first to make room."""
    held = []
    try:
        for i in range(9):
            held.append(open_socket(logged.port, headers={"X-Forwarded-For": f"10.1.2.{i}"}))
        with pytest.raises(ConnectionClosed) as closed:
            held[0].recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        held[8].send(b"")  # the newest is open
    finally:
        for conn in held:
            conn.close()


def test_a_websocket_elsewhere_gets_a_plain_404(logged):
    for path in ("/other", "/ws/more", "/key/x"):
        with pytest.raises(InvalidStatus) as refused:
            open_socket(logged.port, path=path)
        assert refused.value.response.status_code == 404, path
    wait_for_log(logged, "refused a websocket at '/key/x'")
    assert "Traceback" not in log_text(logged)
    assert "Exception in ASGI application" not in log_text(logged)


def test_serve_refuses_an_endless_idle_time(tmp_path):
    for value in ("inf", "nan", "-1", "20000"):
        done = run("--data", str(tmp_path), *SERVE, str(free_port()), "--idle-minutes", value)
        assert done.returncode == 2, (value, done.stderr)
        assert "idle_minutes must be above 0" in done.stderr


def test_serve_refuses_a_proxy_that_is_not_an_address(tmp_path):
    done = run("--data", str(tmp_path), *SERVE, str(free_port()), "--trust-proxy", "my-proxy")
    assert done.returncode == 2
    assert "'my-proxy' is not an IP address" in done.stderr


def keeper_page(app: ServedApp) -> FletClient:
    keeper = FletClient(open_socket(app.port))
    keeper.register("/key/" + load_keys(app.data).keeper)
    assert keeper.wait_for(lambda data: b"New game" in data, limit=20)
    return keeper


def big_reply(size: int) -> dict[str, object]:
    """An answer to a method call the server never made, `size` bytes long."""
    return {"control_id": 1, "call_id": "none", "result": b"x" * size, "error": None}


def test_a_message_over_the_limit_closes_that_page_only(logged):
    """A page's messages are small (an import file comes over HTTP, not in a
    message): one just under WS_MAX_BYTES is read, one over it closes that
    page's connection (1009, "message too big") and no other."""
    assert WS_MAX_BYTES <= 2**20, "a page makes the server hold at most 1 MiB for a message"
    other = keeper_page(logged)
    keeper = keeper_page(logged)
    keeper.send(INVOKE, big_reply(WS_MAX_BYTES - 1024))
    keeper.route("/history")
    assert keeper.wait_for(lambda data: b"History" in data, limit=20)
    keeper.send(INVOKE, big_reply(WS_MAX_BYTES + 1))
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(100):
            keeper.conn.recv(timeout=20)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    wait_for_log(logged, "sent a message over the size limit")
    other.route("/history")
    assert other.wait_for(lambda data: b"History" in data, limit=20)
    other.close()


def test_an_empty_frame_before_registering_is_ignored(logged):
    c = FletClient(open_socket(logged.port))
    c.conn.send(b"")
    c.register("/")
    assert c.wait_for(lambda data: b"Ask the keeper" in data)
    c.close()
    assert "Traceback" not in log_text(logged)
