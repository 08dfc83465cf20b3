"""What the order of the two starts costs the offline build's later visit.

The shipped page starts Python's worker at once, beside Flutter. A second copy
of the same build starts it only when Flutter asks for Python. For each, after
a first visit that keeps the snapshot, LATER_VISITS browser restarts on the
same profile (as bench/pwa.py); printed, median ms after opening: Flutter's
first frame, Python's app started and first screen sent, and Home usable (its
words in the page); then the time from the first screen to usable, and the
fonts fetched in that time (the page's resource timings).

Run: .venv/bin/python bench/pwa_start_order.py
"""

import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from bench.pwa import SHOWN, open_home
from scorekeeper.commands import sitehost
from scorekeeper.commands.publish import publish
from tests.pwa_site import (
    OutsideGuard,
    build_of,
    open_page,
    phone_browser,
    startup_marks,
    wait_cached,
    wait_snapshot,
)

LATER_VISITS = 7
EARLY = 'flet.earlyWorker = new Worker("python-worker.js", { type: "module" });'
PORT = "flet.earlyWorker.postMessage({ startup: startup.port2 }, [startup.port2]);"
TAKEN = 'flet.earlyWorker || new Worker("python-worker.js", { type: "module" })'
LATE = "flet.earlyWorker || startedLate()"
STARTED_LATE = """flet.earlyWorker = null;
const startedLate = () => {
  const worker = new Worker("python-worker.js", { type: "module" });
  worker.postMessage({ startup: startup.port2 }, [startup.port2]);
  return worker;
};"""
FONTS = """(after) => performance.getEntriesByType("resource")
  .filter((e) => /\\.(ttf|otf|woff2?)$/.test(e.name) && e.startTime >= after)
  .map((e) => e.name.split("/").pop().slice(0, 24))"""


def started_when_asked(site: Path) -> None:
    """Rewrite the page so that Python's worker starts when Flutter asks."""
    (page,) = [f for f in site.glob("*.html") if EARLY in f.read_text(encoding="utf-8")]
    text = page.read_text(encoding="utf-8")
    assert PORT in text and TAKEN in text, "the page's start changed: update this bench"
    text = text.replace(EARLY, "").replace(PORT, STARTED_LATE).replace(TAKEN, LATE)
    page.write_text(text, encoding="utf-8")
    page.with_name(page.name + ".gz").unlink(missing_ok=True)  # served instead otherwise


def visits(playwright: Any, site: Path, profile: Path) -> list[dict[str, Any]]:
    server = sitehost.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    guard = OutsideGuard()
    seen = []
    try:
        with phone_browser(playwright, profile, guard) as browser:
            browser.add_init_script(SHOWN)
            page = open_page(browser)
            open_home(page, url)
            wait_cached(page)
            wait_snapshot(page, build_of(site))
        for _ in range(LATER_VISITS):
            with phone_browser(playwright, profile, guard) as browser:
                browser.add_init_script(SHOWN)
                page = open_page(browser)
                open_home(page, url)
                marks = {name: mark["at"] for name, mark in startup_marks(page).items()}
                marks["usable"] = page.evaluate("window.__shown.usable")
                marks["fonts"] = page.evaluate(FONTS, marks["python: first screen"])
                seen.append(marks)
    finally:
        server.shutdown()
        server.server_close()
        guard.close()
    return seen


def main() -> None:
    rows = ("flutter: first frame", "python: app started", "python: first screen", "usable")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        shipped = publish(Path(tmp) / "shipped")
        late = publish(Path(tmp) / "late")
        started_when_asked(late)
        results = {
            "Python started at once (shipped)": visits(playwright, shipped, Path(tmp) / "p1"),
            "Python started when Flutter asks": visits(playwright, late, Path(tmp) / "p2"),
        }
    print(f"Later visits of the offline build, median of {LATER_VISITS}, ms after opening\n")
    print("| | " + " | ".join(results) + " |")
    print("| --- |" + " --- |" * len(results))
    for row in rows:
        cells = [f"{statistics.median(v[row] for v in seen):.0f}" for seen in results.values()]
        print(f"| {row} | " + " | ".join(cells) + " |")
    drawn = [
        f"{statistics.median(v['usable'] - v['python: first screen'] for v in seen):.0f}"
        for seen in results.values()
    ]
    print("| first screen to usable | " + " | ".join(drawn) + " |")
    for name, seen in results.items():
        print(f"\n{name}: fonts fetched after the first screen: {', '.join(seen[-1]['fonts'])}")


if __name__ == "__main__":
    main()
