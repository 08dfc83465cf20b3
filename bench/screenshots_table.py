"""Screenshots of two phones at one table and of a lost connection, for the README.

Run: .venv/bin/python bench/screenshots_table.py   (writes docs/screenshots/*.png)
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import expect, sync_playwright

from tests.served import (
    DESKTOP,
    PHONE,
    SCREENSHOTS,
    ServedApp,
    enter_hand,
    hook,
    launch,
    load,
    new_game,
    open_app,
    pick,
    settle,
    shoot,
)


def main() -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, sync_playwright() as p:
        app = ServedApp(Path(data))
        app.start()
        browser = launch(p)
        try:
            phone_a = open_app(browser, app.url, PHONE)
            new_game(phone_a)
            enter_hand(phone_a, [3, 3, 3, 3], [4, 3, 3, 3])
            other = browser.new_context(viewport=PHONE)
            phone_b = other.new_page()
            load(phone_b, app.url)  # the keeper link, then the game
            load(phone_b, phone_a.url)
            phone_b.get_by_role("button", name="Enter hand").click()
            expect(hook(phone_b, "contracts")).to_be_visible()
            settle(phone_b)
            pick(phone_b, 0, 1)
            enter_hand(phone_a, [4, 3, 3, 3], [4, 3, 3, 3])
            expect(hook(phone_b, "message")).to_be_visible()
            shoot(phone_b, "phone-saved-elsewhere")
            other.close()
            desktop = open_app(browser, app.url, DESKTOP)
            load(desktop, phone_a.url)
            expect(hook(desktop, "side-0")).to_be_visible()
            app.stop()
            for page in (phone_a, desktop):
                expect(page.locator("#connection-lost")).to_be_visible(timeout=15_000)
            shoot(phone_a, "phone-connection-lost")
            shoot(desktop, "desktop-connection-lost")
        finally:
            browser.close()
            app.stop()


if __name__ == "__main__":
    main()
