"""A reconnect storm on 127.0.0.1: 2,000 websocket connections, most of them
opening a Flet session and leaving, some never registering, some sending
garbage. The server keeps its memory bounded and still serves a page."""

from concurrent.futures import ThreadPoolExecutor

import psutil
import pytest
from websockets.exceptions import InvalidStatus, WebSocketException

from tests.flet_client import FletClient, open_socket
from tests.served import ServedApp

CONNECTIONS = 2000
LIMIT_MB = 150


def one(port: int, i: int) -> str:
    try:
        conn = open_socket(port)
    except InvalidStatus:
        return "refused"  # over the per-address cap for a moment
    try:
        if i % 10 == 9:
            conn.send(b"\x00garbage")
        elif i % 10 != 8:  # every tenth says nothing and leaves
            c = FletClient(conn)
            c.register("/history" if i % 2 else "/")
            c.wait_for(lambda data: b"Ask the keeper" in data, limit=10)
        return "served"
    except (WebSocketException, OSError):
        return "dropped"
    finally:
        conn.close()


@pytest.mark.e2e
def test_a_reconnect_storm_leaves_memory_bounded(tmp_path):
    app = ServedApp(tmp_path)
    app.start()
    try:
        server = psutil.Process(app.process.pid)
        before = server.memory_info().rss
        peak = before
        with ThreadPoolExecutor(8) as pool:
            outcomes = []
            for start in range(0, CONNECTIONS, 200):
                outcomes += pool.map(lambda i: one(app.port, i), range(start, start + 200))
                peak = max(peak, server.memory_info().rss)
        after = server.memory_info().rss
        served = outcomes.count("served")
        assert served >= CONNECTIONS // 2, {o: outcomes.count(o) for o in set(outcomes)}
        assert peak < LIMIT_MB * 2**20, f"{before / 2**20:.0f} MB -> peak {peak / 2**20:.0f} MB"
        last = FletClient(open_socket(app.port))  # still serving
        last.register("/")
        assert last.wait_for(lambda data: b"Ask the keeper" in data)
        last.close()
        print(
            f"storm: {served} sessions, {outcomes.count('refused')} refused; "
            f"{before / 2**20:.0f} MB before, peak {peak / 2**20:.0f}, after {after / 2**20:.0f}"
        )
    finally:
        app.stop()
