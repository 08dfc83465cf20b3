"""Screenshots of the scoreboard after the winning hand, a side's bid before
the partner has bid, a named side's players, and an imported copy in History,
for the README.

Run: .venv/bin/python bench/screenshots_fixes.py   (writes docs/screenshots/*.png)
"""

import sys
import tempfile
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import expect, sync_playwright

from scorekeeper.core.exchange import Incoming
from scorekeeper.core.model import Game, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.storage.store import GameStore
from tests.factories import EVEN
from tests.served import (
    PHONE,
    SCREENSHOTS,
    enter_hand,
    hook,
    launch,
    load,
    open_app,
    pick,
    served,
    settle,
    shoot,
)

PLAYERS = ("Ann", "Ben", "Cy", "Dee")


def stored_games(folder: Path) -> tuple[str, str]:
    """A game of "Us" against Ben and Dee to 100 points, one in progress, and
    a finished game with a copy of it imported from a file."""
    with GameStore(folder) as store:
        short = store.create(
            Game(Variant.PARTNERSHIP, PLAYERS, 0, RuleSet(target=100), (), ("Us", ""))
        )
        playing = store.create(Game(Variant.PARTNERSHIP, PLAYERS, 0, hands=(EVEN,)))
        old = datetime(2026, 11, 28, 20, 15, tzinfo=UTC)
        done = Game(Variant.PARTNERSHIP, ("Alex", "Beth", "Charlie", "David"), 0, hands=(EVEN,) * 9)
        store.import_games([Incoming(done, created_at=old, updated_at=old)])
        store.import_games(
            [Incoming(replace(done), created_at=old, updated_at=old, from_file=True)]
        )
    return short.id, playing.id


def main() -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        short, playing = stored_games(Path(folder))
        with served(Path(folder)) as app:
            browser = launch(p)
            page = open_app(browser, app.url, PHONE)
            load(page, f"{app.base}game/{playing}")
            page.get_by_role("button", name="Enter hand").click()
            expect(hook(page, "contracts")).to_be_visible()
            settle(page)
            pick(page, 1, "blind_nil")  # Ben bids blind nil; Dee has not bid yet
            pick(page, 2, 3)
            expect(hook(page, "contracts")).to_contain_text("not yet")
            shoot(page, "phone-bids-partner")
            load(page, f"{app.base}game/{short}")
            enter_hand(page, [7, 2, 4, 1], [7, 2, 4, 0])  # Us 110: the game is won
            expect(hook(page, "outcome")).to_be_visible()
            shoot(page, "phone-scoreboard-won")
            page.get_by_role("button", name="History").click()
            expect(hook(page, "history-count")).to_be_visible()
            shoot(page, "phone-history-imported")
            browser.close()


if __name__ == "__main__":
    main()
