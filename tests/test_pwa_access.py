"""The checks of `test_e2e_access.py` on the offline build (`scorekeeper
publish`, Python inside the page), through the same walk over every main
screen: each screen names itself and marks its headings, axe-core finds no
serious problem, no request fails and nothing is logged as an error (in
English, Thai and Hebrew), and at 150% text on a 360 px phone nothing is cut
off and a hand is saved. The offline build has no Share screen and no watch
page (there is no server to share or watch): the walk leaves out only the
watch page, the one of them it visits. Python boots on every launch, so the
games are entered once, in a browser profile the tests open again."""

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from tests.pwa_site import (
    USABLE_TIMEOUT,
    OutsideGuard,
    Site,
    load_site,
    open_page,
    phone_browser,
    wait_usable,
)
from tests.served import SMALL_PHONE, enter_hand, new_game
from tests.test_e2e_access import (
    AxeFinds,
    NamesItself,
    Offline,
    Quiet,
    Trouble,
    text_at_150_percent,
    walk,
)

pytestmark = pytest.mark.e2e

SCREENS = {"home", "setup", "scoreboard", "bids", "tricks", "history", "night", "stats"}


@dataclass
class Built:
    served: Site
    guard: OutsideGuard
    profile: Path  # a browser profile holding the games


def seed(page: Page) -> None:
    """As `test_e2e_access.games_app`: a finished game, and a game of the same
    session in progress after one hand."""
    new_game(page, target=50)
    enter_hand(page, [6, 3, 1, 3], [7, 2, 2, 2])  # 72 to 39: over
    page.get_by_role("button", name="Rematch").click()
    expect(page.get_by_role("button", name="Enter hand")).to_be_visible()
    enter_hand(page, [1, 1, 1, 1], [4, 3, 3, 3])


@pytest.fixture(scope="module")
def built(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Built]:
    served = Site(site)
    guard = OutsideGuard()
    profile = tmp_path_factory.mktemp("pwa-access") / "profile"
    served.start()
    try:
        with sync_playwright() as playwright, phone_browser(playwright, profile, guard) as browser:
            page = open_page(browser)
            wait_usable(page, served.url)
            seed(page)
        yield Built(served, guard, profile)
    finally:
        served.stop()
        guard.close()
    assert guard.from_the_app() == [], f"requests to other hosts: {guard.from_the_app()}"


def reopen(page: Page, url: str | None = None) -> None:
    """Load (or reload) the page and wait for Flutter in any language."""
    load_site(page, url)
    expect(page.locator("[flt-semantics-identifier=language]")).to_be_visible(
        timeout=USABLE_TIMEOUT
    )


def test_each_screen_names_itself_and_axe_and_the_console_find_nothing(built: Built) -> None:
    names, axe = NamesItself(), AxeFinds()
    with (
        sync_playwright() as playwright,
        phone_browser(playwright, built.profile, built.guard) as browser,
    ):
        page = open_page(browser)
        trouble = Trouble(page)
        quiet = Quiet(trouble)

        def at(name: str, page: Page) -> None:
            names(name, page)
            quiet(name, page)
            axe(name, page)

        reopen(page, built.served.url)
        walk(page, Offline(), "en", at, trouble)
    assert set(names.titles) == SCREENS
    names.check()
    assert axe.found == {name: [] for name in SCREENS}


@pytest.mark.parametrize(("locale", "language"), [("th-TH", "th"), ("he-IL", "he")])
def test_no_request_fails_on_any_main_screen(built: Built, locale: str, language: str) -> None:
    with (
        sync_playwright() as playwright,
        phone_browser(playwright, built.profile, built.guard, locale=locale) as browser,
    ):
        page = open_page(browser)
        quiet = Quiet(Trouble(page))
        reopen(page, built.served.url)
        walk(page, Offline(), language, quiet, quiet.trouble)
    assert set(quiet.visited) == SCREENS


@pytest.mark.parametrize(("locale", "language"), [("en-US", "en"), ("th-TH", "th")])
def test_text_at_150_percent_fits_a_small_phone_and_a_hand_is_saved(
    site: Path, tmp_path: Path, locale: str, language: str
) -> None:
    """On a profile of its own: the text size is kept on the device."""
    served = Site(site)
    guard = OutsideGuard()
    served.start()
    try:
        with sync_playwright() as playwright:
            with phone_browser(playwright, tmp_path / "profile", guard) as browser:
                page = open_page(browser)
                wait_usable(page, served.url)
                new_game(page)
                enter_hand(page, [4, 3, 3, 3], [4, 3, 3, 3])
            with phone_browser(
                playwright, tmp_path / "profile", guard, SMALL_PHONE, locale
            ) as browser:
                page = open_page(browser)
                trouble = Trouble(page)
                reopen(page, served.url)
                text_at_150_percent(page, language, lambda: reopen(page), "offline-")
    finally:
        served.stop()
        guard.close()
    assert trouble.seen == []
    assert guard.from_the_app() == [], f"requests to other hosts: {guard.from_the_app()}"
