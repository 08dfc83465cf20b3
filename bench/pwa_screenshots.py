"""Screenshots of the offline build at phone sizes (docs/screenshots/pwa-*.png):
the first start (what the browser promised about the data), the score sheet,
bids being entered, and a second tab on the same phone.

Run: .venv/bin/python bench/pwa_screenshots.py
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import expect, sync_playwright

from scorekeeper.commands.publish import publish
from tests.pwa_site import (
    USABLE_TIMEOUT,
    OutsideGuard,
    Site,
    open_page,
    phone_browser,
    wait_usable,
)
from tests.served import (
    PHONE,
    SMALL_PHONE,
    enable_semantics,
    enter_hand,
    hook,
    new_game,
    pick,
    settle,
    shoot,
)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        site = Site(publish(Path(tmp) / "site"))
        guard = OutsideGuard()
        site.start()
        try:
            with sync_playwright() as p:
                for viewport, suffix in ((PHONE, ""), (SMALL_PHONE, "-small")):
                    profile = Path(tmp) / f"profile{suffix}"
                    with phone_browser(p, profile, guard, viewport) as browser:
                        page = open_page(browser)
                        wait_usable(page, site.url)
                        shoot(page, f"pwa-first-start{suffix}")
                        if suffix:
                            continue
                        new_game(page)
                        enter_hand(page, [3, 3, 3, 3], [3, 4, 3, 3])
                        enter_hand(page, ["nil", 4, 5, 4], [0, 4, 5, 4])
                        shoot(page, "pwa-scoreboard")
                        page.get_by_role("button", name="Enter hand").click()
                        expect(hook(page, "contracts")).to_be_visible()
                        settle(page)
                        for seat, bid in enumerate((4, 3, 2)):
                            pick(page, seat, bid)
                        expect(hook(page, "bid-2")).to_have_text("2")
                        shoot(page, "pwa-bids")
                        second = browser.new_page()
                        second.goto(site.url)
                        second.wait_for_selector(
                            "#loading", state="detached", timeout=USABLE_TIMEOUT
                        )
                        enable_semantics(second)
                        expect(hook(second, "second-tab")).to_be_visible(timeout=USABLE_TIMEOUT)
                        shoot(second, "pwa-second-tab")
        finally:
            site.stop()
            guard.close()
    print("requests to other hosts:", guard.from_the_app() or "none")


if __name__ == "__main__":
    main()
