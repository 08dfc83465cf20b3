"""Screenshots of the app in Thai, Albanian and Hebrew on a small phone
(360x740), the browser set to each language: scoreboard, bids and tricks,
and in Hebrew the set-up (seat map) and a game's chart, right to left.

Run: .venv/bin/python bench/screenshots_languages.py   (writes docs/screenshots/lang-*.png)
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, expect, sync_playwright

from tests.served import SMALL_PHONE, hook, launch, served, settle
from tests.test_e2e_language import NAMES, button, open_in, play_a_hand, tr

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
LOCALES = {"th": "th-TH", "sq": "sq-AL", "he": "he-IL"}


def shoot(page: Page, name: str) -> None:
    settle(page)
    page.wait_for_timeout(600)  # the fallback fonts are fetched on first use
    page.screenshot(path=OUT / f"{name}.png")
    print(OUT / f"{name}.png")


def tour(page: Page, language: str) -> None:
    if language == "he":
        button(page, language, "New game").click()
        expect(button(page, language, "Start game")).to_be_visible()
        shoot(page, f"lang-{language}-setup")
        page.get_by_role("button", name=tr(language, "Home")).click()
    play_a_hand(page, language)
    shoot(page, f"lang-{language}-scoreboard")
    button(page, language, "Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    for seat, clicks in ((0, 2), (2, 4)):
        for _ in range(clicks):
            hook(page, f"bid-plus-{seat}").click()
    hook(page, "blind-nil-1").click()
    shoot(page, f"lang-{language}-bids")
    for _ in range(3):
        hook(page, "bid-plus-3").click()
    button(page, language, "Next: tricks").click()
    expect(hook(page, "tricks-left")).to_be_visible()
    settle(page)
    for seat, clicks in ((0, 3), (2, 5)):
        for _ in range(clicks):
            hook(page, f"tricks-plus-{seat}").click()
    hook(page, "rest-3").click()
    expect(hook(page, "preview")).to_be_visible()
    shoot(page, f"lang-{language}-tricks")
    if language == "he":
        button(page, language, "Save hand").click()
        expect(hook(page, "summary")).to_be_visible()
        page.get_by_role("button", name=tr(language, "History")).click()
        expect(hook(page, "history-count")).to_be_visible()
        page.locator('[flt-semantics-identifier^="history-"]').first.click()
        expect(hook(page, "chart")).to_be_visible()
        shoot(page, f"lang-{language}-detail")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = launch(p)
        for language, locale in LOCALES.items():
            with tempfile.TemporaryDirectory() as data, served(Path(data)) as app:
                page = open_in(browser, app.url, locale, SMALL_PHONE)
                assert NAMES[language]
                tour(page, language)
                page.context.close()
        browser.close()


if __name__ == "__main__":
    main()
