"""Screenshots of the dealer on a 360x740 phone: a solo game's score sheet
after hand 4 of 8 was deleted (each hand's dealer marked in its own column,
old hand 5 still Ana's deal), the same in Hebrew (right to left), a
partnership sheet ("Dealer: Ana" where a column is two partners), and the
edit of a hand with *Who dealt this hand* at its foot.

Run: .venv/bin/python bench/screenshots_dealer.py [PORT]   (writes docs/screenshots/*.png)
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, Page, expect, sync_playwright

from scorekeeper.core.game import add_hand, new_game, remove_hand
from scorekeeper.core.model import Bid, Game, Hand, Variant
from scorekeeper.storage.store import GameStore
from tests.served import SMALL_PHONE, ServedApp, hook, launch, load, reveal, shoot

FAIR = Hand((Bid(3), Bid(3), Bid(3), Bid(3)), (4, 3, 3, 3))
BIG = Hand((Bid(4), Bid(3), Bid(0), Bid(5)), (4, 4, 0, 5))


def solo_after_a_delete() -> Game:
    """A solo game of 8 hands whose hand 4 was deleted (7 left)."""
    game = new_game(Variant.SOLO, ("Ana", "Bo", "Cy", "Di"))
    for number in range(8):
        game = add_hand(game, BIG if number % 3 == 1 else FAIR).game
    return remove_hand(game, 3).game


def partnership() -> Game:
    game = new_game(Variant.PARTNERSHIP, ("Alex", "Beth", "Charlie", "David"), first_dealer=1)
    for number in range(4):
        game = add_hand(game, BIG if number % 2 else FAIR).game
    return game


def open_game(browser: Browser, app: ServedApp, game_id: str, locale: str, newest: int) -> Page:
    context = browser.new_context(viewport=SMALL_PHONE, locale=locale)
    page = context.new_page()
    load(page, app.url)
    reveal(page, hook(page, f"resume-{game_id}")).click()
    expect(hook(page, f"hand-{newest}")).to_have_count(1)
    return page


def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else None
    with sync_playwright() as p, tempfile.TemporaryDirectory() as data:
        browser = launch(p)
        with GameStore(Path(data)) as store:
            solo = store.create(solo_after_a_delete())
            pair = store.create(partnership())
        app = ServedApp(Path(data), port=port)
        app.start()
        try:
            page = open_game(browser, app, solo.id, "en-US", 7)
            reveal(page, hook(page, "dealer-5"))
            shoot(page, "phone360-sheet-dealer")
            reveal(page, page.get_by_role("button", name="Edit hand 2")).click()
            reveal(page, hook(page, "hand-dealer"))
            shoot(page, "phone360-edit-dealer")
            page.get_by_role("button", name="Cancel").click()
            expect(hook(page, "hand-7")).to_have_count(1)
            page.context.close()
            page = open_game(browser, app, solo.id, "he-IL", 7)
            reveal(page, hook(page, "dealer-5"))
            shoot(page, "lang-he-sheet-dealer")
            page.context.close()
            page = open_game(browser, app, pair.id, "en-US", 4)
            reveal(page, hook(page, "dealer-4"))
            shoot(page, "phone360-sheet-dealer-partners")
            page.context.close()
        finally:
            app.stop()
            browser.close()


if __name__ == "__main__":
    main()
