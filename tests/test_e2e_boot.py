"""The boot screen (boot.py) of the served app in real Chromium: the page draws
it before Flutter has started, in the device's language, its progress bar
moves through named phases, and it is gone once the home screen is there."""

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.served import PHONE, enable_semantics, picture_path

pytestmark = pytest.mark.e2e

# Written down from the first moment the page exists: the boot screen as the
# document is parsed, before any of Flutter's or Flet's scripts ran, then each
# value its progress bar takes.
RECORD = """(() => {
  window.__boot = { atParse: null, values: [], texts: [] };
  const note = (bar) => {
    window.__boot.values.push(Number(bar.getAttribute("aria-valuenow")));
    window.__boot.texts.push(bar.getAttribute("aria-valuetext"));
  };
  document.addEventListener("DOMContentLoaded", () => {
    const bar = document.querySelector("#boot [role=progressbar]");
    window.__boot.atParse = {
      bar: !!bar,
      flutter: !!document.querySelector("flutter-view, flt-glass-pane"),
      name: (document.getElementById("boot-name") || {}).textContent,
      dir: (document.getElementById("boot") || {}).dir,
      phase: (document.getElementById("boot-phase") || {}).textContent,
    };
    if (!bar) return;
    note(bar);
    new MutationObserver(() => note(bar))
      .observe(bar, { attributes: true, attributeFilter: ["aria-valuenow"] });
  });
})();"""


# Written down at each frame the browser paints, from the first moment the page
# exists: Flutter's accessibility tree is switched on as soon as it can be, and
# when the first screen's text ($home) first enters the page, a ResizeObserver
# (called after every animation-frame callback of that frame, before its paint)
# notes whether the boot screen is still there. `window.__home` is then
# {boot: <still in the page and shown>}.
FIRST_FRAME = """(() => {
  const home = $home;
  const probe = document.createElement("div");
  let size = 1;
  let seen = false;
  const showing = () => {
    const boot = document.getElementById("boot");
    return !!boot && getComputedStyle(boot).display !== "none" &&
      Number(getComputedStyle(boot).opacity) > 0;
  };
  new ResizeObserver(() => {
    if (seen && !window.__home) window.__home = { boot: showing() };
  }).observe(probe);
  new MutationObserver(() => {
    const placeholder = document.querySelector("flt-semantics-placeholder");
    if (placeholder && !placeholder.dataset.clicked) {
      placeholder.dataset.clicked = "1";
      placeholder.click();
    }
    if (seen) return;
    const found = document.evaluate(`//*[text()="${home}" or @aria-label="${home}"]`,
      document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
    if (found) {
      seen = true;
      probe.style.width = `${++size}px`;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener("DOMContentLoaded", () => document.body.appendChild(probe));
})();"""


def first_frame(home: str) -> str:
    """FIRST_FRAME for a first screen that shows `home`."""
    return FIRST_FRAME.replace("$home", json.dumps(home))


def open_recorded(browser, url: str, locale: str) -> Page:
    context = browser.new_context(viewport=PHONE, locale=locale)
    context.add_init_script(RECORD)
    page = context.new_page()
    page.goto(url)
    return page


def test_the_boot_screen_comes_first_and_goes_when_home_is_there(browser, app):
    page = open_recorded(browser, app.url, "en-US")
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    enable_semantics(page)
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    expect(page.locator("#boot")).to_have_count(0)  # gone, once home is drawn
    boot = page.evaluate("window.__boot")
    assert boot["atParse"] == {
        "bar": True,
        "flutter": False,
        "name": "Spades Scorekeeper",
        "dir": "ltr",
        "phase": "Loading the app",
    }
    values = boot["values"]
    assert values == sorted(values) and len(set(values)) == len(values), values
    assert values[0] < 100 and values[-1] == 100 and len(values) >= 4, values
    assert boot["texts"][-1] == "Ready" and "Connecting" in boot["texts"], boot["texts"]
    page.context.close()


@pytest.mark.parametrize(("locale", "home"), [("en-US", "New game"), ("he-IL", "משחק חדש")])
def test_the_boot_screen_goes_in_the_frame_that_draws_home(browser, app, locale, home):
    """Not a frame later, and with no fade: the frame that paints the first
    screen paints no boot screen over it. The page then declares the app's
    language and its direction."""
    context = browser.new_context(viewport=PHONE, locale=locale)
    context.add_init_script(first_frame(home))
    page = context.new_page()
    page.goto(app.url)
    page.wait_for_function("window.__home !== undefined", timeout=60_000)
    assert page.evaluate("window.__home") == {"boot": False}
    expect(page.locator("#boot")).to_have_count(0)
    language, way = ("he", "rtl") if locale == "he-IL" else ("en", "ltr")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [
        language,
        way,
    ]
    context.close()


def test_the_boot_screen_speaks_the_devices_language(browser, app, tmp_path):
    """In Hebrew, right to left; held on screen (Flutter's code held back) for
    the README's picture, then the app starts as usual."""
    context = browser.new_context(viewport=PHONE, locale="he-IL")
    context.add_init_script(RECORD)
    page = context.new_page()
    held = []
    engine = re.compile(r"main\.dart\.(wasm|js|mjs)$")

    def hold(route) -> None:
        held.append(route)

    page.route(engine, hold)
    page.goto(app.url)
    page.wait_for_function("window.__boot && window.__boot.atParse")
    boot = page.evaluate("window.__boot.atParse")
    assert boot["dir"] == "rtl" and boot["name"] == "ניקוד ספיידס", boot
    assert boot["phase"] == "טוען את האפליקציה"
    page.wait_for_function("document.querySelector('#boot img').complete")
    page.screenshot(path=picture_path("phone-boot-he", tmp_path))
    for route in held:
        route.continue_()
    page.unroute(engine)
    page.wait_for_selector("#boot", state="detached", timeout=60_000)
    enable_semantics(page)
    expect(page.get_by_role("button", name="משחק חדש")).to_be_visible()
    context.close()


def reload_shows_the_page(page: Page) -> None:
    """A reloaded tab comes back to its session: the boot screen must go as
    soon as the page is there again, not after its 3-minute give-up."""
    page.reload()
    page.wait_for_selector("#boot", state="detached", timeout=30_000)
    enable_semantics(page)


def test_the_boot_screen_goes_after_a_reload_of_each_kind_of_page(browser, app, tmp_path):
    from scorekeeper.web.access import load_keys
    from tests.served import hook, load

    keeper = browser.new_page(viewport=PHONE)
    load(keeper, app.url)
    keeper.get_by_role("button", name="New game").click()
    expect(keeper.get_by_role("button", name="Start game")).to_be_visible()
    reload_shows_the_page(keeper)
    expect(keeper.get_by_role("button", name="Start game")).to_be_visible()

    watcher = browser.new_page(viewport=PHONE)
    load(watcher, app.base + "watch/" + load_keys(tmp_path).watch)
    expect(hook(watcher, "live-empty")).to_be_visible()
    reload_shows_the_page(watcher)
    expect(hook(watcher, "live-empty")).to_be_visible()

    stranger = browser.new_page(viewport=PHONE)
    load(stranger, app.base)
    expect(hook(stranger, "closed-door")).to_be_visible()
    reload_shows_the_page(stranger)
    expect(hook(stranger, "closed-door")).to_be_visible()
    for page in (keeper, watcher, stranger):
        page.close()
