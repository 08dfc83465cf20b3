"""Screenshots of the app in Thai, Albanian and Hebrew on a small phone
(360x740), the browser set to each language: scoreboard, bids and tricks,
and in Hebrew the set-up (seat map), a game's detail with its chart, the
watch link's board and the connection-lost banner, right to left; a
two-player game between two women in Hebrew and Albanian (no verb may take a
man's form or a plural for one player); the Thai rules page (บลายด์นิล kept
on one line).

Run: .venv/bin/python bench/screenshots_languages.py   (writes docs/screenshots/lang-*.png)
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, expect, sync_playwright

from tests.served import (
    SCREENSHOTS,
    SMALL_PHONE,
    ServedApp,
    hook,
    launch,
    pick,
    served,
    settle,
    shoot,
    still,
    type_into,
)
from tests.test_e2e_language import NAMES, button, open_in, play_a_hand, tr

LOCALES = {"th": "th-TH", "sq": "sq-AL", "he": "he-IL"}


def tour(page: Page, language: str) -> None:
    if language == "he":
        button(page, language, "New game").click()
        expect(button(page, language, "Start game")).to_be_visible()
        shoot(page, f"lang-{language}-setup")
        page.get_by_role("button", name=tr(language, "Home"), exact=True).click()
    play_a_hand(page, language, NAMES[language])
    shoot(page, f"lang-{language}-scoreboard")
    button(page, language, "Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    for seat, bid in ((0, 5), (1, "blind_nil"), (2, 4)):
        pick(page, seat, bid)
    shoot(page, f"lang-{language}-bids")
    pick(page, 3, 3)
    button(page, language, "Next: tricks").click()
    expect(hook(page, "tricks-left")).to_be_visible()
    settle(page)
    for seat, count in ((0, 5), (1, 0), (2, 4), (3, "rest")):
        pick(page, seat, count)
    expect(hook(page, "preview")).to_be_visible()
    shoot(page, f"lang-{language}-tricks")
    if language == "he":
        button(page, language, "Save hand").click()
        expect(hook(page, "summary")).to_be_visible()
        page.get_by_role("button", name=tr(language, "History")).click()
        expect(hook(page, "history-count")).to_be_visible()
        page.locator('[flt-semantics-identifier^="history-20"]').first.click()
        expect(hook(page, "chart")).to_be_visible()
        shoot(page, f"lang-{language}-detail")


# Two women: every line about them must read right for a woman and for one player.
WOMEN = {"he": ("דנה", "מיכל"), "sq": ("Drita", "Besa")}


def two_women(page: Page, language: str) -> None:
    """A two-player hand: Dana bids 5 and is set with 4, Michal's nil fails
    with 9 tricks (bags, with their sign)."""
    button(page, language, "New game").click()
    button(page, language, "2 players").click()
    for seat, name in enumerate(WOMEN[language]):
        type_into(page, tr(language, f"Player {seat + 1}"), name)
    button(page, language, "Start game").click()
    button(page, language, "Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    pick(page, 0, 5)
    shoot(page, f"lang-{language}-2p-bids")
    pick(page, 1, "nil")
    button(page, language, "Next: tricks").click()
    expect(hook(page, "tricks-left")).to_be_visible()
    settle(page)
    pick(page, 0, 4)
    pick(page, 1, "rest")
    expect(hook(page, "preview")).to_be_visible()
    shoot(page, f"lang-{language}-2p-tricks")
    button(page, language, "Save hand").click()
    expect(hook(page, "summary")).to_be_visible()
    settle(page)
    shoot(page, f"lang-{language}-2p-summary")


def thai_rules(page: Page) -> None:
    button(page, "th", "Rules").click()
    expect(page.get_by_text(tr("th", "Scoring a hand"))).to_be_visible()
    settle(page)
    page.mouse.move(180, 400)
    page.mouse.wheel(0, 2000)  # down to the two-player paragraph, where it used to break
    still(page)
    shoot(page, "lang-th-rules")


def watch_and_lose(browser, app: ServedApp) -> None:
    """The watch link in Hebrew, then the banner once the server is stopped."""
    page = open_in(browser, app.watch_url, LOCALES["he"], SMALL_PHONE)
    expect(hook(page, "live-score-0-0")).to_be_visible()
    shoot(page, "lang-he-watch")
    app.stop()
    expect(page.locator("#connection-lost")).to_be_visible(timeout=15_000)
    shoot(page, "lang-he-connection-lost")
    page.context.close()


def main() -> None:
    """All three languages, or those named on the command line (`he`)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    wanted = sys.argv[1:] or list(LOCALES)
    with sync_playwright() as p:
        browser = launch(p)
        for language, locale in LOCALES.items():
            if language not in wanted:
                continue
            with tempfile.TemporaryDirectory() as data, served(Path(data)) as app:
                page = open_in(browser, app.url, locale, SMALL_PHONE)
                tour(page, language)
                if language == "th":
                    page.get_by_role("button", name=tr(language, "Home"), exact=True).click()
                    thai_rules(page)
                if language == "he":
                    watch_and_lose(browser, app)
                page.context.close()
            if language in WOMEN:
                with tempfile.TemporaryDirectory() as data, served(Path(data)) as app:
                    page = open_in(browser, app.url, locale, SMALL_PHONE)
                    two_women(page, language)
                    page.context.close()
        browser.close()


if __name__ == "__main__":
    main()
