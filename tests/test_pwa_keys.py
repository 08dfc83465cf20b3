"""The offline build (`scorekeeper publish`, Python inside the page) without
a pointer, in real Chromium: every control of the main screens pressed by a
DOM click on its accessibility node, as a screen reader does, then a whole
game played with the keyboard alone. One test: Python boots once."""

from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.pwa_site import OutsideGuard, Site, open_page, phone_browser, wait_usable
from tests.test_e2e_keyboard import button, play_a_game_by_keys, press, press_every_control

pytestmark = pytest.mark.e2e


def test_the_offline_build_answers_a_screen_reader_and_the_keyboard(
    site: Path, tmp_path: Path
) -> None:
    served = Site(site)
    guard = OutsideGuard()
    served.start()
    try:
        with (
            sync_playwright() as playwright,
            phone_browser(playwright, tmp_path / "profile", guard) as browser,
        ):
            page = open_page(browser)
            wait_usable(page, served.url)
            press_every_control(page)
            press(page, "Home")
            expect(button(page, "New game")).to_be_visible()
            play_a_game_by_keys(page)
    finally:
        served.stop()
        guard.close()
    assert guard.from_the_app() == [], f"requests to other hosts: {guard.from_the_app()}"
