"""The screen stays on during a game (Screen Wake Lock API), in real Chromium:
held on the scoreboard and the hand entry, released on Home, taken again when
the page is shown after being hidden, and never with the setting off."""

import pytest
from playwright.sync_api import Page, expect

from tests.served import PHONE, hook, load, new_game, settle

pytestmark = pytest.mark.e2e

# Every wake lock the page asks for, and whether it is still held.
RECORD = """(() => {
  if (!("wakeLock" in navigator)) return;
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  window.__locks = [];
  navigator.wakeLock.request = async (type) => {
    const sentinel = await request(type);
    window.__locks.push(sentinel);
    return sentinel;
  };
})();"""
HELD = "() => (window.__locks || []).filter((s) => !s.released).length"


def held(page: Page) -> int:
    return int(page.evaluate(HELD))


def wait_held(page: Page, count: int) -> None:
    page.wait_for_function(f"({HELD})() === {count}", timeout=15_000)


def set_visible(page: Page, visible: bool) -> None:
    """What a phone does when the app goes to the background and comes back:
    the page is hidden (the browser then releases every wake lock), then shown."""
    state = "visible" if visible else "hidden"
    page.evaluate(
        """state => {
          Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
          const hidden = state === "hidden";
          Object.defineProperty(document, "hidden", {value: hidden, configurable: true});
          if (state === "hidden") (window.__locks || []).forEach((s) => s.release());
          document.dispatchEvent(new Event("visibilitychange"));
        }""",
        state,
    )


@pytest.fixture
def awake_page(browser, app):
    context = browser.new_context(viewport=PHONE)
    cdp = context.new_cdp_session(context.new_page())
    cdp.send(
        "Browser.setPermission",
        {"permission": {"name": "screen-wake-lock"}, "setting": "granted"},
    )
    context.add_init_script(RECORD)
    page = context.pages[0]
    load(page, app.url)
    yield page
    context.close()


def test_the_wake_lock_is_held_during_a_game_and_released_on_home(awake_page):
    page = awake_page
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    assert held(page) == 0
    new_game(page)
    wait_held(page, 1)  # the scoreboard
    page.get_by_role("button", name="Enter hand").click()
    expect(hook(page, "contracts")).to_be_visible()
    wait_held(page, 1)  # the hand entry, still one lock
    set_visible(page, False)
    wait_held(page, 0)
    set_visible(page, True)
    wait_held(page, 1)  # taken again when the page shows
    page.get_by_role("button", name="Home").click()
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    wait_held(page, 0)


def test_the_setting_turns_it_off(awake_page):
    page = awake_page
    switch = page.get_by_role("switch", name="Keep the screen on during a game")
    expect(switch).to_be_checked()
    switch.click()
    expect(switch).not_to_be_checked()
    settle(page)
    page.get_by_role("button", name="New game").click()
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    load(page, page.url)  # the setting is kept on the device
    page.get_by_role("button", name="Home").click()
    expect(switch).not_to_be_checked()
    new_game(page)
    page.get_by_role("button", name="Enter hand").click()  # one more round trip
    expect(hook(page, "contracts")).to_be_visible()
    assert page.evaluate("(window.__locks || []).length") == 0
