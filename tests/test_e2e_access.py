"""What a screen reader, a browser tab and a person who needs larger text get
from every main screen, in real Chromium: each screen names itself in the
page's title and marks its headings, no request fails and nothing is logged
as an error, axe-core finds no serious or critical problem, and at 150% text
on a 360 px phone nothing is cut off and a hand can still be saved."""

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


def walk(page: Page, app: ServedApp, language: str, at: At, trouble: Trouble | None = None) -> None:
    """Every main screen, reached as a keeper does (or by its address), then
    the watch page on a device of its own (this one is the keeper's); `at(name,
    page)` on each once it stands still."""

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
    goto(page, app.base)
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
    goto(page, app.base + "history")
    arrive("history", page.locator("[flt-semantics-identifier^=history-]").first)
    page.locator("[flt-semantics-identifier^=history-session-]").first.click()
    arrive("night", hook(page, "night-tally"))
    goto(page, app.base + "stats")
    arrive("stats", page.get_by_role("heading", name=tr(language, "Win rate")))
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


def test_each_screen_names_itself_and_marks_its_headings(browser: Browser, games_app: ServedApp):
    expected = {
        "home": tr("en", "Spades Scorekeeper"),
        "setup": titled("en", "New game"),
        "scoreboard": titled("en", game_title(factories.game())),
        "bids": titled("en", "Hand 2: bids"),
        "tricks": titled("en", "Hand 2: tricks"),
        "history": titled("en", "History"),
        "night": titled("en", "Session"),
        "stats": titled("en", "Statistics"),
        "watch": titled("en", "Live scores"),
    }
    titles: dict[str, str] = {}
    headings: dict[str, list[str]] = {}

    def at(name: str, page: Page) -> None:
        expect(page).to_have_title(expected[name])
        titles[name] = page.title()
        headings[name] = page.get_by_role("heading").all_inner_texts()

    page, _trouble = open_tab(browser, games_app.url, "en-US")
    try:
        walk(page, games_app, "en", at)
    finally:
        page.context.close()
    assert titles == expected
    assert "Games in progress" in headings["home"]
    assert "Hands" in headings["scoreboard"]
    assert {"Statistics", "Win rate"} <= set(headings["stats"])
    assert {"Session", "Highlights", "Games"} <= set(headings["night"])
    for name in ("history", "setup", "bids"):  # the app bar's title is the screen's heading
        assert expected[name].split(" · ")[0] in headings[name], (name, headings[name])


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
    visited: list[str] = []

    def at(name: str, page: Page) -> None:
        visited.append(name)
        assert trouble.seen == [], (name, trouble.seen)
        color = page.evaluate("document.querySelector('meta[name=theme-color]').content")
        assert color == THEME_COLOR, (name, color)

    try:
        walk(page, games_app, language, at, trouble)
    finally:
        page.context.close()
    assert len(visited) == 9


def test_axe_finds_no_serious_problem_on_any_main_screen(browser: Browser, games_app: ServedApp):
    axe = Axe()
    found: dict[str, list[str]] = {}

    def at(name: str, page: Page) -> None:
        results = axe.run(page)
        assert results.response["passes"], name  # axe did look at the page
        found[name] = [
            f"{v['id']} ({v['impact']}): {v['help']}"
            for v in results.response["violations"]
            if v["impact"] in SERIOUS and v["id"] not in ENGINE_RULES
        ]

    page, _trouble = open_tab(browser, games_app.url, "en-US")
    try:
        walk(page, games_app, "en", at)
    finally:
        page.context.close()
    assert len(found) == 9
    assert found == {name: [] for name in found}


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


@pytest.mark.parametrize(("locale", "language"), [("en-US", "en"), ("th-TH", "th")])
def test_text_at_150_percent_fits_a_small_phone_and_a_hand_is_saved(
    browser: Browser, one_game: ServedApp, locale: str, language: str
):
    app = one_game
    page, trouble = open_tab(browser, app.url, locale, SMALL_PHONE)
    big = tr(language, "Text size")
    try:
        expect(page.get_by_role("button", name=tr(language, "New game"))).to_be_visible()
        assert text_size(page) == ""
        reveal(page, hook(page, "text-size")).click()
        with i18n.language(language):
            label = i18n.percent(1.5)
        page.get_by_role("menuitem", name=label, exact=True).click()
        page.wait_for_function("document.documentElement.style.fontSize === '150%'")
        expect(hook(page, "text-size")).to_have_accessible_name(re.compile(f"{big}.*{label}"))
        # kept on the device: a reload draws at 150% from the start
        goto(page, app.url)
        assert text_size(page) == "150%"
        expect(hook(page, "text-size")).to_have_accessible_name(re.compile(f"{big}.*{label}"))
        settle(page)
        shot(page, f"home-150-{language}")
        no_ink_at_the_edge(page, "home")
        page.locator("[flt-semantics-identifier^=resume-]").first.click()
        enter = page.get_by_role("button", name=tr(language, "Enter hand"))
        expect(enter).to_be_visible()
        settle(page)
        shot(page, f"scoreboard-150-{language}")
        no_ink_at_the_edge(page, "scoreboard")
        reveal(page, enter).click()
        expect(hook(page, "contracts")).to_be_visible()
        settle(page)
        for seat in range(4):
            reveal(page, hook(page, f"player-{seat}"))
            pick(page, seat, 3)
        shot(page, f"bids-150-{language}")
        no_ink_at_the_edge(page, "bids")
        reveal(page, page.get_by_role("button", name=tr(language, "Next: tricks"))).click()
        expect(hook(page, "tricks-left")).to_be_visible()
        settle(page)
        for seat, count in enumerate((3, 3, 3, 4)):
            reveal(page, hook(page, f"player-{seat}"))
            pick(page, seat, count)
        shot(page, f"tricks-150-{language}")
        no_ink_at_the_edge(page, "tricks")
        save = reveal(page, page.get_by_role("button", name=tr(language, "Save hand")))
        save.click()
        expect(hook(page, "summary")).to_be_visible()
        shot(page, f"saved-150-{language}")
        assert trouble.seen == []
    finally:
        page.context.close()
