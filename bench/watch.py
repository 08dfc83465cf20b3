"""Watchers under load: 1 keeper (Chromium) and 20 watchers on the watch link,
one game. For each of 25 hands, the time from the keeper's tap on "Save hand"
to the moment the last of the 20 watchers has received the updated board.
The watchers are websocket clients speaking Flet's protocol (no 20 Flutter
pages on a 2-core machine): the figure is the server's part, which is what
grows with the number of watchers.

Run: .venv/bin/python bench/watch.py
"""

import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import expect, sync_playwright
from websockets.exceptions import ConnectionClosed

from scorekeeper.web.access import load_keys
from tests.flet_client import FletClient, open_socket
from tests.served import PHONE, ServedApp, fill_hand, hook, launch, new_game, open_app

WATCHERS = 20
HANDS = 25
TARGET = {"median": 0.300, "p95": 1.0}


class Watchers:
    def __init__(self, port: int, route: str, count: int) -> None:
        self.seen: dict[int, list[float]] = {}
        self.lock = threading.Lock()
        self.clients = []
        for _ in range(count):
            client = FletClient(open_socket(port))
            client.register(route)
            client.pump(quiet=0.3)
            self.clients.append(client)
        self.threads = [
            threading.Thread(target=self.read, args=(c,), daemon=True) for c in self.clients
        ]
        for t in self.threads:
            t.start()

    def read(self, client: FletClient) -> None:
        while True:
            try:
                frame = client.conn.recv()
            except (ConnectionClosed, OSError):
                return
            at = time.perf_counter()
            data = frame if isinstance(frame, bytes) else frame.encode()
            for n in range(2, HANDS + 3):
                if f"Hand {n} \u00b7 ".encode() in data:  # the board's heading
                    with self.lock:
                        self.seen.setdefault(n, []).append(at)

    def all_saw(self, n: int) -> float | None:
        with self.lock:
            times = self.seen.get(n, [])
            return max(times) if len(times) >= len(self.clients) else None

    def close(self) -> None:
        for c in self.clients:
            c.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        app = ServedApp(Path(folder))
        app.start(30, "--max-per-address", str(WATCHERS + 8))
        browser = launch(p)
        try:
            keeper = open_app(browser, app.url, PHONE)
            new_game(keeper, target=10000)
            watchers = Watchers(app.port, "/watch/" + load_keys(Path(folder)).watch, WATCHERS)
            times = []
            for hand in range(1, HANDS + 1):
                fill_hand(keeper, [3, 3, 3, 3], [4, 3, 3, 3])
                began = time.perf_counter()
                keeper.get_by_role("button", name="Save hand").click()
                deadline = began + 10
                while (done := watchers.all_saw(hand + 1)) is None:
                    if time.perf_counter() > deadline:
                        raise TimeoutError(f"hand {hand}: not every watcher was updated")
                    time.sleep(0.002)
                times.append(done - began)
                expect(hook(keeper, "summary")).to_be_visible()
            watchers.close()
        finally:
            browser.close()
            app.stop()
    times.sort()
    median = statistics.median(times)
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    print(f"{WATCHERS} watchers, {HANDS} hands: keeper's save -> all watchers updated")
    print(f"  median {median * 1000:.0f} ms (target {TARGET['median'] * 1000:.0f} ms)")
    print(f"  p95    {p95 * 1000:.0f} ms (target {TARGET['p95'] * 1000:.0f} ms)")
    print(f"  max    {times[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
