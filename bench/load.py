"""First load and taps in real Chromium (400x860), the served app with 10,000
finished games stored.

Prints, for a cold visit (fresh profile, empty cache) and a warm one (the same
profile again), on a quiet network and throttled to 40 Mbit/s with 10 ms of
latency (Chrome DevTools' network emulation): bytes on the wire before the
first usable screen (the home screen's "New game" button in the page) and for
the whole visit, the number of requests, any request that left 127.0.0.1,
and open-to-usable times (medians). Then, on the quiet network, tap-to-screen
median and p95 for a bid tap (a keypad key to the bid shown on the player's
line) and for "Save hand" (to the hand's summary), and the bytes the server
sent per tap. Tap times are given twice: by this script's clock (from the
harness's click to its check seeing the change, which adds the browser
automation's own round trips) and by the page's clock (from the pointer going
down to the animation frame in which the change is first in the DOM).

Run: .venv/bin/python bench/load.py [--rounds 5] [--hands 20] [--no-throttle]
"""

import argparse
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from bench.storage import finished_games
from scorekeeper.core.exchange import Incoming
from scorekeeper.storage.store import GameStore
from tests.served import PHONE, ServedApp, enable_semantics, hook, launch, new_game, settle

STORED = 10_000
THROTTLED = {
    "offline": False,
    "latency": 10,  # ms
    "downloadThroughput": 40_000_000 / 8,  # bytes/s
    "uploadThroughput": 40_000_000 / 8,
}
# The page's own clock, to time a tap without the harness: when the pointer
# went down, and the animation frame in which the change was first in the DOM.
TAP_CLOCK = (
    "document.addEventListener('pointerdown', () => { window.__tapAt = performance.now(); }, true);"
)
SHOWN_AT = "(window.__shownAt = performance.now(), true)"
SUMMARY_SHOWN = (
    f"() => document.querySelector('[flt-semantics-identifier=\"summary\"]') !== null && {SHOWN_AT}"
)
BIDS_SHOWN = (
    "([want, count]) => Array.from(document.querySelectorAll("
    "'[flt-semantics-identifier^=\"bid-\"]')).filter(e => e.innerText.trim() === want)"
    f".length >= count && {SHOWN_AT}"
)


@dataclass
class Visit:
    usable: float = 0.0
    bytes_before: int = 0
    bytes_all: int = 0
    requests_before: int = 0
    requests_all: int = 0
    websocket_bytes: int = 0
    away: list[str] = field(default_factory=list)


def visit(context: BrowserContext, url: str, throttle: bool) -> Visit:
    """Open the app in a new page of `context` and wait for the home screen."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if throttle:
        cdp.send("Network.emulateNetworkConditions", THROTTLED)
    sent: dict[str, str] = {}
    done: dict[str, tuple[float, int]] = {}
    frames: list[int] = []

    def will_send(event: dict[str, Any]) -> None:
        sent[event["requestId"]] = event["request"]["url"]

    def finished(event: dict[str, Any]) -> None:
        done[event["requestId"]] = (time.perf_counter(), int(event["encodedDataLength"]))

    def failed(event: dict[str, Any]) -> None:
        done[event["requestId"]] = (time.perf_counter(), 0)

    def frame(event: dict[str, Any]) -> None:
        frames.append(len(event["response"]["payloadData"]) * 3 // 4)  # base64

    cdp.on("Network.requestWillBeSent", will_send)
    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.loadingFailed", failed)
    cdp.on("Network.webSocketFrameReceived", frame)
    began = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    enable_semantics(page)
    page.get_by_role("button", name="New game").wait_for()
    usable_at = time.perf_counter()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)  # anything fetched after the first screen
    result = Visit(usable=usable_at - began, websocket_bytes=sum(frames))
    for request_id, address in sent.items():
        if address.startswith(("data:", "blob:")):
            continue
        if urlparse(address).hostname != "127.0.0.1":
            result.away.append(address)
        at, size = done.get(request_id, (float("inf"), 0))
        result.requests_all += 1
        result.bytes_all += size
        if at <= usable_at:
            result.requests_before += 1
            result.bytes_before += size
    page.close()
    return result


def loads(
    browser: Browser, url: str, rounds: int, throttle: bool
) -> tuple[list[Visit], list[Visit]]:
    cold: list[Visit] = []
    warm: list[Visit] = []
    for _ in range(rounds):
        context = browser.new_context(viewport=PHONE)
        cold.append(visit(context, url, throttle))
        warm.append(visit(context, url, throttle))
        context.close()
    return cold, warm


@dataclass
class Taps:
    bid: list[float] = field(default_factory=list)
    save: list[float] = field(default_factory=list)
    bid_bytes: list[int] = field(default_factory=list)
    save_bytes: list[int] = field(default_factory=list)
    bid_page: list[float] = field(default_factory=list)  # by the page's clock
    save_page: list[float] = field(default_factory=list)


def tap(page: Page, identifier: str | None = None, name: str | None = None) -> None:
    """A tap where the control is, without Playwright's actionability waits."""
    target = hook(page, identifier) if identifier else page.get_by_role("button", name=name)
    box = target.bounding_box()
    assert box is not None, identifier or name
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def taps(browser: Browser, url: str, hands: int) -> Taps:
    page = browser.new_page(viewport=PHONE)
    frames: list[tuple[float, int]] = []

    def on_socket(socket: Any) -> None:
        socket.on(
            "framereceived", lambda payload: frames.append((time.perf_counter(), len(payload)))
        )

    page.on("websocket", on_socket)
    page.add_init_script(TAP_CLOCK)
    page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    enable_semantics(page)
    new_game(page, target=5000)
    result = Taps()

    def timed(action: Any, done: Any) -> tuple[float, int, float]:
        start = time.perf_counter()
        action()
        done()
        took = time.perf_counter() - start
        in_page = page.evaluate("() => window.__shownAt - window.__tapAt") / 1000
        page.wait_for_timeout(150)  # let any later message of this tap arrive
        size = sum(n for at, n in frames if at >= start)
        return took, size, in_page

    for _ in range(hands):
        page.get_by_role("button", name="Enter hand").click()
        expect(hook(page, "contracts")).to_be_visible()
        settle(page)
        for count in range(1, 5):  # one key per player, in bidding order
            took, size, in_page = timed(
                lambda: tap(page, "key-3"),
                lambda count=count: page.wait_for_function(
                    BIDS_SHOWN, arg=["3", count], polling="raf"
                ),
            )
            result.bid.append(took)
            result.bid_bytes.append(size)
            result.bid_page.append(in_page)
        page.get_by_role("button", name="Next: tricks").click()
        expect(hook(page, "tricks-left")).to_be_visible()
        settle(page)
        hook(page, "key-rest").click()
        expect(hook(page, "tricks-left")).to_have_text("0 tricks left of 13")
        took, size, in_page = timed(
            lambda: tap(page, name="Save hand"),
            lambda: page.wait_for_function(SUMMARY_SHOWN, polling="raf"),
        )
        result.save.append(took)
        result.save_bytes.append(size)
        result.save_page.append(in_page)
    page.close()
    return result


def ms(values: list[float]) -> str:
    p95 = statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]
    return f"median {statistics.median(values) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"


def report(label: str, visits: list[Visit]) -> None:
    first = visits[0]
    print(
        f"{label}: open to usable median {statistics.median(v.usable for v in visits):.2f} s "
        f"(runs: {', '.join(f'{v.usable:.2f}' for v in visits)}); "
        f"before usable {first.bytes_before / 1e6:.2f} MB in {first.requests_before} requests; "
        f"whole visit {first.bytes_all / 1e6:.2f} MB in {first.requests_all} requests "
        f"(+{first.websocket_bytes / 1e3:.1f} kB over the websocket); "
        f"requests to other hosts: {sum(len(v.away) for v in visits)}"
    )
    for address in sorted({a for v in visits for a in v.away}):
        print(f"  left 127.0.0.1: {address}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="cold+warm visits per profile")
    parser.add_argument("--hands", type=int, default=20, help="hands entered for the tap figures")
    parser.add_argument("--no-throttle", action="store_true", help="skip the 40 Mbit/s profile")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        with GameStore(data) as store:
            store.import_games([Incoming(g) for g in finished_games(STORED, random.Random(5))])
        app = ServedApp(data)
        app.start()
        try:
            with sync_playwright() as p:
                browser = launch(p)
                quiet = loads(browser, app.url, args.rounds, throttle=False)
                throttled = None if args.no_throttle else loads(browser, app.url, args.rounds, True)
                measured = taps(browser, app.url, args.hands)
                browser.close()
        finally:
            app.stop()
    print(f"finished games stored: {STORED}; viewport 400x860; {args.rounds} rounds")
    report("cold, quiet", quiet[0])
    report("warm, quiet", quiet[1])
    if throttled:
        report("cold, 40 Mbit/s 10 ms", throttled[0])
        report("warm, 40 Mbit/s 10 ms", throttled[1])
    print(
        f"bid tap to screen ({len(measured.bid)} taps): {ms(measured.bid)}; "
        f"in the page {ms(measured.bid_page)}; "
        f"update bytes per tap median {statistics.median(measured.bid_bytes):.0f}"
    )
    print(
        f"Save hand to screen ({len(measured.save)} hands): {ms(measured.save)}; "
        f"in the page {ms(measured.save_page)}; "
        f"update bytes per tap median {statistics.median(measured.save_bytes):.0f}"
    )


if __name__ == "__main__":
    main()
