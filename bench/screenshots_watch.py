"""Screenshots of the watch link, the table display, the Share screen and the
closed door, for the README.

Run: make screenshots   (writes docs/screenshots/*.png)
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import expect, sync_playwright

from tests.served import (
    PHONE,
    SCREENSHOTS,
    SEATS,
    enter_hand,
    hook,
    launch,
    open_app,
    pick,
    served,
    settle,
    shoot,
    text,
    type_into,
)

TABLET = {"width": 1280, "height": 800}
PHONE_LANDSCAPE = {"width": PHONE["height"], "height": PHONE["width"]}


def main() -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as folder,
        sync_playwright() as p,
        served(Path(folder)) as app,
    ):
        browser = launch(p)
        keeper = open_app(browser, app.url, PHONE)
        keeper.get_by_role("button", name="New game").click()
        type_into(keeper, "Name for South and North (optional)", "Us")  # says who is in it
        for label, name in zip(SEATS, ("Alex", "Beth", "Charlie", "David"), strict=True):
            type_into(keeper, label, name)
        keeper.get_by_role("button", name="Start game").click()
        expect(keeper.get_by_role("button", name="Enter hand")).to_be_visible()
        enter_hand(keeper, [4, 3, "nil", 4], [5, 3, 0, 5])
        enter_hand(keeper, [3, 4, 3, 2], [4, 4, 3, 2])
        hook(keeper, "share").click()
        expect(hook(keeper, "watch-link")).to_be_visible()
        link = text(keeper, "watch-link")
        shoot(keeper, "phone-share")
        keeper.get_by_role("button", name="Home").click()
        keeper.locator('[flt-semantics-identifier^="resume-"]').first.click()
        keeper.get_by_role("button", name="Enter hand").click()
        expect(hook(keeper, "contracts")).to_be_visible()
        settle(keeper)
        for seat, bid in ((2, 3), (3, 4)):  # Charlie bids first after Beth deals
            pick(keeper, seat, bid)
        watcher = open_app(browser, link, PHONE)
        expect(hook(watcher, "live-bids-0")).to_be_visible()
        shoot(watcher, "phone-watch")
        watcher.close()
        for size, name in (
            (TABLET, "table-display-desktop"),
            (PHONE_LANDSCAPE, "table-display-phone-landscape"),
            (PHONE, "table-display-phone-portrait"),
        ):
            watcher = open_app(browser, link, size)
            watcher.get_by_role("button", name="Table display").click()
            expect(hook(watcher, "table-bid-0")).to_have_text("4")  # David bids first
            shoot(watcher, name)
            watcher.close()
        stranger = open_app(browser, app.base, PHONE)
        expect(hook(stranger, "closed-door")).to_be_visible()
        shoot(stranger, "phone-closed-door")
        browser.close()


if __name__ == "__main__":
    main()
