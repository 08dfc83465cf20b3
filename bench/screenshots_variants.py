"""Screenshots of cutthroat, solo and a penalty on a hand at 360x740 (and a
desktop scoreboard of four sides), the house rules of a partnership game and
a score sheet with bag penalties at 360x740, for the README.

Run: .venv/bin/python bench/screenshots_variants.py   (writes docs/screenshots/*.png)
"""

import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, expect, sync_playwright

from tests.served import (
    DESKTOP,
    SCREENSHOTS,
    SMALL_PHONE,
    enter_hand,
    hook,
    launch,
    new_game,
    open_app,
    reveal,
    served,
    settle,
    shoot,
    type_into,
)


def cutthroat(page: Page) -> None:
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="3 players").click()
    for seat, name in enumerate(("Ana", "สมชาย", "דוד")):
        type_into(page, f"Player {seat + 1}", name)
    shoot(page, "phone360-setup-cutthroat")
    page.get_by_role("switch", name="Change house rules").click()
    reveal(page, page.get_by_role("switch", name="Bags score points"))
    shoot(page, "phone360-setup-new-rules")
    reveal(page, page.get_by_role("button", name="Start game")).click()
    expect(page.get_by_role("button", name="Enter hand")).to_be_visible()
    enter_hand(page, [6, 6, 4], [6, 7, 4])
    enter_hand(page, [10, 2, "nil"], [12, 5, 0])
    shoot(page, "phone360-scoreboard-cutthroat")
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "key-17")).to_be_visible()
    settle(page)
    for key in ("5", "11"):
        hook(page, f"key-{key}").click()
    shoot(page, "phone360-bids-cutthroat")


def solo(page: Page, size: str) -> None:
    new_game(page, ("Ana", "Ben", "Cy", "Di"), variant="4 solo")
    enter_hand(page, [3, 3, 3, 3], [4, 3, 3, 3])
    enter_hand(page, [4, 2, "nil", 5], [5, 2, 1, 5])
    reveal(page, page.get_by_role("button", name="Penalty or adjustment on hand 2")).click()
    expect(hook(page, "adjustment")).to_be_visible()
    page.get_by_role("radio", name="Di").click()
    type_into(page, "Points (minus for a penalty)", "-30")
    type_into(page, "Reason (optional)", "renege")
    shoot(page, f"{size}-penalty")
    page.get_by_role("button", name="Save").click()
    expect(hook(page, "adjustment")).to_have_count(0)
    shoot(page, f"{size}-scoreboard-solo")


def partnership(page: Page) -> None:
    """The house rules with their longest labels, then a sheet with bag penalties."""
    page.get_by_role("button", name="New game").click()
    page.get_by_role("switch", name="Change house rules").click()
    type_into(page, "Game ends after this many hands (empty: no limit)", "12")
    reveal(
        page,
        page.get_by_role("switch", name="Big bid: 20 a trick bid, made or set"),
    )
    shoot(page, "phone360-setup-house-rules")
    page.get_by_role("button", name="Home").click()
    new_game(page)
    enter_hand(page, [1, 1, 1, 1], [6, 1, 5, 1])  # 9 bags
    enter_hand(page, [1, 1, 1, 1], [6, 1, 5, 1])  # 18: a bag penalty
    enter_hand(page, [4, 3, "nil", 4], [4, 3, 2, 4])
    reveal(page, hook(page, "hand-1"))
    shoot(page, "phone360-sheet")
    reveal(page, page.get_by_role("button", name="Penalty or adjustment on hand 1")).click()
    expect(hook(page, "adjustment")).to_be_visible()
    shoot(page, "phone360-penalty-opened")
    page.get_by_role("radio", name=re.compile("Beth.+David")).click()
    type_into(page, "Points (minus for a penalty)", "-30")
    page.get_by_role("button", name="Save").click()
    expect(hook(page, "adjustment")).to_have_count(0)
    reveal(page, page.get_by_role("button", name=re.compile("Beth.+David.*: -30"))).click()
    reveal(page, page.get_by_role("button", name="Remove")).click()
    expect(hook(page, "undo-remove")).to_be_visible()
    reveal(page, hook(page, "undo-remove"))
    shoot(page, "phone360-penalty-removed")


def main() -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = launch(p)
        with tempfile.TemporaryDirectory() as data, served(Path(data)) as app:
            page = open_app(browser, app.url, SMALL_PHONE)
            cutthroat(page)
            page.close()
        with tempfile.TemporaryDirectory() as data, served(Path(data)) as app:
            page = open_app(browser, app.url, SMALL_PHONE)
            partnership(page)
            page.close()
        for size, viewport in (("phone360", SMALL_PHONE), ("desktop", DESKTOP)):
            with tempfile.TemporaryDirectory() as data, served(Path(data)) as app:
                page = open_app(browser, app.url, viewport)
                solo(page, size)
                page.close()
        browser.close()


if __name__ == "__main__":
    main()
