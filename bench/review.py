"""The review side with 10,000 stored games (players from a circle of 8).

Prints: computing all player statistics (in the app's process), and in
Chromium the time from a tap to the screen shown for history (first page),
statistics and one game's detail (with its chart).

Run: .venv/bin/python bench/review.py
"""

import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Locator, Page, sync_playwright

from bench.storage import finished_games
from scorekeeper.core.exchange import Incoming
from scorekeeper.core.stats import head_to_head, pair_stats, player_stats
from scorekeeper.storage.store import GameStore
from tests.served import PHONE, ServedApp, launch, load, settle

STORED = 10_000
FRIENDS = ("Alex", "Beth", "Charlie", "David", "Erin", "Farid", "Gita", "Hiro")
ROUNDS = 5


def shown(identifier: str) -> str:
    return f"() => document.querySelector('[flt-semantics-identifier^=\"{identifier}\"]') !== null"


def tap_until(page: Page, target: Locator, identifier: str) -> float:
    box = target.bounding_box()
    assert box is not None
    start = time.perf_counter()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(shown(identifier), polling="raf", timeout=30_000)
    return time.perf_counter() - start


def main() -> None:
    rng = random.Random(9)
    games = [replace(g, players=tuple(rng.sample(FRIENDS, 4))) for g in finished_games(STORED, rng)]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        with GameStore(data) as store:
            store.import_games([Incoming(g) for g in games])
            start = time.perf_counter()
            counts = store.totals()
            aliases = store.aliases()
            player_stats(counts, aliases)
            pair_stats(counts, aliases)
            head_to_head(counts, aliases)
            compute = time.perf_counter() - start
        app = ServedApp(data)
        app.start()
        timings: dict[str, list[float]] = {"history": [], "statistics": [], "detail": []}
        try:
            with sync_playwright() as p:
                browser = launch(p)
                page = browser.new_page(viewport=PHONE)
                load(page, app.url)
                for _ in range(ROUNDS):
                    page.goto(app.url)
                    load(page, app.url)
                    settle(page)
                    timings["history"].append(
                        tap_until(page, page.get_by_role("button", name="History"), "history-count")
                    )
                    settle(page)
                    timings["detail"].append(
                        tap_until(
                            page,
                            page.locator('[flt-semantics-identifier^="history-2"]').first,
                            "chart",
                        )
                    )
                    page.go_back()
                    page.get_by_role("button", name="Statistics").wait_for()
                    settle(page)
                    timings["statistics"].append(
                        tap_until(page, page.get_by_role("button", name="Statistics"), "win-chart")
                    )
                browser.close()
        finally:
            app.stop()
    print(f"stored games: {STORED}, players: {len(FRIENDS)}")
    print(f"compute all player statistics: {compute * 1000:.0f} ms")
    for name, values in timings.items():
        print(
            f"tap to {name} shown: median {statistics.median(values) * 1000:.0f} ms "
            f"(max {max(values) * 1000:.0f} ms, {len(values)} runs)"
        )


if __name__ == "__main__":
    main()
