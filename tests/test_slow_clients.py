"""Connections that say nothing, or say it slowly (slow-loris): under a common
limit of 1,024 open files, 1,100 of them leave the keeper's own requests
working, and a request's headers must come within seconds."""

import http.client
import socket

import pytest

from scorekeeper.web.door import HEADER_SECONDS, MAX_HEADER_BYTES, BoundedHttp
from tests.flet_client import FletClient, open_socket
from tests.served import ServedApp

IDLE = 1100


def get(port: int, path: str = "/") -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def hold(port: int, count: int) -> list[socket.socket]:
    """`count` connections that send nothing, or half a request."""
    held = []
    for i in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            continue
        if i % 2:
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        held.append(s)
    return held


def closed_by_server(s: socket.socket, limit: float) -> bool:
    s.settimeout(limit)
    try:
        return s.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


@pytest.fixture
def crowded(tmp_path):
    app = ServedApp(tmp_path, open_files=1024)
    app.start()
    yield app
    app.stop()


def test_the_keeper_gets_in_past_1100_idle_connections(crowded):
    held = hold(crowded.port, IDLE)
    try:
        assert len(held) > 1000
        assert get(crowded.port) == 200
        keeper = FletClient(open_socket(crowded.port))
        keeper.register(crowded.url.split(str(crowded.port), 1)[1])
        assert keeper.wait_for(lambda data: b"New game" in data, limit=20)
        keeper.close()
    finally:
        for s in held:
            s.close()


def test_a_request_that_never_ends_is_closed(crowded):
    """Closed by the server once its headers are late (bench/refusals.py: when)."""
    held = hold(crowded.port, 2)
    try:
        for s in held:
            assert closed_by_server(s, HEADER_SECONDS + 10)
        assert get(crowded.port) == 200
    finally:
        for s in held:
            s.close()


def test_the_keeper_gets_in_when_other_devices_hold_every_page(tmp_path):
    """8 devices (8 loopback addresses) with 8 pages each hold all 64: a
    keeper page still opens, and the pages made room for reconnect later."""
    app = ServedApp(tmp_path)
    app.start()
    held = []
    try:
        for device in range(2, 10):
            for _ in range(8):
                c = FletClient(open_socket(app.port, source=f"127.0.0.{device}"))
                c.register("/")
                held.append(c)
        assert held[-1].wait_for(lambda data: b"Ask the keeper" in data)
        keeper = FletClient(open_socket(app.port, source="127.0.0.10"))
        keeper.register(app.url.split(str(app.port), 1)[1])
        assert keeper.wait_for(lambda data: b"New game" in data, limit=20)
        keeper.close()
    finally:
        for c in held:
            c.close()
        app.stop()


def test_only_the_headers_count_toward_their_limit():
    """A read often brings the body's first bytes with the end of the headers
    (an upload's first 256 KiB): those are not headers; an end of headers
    split between two reads is found."""
    door = object.__new__(BoundedHttp)
    head = b"PUT /upload/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 300000\r\n\r\n"
    door.header_tail = b""
    assert door.header_part(head + b"x" * 300_000) == len(head)
    door.header_tail = b""
    assert door.header_part(head[:-3]) == len(head) - 3
    assert door.header_part(head[-3:] + b"x" * 300_000) == 3
    door.header_tail = b""
    assert door.header_part(b"X-Slow: " + b"a" * 70_000) == 70_008


def test_headers_over_the_limit_close_the_connection(app):
    answer = b""
    with socket.create_connection(("127.0.0.1", app.port), timeout=10) as s:
        try:
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            for _ in range(MAX_HEADER_BYTES // 8192 + 2):
                s.sendall(b"X-Long: " + b"a" * 8192 + b"\r\n")
            answer = s.recv(100)  # (a timeout here fails the test)
        except (ConnectionResetError, BrokenPipeError):
            pass
    assert answer == b"", "closed without an answer"
    assert get(app.port) == 200
