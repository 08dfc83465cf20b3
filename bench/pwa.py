"""The offline build beside the server app, in the same Chromium on this machine.

For each: bytes of the first visit, seconds from opening the address to a
usable home screen on the first visit (empty browser profile) and on later
visits, with their ratio to the server app's (every visit of both apps opens
the address in an idle browser, see `idle`), and the time from a tap to the
new screen in the page (the DOM checked every animation frame), median and
p95, for a bid tap (a keypad key) and for "Save hand". And on each visit the
time from "usable" (the paint of Home's first frame: its text is in the
page's accessibility tree, switched on from the page's first moment) to
"visible" (the first paint with the boot screen gone), in ms. No game stored
beforehand. Both apps run in one run, their later visits interleaved: an
offline later visit restarts the browser on the same profile (a phone opening
the app again) and starts from the memory snapshot the first visit left; a
server later visit is a new tab in the running browser (a warm visit). The
offline build's later visits are also timed once more without waiting for the
browser just started to go idle, for comparison. Then
the offline build's start-up phases, from the page's performance marks (see
scorekeeper/pwa/python-worker.js), in seconds after opening: the first visit's
beside the later visits' median.

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

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from scorekeeper.commands import sitehost
from scorekeeper.commands.publish import publish
from tests.pwa_site import (
    USABLE_TIMEOUT,
    OutsideGuard,
    build_of,
    open_page,
    phone_browser,
    startup_marks,
    wait_cached,
    wait_snapshot,
    wait_usable,
)
from tests.served import PHONE, ServedApp, hook, launch, new_game, settle

LATER_VISITS = 9
HANDS = 8
# The moments Home is usable and visible, in ms after opening (window.__shown),
# each taken as the browser is about to paint the frame: a ResizeObserver is
# called after every animation-frame callback and microtask of a frame, just
# before its paint, and the probe it watches changes size whenever the page does.
SHOWN = """(() => {
  const shown = (window.__shown = {});
  const probe = document.createElement("div");
  probe.style.cssText = "position: fixed; top: -10px; height: 1px; visibility: hidden";
  let size = 1;
  const home = () => document.evaluate('//*[text()="New game" or @aria-label="New game"]',
    document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
  new ResizeObserver(() => {
    const now = performance.now();
    if (shown.usable === undefined && home()) shown.usable = now;
    if (shown.usable !== undefined && shown.visible === undefined &&
      !document.getElementById("boot")) shown.visible = now;
  }).observe(probe);
  new MutationObserver((records) => {
    if (records.every((record) => record.target === probe)) return; // its own change
    const placeholder = document.querySelector("flt-semantics-placeholder");
    if (placeholder && !placeholder.dataset.clicked) {
      placeholder.dataset.clicked = "1";
      placeholder.click();
    }
    if (shown.visible === undefined) probe.style.width = `${++size}px`;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener("DOMContentLoaded", () => document.body.appendChild(probe));
})();"""
IDLE_SHARE = 0.05  # of one core, over IDLE_WINDOW
IDLE_WINDOW = 0.5  # s
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


def open_home(page: Page, url: str) -> None:
    """Open `url` until Home is usable (SHOWN: the accessibility tree is
    already on)."""
    page.goto(url, timeout=USABLE_TIMEOUT)
    page.wait_for_function("window.__shown.usable !== undefined", timeout=USABLE_TIMEOUT)
    expect(page.get_by_role("button", name="New game")).to_be_visible(timeout=USABLE_TIMEOUT)


def idle(browser: Browser) -> None:
    """Wait until the browser's processes are idle: under 5% of a core over half
    a second (30 s at most). A desktop Chromium just started spends about 1 s of
    processor time on work of its own (its address bar's pop-up is made in a
    renderer of its own), and on 2 cores that would be charged to whichever app
    it overlaps: the server app's later visits, in a browser started long
    before, never meet it."""
    session = browser.new_browser_cdp_session()

    def used() -> float:
        processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
        return float(sum(process["cpuTime"] for process in processes))

    try:
        deadline = time.monotonic() + 30
        before = used()
        while time.monotonic() < deadline:
            time.sleep(IDLE_WINDOW)
            now = used()
            if now - before < IDLE_SHARE * IDLE_WINDOW:
                return
            before = now
    finally:
        session.detach()


def hidden_for(page: Page) -> float:
    """Seconds from Home usable to Home visible on this visit."""
    page.wait_for_function("window.__shown.visible !== undefined", timeout=USABLE_TIMEOUT)
    shown: dict[str, float] = page.evaluate("window.__shown")
    return (shown["visible"] - shown["usable"]) / 1000


def usable_at(page: Page) -> float:
    """Seconds from opening to Home usable in the page's own clock (no time
    for Playwright to notice)."""
    usable: float = page.evaluate("window.__shown.usable")
    return usable / 1000


def seconds_of(marks: dict[str, dict[str, Any]]) -> dict[str, float]:
    return {name: mark["at"] / 1000 for name, mark in marks.items()}


def timed(action: Callable[[], None]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


class Offline:
    """The offline build: each later visit restarts the browser on the same
    profile, as a phone does when the app is opened again."""

    def __init__(self, playwright: Any, tmp: Path) -> None:
        self.site = publish(tmp / "site")
        self.server = sitehost.make_server(self.site, 0, handler=CountingHandler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.guard = OutsideGuard()
        self.playwright = playwright
        self.profile = tmp / "profile"

    def first(self) -> tuple[float, int, dict[str, float], float]:
        """The first visit; returns once every file and the snapshot are kept."""
        with phone_browser(self.playwright, self.profile, self.guard) as browser:
            browser.add_init_script(SHOWN)
            page = open_page(browser)
            idle(self.browser_of(browser))
            seconds = timed(lambda: open_home(page, self.url))
            hidden = hidden_for(page)
            marks = startup_marks(page)
            wait_cached(page)
            wait_snapshot(page, build_of(self.site))
        return seconds, CountingHandler.sent, seconds_of(marks), hidden

    @staticmethod
    def browser_of(context: BrowserContext) -> Browser:
        browser = context.browser
        assert browser is not None
        return browser

    def later(self, wait_idle: bool = True) -> tuple[float, dict[str, float], float]:
        """A later visit; `wait_idle=False` opens the address as soon as the
        browser has started."""
        with phone_browser(self.playwright, self.profile, self.guard) as browser:
            browser.add_init_script(SHOWN)
            page = open_page(browser)
            if wait_idle:
                idle(self.browser_of(browser))
            seconds = timed(lambda: open_home(page, self.url))
            hidden = hidden_for(page)
            phases = seconds_of(startup_marks(page)) | {"home usable": usable_at(page)}
        assert "python: python restored" in phases, "a later visit did not start from the snapshot"
        return seconds, phases, hidden

    def taps(self) -> tuple[list[float], list[float]]:
        with phone_browser(self.playwright, self.profile, self.guard) as browser:
            page = open_page(browser)
            wait_usable(page, self.url)
            return taps(page)

    def close(self) -> list[str]:
        self.server.shutdown()
        self.server.server_close()
        self.guard.close()
        return self.guard.from_the_app()


class Server:
    """The server app: each later visit is a new tab in the running browser."""

    def __init__(self, playwright: Any, tmp: Path) -> None:
        self.app = ServedApp(tmp / "data")
        self.app.start()
        self.browser = launch(playwright)
        self.context = self.browser.new_context(viewport=PHONE)
        self.context.add_init_script(SHOWN)
        self.page = self.context.new_page()
        self.received = 0

    def _count(self, request: Any) -> None:
        with contextlib.suppress(Exception):  # the page closed meanwhile
            self.received += request.sizes()["responseBodySize"]

    def first(self) -> tuple[float, int, float]:
        self.context.on("requestfinished", self._count)
        idle(self.browser)
        seconds = timed(lambda: open_home(self.page, self.app.url))
        hidden = hidden_for(self.page)
        self.page.wait_for_load_state("networkidle")
        self.context.remove_listener("requestfinished", self._count)
        return seconds, self.received, hidden

    def later(self) -> tuple[float, float, float]:
        self.page.close()
        self.page = self.context.new_page()
        idle(self.browser)
        seconds = timed(lambda: open_home(self.page, self.app.url))
        return seconds, hidden_for(self.page), usable_at(self.page)

    def taps(self) -> tuple[list[float], list[float]]:
        return taps(self.page)

    def close(self) -> None:
        self.browser.close()
        self.app.stop()


def measure(tmp: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both apps in one run, their visits interleaved so that both see the
    same load on the machine."""
    pwa: dict[str, Any] = {"later": [], "phases": [], "hidden": [], "just started": []}
    server: dict[str, Any] = {"later": [], "hidden": [], "in page": []}
    with sync_playwright() as p:
        offline, served = Offline(p, tmp / "pwa"), Server(p, tmp / "server")
        try:
            pwa["first"], pwa["bytes"], pwa["first phases"], hidden = offline.first()
            pwa["hidden"].append(hidden)
            server["first"], server["bytes"], hidden = served.first()
            server["hidden"].append(hidden)
            for _ in range(LATER_VISITS):
                seconds, phases, hidden = offline.later()
                pwa["later"].append(seconds)
                pwa["phases"].append(phases)
                pwa["hidden"].append(hidden)
                seconds, hidden, in_page = served.later()
                server["later"].append(seconds)
                server["in page"].append(in_page)
                server["hidden"].append(hidden)
                pwa["just started"].append(offline.later(wait_idle=False)[0])
            pwa["bids"], pwa["saves"] = offline.taps()
            server["bids"], server["saves"] = served.taps()
        finally:
            pwa["outside"] = offline.close()
            served.close()
    return pwa, server


def merged(one: list[str], other: list[str]) -> list[str]:
    """Both orders of phases in one: `other`'s, each phase only in `one` right
    after the shared phase it follows there."""
    after: dict[str | None, list[str]] = {}
    shared = None
    for name in one:
        if name in other:
            shared = name
        else:
            after.setdefault(shared, []).append(name)
    result = after.get(None, [])
    for name in other:
        result += [name, *after.get(name, [])]
    return result


def hidden(app: dict[str, Any]) -> str:
    """Home usable to visible over every visit (target 50 ms)."""
    values = app["hidden"]
    return f"{statistics.median(values) * 1000:.0f} / {max(values) * 1000:.0f} ms"


def ms(values: list[float]) -> str:
    p95 = statistics.quantiles(values, n=20)[-1]
    return f"{statistics.median(values) * 1000:.0f} / {p95 * 1000:.0f} ms"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        pwa, server = measure(Path(tmp))
    later = {
        name: statistics.median(app["later"]) for name, app in (("pwa", pwa), ("server", server))
    }
    rows = [
        ("bytes of the first visit", lambda r: f"{r['bytes'] / 1e6:.1f} MB"),
        ("first visit to usable", lambda r: f"{r['first']:.1f} s"),
        ("later visits to usable, median", lambda r: f"{statistics.median(r['later']):.1f} s"),
        ("Home usable to visible, median / max", hidden),
        ("tap a bid to screen, median / p95", lambda r: ms(r["bids"])),
        ("tap Save hand to screen, median / p95", lambda r: ms(r["saves"])),
    ]
    print("| | offline build | server app | offline / server |")
    print("| --- | --- | --- | --- |")
    for name, show in rows:
        ratio = ""
        if name.startswith("first"):
            ratio = f"{pwa['first'] / server['first']:.2f}x (target 2.5x)"
        elif name.startswith("later"):
            ratio = f"{later['pwa'] / later['server']:.2f}x (target 1.25x)"
        elif name.startswith("Home"):
            ratio = "(target 50 ms)"
        print(f"| {name} | {show(pwa)} | {show(server)} | {ratio} |")
    print(
        f"Home usable to visible (ms): offline {[round(t * 1000) for t in pwa['hidden']]}, "
        f"server {[round(t * 1000) for t in server['hidden']]}"
    )
    print(
        f"later visits (s): offline {[round(t, 1) for t in pwa['later']]}, "
        f"server {[round(t, 1) for t in server['later']]}"
    )
    print(
        "offline later visits opened as soon as the browser started (s): median "
        f"{statistics.median(pwa['just started']):.1f}, "
        f"{statistics.median(pwa['just started']) / later['server']:.2f}x; "
        f"{[round(t, 1) for t in pwa['just started']]}"
    )
    in_page = statistics.median(p["home usable"] for p in pwa["phases"])
    print(
        "later visits to usable in the page's own clock, median: "
        f"offline {in_page:.2f} s, server {statistics.median(server['in page']):.2f} s"
    )
    print()
    print("Offline build: each start-up phase, s after opening (later visits: median)")
    print()
    print("| phase | first visit | later visit |")
    print("| --- | --- | --- |")
    first = pwa["first phases"]
    names = {name for phases in pwa["phases"] for name in phases}
    at = {n: statistics.median(p[n] for p in pwa["phases"] if n in p) for n in names}
    for name in merged(sorted(at, key=at.__getitem__), sorted(first, key=first.__getitem__)):
        shown = [f"{row[name]:.2f} s" if name in row else "" for row in (first, at)]
        print(f"| {name} | {' | '.join(shown)} |")
    print()
    print(f"taps: {len(pwa['bids'])} bid taps, {len(pwa['saves'])} saves each")
    print(f"requests from the offline build to other hosts: {pwa['outside'] or 'none'}")


if __name__ == "__main__":
    main()
