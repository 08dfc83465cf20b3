"""Screenshots of the app with its text at 150% on a small phone (360x740), in
English and Thai: Home (where the size is picked), the scoreboard and the
tricks step with *Save hand* on screen.

Run: .venv/bin/python bench/screenshots_textsize.py   (writes docs/screenshots/text150-*.png)
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import expect, sync_playwright

from scorekeeper import i18n
from scorekeeper.storage.store import GameStore
from tests import factories
from tests.served import SMALL_PHONE, hook, launch, load, pick, reveal, served, settle, shoot
from tests.test_e2e_access import tr

LOCALES = {"en": "en-US", "th": "th-TH"}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        with GameStore(Path(folder)) as store:
            store.create(factories.game(factories.hand([4, 3, 3, 3], [4, 3, 3, 3])))
        browser = launch(p)
        with served(Path(folder)) as app:
            for language, locale in LOCALES.items():
                page = browser.new_context(locale=locale, viewport=SMALL_PHONE).new_page()
                load(page, app.url)
                reveal(page, hook(page, "text-size")).click()
                with i18n.language(language):
                    size = i18n.percent(1.5)
                page.get_by_role("menuitem", name=size, exact=True).click()
                page.wait_for_function("document.documentElement.style.fontSize === '150%'")
                settle(page)
                shoot(page, f"text150-{language}-home")
                page.locator("[flt-semantics-identifier^=resume-]").first.click()
                expect(page.get_by_role("button", name=tr(language, "Enter hand"))).to_be_visible()
                shoot(page, f"text150-{language}-scoreboard")
                page.get_by_role("button", name=tr(language, "Enter hand")).click()
                expect(hook(page, "contracts")).to_be_visible()
                settle(page)
                for seat in range(4):
                    pick(page, seat, 3)
                page.get_by_role("button", name=tr(language, "Next: tricks")).click()
                expect(hook(page, "tricks-left")).to_be_visible()
                settle(page)
                for seat, count in enumerate((3, 3, 3, 4)):
                    pick(page, seat, count)
                page.mouse.move(10, SMALL_PHONE["height"] / 2)
                page.mouse.wheel(0, 2000)  # to the end: Save hand in full
                settle(page)
                reveal(page, page.get_by_role("button", name=tr(language, "Save hand")))
                shoot(page, f"text150-{language}-tricks")
                page.get_by_role("button", name=tr(language, "Save hand")).click()
                expect(hook(page, "summary")).to_be_visible()
                # the next language starts at the normal size, on a device of its own
                page.context.close()
        browser.close()


if __name__ == "__main__":
    main()
