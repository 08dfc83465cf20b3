"""Install app on Home (install.py), served app in real Chromium: shown when
the browser offers to install (beforeinstallprompt), only on Home, and it opens
the browser's prompt; on an iPhone the two steps instead; once installed
(standalone), neither."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.served import PHONE, load, new_game, picture_path, shoot

pytestmark = pytest.mark.e2e

IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
)
# What Chromium does when the site can be installed: an event whose prompt()
# opens the browser's own dialog (here written down instead).
OFFER = """() => {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  event.prompt = () => {
    window.__prompted = (window.__prompted || 0) + 1;
    return Promise.resolve();
  };
  event.userChoice = Promise.resolve({ outcome: "accepted", platform: "web" });
  window.dispatchEvent(event);
}"""


def home(browser, app, **context) -> Page:
    page = browser.new_context(viewport=PHONE, **context).new_page()
    load(page, app.url)
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    expect(page.locator("#boot")).to_have_count(0)
    return page


def test_install_app_on_home_when_the_browser_offers_it(browser, app, tmp_path):
    page = home(browser, app)
    expect(page.locator("#install")).to_be_hidden()  # not offered (yet)
    page.evaluate(OFFER)
    button = page.get_by_role("button", name="Install app")
    expect(button).to_be_visible()
    shoot(page, "phone-install", picture_path("phone-install", tmp_path))
    new_game(page)
    expect(page.locator("#install")).to_be_hidden()  # Home only
    page.get_by_role("button", name="Home").click()
    expect(button).to_be_visible()
    button.click()
    assert page.evaluate("window.__prompted") == 1  # the browser's own prompt
    expect(page.locator("#install")).to_be_hidden()  # installed
    page.context.close()


def test_an_iphone_is_shown_the_two_steps(browser, app, tmp_path):
    page = home(browser, app, user_agent=IPHONE)
    steps = page.locator("#install-ios")
    expect(steps).to_be_visible()
    expect(steps).to_contain_text(re.compile("Share.*Add to Home Screen", re.S))
    expect(page.get_by_role("button", name="Install app")).to_be_hidden()
    shoot(page, "phone-install-iphone", picture_path("phone-install-iphone", tmp_path))
    page.get_by_role("button", name="Not now").click()
    expect(steps).to_be_hidden()
    page.context.close()


def test_once_installed_neither(browser, app):
    context = browser.new_context(viewport=PHONE, user_agent=IPHONE)
    context.add_init_script("Object.defineProperty(navigator, 'standalone', {value: true})")
    page = context.new_page()
    load(page, app.url)
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    page.evaluate(OFFER)
    expect(page.locator("#install")).to_be_hidden()
    context.close()
