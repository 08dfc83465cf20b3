"""Without a pointer, in real Chromium: a whole game played with the keyboard
alone, and every control of the main screens pressed the way a screen reader
presses it (a DOM click on its accessibility node)."""

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorekeeper import i18n
from tests.served import DESKTOP, SEATS, hook, load, new_game, open_app, settle, still, type_into

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
    # the first dealer's menu: Space opens it, the arrows move, Enter picks
    tab_to(page, "Name for Beth and East (optional)")
    keys(page, "Tab", "Space")
    expect(page.get_by_role("button", name="First dealer Alex")).to_have_attribute(
        "aria-expanded", "true"
    )
    keys(page, "ArrowDown", "Enter")
    expect(page.get_by_role("button", name="First dealer Beth")).to_be_visible()
    # a pick leaves the focus at the page's start: Tab goes back to the menu
    tab_to(page, "Name for Beth and East (optional)")
    keys(page, "Tab", "Space", "ArrowDown", "Enter")  # the menu opens on no one: Down is the first
    expect(page.get_by_role("button", name="First dealer Alex")).to_be_visible()
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


def press_node(target: Locator) -> None:
    """A screen reader's activation: a click on the control's accessibility
    node, no pointer involved."""
    target.evaluate(
        """e => (e.getAttribute("role") === "button" ? e
                 : e.querySelector("[role=button]") || e.closest("[role=button]")
                   || e).click()"""
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


def named(text: str) -> re.Pattern[str]:
    """A name as the accessibility tree gives it: names isolated by marks."""
    marks = "[\u2066-\u2069]*"
    return re.compile(marks.join(map(re.escape, text)))


def press(page: Page, name: str, role: str = "button") -> None:
    target = page.get_by_role(role, name=named(name))
    expect(target.first).to_be_attached()
    press_node(target.first)


def test_every_control_answers_a_screen_readers_activation(page):
    press_every_control(page)
    press(page, "Share")  # the served app's own screen
    expect(page.get_by_role("button", name="Copy link")).to_be_visible()


def press_every_control(page: Page) -> None:
    """Each control of Home, the set-up, the scoreboard, both hand steps, a
    hand's edit, History and Statistics, pressed by a DOM click on its
    accessibility node (no pointer), does what a tap does; every button and
    switch of each screen can take the keyboard focus."""
    every_button_is_in_the_tab_order(page)  # Home
    press(page, "New game")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    every_button_is_in_the_tab_order(page)  # set-up
    press(page, "Change house rules", "switch")
    expect(page.get_by_role("switch", name="Change house rules")).to_be_checked()
    press(page, "Change house rules", "switch")
    expect(page.get_by_role("switch", name="Change house rules")).not_to_be_checked()
    for seat, name in zip(SEATS, ("Alex", "Beth", "Charlie", "David"), strict=True):
        type_into(page, seat, name)
    press(page, "Start game")
    expect(page.get_by_role("button", name="Enter hand")).to_be_visible()
    every_button_is_in_the_tab_order(page)  # scoreboard
    press(page, "Enter hand")
    expect(hook(page, "contracts")).to_be_visible()
    every_button_is_in_the_tab_order(page)  # bid step
    for seat in (3, 0, 2, 1):  # each player's line picks them
        press_node(hook(page, f"player-{seat}"))
        expect(hook(page, f"player-{seat}")).to_have_attribute("aria-current", "true")
    shown = {"0": "Nil", "blind": "Blind nil", **{str(n): str(n) for n in range(1, 14)}}
    for key, value in shown.items():  # each key bids for the picked player
        press_node(hook(page, "player-1"))
        expect(hook(page, "player-1")).to_have_attribute("aria-current", "true")
        press_node(hook(page, f"key-{key}"))
        expect(hook(page, "bid-1")).to_have_text(value)
    for seat, bid in ((1, "3"), (2, "4"), (3, "3"), (0, "3")):
        press_node(hook(page, f"player-{seat}"))
        expect(hook(page, f"player-{seat}")).to_have_attribute("aria-current", "true")
        press_node(hook(page, f"key-{bid}"))
        expect(hook(page, f"bid-{seat}")).to_have_text(bid)
    press(page, "Next: tricks")
    expect(hook(page, "tricks-left")).to_be_visible()
    every_button_is_in_the_tab_order(page)  # tricks step
    for count in range(14):  # each key sets the picked player's tricks
        press_node(hook(page, "player-2"))
        expect(hook(page, "player-2")).to_have_attribute("aria-current", "true")
        press_node(hook(page, f"key-{count}"))
        expect(hook(page, "tricks-2")).to_have_text(str(count))
    press(page, "Back to bids")
    expect(hook(page, "contracts")).to_be_visible()
    press(page, "Next: tricks")
    expect(hook(page, "tricks-left")).to_be_visible()
    for seat, count in ((1, "3"), (2, "4"), (3, "3")):
        press_node(hook(page, f"player-{seat}"))
        expect(hook(page, f"player-{seat}")).to_have_attribute("aria-current", "true")
        press_node(hook(page, f"key-{count}"))
        expect(hook(page, f"tricks-{seat}")).to_have_text(count)
    press_node(hook(page, "player-0"))
    expect(hook(page, "key-rest")).to_contain_text("Rest to")
    press_node(hook(page, "key-rest"))
    expect(hook(page, "tricks-0")).to_have_text("3")
    press(page, "Save hand")
    expect(hook(page, "summary")).to_be_visible()
    every_button_is_in_the_tab_order(page)  # scoreboard with a hand
    press(page, "Edit hand 1")
    expect(hook(page, "contracts")).to_be_visible()
    every_button_is_in_the_tab_order(page)  # a hand's edit
    press(page, "Cancel")
    expect(page.get_by_role("button", name="Enter hand")).to_be_visible()
    press(page, "Penalty or adjustment on hand 1")
    expect(page.get_by_role("button", name="Save", exact=True)).to_be_visible()
    press(page, "Cancel")
    expect(page.get_by_role("button", name="Save", exact=True)).to_have_count(0)
    press(page, "History")  # the app bar's icons
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    every_button_is_in_the_tab_order(page)  # History
    card = page.get_by_role("button", name=re.compile(r"1 hand played"))
    press_node(card)  # a game's card, as soon as its screen shows
    expect(page.get_by_role("button", name="Resume")).to_be_visible()
    press(page, "Home")
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    press_node(card)
    expect(page.get_by_role("button", name="Enter hand")).to_be_visible()
    press(page, "Home")
    press(page, "Delete game: Alex, Beth, Charlie, David")
    expect(hook(page, "message")).to_have_text("Game deleted.")
    press(page, "Undo delete")
    expect(page.get_by_role("button", name=re.compile(r"1 hand played"))).to_be_visible()
    press(page, "Statistics")
    expect(page.get_by_role("heading", name="Statistics")).to_be_visible()
    every_button_is_in_the_tab_order(page)  # Statistics
