"""Screenshots of the blind bid rules at 360x740, for the README: the set-up
with blind bids switched on (the failed nil's choice and the doubled big bid
above them), and the bid step's Blind toggle on for a side 160 behind.

Run: .venv/bin/python bench/screenshots_blind.py   (writes docs/screenshots/*.png)
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import expect, sync_playwright

from scorekeeper.core.model import Game, Variant
from scorekeeper.core.rules import PRESETS
from scorekeeper.storage.store import GameStore
from tests.factories import hand
from tests.served import (
    SCREENSHOTS,
    SMALL_PHONE,
    hook,
    launch,
    load,
    open_app,
    pick,
    reveal,
    served,
    settle,
    shoot,
    switch_on,
)

PLAYERS = ("Ann", "Ben", "Cy", "Dee")


def stored_game(folder: Path) -> str:
    """A blind 6 game after one hand: Ann and Cy 100, Ben and Dee -60."""
    with GameStore(folder) as store:
        saved = store.create(
            Game(
                Variant.PARTNERSHIP,
                PLAYERS,
                0,
                PRESETS["blind_6"],
                (hand([5, 3, 5, 3], [5, 3, 5, 0]),),
            )
        )
    return saved.id


def main() -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        game = stored_game(Path(folder))
        with served(Path(folder)) as app:
            browser = launch(p)
            page = open_app(browser, app.url, SMALL_PHONE)
            page.get_by_role("button", name="New game").click()
            switch_on(page.get_by_role("switch", name="Change house rules"))
            switch_on(reveal(page, page.get_by_role("switch", name="Blind bids allowed")))
            reveal(page, page.get_by_role("textbox", name="Smallest blind bid of a side"))
            settle(page)
            shoot(page, "phone360-setup-blind")
            load(page, f"{app.base}game/{game}")
            page.get_by_role("button", name="Enter hand").click()
            expect(hook(page, "contracts")).to_be_visible()
            settle(page)
            hook(page, "player-1").click()
            expect(hook(page, "player-1")).to_have_attribute("aria-current", "true")
            hook(page, "key-blind-bid").click()
            expect(hook(page, "key-blind-bid")).to_be_checked()
            hook(page, "key-4").click()
            expect(hook(page, "bid-1")).to_have_text("Blind 4")
            pick(page, 3, 3)  # the toggle is on for Dee: Ben bid blind
            hook(page, "player-3").click()
            expect(hook(page, "key-blind-bid")).to_be_checked()
            shoot(page, "phone360-bids-blind")
            browser.close()


if __name__ == "__main__":
    main()
