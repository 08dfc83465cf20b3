"""Without a pointer, in real Chromium: a whole game played with the keyboard
alone, and every control of the main screens pressed the way a screen reader
presses it (a DOM click on its accessibility node)."""

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.served import DESKTOP, PHONE, hook, new_game, open_app, settle, still

pytestmark = pytest.mark.e2e

# What the focused element is called: a text box by its label, a button by its words.
_FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return "";
  return (e.getAttribute("aria-label") || e.innerText || "").trim();
}"""


def focused(page: Page) -> str:
    return str(page.evaluate(_FOCUSED)).translate(dict.fromkeys(range(0x2066, 0x206A)))


def tab_to(page: Page, name: str | re.Pattern[str], most: int = 60) -> None:
    """Press Tab until the control called `name` has the keyboard focus."""
    for _ in range(most):
        page.keyboard.press("Tab")
        now = focused(page)
        if name.search(now) if isinstance(name, re.Pattern) else now == name:
            return
    raise AssertionError(f"Tab never reached {name!r} (last: {focused(page)!r})")


def keys(page: Page, *pressed: str) -> None:
    for key in pressed:
        page.keyboard.press(key)


def test_a_whole_game_with_the_keyboard_alone(browser, app):
    """Every hand of a game to 150, from Enter hand to its winner, by keys alone."""
    page = open_app(browser, app.url, PHONE)
    new_game(page, target=150)  # the set-up's text fields: typed as in every test
    page.set_viewport_size(DESKTOP)  # a laptop's keyboard
    enter_hand = page.get_by_role("button", name="Enter hand")
    expect(enter_hand).to_be_visible()
    # Hand 1: Alex + Charlie make 9 (90 and a bag), Beth + David are set.
    tab_to(page, "Enter hand")
    page.keyboard.press("Enter")
    expect(hook(page, "contracts")).to_be_visible()
    expect(hook(page, "keys-hint")).to_be_visible()  # a desktop: the keys are named
    still(page)
    keys(page, "4", "5", "2", "4")  # Beth, Charlie, David, Alex
    expect(hook(page, "bid-0")).to_have_text("4")
    expect(hook(page, "bid-2")).to_have_text("5")
    page.keyboard.press("Enter")
    expect(hook(page, "tricks-left")).to_be_visible()
    still(page)
    keys(page, "2", "6", "1")  # Beth, Charlie, David; then Alex: the rest
    expect(hook(page, "tricks-3")).to_have_text("1")
    expect(hook(page, "player-0")).to_have_attribute("aria-current", "true")
    keys(page, "R")
    expect(hook(page, "tricks-0")).to_have_text("4")
    expect(hook(page, "tricks-left")).to_have_text(re.compile(r"^0 tricks left of 13$"))
    page.keyboard.press("Enter")
    expect(hook(page, "summary")).to_be_visible()
    expect(hook(page, "side-0")).to_contain_text(": 91, bags")
    # Hand 2 (Beth deals, Charlie bids first): Escape asks and Escape keeps
    # entering; a 10 typed as two digits; a correction with Backspace.
    tab_to(page, "Enter hand")
    page.keyboard.press("Space")
    expect(hook(page, "contracts")).to_be_visible()
    still(page)
    keys(page, "3", "Escape")
    expect(button(page, "Keep entering")).to_be_visible()
    page.keyboard.press("Escape")
    expect(button(page, "Keep entering")).to_have_count(0)
    expect(hook(page, "bid-2")).to_have_text("3")
    keys(page, "ArrowUp", "1", "0")  # Charlie: 10
    expect(hook(page, "bid-2")).to_have_text("10")
    keys(page, "N", "1", "ArrowUp", "Backspace")  # David nil; Alex 1, then cleared
    expect(hook(page, "bid-0")).to_have_text("-")
    keys(page, "2", "1")  # Alex 2, Beth 1
    expect(hook(page, "bid-1")).to_have_text("1")
    page.keyboard.press("Enter")
    expect(hook(page, "tricks-left")).to_be_visible()
    still(page)
    keys(page, "1", "0", "0", "2", "R")  # Charlie 10, David 0, Alex 2, Beth the rest
    expect(hook(page, "tricks-1")).to_have_text("1")
    expect(hook(page, "tricks-left")).to_have_text(re.compile(r"^0 tricks left of 13$"))
    page.keyboard.press("Enter")
    expect(hook(page, "outcome")).to_contain_text("Winner")  # 211 to 50
    expect(hook(page, "side-0")).to_contain_text(": 211, bags")
    expect(enter_hand).to_have_count(0)  # the game is over
    page.close()


def press_node(target: Locator) -> None:
    """A screen reader's activation: a click on the control's accessibility
    node, no pointer involved."""
    target.evaluate(
        """e => (e.getAttribute("role") ? e
                 : e.closest("[role=button],[role=switch]")
                   || e.querySelector("[role=button],[role=switch]") || e).click()"""
    )


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def every_button_is_in_the_tab_order(page: Page) -> None:
    """Each button or switch on the screen can take the keyboard focus."""
    settle(page)
    out = page.evaluate(
        """() => Array.from(document.querySelectorAll(
             "flt-semantics[role=button],flt-semantics[role=switch]"))
           .filter(e => e.getAttribute("aria-disabled") !== "true"
                        && e.getAttribute("tabindex") !== "0")
           .map(e => e.getAttribute("aria-label") || e.innerText)"""
    )
    assert out == [], f"buttons out of the Tab order: {out}"
