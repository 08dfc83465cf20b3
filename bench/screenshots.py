"""Screenshots of the main screens at phone and desktop size, for the README.

Run: make screenshots   (writes docs/screenshots/*.png)
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, expect, sync_playwright

from tests.served import (
    DESKTOP,
    PHONE,
    SCREENSHOTS,
    SMALL_PHONE,
    enter_hand,
    hook,
    launch,
    load,
    new_game,
    open_app,
    served,
    settle,
    shoot,
)

DESKTOP_800 = {"width": 1280, "height": 800}
NAMES = ("Alex", "สมชาย", "Charlie", "דוד 😀")


def tour(page: Page, size: str) -> None:
    shoot(page, f"{size}-home-empty")
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    shoot(page, f"{size}-setup")
    page.get_by_role("button", name="Home").click()
    new_game(page, NAMES)
    enter_hand(page, [4, 3, "nil", 4], [5, 3, 0, 5])
    enter_hand(page, [3, "blind_nil", 4, 3], [4, 0, 5, 4])
    shoot(page, f"{size}-scoreboard")
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    settle(page)
    for key in ("3", "2", "blind"):  # David, Alex, Beth in bidding order; Charlie next
        hook(page, f"key-{key}").click()
    shoot(page, f"{size}-bids")
    hook(page, "key-4").click()  # Charlie's bid, then the tricks
    page.get_by_role("button", name="Next: tricks").click()
    expect(hook(page, "tricks-left")).to_be_visible()
    settle(page)
    for key in ("3", "4", "0", "rest"):
        hook(page, f"key-{key}").click()
    shoot(page, f"{size}-tricks")
    page.get_by_role("button", name="Home").click()
    shoot(page, f"{size}-home")
    new_game(page, ("Alex", "Beth", "Charlie", "David"), target=100)
    enter_hand(page, [6, 3, 4, "nil"], [6, 3, 4, 0])  # a finished game for the charts
    page.get_by_role("button", name="History").click()
    expect(hook(page, "history-count")).to_be_visible()
    shoot(page, f"{size}-history")
    page.locator('[flt-semantics-identifier^="history-2"]').last.click()
    expect(hook(page, "chart")).to_be_visible()
    shoot(page, f"{size}-detail")
    page.go_back()
    page.get_by_role("button", name="Statistics").click()
    expect(hook(page, "win-chart")).to_be_visible()
    shoot(page, f"{size}-statistics")


def hand_entry(page: Page, size: str) -> None:
    """The hand entry alone, mid-bids and with the tricks counted."""
    new_game(page, NAMES)
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "key-13")).to_be_visible()
    settle(page)
    for key in ("4", "0", "3"):  # three bids in bidding order; the fourth player is next
        hook(page, f"key-{key}").click()
    shoot(page, f"{size}-hand-bids")
    hook(page, "key-5").click()
    page.get_by_role("button", name="Next: tricks").click()
    expect(hook(page, "key-rest")).to_be_visible()
    settle(page)
    for key in ("5", "0", "3", "rest"):
        hook(page, f"key-{key}").click()
    expect(hook(page, "preview")).to_be_visible()
    shoot(page, f"{size}-hand-tricks")


def main() -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = launch(p)
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            with tempfile.TemporaryDirectory() as data, served(Path(data)) as app:
                page = open_app(browser, app.url, viewport)
                tour(page, size)
                page.close()
        for size, viewport in (("phone360", SMALL_PHONE), ("desktop800", DESKTOP_800)):
            with tempfile.TemporaryDirectory() as data, served(Path(data)) as app:
                page = open_app(browser, app.url, viewport)
                hand_entry(page, size)
                page.close()
        with tempfile.TemporaryDirectory() as data, served(Path(data)) as app:
            page = browser.new_page(viewport=SMALL_PHONE, color_scheme="dark")
            load(page, app.url)
            hand_entry(page, "phone360-dark")
            page.close()
        with tempfile.TemporaryDirectory() as data, served(Path(data)) as app:
            page = browser.new_page(viewport=PHONE, color_scheme="dark")  # follows the system
            load(page, app.url)
            new_game(page, NAMES)
            enter_hand(page, [4, 3, "nil", 4], [4, 3, 2, 4])
            shoot(page, "phone-scoreboard-dark")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
