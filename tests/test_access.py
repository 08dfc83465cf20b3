"""Keys, links, the slow-down for wrong secrets, and the server's checks as
plain functions (the served checks are in test_closed_door.py)."""

import asyncio
import os
import stat
import subprocess
import sys

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.web.access import (
    KEYS_FILE,
    KeyRing,
    KeysFileError,
    Role,
    Throttle,
    load_keys,
    new_keys,
    reset_keys,
    secret_in_route,
)
from scorekeeper.web.asgi import Guard
from scorekeeper.web.frames import frame_problem
from scorekeeper.web.hosts import configured_name, host_name
from scorekeeper.web.sessions import Limits, SessionCaps, Socket
from tests.served import ROOT


def test_keys_are_made_once_long_random_and_private(tmp_path):
    keys = load_keys(tmp_path)
    assert len(keys.keeper) >= 43 and len(keys.watch) >= 43 and keys.keeper != keys.watch
    assert load_keys(tmp_path) == keys
    mode = stat.S_IMODE(os.stat(tmp_path / KEYS_FILE).st_mode)
    assert mode == 0o600
    assert load_keys(tmp_path / "other") != keys


def test_reset_makes_new_keys_and_the_old_ones_give_nothing(tmp_path):
    old = load_keys(tmp_path)
    new = reset_keys(tmp_path)
    assert new.generation == old.generation + 1
    assert new.role_of(old.keeper) is Role.NONE
    assert new.role_of(old.watch) is Role.NONE
    assert new.role_of(new.keeper) is Role.KEEPER
    assert new.role_of(new.watch) is Role.WATCHER


@given(st.text(max_size=80) | st.none())
def test_any_other_secret_gives_no_role(secret):
    keys = new_keys()
    assert keys.role_of(secret) is Role.NONE


def test_a_damaged_keys_file_is_reported_not_trusted(tmp_path):
    (tmp_path / KEYS_FILE).write_text('{"format": "spades-keys/1", "keeper": "short"}')
    with pytest.raises(KeysFileError, match="keys reset"):
        load_keys(tmp_path)
    assert reset_keys(tmp_path).generation == 1


def test_the_ring_follows_a_reset_made_elsewhere(tmp_path):
    ring = KeyRing(tmp_path)
    first = ring.keys
    made = reset_keys(tmp_path)  # the command line, while the server runs
    assert ring.keys == made != first
    (tmp_path / KEYS_FILE).write_text("half written")
    assert ring.keys == made  # a damaged file keeps the last good keys
    assert ring.reset().generation == made.generation + 1


def test_links_carry_the_secret_and_say_where_to_go_after():
    assert secret_in_route("/key/abc") == ("abc", "/")
    assert secret_in_route("/key/abc?x=1") == ("abc", "/")
    assert secret_in_route("/watch/tok/more") == ("tok", "/watch")
    assert secret_in_route("/key/") == (None, "/")
    assert secret_in_route("/history") == (None, "/history")


def test_wrong_secrets_wait_longer_and_longer(tmp_path, monkeypatch):
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    keys = load_keys(tmp_path)
    throttle = Throttle(base=0.25, limit=8)

    async def go() -> list[Role]:
        roles = [await throttle.check("10.0.0.9", keys, f"guess-{i}") for i in range(8)]
        roles.append(await throttle.check("10.0.0.7", keys, "other-address"))
        roles.append(await throttle.check("10.0.0.9", keys, keys.keeper))
        roles.append(await throttle.check("10.0.0.9", keys, "again"))
        return roles

    roles = asyncio.run(go())
    assert roles[:9] == [Role.NONE] * 9 and roles[9] is Role.KEEPER
    assert slept == [0.25, 0.5, 1, 2, 4, 8, 8, 8, 0.25, 0.25]


def test_the_watch_link_does_not_reset_the_slow_down(tmp_path, monkeypatch):
    """Alternating the watch link (which every watcher holds) with guesses at
    the keeper key: each guess still waits longer than the last, up to the limit."""
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    keys = load_keys(tmp_path)
    throttle = Throttle(base=0.25, limit=8)

    async def go() -> list[Role]:
        roles = []
        for i in range(8):
            roles.append(await throttle.check("10.0.0.9", keys, keys.watch))
            roles.append(await throttle.check("10.0.0.9", keys, f"guess-{i}"))
        return roles

    roles = asyncio.run(go())
    assert roles == [Role.WATCHER, Role.NONE] * 8
    assert slept == [0.25, 0.5, 1, 2, 4, 8, 8, 8]
    assert throttle.delay("10.0.0.9") == 8


def test_a_found_upload_token_does_not_reset_the_slow_down(monkeypatch):
    async def sleep(_seconds: float) -> None:
        return None

    monkeypatch.setattr(asyncio, "sleep", sleep)
    throttle = Throttle(base=0.25, limit=8)

    async def go() -> None:
        for _ in range(3):
            await throttle.look_up("10.0.0.9", lambda: None)
        assert await throttle.look_up("10.0.0.9", lambda: "slot") == "slot"

    asyncio.run(go())
    assert throttle.delay("10.0.0.9") == 1


def test_throttle_forgets_old_addresses():
    throttle = Throttle(max_addresses=3)
    for i in range(10):
        throttle.failed(f"10.0.0.{i}")
    assert throttle.delay("10.0.0.0") == 0 and throttle.delay("10.0.0.9") > 0


# -- the server's checks ------------------------------------------------------------


def scope(kind: str, host: str | None, origin: str | None = None) -> dict:
    headers = []
    if host is not None:
        headers.append((b"host", host.encode()))
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    return {"type": kind, "headers": headers, "client": ("10.0.0.5", 5000)}


def test_host_names():
    assert host_name("Example.ORG:8550") == "example.org"
    assert host_name("[::1]:8550") == "::1"
    assert host_name("[0:0::1]") == "::1"
    assert host_name("localhost.") == "localhost"
    assert host_name("localhost:") == "localhost"  # an empty port is allowed
    assert host_name(" 127.0.0.1:8550 ") == "127.0.0.1"
    assert host_name("xn--bcher-kva.example") == "xn--bcher-kva.example"
    assert configured_name("::1") == "::1"  # a name given to the server, not a header


@pytest.mark.parametrize(
    "header",
    [
        "127.0.0.1:9200@evil.example",
        "localhost:evil.example",
        "localhost:8550:8550",
        "::1",  # an IPv6 address must be in brackets
        "[::1]evil",
        "[::1]:80x",
        "[::1",
        "[fe80::1%25eth0]",
        "[v1.x]",
        "user@localhost",
        "local host",
        "localhost/x",
        "localhost\\x",
        "bücher.example",
        "",
        ":8550",
        ".",
    ],
)
def test_a_host_that_is_not_host_and_port_is_refused(header):
    assert host_name(header) is None
    guard = Guard(lambda *a: None, ["evil.example"])  # type: ignore[arg-type]
    assert guard.refusal(scope("http", header)) is not None


def test_guard_lets_in_our_names_only():
    guard = Guard(lambda *a: None, ["192.168.1.20", "table.local"])  # type: ignore[arg-type]
    for host in (
        "127.0.0.1:8550",
        "localhost:8550",
        "[::1]:8550",
        "192.168.1.20:8550",
        "table.local",
    ):
        assert guard.refusal(scope("http", host)) is None, host
    for host in (None, "", "evil.example", "192.168.1.21:8550", "127.0.0.1.evil.example"):
        assert guard.refusal(scope("http", host)) is not None, host


def test_guard_wants_the_pages_own_origin_on_a_websocket():
    guard = Guard(lambda *a: None, [])  # type: ignore[arg-type]
    host = "127.0.0.1:8550"
    assert guard.refusal(scope("websocket", host, "http://127.0.0.1:8550")) is None
    for origin in (
        None,
        "null",
        "http://evil.example",
        "http://127.0.0.1:9999",
        "https://127.0.0.1:8550",
    ):
        assert guard.refusal(scope("websocket", host, origin)) is not None, origin


def frame(action, body) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


REGISTER = frame(1, {"session_id": "", "page_name": "", "page": {"route": "/"}})


def test_frames_the_real_client_sends_pass():
    assert frame_problem(REGISTER, registered=False) is None
    assert frame_problem(frame(3, {"target": 5, "name": "click", "data": None}), True) is None
    assert frame_problem(frame(4, {"id": 5, "props": {"value": "x"}}), True) is None
    reply = {"control_id": 3, "call_id": "a", "result": None, "error": None}
    assert frame_problem(frame(5, reply), True) is None


@pytest.mark.parametrize(
    ("data", "registered"),
    [
        (None, False),  # text
        (b"\x00\xc1", False),
        (frame(3, {"target": 5, "name": "click", "data": None}), False),
        (REGISTER, True),
        (frame(3, {"target": "5", "name": "click", "data": None}), True),
        (frame(3, {"target": 5, "name": "click"}), True),
        (frame(4, {"id": 5, "props": "x"}), True),
        (frame(7, {}), True),
        (b"\x01\x00\x00\x00\x00", False),
    ],
)
def test_other_frames_are_named(data, registered):
    assert frame_problem(data, registered) is not None


def test_limits_count_open_pages_per_address_and_in_all():
    sessions = SessionCaps(Limits(max_sessions=3, per_address=2))
    a1, a2, a3, b, c = (Socket(address) for address in "aaabc")
    a1.key, a2.key = "keeper-1", "keeper-2"
    sessions.keepers.update({"keeper-1", "keeper-2"})
    assert sessions.admit(a1) is None and sessions.admit(a2) is None
    assert "a has 2 keeper pages" in (sessions.admit(a3) or "")
    assert sessions.admit(b) is None
    assert "3 keeper pages" not in (sessions.admit(c) or ""), "b made room"
    assert b.evicted.is_set() and not a1.evicted.is_set() and sessions.open == [a1, a2, c]
    sessions.page_closed(a1)
    assert sessions.admit(a3) is None


def test_a_full_server_closes_the_oldest_page_of_the_most_crowded_address():
    sessions = SessionCaps(Limits(max_sessions=4, per_address=3))
    pages = [Socket(address) for address in ("x", "y", "y", "x", "y")]
    for page in pages[:4]:
        assert sessions.admit(page) is None
    assert sessions.admit(pages[4]) is None  # x and y have 2 each: the oldest goes
    assert [p.evicted.is_set() for p in pages] == [True, False, False, False, False]
    assert sessions.admit(Socket("z")) is None
    assert pages[1].evicted.is_set(), "y had 3 open: its oldest went"


def test_limits_refuse_nonsense():
    for bad in ({"max_sessions": 0}, {"per_address": -1}, {"idle_minutes": 0}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            Limits(**bad)  # type: ignore[arg-type]


# -- the command line -------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_keys_reset_command(tmp_path):
    old = load_keys(tmp_path)
    done = run("--data", str(tmp_path), "keys", "reset")
    assert done.returncode == 0, done.stderr
    new = load_keys(tmp_path)
    assert new.generation == old.generation + 1
    assert new.keeper_path() in done.stdout and new.watch_path() in done.stdout
    assert old.keeper not in done.stdout


def test_serve_refuses_bad_limits_with_a_message(tmp_path):
    done = run("--data", str(tmp_path), "serve", "--max-sessions", "0", "--no-browser")
    assert done.returncode == 2
    assert done.stderr.startswith("error: max_sessions must be at least 1, not 0")
