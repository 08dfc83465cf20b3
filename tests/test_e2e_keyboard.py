"""Without a pointer, in real Chromium: a whole game played with the keyboard
alone, and every control of the main screens pressed the way a screen reader
presses it (a DOM click on its accessibility node)."""

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorekeeper import i18n
from tests.dom_walk import press_every_control, press_node
from tests.served import (
    DESKTOP,
    PHONE,
    SEATS,
    hook,
    load,
    new_game,
    open_app,
    settle,
    still,
)

pytestmark = pytest.mark.e2e

# What the focused element is called: a text box by its label, a button by its words.
_FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body || e.tagName === "FLUTTER-VIEW") return "";  // no node of its own
  return (e.getAttribute("aria-label") || e.innerText || "").trim();
}"""


# Flutter moves the keyboard focus on a frame after the key, and the DOM's on
# the next: read it once three frames have been drawn.
_FRAMES = """() => new Promise(done => requestAnimationFrame(
  () => requestAnimationFrame(() => requestAnimationFrame(done))))"""


def focused(page: Page) -> str:
    page.evaluate(_FRAMES)
    return str(page.evaluate(_FOCUSED)).translate(dict.fromkeys(range(0x2066, 0x206A)))


def tab_to(page: Page, name: str | re.Pattern[str], most: int = 60, key: str = "Tab") -> None:
    """Press Tab (or `key`: Shift+Tab) until the control called `name` has the
    keyboard focus."""
    for _ in range(most):
        page.evaluate("() => { window.__wasFocused = document.activeElement; }")
        page.keyboard.press(key)
        # The DOM's focus follows Flutter's a few frames later (more offline); a
        # control with no node of its own (a closed menu) leaves it where it
        # was, and a focus left on a control that is gone may stand on another
        # one's node without Flutter's: only a focus that moved counts.
        try:
            page.wait_for_function("document.activeElement !== window.__wasFocused", timeout=2_000)
        except PlaywrightTimeoutError:
            continue
        now = focused(page)
        if name.search(now) if isinstance(name, re.Pattern) else now == name:
            return
    raise AssertionError(f"{key} never reached {name!r} (last: {focused(page)!r})")


def keys(page: Page, *pressed: str) -> None:
    for key in pressed:
        page.keyboard.press(key)


def set_up_by_keys(page: Page) -> None:
    """Home's New game, then the set-up's fields one by one with Tab (in
    reading order), typed into; a name left out is shown at Start game and
    reached again with Shift+Tab; the house rules' switch by Space."""
    tab_to(page, "New game")
    page.keyboard.press("Enter")
    expect(button(page, "Start game")).to_be_visible()
    still(page)
    for seat, name in ((2, "Charlie"), (1, "Beth"), (0, "Alex")):  # North first: reading order
        tab_to(page, SEATS[seat])
        page.keyboard.type(name)
    expect(page.get_by_role("textbox", name=SEATS[0])).to_have_value("Alex")
    # the first dealer's menu: Tab reaches it (its node takes the focus), Space
    # opens it, the arrows move, Enter picks; the focus stays on the menu
    tab_to(page, "First dealer Alex")
    page.keyboard.press("Space")
    expect(page.get_by_role("menuitem").first).to_be_visible()
    keys(page, "ArrowDown", "Enter")
    expect(page.get_by_role("button", name="First dealer Beth")).to_be_focused()
    page.keyboard.press("Space")  # it opens on the one chosen: Up is Alex
    expect(page.get_by_role("menuitem").first).to_be_visible()
    keys(page, "ArrowUp", "Enter")
    expect(page.get_by_role("button", name="First dealer Alex")).to_be_focused()
    tab_to(page, "Change house rules")
    page.keyboard.press("Space")
    expect(page.get_by_role("switch", name="Change house rules")).to_be_checked()
    tab_to(page, "Points to win")
    keys(page, "Control+A", "Backspace")
    page.keyboard.type("150")
    expect(page.get_by_role("textbox", name="Points to win")).to_have_value("150")
    tab_to(page, "Start game")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Player 4 needs a name")).to_be_visible()  # East: no name yet
    tab_to(page, re.compile(f"^{SEATS[3]}"), key="Shift+Tab")
    page.keyboard.type("David")
    tab_to(page, "Start game")
    page.keyboard.press("Enter")
    expect(button(page, "Enter hand")).to_be_visible()


def hands_by_keys(page: Page) -> None:
    """Every hand of a game to 150, from Enter hand to its winner, by keys alone."""
    enter_hand = button(page, "Enter hand")
    expect(enter_hand).to_be_visible()
    settle(page)  # laid out again at its new width: the focus Tab moves is the one shown
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


FINISHED = re.compile(r"Winner: Alex \+ Charlie")  # the game's card, once it has ended


def the_end_by_keys(page: Page) -> None:
    """The ended game, looked back on from History (its card pressed by
    Space) and from Home (by Enter)."""
    tab_to(page, "History")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    tab_to(page, FINISHED)
    page.keyboard.press("Space")
    expect(hook(page, "chart")).to_be_visible()  # the game's detail
    tab_to(page, "Home")
    page.keyboard.press("Enter")
    expect(button(page, "New game")).to_be_visible()
    tab_to(page, FINISHED)
    page.keyboard.press("Enter")
    expect(hook(page, "chart")).to_be_visible()


def play_a_game_by_keys(page: Page) -> None:
    """From Home to the game's end and back, on a laptop's screen with its keyboard."""
    page.set_viewport_size(DESKTOP)
    settle(page)  # laid out again at its new width: the focus Tab moves is the one shown
    set_up_by_keys(page)
    hands_by_keys(page)
    the_end_by_keys(page)


def test_a_whole_game_with_the_keyboard_alone(browser, app):
    """The set-up, every hand of a game to 150 and its end, by keys alone."""
    page = open_app(browser, app.url, DESKTOP)
    play_a_game_by_keys(page)
    page.close()


def test_in_hebrew_left_is_the_next_player(browser, app):
    """Right to left, the arrows follow the reading direction: Left goes on to
    the next bidder, Right back to the one before."""
    english = open_app(browser, app.url, DESKTOP)
    new_game(english)
    english.close()
    context = browser.new_context(locale="he-IL", viewport=DESKTOP)
    try:
        page = context.new_page()
        load(page, app.url)
        with i18n.language("he"):
            enter_hand = i18n._("Enter hand")
        page.locator('[flt-semantics-identifier^="resume-"]').click()
        tab_to(page, enter_hand)
        page.keyboard.press("Enter")
        expect(hook(page, "contracts")).to_be_visible()
        still(page)
        expect(hook(page, "player-1")).to_have_attribute("aria-current", "true")  # Beth bids first
        page.keyboard.press("ArrowLeft")
        expect(hook(page, "player-2")).to_have_attribute("aria-current", "true")
        keys(page, "ArrowRight", "ArrowRight")  # back past Beth to the dealer, who bids last
        expect(hook(page, "player-0")).to_have_attribute("aria-current", "true")
        keys(page, "ArrowLeft", "7")
        expect(hook(page, "bid-1")).to_have_text("7")
        expect(hook(page, "player-2")).to_have_attribute("aria-current", "true")
    finally:
        context.close()


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def named(text: str) -> re.Pattern[str]:
    """A name as the accessibility tree gives it: names isolated by marks."""
    marks = "[\u2066-\u2069]*"
    return re.compile(marks.join(map(re.escape, text)))


def press(page: Page, name: str, role: str = "button") -> None:
    target = page.get_by_role(role, name=named(name))
    expect(target.first).to_be_attached()
    press_node(target.first)


LOCALES = {"en": "en-US", "he": "he-IL", "th": "th-TH"}


@pytest.mark.parametrize("language", LOCALES)
def test_every_control_answers_a_screen_readers_activation(browser, app, language):
    """Every control of the main screens is in the Tab order, has a tap action
    and does something when pressed by a DOM click on its node, in English,
    Hebrew (right to left) and Thai."""
    context = browser.new_context(locale=LOCALES[language], viewport=PHONE)
    try:
        page = context.new_page()
        load(page, app.url)
        press_every_control(page, language, every_screen=language == "en")
        if language == "en":
            press(page, "Share")  # the served app's own screen
            expect(page.get_by_role("button", name="Copy link")).to_be_visible()
    finally:
        context.close()
