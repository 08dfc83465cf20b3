"""What a screen reader, a browser tab and a person who needs larger text get
from every main screen of the served app, in real Chromium: each screen names
itself in the page's title and marks its headings, no request fails and
nothing is logged as an error, axe-core finds no serious or critical problem,
and at 150% text on a 360 px phone nothing is cut off and a hand can still be
saved. The same checks on the offline build: `test_pwa_access.py`, through
this module's walk."""

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from scorekeeper import i18n
from scorekeeper.core.model import Game, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.palette import THEME_COLOR
from scorekeeper.ui.text import side_label, versus
from tests import factories
from tests.served import (
    PHONE,
    SMALL_PHONE,
    ServedApp,
    enable_semantics,
    hook,
    load,
    pick,
    reveal,
    settle,
    still,
)
from tests.test_e2e_narrow import ink_at_right_edge, scroll_through

pytestmark = pytest.mark.e2e

# Rules axe-core reports that only Flutter's engine can change (the page
# around the app is the engine's): `meta-viewport`, since the engine writes
# `user-scalable=no` into the page (the app's own text size stands in for
# zooming); `region`, since the engine puts the whole accessibility tree in
# one <flt-semantics-host>, outside any landmark.
ENGINE_RULES = ("meta-viewport", "region")
SERIOUS = ("serious", "critical")
FILE = re.compile(r"\.(woff2?|ttf|otf|m?js|wasm)(\?.*)?$")  # never answered with a page
SHOTS = Path("/tmp") / "spades-access-shots"  # screenshots to look at, outside the repository


def tr(language: str, message: str) -> str:
    with i18n.language(language):
        return i18n._(message)


def game_title(game: Game) -> str:
    with i18n.language("en"):
        return versus([side_label(game, side) for side in range(2)])


def titled(language: str, where: str) -> str:
    with i18n.language(language):
        app = i18n._("Spades Scorekeeper")
        return i18n._("{screen} · {app}").format(screen=where, app=app)


@pytest.fixture(scope="module")
def games_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedApp]:
    """The app with a game in progress and a finished one (History and
    Statistics then have something to show)."""
    folder = tmp_path_factory.mktemp("access")
    played = factories.hand([4, 3, 3, 3], [4, 3, 3, 3])
    won = factories.hand([6, 3, 1, 3], [7, 2, 2, 2])
    with GameStore(folder) as store:
        store.create(factories.game(played))
        finished = store.create(
            Game(Variant.PARTNERSHIP, ("Ana", "Ben", "Cy", "Dee"), 0, RuleSet(target=50), (won,))
        )
        store.start_session(finished.id)  # History lists a session, with a page of its own
    app = ServedApp(folder)
    app.start()
    try:
        yield app
    finally:
        app.stop()


class Trouble:
    """Every console error and failed request a page meets (its own, not axe's)."""

    def __init__(self, page: Page) -> None:
        self.seen: list[str] = []
        self.watch(page)

    def watch(self, page: Page) -> None:
        page.on("console", self._console)
        page.on("requestfailed", lambda r: self.seen.append(f"failed: {r.url} {r.failure}"))
        page.on("response", self._response)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.seen.append(f"console: {message.text}")

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.seen.append(f"HTTP {response.status}: {response.url}")
        kind = response.headers.get("content-type", "")
        if FILE.search(response.url) and kind.startswith("text/html"):
            self.seen.append(f"a page for a file: {response.url}")


def open_tab(browser: Browser, url: str, locale: str, viewport=PHONE) -> tuple[Page, Trouble]:
    page = browser.new_context(locale=locale, viewport=viewport).new_page()
    trouble = Trouble(page)
    load(page, url)
    return page, trouble


def goto(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    enable_semantics(page)


At = Callable[[str, Page], None]


class Offline:
    """The offline build open in a tab: no addresses to go to without Python
    booting again (a screen is reached by its buttons), no Share and no watch
    page (no server to watch)."""

    watch_url = None


def go(page: Page, app: ServedApp | Offline, language: str, where: str) -> None:
    """To Home, History or Statistics: by its address, or by the app's buttons."""
    if isinstance(app, ServedApp):
        goto(page, app.base + ("" if where == "home" else where))
        return
    bar = {"home": "Home", "history": "History", "stats": "History"}[where]
    page.get_by_role("button", name=tr(language, bar), exact=True).click()
    if where == "stats":
        expect(page.locator("[flt-semantics-identifier^=history-]").first).to_be_visible()
        settle(page)
        reveal(page, page.get_by_role("button", name=tr(language, "Statistics"))).click()


def walk(
    page: Page,
    app: ServedApp | Offline,
    language: str,
    at: At,
    trouble: Trouble | None = None,
) -> None:
    """Every main screen, reached as a keeper does (or by its address), then
    the watch page on a device of its own (this one is the keeper's); `at(name,
    page)` on each once it stands still. The offline build has no watch page."""

    def button(message: str) -> Any:
        return page.get_by_role("button", name=tr(language, message))

    def arrive(name: str, shown: Any, on: Page = page) -> None:
        expect(shown).to_be_visible()
        settle(on)
        on.wait_for_load_state("networkidle")
        at(name, on)

    arrive("home", button("New game"))
    button("New game").click()
    arrive("setup", button("Start game"))
    go(page, app, language, "home")
    expect(button("New game")).to_be_visible()
    settle(page)
    page.locator("[flt-semantics-identifier^=resume-]").first.click()
    arrive("scoreboard", button("Enter hand"))
    button("Enter hand").click()
    arrive("bids", hook(page, "contracts"))
    for seat in range(4):
        pick(page, seat, 3)
    button("Next: tricks").click()
    arrive("tricks", hook(page, "tricks-left"))
    button("Cancel").click()  # the hand is left as a keeper leaves it: asked, then dropped
    button("Stop entering").click()
    expect(button("Enter hand")).to_be_visible()
    settle(page)
    go(page, app, language, "history")
    arrive("history", page.locator("[flt-semantics-identifier^=history-]").first)
    page.locator("[flt-semantics-identifier^=history-session-]").first.click()
    arrive("night", hook(page, "night-tally"))
    go(page, app, language, "stats")
    arrive("stats", page.get_by_role("heading", name=tr(language, "Win rate")))
    if app.watch_url is None:
        return
    watcher = page.context.browser.new_context(  # type: ignore[union-attr]
        locale=page.evaluate("navigator.language"), viewport=page.viewport_size
    ).new_page()
    try:
        if trouble:
            trouble.watch(watcher)
        goto(watcher, app.watch_url)
        arrive("watch", hook(watcher, "live-turn-0"), watcher)
    finally:
        watcher.context.close()


def expected_titles(language: str = "en") -> dict[str, str]:
    """Each main screen's page title, on the games of `games_app` (a game of
    factories.PLAYERS in progress after one hand)."""
    return {
        "home": tr(language, "Spades Scorekeeper"),
        "setup": titled(language, tr(language, "New game")),
        "scoreboard": titled(language, game_title(factories.game())),
        "bids": titled(language, tr(language, "Hand 2: bids")),
        "tricks": titled(language, tr(language, "Hand 2: tricks")),
        "history": titled(language, tr(language, "History")),
        "night": titled(language, tr(language, "Session")),
        "stats": titled(language, tr(language, "Statistics")),
        "watch": titled(language, tr(language, "Live scores")),
    }


class NamesItself:
    """At each screen: its page title and its headings (English)."""

    def __init__(self) -> None:
        self.expected = expected_titles()
        self.titles: dict[str, str] = {}
        self.headings: dict[str, list[str]] = {}

    def __call__(self, name: str, page: Page) -> None:
        expect(page).to_have_title(self.expected[name])
        self.titles[name] = page.title()
        self.headings[name] = page.get_by_role("heading").all_inner_texts()

    def check(self) -> None:
        expected, headings = self.expected, self.headings
        assert self.titles == {name: expected[name] for name in self.titles}
        assert "Games in progress" in headings["home"]
        assert "Hands" in headings["scoreboard"]
        assert {"Statistics", "Win rate"} <= set(headings["stats"])
        assert {"Session", "Highlights", "Games"} <= set(headings["night"])
        for name in ("history", "setup", "bids"):  # the app bar's title is the screen's heading
            assert expected[name].split(" · ")[0] in headings[name], (name, headings[name])


class Quiet:
    """At each screen: no console error nor failed request so far, and the
    app's own theme colour."""

    def __init__(self, trouble: Trouble) -> None:
        self.trouble = trouble
        self.visited: list[str] = []

    def __call__(self, name: str, page: Page) -> None:
        self.visited.append(name)
        assert self.trouble.seen == [], (name, self.trouble.seen)
        color = page.evaluate("document.querySelector('meta[name=theme-color]').content")
        assert color == THEME_COLOR, (name, color)


class AxeFinds:
    """At each screen: axe-core's serious and critical violations, less the engine's."""

    def __init__(self) -> None:
        self.axe = Axe()
        self.found: dict[str, list[str]] = {}

    def __call__(self, name: str, page: Page) -> None:
        results = self.axe.run(page)
        assert results.response["passes"], name  # axe did look at the page
        self.found[name] = [
            f"{v['id']} ({v['impact']}): {v['help']}"
            for v in results.response["violations"]
            if v["impact"] in SERIOUS and v["id"] not in ENGINE_RULES
        ]


def test_each_screen_names_itself_and_marks_its_headings(browser: Browser, games_app: ServedApp):
    names = NamesItself()
    page, _trouble = open_tab(browser, games_app.url, "en-US")
    try:
        walk(page, games_app, "en", names)
    finally:
        page.context.close()
    assert set(names.titles) == set(names.expected)
    names.check()


def test_the_title_speaks_the_apps_language(browser: Browser, games_app: ServedApp):
    page, _trouble = open_tab(browser, games_app.base.rstrip("/") + "/history", "th-TH")
    try:
        goto(page, games_app.url)
        goto(page, games_app.base + "history")
        expect(page).to_have_title(titled("th", tr("th", "History")))
        assert page.evaluate("document.title").startswith(tr("th", "History"))
    finally:
        page.context.close()


@pytest.mark.parametrize(("locale", "language"), [("th-TH", "th"), ("he-IL", "he")])
def test_no_request_fails_on_any_main_screen(
    browser: Browser, games_app: ServedApp, locale: str, language: str
):
    """Thai and Hebrew pages draw text before the app's own fonts arrive: the
    engine's fallback fonts are answered with the app's cuts. The theme colour
    is the app's."""
    page, trouble = open_tab(browser, games_app.url, locale)
    quiet = Quiet(trouble)
    try:
        walk(page, games_app, language, quiet, trouble)
    finally:
        page.context.close()
    assert len(quiet.visited) == 9


def test_axe_finds_no_serious_problem_on_any_main_screen(browser: Browser, games_app: ServedApp):
    axe = AxeFinds()
    page, _trouble = open_tab(browser, games_app.url, "en-US")
    try:
        walk(page, games_app, "en", axe)
    finally:
        page.context.close()
    assert len(axe.found) == 9
    assert axe.found == {name: [] for name in axe.found}


@pytest.fixture
def one_game(tmp_path: Path) -> Iterator[ServedApp]:
    """The app, on a data folder of its own, with one game in progress."""
    with GameStore(tmp_path) as store:
        store.create(factories.game(factories.hand([4, 3, 3, 3], [4, 3, 3, 3])))
    app = ServedApp(tmp_path)
    app.start()
    try:
        yield app
    finally:
        app.stop()


def no_ink_at_the_edge(page: Page, where: str) -> None:
    title = page.get_by_role("heading", level=1).bounding_box()
    assert title and title["y"] >= 0, f"{where}: the title runs out of its bar"
    for step in scroll_through(page):
        assert ink_at_right_edge(page) == 0, f"{where}: text runs off the edge (screen {step})"
    page.mouse.wheel(0, -10_000)  # back to the top
    still(page)


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    still(page)
    page.screenshot(path=SHOTS / f"{name}.png")


def text_size(page: Page) -> str:
    return str(page.evaluate("document.documentElement.style.fontSize"))


def text_at_150_percent(page: Page, language: str, reload: Callable[[], None], build: str) -> None:
    """On Home with a game in progress: 150% picked, kept over a reload
    (`reload`), then nothing cut off on Home, the scoreboard and both hand
    steps, and the hand saved."""
    big = tr(language, "Text size")
    expect(page.get_by_role("button", name=tr(language, "New game"))).to_be_visible()
    assert text_size(page) == ""
    with i18n.language(language):
        label = i18n.percent(1.5)
    choice = page.get_by_role("menuitem", name=label, exact=True)
    for _ in range(3):  # Home may still be moving (a message, the install bar): tapped again
        later = page.locator("#install-later")
        if later.is_visible():  # the offline build's install bar covers the screen's foot
            later.click()
        settle(page)
        reveal(page, hook(page, "text-size")).click()
        try:
            expect(choice).to_be_visible(timeout=10_000)
            break
        except AssertionError:
            continue
    choice.click()
    page.wait_for_function("document.documentElement.style.fontSize === '150%'")
    expect(hook(page, "text-size")).to_have_accessible_name(re.compile(f"{big}.*{label}"))
    reload()  # kept on the device: a reload draws at 150% from the start
    assert text_size(page) == "150%"
    expect(hook(page, "text-size")).to_have_accessible_name(re.compile(f"{big}.*{label}"))
    settle(page)
    shot(page, f"{build}home-150-{language}")
    no_ink_at_the_edge(page, "home")
    page.locator("[flt-semantics-identifier^=resume-]").first.click()
    enter = page.get_by_role("button", name=tr(language, "Enter hand"))
    expect(enter).to_be_visible()
    settle(page)
    shot(page, f"{build}scoreboard-150-{language}")
    no_ink_at_the_edge(page, "scoreboard")
    reveal(page, enter).click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    for seat in range(4):
        reveal(page, hook(page, f"player-{seat}"))
        pick(page, seat, 3)
    shot(page, f"{build}bids-150-{language}")
    no_ink_at_the_edge(page, "bids")
    reveal(page, page.get_by_role("button", name=tr(language, "Next: tricks"))).click()
    expect(hook(page, "tricks-left")).to_be_visible()
    settle(page)
    for seat, count in enumerate((3, 3, 3, 4)):
        reveal(page, hook(page, f"player-{seat}"))
        pick(page, seat, count)
    shot(page, f"{build}tricks-150-{language}")
    no_ink_at_the_edge(page, "tricks")
    reveal(page, page.get_by_role("button", name=tr(language, "Save hand"))).click()
    expect(hook(page, "summary")).to_be_visible()
    shot(page, f"{build}saved-150-{language}")


@pytest.mark.parametrize(("locale", "language"), [("en-US", "en"), ("th-TH", "th")])
def test_text_at_150_percent_fits_a_small_phone_and_a_hand_is_saved(
    browser: Browser, one_game: ServedApp, locale: str, language: str
):
    page, trouble = open_tab(browser, one_game.url, locale, SMALL_PHONE)
    try:
        text_at_150_percent(page, language, lambda: goto(page, one_game.url), "")
        assert trouble.seen == []
    finally:
        page.context.close()
