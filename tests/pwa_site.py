"""The offline build in real Chromium: build it, serve it on 127.0.0.1, and
send every request for any other host to a proxy that logs and refuses it.
Shared by the offline build's browser test and its benchmark."""

import http.server
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, expect

from scorekeeper.commands.sitehost import make_server
from tests.served import CHROMIUM_ARGS, PHONE, enable_semantics, free_port

# Debian's /usr/bin/chromium is a script that adds Google API keys and extension
# updates, and with them the browser's own requests to Google. The binary it
# runs has none: what reaches the guard then comes from the app.
BROWSER_BINARY = "/usr/lib/chromium/chromium"
QUIET_ARGS = ["--disable-features=AutofillServerCommunication,OptimizationHints,Translate"]

USABLE_TIMEOUT = 180_000  # ms: Python boots inside the page on a loaded 2-core machine


class Site:
    """A built site served by a thread; stop() and start() again on the same port."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self._server: http.server.HTTPServer | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._server = make_server(self.folder, self.port)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            assert self._thread
            self._thread.join(10)
        self._server = self._thread = None


class _Refuse(http.server.BaseHTTPRequestHandler):
    """A proxy that forwards nothing: it writes down what was asked and refuses."""

    asked: list[str]

    def _refuse(self) -> None:
        self.asked.append(f"{self.command} {self.path}")
        self.send_error(403, "no request may leave 127.0.0.1")

    do_GET = do_POST = do_HEAD = do_PUT = do_OPTIONS = do_CONNECT = _refuse

    def log_message(self, format: str, *args: Any) -> None:
        pass


# Chromium's own services (component and extension updates, clock check,
# sign-in) that it contacts whatever page is open; the app never names them.
BROWSER_SERVICES = (
    "update.googleapis.com",
    "clients2.google.com",
    "accounts.google.com",
    "content-autofill.googleapis.com",
    "optimizationguide-pa.googleapis.com",
    "redirector.gvt1.com",
    "edgedl.me.gvt1.com",
)


class OutsideGuard:
    """Chromium sends every non-loopback request here (--proxy-server), where it
    is refused and written down; `watch` also writes down any such request the
    pages, their workers or the service worker make."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        handler = type("Refuse", (_Refuse,), {"asked": self.asked})
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def watch(self, context: BrowserContext) -> None:
        def seen(request: Any) -> None:
            url = request.url
            if not url.startswith(("http://127.0.0.1:", "data:", "blob:", "chrome")):
                self.asked.append(f"app: {request.method} {url}")

        context.on("request", seen)

    def from_the_app(self) -> list[str]:
        """Everything asked of another host, less Chromium's own services."""
        return [a for a in self.asked if not any(host in a for host in BROWSER_SERVICES)]

    def args(self) -> list[str]:
        # loopback is never proxied: only other hosts reach the guard
        return [f"--proxy-server=http://127.0.0.1:{self.port}", "--proxy-bypass-list=<local>"]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@contextmanager
def phone_browser(
    playwright: Playwright,
    profile: Path,
    guard: OutsideGuard,
    viewport: dict[str, int] = PHONE,
    locale: str | None = None,
) -> Iterator[BrowserContext]:
    """Chromium with a profile that lives on between launches (a phone's browser)."""
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=BROWSER_BINARY,
        headless=True,
        args=[*CHROMIUM_ARGS, *QUIET_ARGS, *guard.args()],
        viewport=viewport,
        service_workers="allow",
        locale=locale,
    )
    guard.watch(context)
    try:
        yield context
    finally:
        context.close()


def open_page(context: BrowserContext) -> Page:
    return context.pages[0] if context.pages else context.new_page()


def load_site(page: Page, url: str | None = None) -> None:
    """Open `url` (or reload) until Flutter has drawn and its accessibility
    tree is on, waiting as long as a busy machine needs."""
    if url:
        page.goto(url, timeout=USABLE_TIMEOUT)
    else:
        page.reload(timeout=USABLE_TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=USABLE_TIMEOUT)
    enable_semantics(page)


def wait_usable(page: Page, url: str | None = None) -> None:
    """Load (or reload) and wait until the home screen or a game answers. (A
    busy machine can hold the page's load event past Playwright's 30 s while a
    service worker serves a new build's files.)"""
    load_site(page, url)
    ready = page.get_by_role("button", name="New game").or_(
        page.get_by_role("button", name="Enter hand")
    )
    expect(ready.first).to_be_visible(timeout=USABLE_TIMEOUT)


SNAPSHOTS = "spades-scorekeeper-snapshot"  # Python's memory snapshot, kept by its worker

CACHED = """async () => {
  if (!navigator.serviceWorker.controller) return "no service worker in control";
  const names = (await caches.keys()).filter((name) => name !== "spades-scorekeeper-snapshot");
  if (names.length !== 1) return `caches: ${names}`;
  const cache = await caches.open(names[0]);
  const kept = new Set((await cache.keys()).map((r) => r.url.split("?")[0]));
  const used = performance.getEntriesByType("resource").map((e) => e.name.split("?")[0])
    .filter((u) => u.startsWith(location.origin));
  const python = ["app.zip", "pyodide/pyodide.asm.wasm"].map((p) => location.origin + "/" + p);
  const missing = [...used, ...python].filter((u) => !kept.has(u));
  return missing.length ? `missing: ${missing.join(", ")}` : "";
}"""


def wait_cached(page: Page, timeout_s: float = 120) -> None:
    """Until the service worker controls the page and keeps every file it used.
    Polled from here: wait_for_function takes a promise for a truthy value."""
    deadline = time.monotonic() + timeout_s
    while problem := page.evaluate(CACHED):
        assert time.monotonic() < deadline, problem
        page.wait_for_timeout(500)


SNAPSHOT_KEYS = f"""async () => {{
  const cache = await caches.open("{SNAPSHOTS}");
  return (await cache.keys()).map((r) => r.url.split("/").pop());
}}"""


def snapshots(page: Page) -> list[str]:
    """The memory snapshots kept for this site (one file name per build)."""
    names: list[str] = page.evaluate(SNAPSHOT_KEYS)
    return names


def wait_snapshot(page: Page, build: str, timeout_s: float = 180) -> None:
    """Until the snapshot of `build` is kept (taken a few seconds after a first
    start)."""
    deadline = time.monotonic() + timeout_s
    while f"snapshot-{build}.bin" not in snapshots(page):
        assert time.monotonic() < deadline, f"no snapshot of {build}: {snapshots(page)}"
        page.wait_for_timeout(500)


def build_of(site: Path) -> str:
    """The build id the Python worker of a built site keys its snapshot to."""
    text = (site / "python-worker.js").read_text(encoding="utf-8")
    return text.split('const BUILD = "', 1)[1].split('"', 1)[0]


MARKS = """() => Object.fromEntries(performance.getEntriesByType("mark")
  .map((m) => [m.name, { at: m.startTime, detail: m.detail }]))"""


def startup_marks(page: Page) -> dict[str, dict[str, Any]]:
    """The page's start-up marks: "python: <phase>" and "flutter: <event>", in ms
    from the navigation, with what the Python worker said about each."""
    marks: dict[str, dict[str, Any]] = page.evaluate(MARKS)
    return marks
