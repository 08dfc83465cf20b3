"""The served app against a hostile network: what it logs, what it answers on
odd paths, what it refuses at start. Each test here runs the real server as a
subprocess and reads its log."""

import time
from pathlib import Path

import pytest

from scorekeeper.access import load_keys, redacted
from tests.flet_client import FletClient, open_socket
from tests.served import ServedApp


@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logged")
    app = ServedApp(folder / "data", log=folder / "server.log")
    app.start()
    yield app
    app.stop()


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
    stranger.route("/key/" + keys.keeper)  # a page without access names the secret
    watcher = FletClient(open_socket(logged.port))
    watcher.register("/watch/" + keys.watch)
    watcher.pump()
    watcher.route("/key/" + keys.keeper + "/more")
    text = wait_for_log(logged, "a page without access asked for")
    wait_for_log(logged, "a watcher asked for")
    stranger.close()
    watcher.close()
    assert keys.keeper not in text
    assert keys.watch not in log_text(logged)
