"""Run the real app as a subprocess on 127.0.0.1 and drive it in Debian's
Chromium through Playwright. Shared by the browser tests, the screenshot
script and the UI benchmark."""

import contextlib
import itertools
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, Playwright, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorekeeper.ui.webclient import prepare
from scorekeeper.web.access import load_keys

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 400, "height": 860}
SMALL_PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 860}
ROOT = Path(__file__).resolve().parent.parent
SEATS = ("1 · South", "2 · West", "3 · North", "4 · East")


MARKS = dict.fromkeys(range(0x2066, 0x206A))  # isolate marks around names


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServedApp:
    def __init__(
        self,
        data: Path,
        port: int | None = None,
        log: Path | None = None,
        open_files: int | None = None,
    ) -> None:
        self.data = data
        self.open_files = open_files  # the server's limit of open files, if not the default
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.url = self.base  # the keeper link once started
        self.watch_url = self.base
        self.process: subprocess.Popen[bytes] | None = None
        self.log = open(log or os.environ.get("SCOREKEEPER_SERVER_LOG", os.devnull), "ab")  # noqa: SIM115

    def start(self, timeout: float = 30, *flags: str) -> float:
        """Start the server; returns the seconds until it answered."""
        prepare()  # the web client, built once per machine (can take a minute)
        env = {**os.environ, "SCOREKEEPER_DATA": str(self.data), "SCOREKEEPER_DEBUG": "1"}
        keys = load_keys(self.data)  # what the server finds (or makes) at its start
        self.url = self.base.rstrip("/") + keys.keeper_path()
        self.watch_url = self.base.rstrip("/") + keys.watch_path()
        began = time.perf_counter()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "scorekeeper",
                "serve",
                "--port",
                str(self.port),
                "--no-browser",
                *flags,
            ],
            cwd=ROOT,
            env=env,
            start_new_session=True,
            preexec_fn=self._limit_files if self.open_files else None,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        while time.perf_counter() - began < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(f"the app exited with {self.process.returncode}")
            try:
                urllib.request.urlopen(self.base, timeout=1).close()
                return time.perf_counter() - began
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise TimeoutError(f"the app did not answer on {self.url}")

    def _limit_files(self) -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        self.process = None


@contextmanager
def served(data: Path) -> Iterator[ServedApp]:
    app = ServedApp(data)
    app.start()
    try:
        yield app
    finally:
        app.stop()


@contextmanager
def logged_app(folder: Path) -> Iterator[ServedApp]:
    """A served app on a data folder of its own, its log in `server.log` beside it."""
    app = ServedApp(folder / "data", log=folder / "server.log")
    app.start()
    try:
        yield app
    finally:
        app.stop()


def launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def open_app(browser: Browser, url: str, viewport: dict[str, int] = PHONE) -> Page:
    page = browser.new_page(viewport=viewport)
    load(page, url)
    return page


def load(page: Page, url: str) -> None:
    """Open the URL and switch on Flutter's accessibility tree (the DOM we test)."""
    page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    enable_semantics(page)


def open_keeper_link(page: Page, url: str) -> None:
    """Open the keeper link on a device and wait for Home: the app keeps the
    link's secret on the device before it draws Home, so an address opened
    after that finds it (Flutter's first frame can come before)."""
    load(page, url)
    expect(page.get_by_role("button", name="New game")).to_be_visible()


def enable_semantics(page: Page) -> None:
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=30_000)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_selector("flt-semantics", state="attached", timeout=30_000)


def hook(page: Page, identifier: str) -> Locator:
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def type_into(page: Page, label: str, text: str) -> None:
    """Type like a person: scroll to the field, focus it, let Flutter take the
    focus, type."""
    box = reveal(page, page.get_by_role("textbox", name=label))
    shown = box.bounding_box()
    if shown and shown["height"] > 64:  # its box holds a message below: tap the input
        box.click(position={"x": shown["width"] / 2, "y": 24})
    else:
        box.click()
    expect(box).to_be_focused()
    still(page)  # Flutter has attached its text input to the field
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    for char in text:  # characters with no key (emoji) arrive as an IME would send them
        if char.isascii() or char.isalpha():
            page.keyboard.type(char)
        else:
            page.keyboard.insert_text(char)


def reveal(page: Page, target: Locator) -> Locator:
    """Scroll Flutter's view (the wheel, as a person would) until `target` is on screen.

    Playwright's own scrolling moves the accessibility DOM, not Flutter's canvas.
    A node cut by the edge of a scrolling view reports only its visible part,
    so one within EDGE px of the screen's top or bottom is scrolled further in,
    unless the view no longer moves."""
    height = page.viewport_size["height"] if page.viewport_size else 800
    before = None
    for _ in range(30):
        box = target.bounding_box()
        if box and box["y"] >= 0 and box["y"] + box["height"] <= height:
            inside = box["y"] >= EDGE and box["y"] + box["height"] <= height - EDGE
            if inside or box["height"] >= height / 2 or box == before:
                return target
        before = box
        page.mouse.move(10, height / 2)
        page.mouse.wheel(0, 300 if not box or box["y"] >= EDGE else -300)
        still(page)
    raise AssertionError(f"could not scroll to {target}")


EDGE = 24  # px: see `reveal`


STILL_FRAMES = 6
_STILL = """([frames, wait]) => {
  if (window.__stillWait !== wait) {  // a new wait starts counting afresh
    window.__stillWait = wait;
    window.__stillBoxes = null;
  }
  const boxes = Array.from(document.querySelectorAll("flt-semantics"), e => {
    const r = e.getBoundingClientRect();
    return `${r.x},${r.y},${r.width},${r.height}`;
  }).join(";");
  if (window.__stillBoxes === boxes) {
    window.__stillFrames += 1;
  } else {
    window.__stillBoxes = boxes;
    window.__stillFrames = 0;
  }
  return window.__stillFrames >= frames;
}"""


_WAITS = itertools.count()


def still(page: Page, timeout: float = 10_000) -> None:
    """A condition wait for a screen that has changed (the change itself awaited
    with `expect`): Flutter's layout has stopped moving once its accessibility
    boxes keep their places over STILL_FRAMES animation frames. One call into
    the page, with a time limit (a bare `evaluate` has none, and waits forever
    on a renderer that is stuck)."""
    page.wait_for_function(_STILL, arg=[STILL_FRAMES, next(_WAITS)], polling="raf", timeout=timeout)


_MOVED = """([id, top]) => {
  const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return node !== null && node.getBoundingClientRect().top !== top;
}"""


def placed(page: Page, identifier: str, moves_within: float = 3_000) -> None:
    """A panel that scrolls itself into view once laid out (the penalty form):
    shown, then moved (when it moves at all: a sheet too short to scroll leaves
    it where it is, and `moves_within` ms pass), then still. A tap before that
    could land where the panel no longer is."""
    node = hook(page, identifier)
    expect(node).to_be_visible()
    box = node.bounding_box()
    if box is not None:
        with contextlib.suppress(PlaywrightTimeoutError):
            page.wait_for_function(
                _MOVED, arg=[identifier, box["y"]], polling="raf", timeout=moves_within
            )
    still(page)


SCREENSHOTS = ROOT / "docs" / "screenshots"


def picture_path(name: str, elsewhere: Path) -> Path:
    """Where a test saves a README picture it alone can take (a screen seen
    only while the app starts): `docs/screenshots/` under `make screenshots`
    (SCOREKEEPER_SCREENSHOTS=1), else `elsewhere`, so a test run leaves the
    repository as it was."""
    folder = SCREENSHOTS if os.environ.get("SCOREKEEPER_SCREENSHOTS") == "1" else elsewhere
    return folder / f"{name}.png"


def shoot(page: Page, name: str, path: Path | None = None) -> None:
    """A README picture, once the screen stands still and every font it asked
    for (fallback scripts, emoji) has arrived (a test passes the `path` of
    picture_path)."""
    settle(page)
    page.wait_for_load_state("networkidle")
    still(page)
    path = path or SCREENSHOTS / f"{name}.png"
    page.screenshot(path=path)
    print(path)


def settle(page: Page) -> None:
    """After a screen change, let Flutter's canvas and its accessibility DOM agree
    (taps are routed by position, so they must not be aimed at a moving layout)."""
    still(page)


# -- driving the app as a scorekeeper does ---------------------------------------


def text(page: Page, identifier: str) -> str:
    return hook(page, identifier).inner_text().translate(MARKS)


def switch_on(switch: Locator) -> None:
    """Tap a switch until it is on: right after typing in the field above it, a
    tap was seen to be lost (about 1 in 8 on a loaded machine)."""
    for _ in range(3):
        switch.click()
        try:  # long enough for a loaded machine: a second tap on a slow first one turns it off
            expect(switch).to_be_checked(timeout=15_000)
            return
        except AssertionError:
            if switch.is_checked():
                return
    expect(switch).to_be_checked()


def new_game(page: Page, names=("Alex", "Beth", "Charlie", "David"), target=None, variant=None):
    """`variant`: the set-up's choice ("4 solo", "3 players"); by default the
    one the number of names says (2 players, or 4 in partnerships)."""
    settle(page)  # Home has finished appearing: a tap during its entrance can be lost
    page.get_by_role("button", name="New game").click()
    if len(names) == 2:
        variant = "2 players"
    if variant:
        page.get_by_role("button", name=variant).click()
    labels = ("Player 1", "Player 2", "Player 3")[: len(names)] if len(names) < 4 else SEATS
    for label, name in zip(labels, names, strict=True):
        type_into(page, label, name)
    if target:
        switch_on(page.get_by_role("switch", name="Change house rules"))
        type_into(page, "Points to win", str(target))
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Enter hand")).to_be_visible()


KEYS = {"nil": "key-0", "blind_nil": "key-blind", "rest": "key-rest"}
SHOWN = {"nil": "Nil", "blind_nil": "Blind nil"}


def pick(page: Page, seat: int, value) -> None:
    """Tap a player's line, then the keypad key: a bid, "nil", "blind_nil",
    a trick count or "rest"."""
    line = hook(page, f"player-{seat}")
    line.click()
    expect(line).to_have_attribute("aria-current", "true")  # chosen, as the keeper sees
    hook(page, KEYS.get(value, f"key-{value}")).click()


def scores(page: Page) -> tuple[str, ...]:
    """Each side's score, as the scoreboard reads it ("Ana and Cy: 122, bags 2 of 10")."""
    found = []
    for side in range(4):
        if hook(page, f"side-{side}").count() == 0:
            break
        label = text(page, f"side-{side}")
        match = re.search(r": (-?\d+), bags", label)
        assert match, label
        found.append(match.group(1))
    return tuple(found)


def expect_score(page: Page, side: int, score: int | str) -> None:
    expect(hook(page, f"side-{side}")).to_contain_text(f": {score}, bags")


def enter_hand(page: Page, bids, tricks):
    """A hand by seat (each player's line, then the key), saved."""
    fill_hand(page, bids, tricks)
    page.get_by_role("button", name="Save hand").click()
    expect(hook(page, "summary")).to_be_visible()


def fill_hand(page: Page, bids, tricks):
    """A hand by seat up to its Save hand button."""
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    for seat, bid in enumerate(bids):
        pick(page, seat, bid)
    for seat, bid in enumerate(bids):
        expect(hook(page, f"bid-{seat}")).to_have_text(SHOWN.get(bid, str(bid)))
    page.get_by_role("button", name="Next: tricks").click()
    expect(hook(page, "tricks-left")).to_be_visible()
    settle(page)
    for seat, count in enumerate(tricks):
        pick(page, seat, count)
    expect(hook(page, "tricks-left")).to_have_text(re.compile(r"^0 tricks left of 1[37]$"))
