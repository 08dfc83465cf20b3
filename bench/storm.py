"""Repeated reconnect storms on 127.0.0.1 against one server, with a keeper
playing between them. Each storm: 2,000 websocket connections (8 at a time,
from one address; most open a session and leave, a tenth never register, a
tenth send garbage), then 500 short-lived watchers (register on the watch link,
leave 0-15 ms later). Before the first storm and after each one, the keeper
(Chromium) enters and saves hands; the script prints the server's memory and
its CPU time per hand each time: both stay flat when nothing leaks.

First, the slow-loris case: 1,100 idle or half-sent connections against a
server limited to 1,024 open files, and the time the keeper's request takes.
Then a crowd of watchers: 8 devices (127.0.0.2 to 127.0.0.9) each holding 8
watch pages and reopening them in a loop while the keeper (Chromium) saves 10
hands; it prints the time from the tap on Save hand to the keeper's summary.

Run: .venv/bin/python bench/storm.py [--storms 3] [--hands 5] [--crowd-only]
     [--watchers-only]
"""

import argparse
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psutil
from playwright.sync_api import expect, sync_playwright

from scorekeeper.web.access import load_keys
from scorekeeper.web.door import connection_cap
from tests.flet_client import visit
from tests.served import PHONE, ServedApp, fill_hand, hook, launch, new_game, open_app
from tests.test_e2e_crowd import save_hands_under_a_crowd
from tests.test_slow_clients import IDLE, get, hold
from tests.test_storm import CONNECTIONS, one

WATCHERS = 500
MB = 2**20


def cpu(server: psutil.Process) -> float:
    times = server.cpu_times()
    return float(times.user + times.system)


def storm(port: int, watch_route: str) -> tuple[str, float]:
    """One storm; what came of the connections, and how long it took."""
    began = time.perf_counter()
    outcomes: list[str] = []
    with ThreadPoolExecutor(8) as pool:
        outcomes += pool.map(lambda i: one(port, i), range(CONNECTIONS))
        list(pool.map(lambda i: visit(port, watch_route, (i % 4) * 0.005), range(WATCHERS)))
    counts = ", ".join(f"{outcomes.count(o)} {o}" for o in sorted(set(outcomes)))
    return counts, time.perf_counter() - began


def crowd() -> None:
    """Slow-loris: 1,100 idle or half-sent connections against a server whose
    open-file limit is 1,024; the keeper's requests still answered."""
    with tempfile.TemporaryDirectory() as folder:
        app = ServedApp(Path(folder), open_files=1024)
        app.start()
        try:
            held = hold(app.port, IDLE)
            times = []
            for _ in range(5):
                began = time.perf_counter()
                assert get(app.port) == 200
                times.append(time.perf_counter() - began)
            for s in held:
                s.close()
        finally:
            app.stop()
    print(
        f"{len(held)} idle connections, open-file limit 1,024 (at most "
        f"{connection_cap(1024)} connections kept): the keeper's GET / answered in "
        f"{statistics.median(times) * 1000:.0f} ms (median of 5)"
    )


def watchers() -> None:
    """The keeper's saves while 64 watch pages on 8 devices come and go."""
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        app = ServedApp(Path(folder))
        app.start()
        browser = launch(p)
        try:
            times, crowd = save_hands_under_a_crowd(browser, app)
        finally:
            browser.close()
            app.stop()
    print(
        f"{len(times)} saves while 8 devices x 8 watch pages reopen in a loop "
        f"({crowd.outcomes['opened']} pages opened): the keeper's save took "
        f"{statistics.median(times) * 1000:.0f} ms median, {max(times) * 1000:.0f} ms at most "
        f"(tap on Save hand to the summary on the keeper's screen)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--storms", type=int, default=3)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--crowd-only", action="store_true", help="the slow-loris part only")
    parser.add_argument("--storms-only", action="store_true", help="no slow-loris part")
    parser.add_argument("--watchers-only", action="store_true", help="the watch crowd only")
    args = parser.parse_args()
    if not args.storms_only and not args.watchers_only:
        crowd()
    if args.crowd_only:
        return
    if not args.storms_only:
        watchers()
    if args.watchers_only:
        return
    rows: list[tuple[str, float, float]] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        app = ServedApp(Path(folder))
        app.start()
        browser = launch(p)
        try:
            assert app.process is not None
            server = psutil.Process(app.process.pid)
            start_mb = server.memory_info().rss / MB
            keeper = open_app(browser, app.url, PHONE)
            new_game(keeper, target=10000)
            watch_route = "/watch/" + load_keys(Path(folder)).watch

            def play(label: str) -> bool:
                time.sleep(2)  # what the storm left running settles first
                before = cpu(server)
                try:
                    for _ in range(args.hands):
                        fill_hand(keeper, [3, 3, 3, 3], [4, 3, 3, 3])
                        keeper.get_by_role("button", name="Save hand").click()
                        expect(hook(keeper, "summary")).to_be_visible()
                except AssertionError:
                    print(f"{label}: the keeper's taps were not answered in 5 s", flush=True)
                    return False
                per_hand = (cpu(server) - before) / args.hands * 1000
                rows.append((label, server.memory_info().rss / MB, per_hand))
                print(f"{label}: {rows[-1][1]:.0f} MB, {per_hand:.0f} ms per hand", flush=True)
                return True

            play("before any storm")
            for n in range(1, args.storms + 1):
                counts, took = storm(app.port, watch_route)
                print(
                    f"storm {n}: {CONNECTIONS} connections ({counts}), {WATCHERS} watchers "
                    f"leaving at once, in {took:.0f} s",
                    flush=True,
                )
                if not play(f"after storm {n}"):
                    break
        finally:
            browser.close()
            app.stop()
    print(f"server memory at start: {start_mb:.0f} MB")
    print(f"| when | server memory | server CPU per hand ({args.hands} hands) |")
    print("| --- | --- | --- |")
    for label, memory, per_hand in rows:
        print(f"| {label} | {memory:.0f} MB | {per_hand:.0f} ms |")


if __name__ == "__main__":
    main()
