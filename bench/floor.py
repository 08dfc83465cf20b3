"""What the Flet web client costs on its own: the same server (guard, lean
client, compression, isolation headers) serving a bare page instead of the
app, measured the way bench/load.py measures the app.

The bare page is a title, a "New game" button (the same "usable" signal as
the app's home screen), a "Tap" key that changes one number (the least a bid
tap can send), and a "Swap" key that shows a screen of two score cards and
10 score lines, about what "Save hand" shows, in one of four ways: drawn
anew in place of another (as the app does), kept and unfolded while the
other is folded to nothing, kept on screen with one line added on top and
its title changed, or kept on screen with every number on it changed in
place (the least a screen's worth of new figures can cost). No storage,
scoring or game is behind any of them. What the bare page takes is the
floor under the app's figures on this machine: the Flutter engine's start,
the Flet client's connection, and Flutter's frame for a change.

Prints open-to-usable (cold and warm, quiet and at 40 Mbit/s with 10 ms) and
tap-to-screen by the page's clock (pointer down to the animation frame with
the change in the DOM), median and p95.

Run: .venv/bin/python bench/floor.py [--rounds 5] [--taps 40]
"""

import argparse
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, Page, sync_playwright

from bench.load import TAP_CLOCK, loads, ms, report, tap
from tests.served import PHONE, ROOT, enable_semantics, free_port, launch, still

SHOWN = (
    '([id, want]) => { const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);'
    " return e !== null && e.innerText.trim() === want && (window.__shownAt = performance.now(),"
    " true); }"
)


def serve(port: int) -> None:
    """The bare page, behind the app's own web server."""
    import flet as ft
    import uvicorn

    from scorekeeper.resources import ASSETS_DIR
    from scorekeeper.ui.webclient import prepare
    from scorekeeper.web.asgi import ServerConfig
    from scorekeeper.web.routes import WS_PATH, build_app
    from scorekeeper.web.static import StaticClient

    def line(n: int) -> ft.Row:
        return ft.Row(
            [
                ft.Text(f"{n}", width=28),
                ft.Column([ft.Text("3+3 / 4+3"), ft.Text(f"+61 → {n * 61}")], expand=True),
                ft.Column([ft.Text("2+4 / 3+3"), ft.Text(f"+60 → {n * 60}")], expand=True),
                ft.IconButton(ft.Icons.EDIT, tooltip=f"Edit hand {n}"),
            ]
        )

    def screen(label: str) -> ft.Column:
        cards = ft.Row(
            [
                ft.Container(
                    ft.Column([ft.Text(f"Side {s}"), ft.Text("120", size=44)]),
                    expand=True,
                    border=ft.Border.all(2, ft.Colors.PRIMARY),
                    padding=12,
                )
                for s in (1, 2)
            ]
        )
        lines = [line(n) for n in range(10, 0, -1)]
        return ft.Column([ft.Semantics(identifier="screen", content=ft.Text(label)), cards, *lines])

    async def main(page: ft.Page) -> None:
        count = ft.Text("0", size=24)

        def tapped(_event: ft.Event[ft.Container]) -> None:
            count.value = str(int(count.value or 0) + 1)
            count.update()

        if page.route == "/values":  # one screen kept, every number on it changed in place
            shown = screen("A")
            holder = ft.Column([shown])

            def swapped(_event: ft.Event[ft.Container]) -> None:
                label = shown.controls[0].content
                label.value = "B" if label.value == "A" else "A"
                for card in shown.controls[1].controls:
                    total = card.content.controls[1]
                    total.value = str(int(total.value) + 61)
                for row in shown.controls[2:]:
                    for column in (row.controls[1], row.controls[2]):
                        for text in column.controls:
                            text.value = text.value[::-1]
                shown.update()

        elif page.route == "/add":  # one screen kept, a line added on top and a total changed
            shown = screen("A")
            holder = ft.Column([shown])
            lines = shown.controls

            def swapped(_event: ft.Event[ft.Container]) -> None:
                label = shown.controls[0].content
                label.value = "B" if label.value == "A" else "A"
                n = len(lines)
                lines.insert(2, line(n))
                shown.update()

        elif page.route == "/fold":  # both screens kept, one folded to nothing
            screens = [screen("A"), screen("B")]
            screens[1].height, screens[1].opacity = 0, 0.0
            holder = ft.Column(screens)

            def swapped(_event: ft.Event[ft.Container]) -> None:
                for s in screens:
                    s.height, s.opacity = (None, 1.0) if s.height == 0 else (0, 0.0)
                holder.update()

        else:  # one screen drawn at a time, as a new screen is
            screens = [screen("A"), screen("B")]
            holder = ft.Column([screens[0]])

            def swapped(_event: ft.Event[ft.Container]) -> None:
                holder.controls = [screens[1] if holder.controls[0] is screens[0] else screens[0]]
                holder.update()

        def key(label: str, handler: object) -> ft.Semantics:
            return ft.Semantics(
                identifier=label.lower(),
                button=True,
                content=ft.Container(
                    ft.Text(label), padding=16, border=ft.Border.all(1), on_click=handler
                ),
            )

        page.add(
            ft.Text("Bare page", size=22),
            ft.FilledButton("New game"),
            ft.Row(
                [
                    key("Tap", tapped),
                    key("Swap", swapped),
                    ft.Semantics(identifier="count", content=count),
                ]
            ),
            holder,
        )

    web = prepare()
    static = StaticClient(web, websocket_path=f"/{WS_PATH}")
    app = build_app(main, ServerConfig(hosts=[], assets_dir=str(ASSETS_DIR)), static=static)
    uvicorn.run(app, host="127.0.0.1", port=port, ws="websockets-sansio", log_level="warning")


def taps(page: Page, url: str, count: int, swaps_only: bool = False) -> tuple[list[float], ...]:
    page.add_init_script(TAP_CLOCK)
    page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    enable_semantics(page)
    page.get_by_role("button", name="New game").wait_for()
    still(page)
    tapped: list[float] = []
    swapped: list[float] = []
    for n in range(1, count + 1):
        if not swaps_only:
            tap(page, "tap")
            page.wait_for_function(SHOWN, arg=["count", str(n)], polling="raf")
            tapped.append(page.evaluate("() => window.__shownAt - window.__tapAt") / 1000)
            page.wait_for_timeout(100)
        tap(page, "swap")
        page.wait_for_function(SHOWN, arg=["screen", "B" if n % 2 else "A"], polling="raf")
        swapped.append(page.evaluate("() => window.__shownAt - window.__tapAt") / 1000)
        still(page)
    return tapped, swapped


def lazy_compiles(browser: Browser, url: str) -> tuple[int, float]:
    """On a warm visit (a second page of the same profile, the client's files
    all from the browser's cache), how many functions of the client's code the
    browser compiles as they are first called, and the time it spends on them
    (Chromium's own trace of its WebAssembly engine)."""
    context = browser.new_context(viewport=PHONE)
    first = context.new_page()
    first.goto(url)
    first.wait_for_selector("#loading", state="detached", timeout=60_000)
    first.wait_for_timeout(5000)  # time for the browser to keep what it compiled, if it does
    first.close()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
    cdp.on("Tracing.tracingComplete", lambda _e: done.append(True))
    categories = "v8.wasm,disabled-by-default-v8.wasm.detailed"
    cdp.send("Tracing.start", {"categories": categories, "transferMode": "ReportEvents"})
    page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    enable_semantics(page)
    page.get_by_role("button", name="New game").wait_for()
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(50)
    context.close()
    compiles = [e for e in events if e.get("name") == "wasm.CompileLazy"]
    return len(compiles), sum(e.get("dur", 0) for e in compiles) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="cold+warm visits per profile")
    parser.add_argument("--taps", type=int, default=40, help="taps of each kind")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(port)], cwd=ROOT, start_new_session=True
    )
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        with sync_playwright() as p:
            browser = launch(p)
            quiet = loads(browser, url, args.rounds, throttle=False)
            throttled = loads(browser, url, args.rounds, throttle=True)
            tapped, swapped = taps(browser.new_page(viewport=PHONE), url, args.taps)
            _, folded = taps(browser.new_page(viewport=PHONE), url + "fold", args.taps, True)
            _, added = taps(browser.new_page(viewport=PHONE), url + "add", args.taps, True)
            _, changed = taps(browser.new_page(viewport=PHONE), url + "values", args.taps, True)
            compiled, compiling = lazy_compiles(browser, url)
            browser.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(10)
    print(f"bare page behind the app's server; viewport 400x860; {args.rounds} rounds")
    report("cold, quiet", quiet[0])
    report("warm, quiet", quiet[1])
    report("cold, 40 Mbit/s 10 ms", throttled[0])
    report("warm, 40 Mbit/s 10 ms", throttled[1])
    print(
        f"warm visit: {compiled} functions of the client compiled on their first call, "
        f"{compiling:.2f} s"
    )
    print(f"tap that changes one number ({len(tapped)} taps): in the page {ms(tapped)}")
    print(f"tap that draws a new screen ({len(swapped)} taps): in the page {ms(swapped)}")
    print(f"tap that unfolds a kept screen ({len(folded)} taps): in the page {ms(folded)}")
    print(f"tap that adds a line to a kept screen ({len(added)} taps): in the page {ms(added)}")
    print(
        f"tap that changes every number of a kept screen ({len(changed)} taps): "
        f"in the page {ms(changed)}"
    )


if __name__ == "__main__":
    main()
