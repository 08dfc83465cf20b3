"""UI speed in real Chromium, with 10,000 finished games stored.

Prints: server start to first frame (the home screen's "New game" button in
the page), and median / p95 time from a tap on "Save hand" to the updated
scoreboard in the page (its summary in the DOM, checked every animation
frame), over 25 hands.

Run: .venv/bin/python bench/ui.py
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import expect, sync_playwright

from bench.storage import finished_games
from scorekeeper.core.exchange import Incoming
from scorekeeper.storage.store import GameStore
from tests.served import (
    PHONE,
    ServedApp,
    hook,
    launch,
    load,
    new_game,
    settle,
)

STORED = 10_000
HANDS = 25
SUMMARY_SHOWN = "() => document.querySelector('[flt-semantics-identifier=\"summary\"]') !== null"


def main() -> None:
    import random

    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        with GameStore(data) as store:
            store.import_games([Incoming(g) for g in finished_games(STORED, random.Random(5))])
        app = ServedApp(data)
        with sync_playwright() as p:
            browser = launch(p)
            page = browser.new_page(viewport=PHONE)
            began = time.perf_counter()
            app.start()
            try:
                load(page, app.url)
                page.get_by_role("button", name="New game").wait_for()
                first_frame = time.perf_counter() - began
                new_game(page, target=5000)
                times = []
                for _ in range(HANDS):
                    page.get_by_role("button", name="Enter hand").click()
                    expect(hook(page, "contracts")).to_be_visible()
                    settle(page)
                    for _ in range(4):  # one tap per bid, in bidding order
                        hook(page, "key-3").click()
                    for seat in range(4):
                        expect(hook(page, f"bid-{seat}")).to_have_text("3")
                    page.get_by_role("button", name="Next: tricks").click()
                    expect(hook(page, "tricks-left")).to_be_visible()
                    settle(page)
                    hook(page, "key-rest").click()
                    expect(hook(page, "tricks-left")).to_have_text("0 tricks left of 13")
                    box = page.get_by_role("button", name="Save hand").bounding_box()
                    assert box is not None
                    # a tap where the button is, without Playwright's actionability waits
                    start = time.perf_counter()
                    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                    page.wait_for_function(SUMMARY_SHOWN, polling="raf")
                    times.append(time.perf_counter() - start)
            finally:
                app.stop()
                browser.close()
    print("per hand (ms):", [round(t * 1000) for t in times])
    p95 = statistics.quantiles(times, n=20)[-1]
    print(f"finished games stored: {STORED}")
    print(f"server start to first frame: {first_frame:.2f} s")
    print(
        f"save hand to updated scoreboard over {HANDS} hands: "
        f"median {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
