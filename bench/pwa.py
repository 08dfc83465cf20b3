"""The offline build beside the server app, in the same Chromium on this machine.

For each: bytes of the first visit, seconds from opening the address to a
usable home screen on the first visit (empty browser profile) and on later
visits (browser restarted, same profile), and the time from a tap to the new
screen in the page (the DOM checked every animation frame), median and p95,
for a bid tap (a keypad key) and for "Save hand". No game stored beforehand.

Offline build: built with `scorekeeper publish`, served by `scorekeeper
serve-site` (gzip); its bytes are counted by that server and include what the
service worker stores for offline use. Server app: `scorekeeper serve`; its
bytes are the response bodies Chromium received over HTTP (the websocket
traffic that follows is not counted).

Run: .venv/bin/python bench/pwa.py
"""

import contextlib
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, expect, sync_playwright

from scorekeeper import sitehost
from scorekeeper.publish import publish
from tests.pwa_site import OutsideGuard, open_page, phone_browser, wait_cached, wait_usable
from tests.served import PHONE, ServedApp, hook, launch, new_game, settle

LATER_VISITS = 3
HANDS = 8
SUMMARY_SHOWN = "() => document.querySelector('[flt-semantics-identifier=\"summary\"]') !== null"


class CountingHandler(sitehost.SiteHandler):
    sent = 0
    lock = threading.Lock()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        size = os.fstat(source.fileno()).st_size
        with CountingHandler.lock:
            CountingHandler.sent += size
        super().copyfile(source, outputfile)


def tap(page: Page, identifier: str) -> float:
    """Tap where the control is (no actionability waits); returns the moment of
    the tap, for the caller to time the change it waits for."""
    target = hook(page, identifier)
    box = target.bounding_box()
    assert box is not None, identifier
    start = time.perf_counter()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return start


def taps(page: Page) -> tuple[list[float], list[float]]:
    """Play HANDS hands; times of each bid tap and each Save hand."""
    new_game(page, target=5000)
    bids, saves = [], []
    for _ in range(HANDS):
        page.get_by_role("button", name="Enter hand").click()
        expect(hook(page, "contracts")).to_be_visible()
        settle(page)
        for seat in range(4):
            for value in range(1, 4):  # the player's line, then a keypad key
                hook(page, f"player-{seat}").click()
                expect(hook(page, f"player-{seat}")).to_have_attribute("aria-current", "true")
                start = tap(page, f"key-{value}")
                page.wait_for_function(
                    f"""() => {{
                      const e = document.querySelector('[flt-semantics-identifier="bid-{seat}"]');
                      return e !== null && e.innerText.trim() === "{value}";
                    }}""",
                    polling="raf",
                )
                bids.append(time.perf_counter() - start)
        page.get_by_role("button", name="Next: tricks").click()
        expect(hook(page, "tricks-left")).to_be_visible()
        settle(page)
        hook(page, "key-rest").click()
        expect(hook(page, "tricks-left")).to_have_text("0 tricks left of 13")
        box = page.get_by_role("button", name="Save hand").bounding_box()
        assert box is not None
        start = time.perf_counter()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(SUMMARY_SHOWN, polling="raf")
        saves.append(time.perf_counter() - start)
    return bids, saves


def timed(action: Callable[[], None]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def offline_build(tmp: Path) -> dict[str, Any]:
    site = publish(tmp / "site")
    server = sitehost.make_server(site, 0, handler=CountingHandler)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    guard = OutsideGuard()
    profile = tmp / "profile"
    result: dict[str, Any] = {}
    try:
        with sync_playwright() as p:
            with phone_browser(p, profile, guard) as browser:
                page = open_page(browser)
                result["first"] = timed(lambda: wait_usable(page, url))
                wait_cached(page)
            result["bytes"] = CountingHandler.sent
            later = []
            for _ in range(LATER_VISITS):
                with phone_browser(p, profile, guard) as browser:
                    page = open_page(browser)
                    later.append(timed(lambda page=page: wait_usable(page, url)))
            result["later"] = later
            with phone_browser(p, profile, guard) as browser:
                page = open_page(browser)
                wait_usable(page, url)
                result["bids"], result["saves"] = taps(page)
    finally:
        server.shutdown()
        server.server_close()
        guard.close()
    result["outside"] = guard.from_the_app()
    return result


def server_app(tmp: Path) -> dict[str, Any]:
    app = ServedApp(tmp / "data")
    app.start()
    result: dict[str, Any] = {}
    received = [0]

    def count(request: Any) -> None:
        with contextlib.suppress(Exception):  # the page closed meanwhile
            received[0] += request.sizes()["responseBodySize"]

    try:
        with sync_playwright() as p:
            browser = launch(p)
            context = browser.new_context(viewport=PHONE)
            context.on("requestfinished", count)
            page = context.new_page()
            result["first"] = timed(lambda: wait_usable(page, app.url))
            page.wait_for_load_state("networkidle")
            result["bytes"] = received[0]
            context.remove_listener("requestfinished", count)
            later = []
            for _ in range(LATER_VISITS):
                page.close()
                page = context.new_page()
                later.append(timed(lambda page=page: wait_usable(page, app.url)))
            result["later"] = later
            result["bids"], result["saves"] = taps(page)
            browser.close()
    finally:
        app.stop()
    return result


def ms(values: list[float]) -> str:
    p95 = statistics.quantiles(values, n=20)[-1]
    return f"{statistics.median(values) * 1000:.0f} / {p95 * 1000:.0f} ms"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        pwa = offline_build(Path(tmp) / "pwa")
        server = server_app(Path(tmp) / "server")
    rows = [
        ("bytes of the first visit", lambda r: f"{r['bytes'] / 1e6:.1f} MB"),
        ("first visit to usable", lambda r: f"{r['first']:.1f} s"),
        ("later visits to usable, median", lambda r: f"{statistics.median(r['later']):.1f} s"),
        ("tap a bid to screen, median / p95", lambda r: ms(r["bids"])),
        ("tap Save hand to screen, median / p95", lambda r: ms(r["saves"])),
    ]
    print("| | offline build | server app |")
    print("| --- | --- | --- |")
    for name, show in rows:
        print(f"| {name} | {show(pwa)} | {show(server)} |")
    print(
        f"later visits (s): offline {[round(t, 1) for t in pwa['later']]}, "
        f"server {[round(t, 1) for t in server['later']]}"
    )
    print(f"taps: {len(pwa['bids'])} bid taps, {len(pwa['saves'])} saves each")
    print(f"requests from the offline build to other hosts: {pwa['outside'] or 'none'}")


if __name__ == "__main__":
    main()
