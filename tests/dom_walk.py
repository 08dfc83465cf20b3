"""Every control of the main screens pressed the way a screen reader presses
it: a click on its accessibility node, no pointer involved.

The walk is generic: on each screen it lists every enabled control node (a
button, a switch, a radio, a menu...), checks that each one can take the
keyboard focus and has a tap action, then presses each by a DOM click and
waits for something to change (the screen, a value, a dialog, a menu, an
aria state, a download or a file chooser), then comes back to the screen. It
finds its way by the app's own words in the language shown, so it runs in
every language, right to left included. A control seen on an earlier screen
under the same name (the app bar's icons) is pressed once."""

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorekeeper import i18n
from scorekeeper.ui.text import num, seat_place
from tests.served import hook, still, type_into

ROLES = ("button", "switch", "radio", "checkbox", "menuitem", "tab", "link", "slider", "combobox")
_ENABLED = f"""Array.from(document.querySelectorAll(
  {",".join(f"flt-semantics[role={r}]" for r in ROLES)!r}))
  .filter(e => e.getAttribute("aria-disabled") !== "true")"""
_NAME = """e => e.getAttribute("role") + " " + (e.getAttribute("aria-label") || e.innerText || "")
  .trim().replace(/[\\u2066-\\u2069]/g, "")"""
_LIST = f"() => {_ENABLED}.map({_NAME})"
# a control the keyboard cannot reach, or a screen reader cannot press
_UNPRESSABLE = f"""() => {_ENABLED}
  .filter(e => e.getAttribute("tabindex") !== "0" || !e.hasAttribute("flt-tappable"))
  .map({_NAME})"""
_PRESS = f"i => {_ENABLED}[i].click()"
# already what a press makes it: a chosen radio, segment or player
# (on the node, or on the group around it: a player's line)
_CHOSEN = f"""i => {{
  const e = {_ENABLED}[i];
  const chosen = ["aria-selected", "aria-current"].concat(
    e.getAttribute("role") === "radio" ? ["aria-checked"] : []);  // a switch turns
  return [e, e.parentElement].some(n => chosen.some(a => n.getAttribute(a) === "true"));
}}"""
# everything a press may change: the title, each node's role, name, state and words
_STATE = """() => document.title + "\\n" + Array.from(document.querySelectorAll("flt-semantics"),
  e => ["role", "aria-label", "aria-checked", "aria-selected", "aria-current",
        "aria-expanded", "aria-disabled", "aria-valuenow"].map(a => e.getAttribute(a))
        .concat(Array.from(e.childNodes).filter(n => n.nodeType === 3 || n.tagName === "SPAN")
                .map(n => n.textContent)).join("|")).join("\\n")
  + Array.from(document.querySelectorAll("input, textarea"), e => e.value).join("|")"""
_CHANGED = f"before => ({_STATE})() !== before"
_ASKED = "flt-semantics[role=dialog], flt-semantics[role=alertdialog]"
_OVERLAY = f"""() => document.querySelector("{_ASKED}, flt-semantics[role=menu]") !== null"""
_SAFE_ANSWER = f"""() => {{  // a question's last button is its safe answer ("Keep it")
  const asked = document.querySelector("{_ASKED}");
  if (!asked) return false;
  const answers = Array.from(asked.querySelectorAll("flt-semantics[role=button]"));
  answers[answers.length - 1].click();
  return true;
}}"""

_SAME_OPTION = f"""pressed => {{  // the option a menu shows as chosen
  const same = {_ENABLED}.filter(e => e.getAttribute("role") === "menuitem"
    && ({_NAME})(e) !== "menuitem " && pressed.endsWith(({_NAME})(e).slice(9)));
  if (same.length) same[0].click();
  return same.length > 0;
}}"""


def press_node(target: Locator) -> None:
    """A screen reader's activation: a click on the control's accessibility
    node (a tagged group's button), no pointer involved."""
    target.evaluate(
        """e => (e.getAttribute("role") === "button" ? e
                 : e.querySelector("[role=button]") || e.closest("[role=button]")
                   || e).click()"""
    )


def controls(page: Page) -> list[str]:
    return list(page.evaluate(_LIST))


def every_control_is_pressable(page: Page) -> None:
    """Each enabled control can take the keyboard focus (it is in the Tab
    order) and has a tap action (a screen reader's activation reaches the
    app). Flutter sets both a frame or two after a screen is drawn: waited for."""
    still(page)
    try:
        page.wait_for_function(f"() => ({_UNPRESSABLE})().length === 0", timeout=10_000)
    except PlaywrightTimeoutError:
        unpressable = page.evaluate(_UNPRESSABLE)
        raise AssertionError(f"out of the Tab order or not tappable: {unpressable}") from None


def say(language: str, words: str, **values: object) -> re.Pattern[str]:
    """The app's `words` in `language` (filled with `values`), as the
    accessibility tree gives them (names isolated by marks)."""
    with i18n.language(language):
        shown = i18n._(words).format(**values)
    return re.compile("^" + "[\u2066-\u2069]*".join(map(re.escape, shown)))


class Walker:
    """Finds its way round the app by the words of `language`."""

    def __init__(self, page: Page, language: str = "en") -> None:
        self.page, self.language = page, language
        self.downloads: list[object] = []
        page.on("download", lambda download: self.downloads.append(download))
        page.on("filechooser", lambda chooser: self.downloads.append(chooser))
        self.pressed: set[str] = set()

    def button(self, words: str, **values: object) -> Locator:
        return self.page.get_by_role("button", name=say(self.language, words, **values))

    def press(self, words: str, **values: object) -> None:
        target = self.button(words, **values).first
        expect(target).to_be_attached()
        press_node(target)

    def close_overlays(self, pressed: str = "") -> None:
        """Answer an open question safely; close an open menu by its option
        already chosen (the one `pressed`'s name ends with: Escape on a hand
        would also be the hand's Cancel)."""
        page = self.page
        still(page)
        for _ in range(3):
            if not page.evaluate(_OVERLAY):
                return
            if not page.evaluate(_SAFE_ANSWER) and not page.evaluate(_SAME_OPTION, pressed):
                page.keyboard.press("Escape")
            try:
                page.wait_for_function(f"() => !({_OVERLAY})()", timeout=5_000)
            except PlaywrightTimeoutError:
                continue
            still(page)
        assert not page.evaluate(_OVERLAY), "a dialog or a menu would not close"

    # -- the way to each screen ------------------------------------------------------

    def home(self) -> None:
        self.close_overlays()
        new_game = self.button("New game")
        expect(new_game.or_(self.button("Home")).first).to_be_attached()  # a screen is drawn
        if not new_game.count():
            if hook(self.page, "contracts").count() or hook(self.page, "tricks-left").count():
                self.press("Cancel")  # leave the hand, dropping what was entered
                for stop in ("Stop entering", "Stop editing"):
                    try:
                        expect(self.button(stop).or_(new_game)).to_be_attached(timeout=3_000)
                    except AssertionError:
                        break
                    if self.button(stop).count():
                        self.press(stop)
                        break
                self.close_overlays()
            if not new_game.count():
                self.press("Home")
        expect(new_game).to_be_visible()
        if self.button("Undo delete").count():  # a game deleted by the walk comes back
            self.press("Undo delete")
        still(self.page)

    def game(self) -> None:
        """The scoreboard of the walk's game (with no hand being entered)."""
        self.home()
        press_node(self.page.locator("[flt-semantics-identifier^=resume-]").first)
        expect(self.button("Enter hand").or_(hook(self.page, "contracts"))).to_be_visible()
        if not self.button("Enter hand").count():  # a hand left being entered: drop it
            self.home()
            press_node(self.page.locator("[flt-semantics-identifier^=resume-]").first)
        expect(self.button("Enter hand")).to_be_visible()
        still(self.page)

    def bids(self) -> None:
        self.game()
        self.press("Enter hand")
        expect(hook(self.page, "contracts")).to_be_visible()
        still(self.page)

    def tricks(self) -> None:
        self.bids()
        for seat in range(4):
            press_node(hook(self.page, f"player-{seat}"))
            expect(hook(self.page, f"player-{seat}")).to_have_attribute("aria-current", "true")
            press_node(hook(self.page, "key-3"))
        self.press("Next: tricks")
        expect(hook(self.page, "tricks-left")).to_be_visible()
        still(self.page)

    def asked(self) -> None:
        """The question Cancel asks when something was entered."""
        self.bids()
        press_node(hook(self.page, "key-4"))
        self.press("Cancel")
        expect(self.button("Keep entering")).to_be_visible()

    def penalty(self) -> None:
        self.game()
        self.press("Penalty or adjustment on hand {number}", number=1)
        expect(self.page.get_by_role("radio").first).to_be_visible()
        still(self.page)

    def edit(self) -> None:
        self.game()
        self.press("Edit hand {number}", number=1)
        expect(hook(self.page, "contracts")).to_be_visible()
        still(self.page)

    # -- pressing ----------------------------------------------------------------------

    def each_control(self, where: str, reach: Callable[[], None]) -> None:
        """Every control of the screen `reach` opens: pressable, and a press
        changes something; then back to the screen."""
        page = self.page
        reach()
        every_control_is_pressable(page)
        title, count = page.title(), len(controls(page))
        for index in range(count):
            now = controls(page)
            if len(now) != count:  # a press showed or hid controls: the screen afresh
                reach()
                now = controls(page)
            if index >= len(now):
                break
            if now[index] in self.pressed:
                continue
            self.pressed.add(now[index])
            chosen = page.evaluate(_CHOSEN, index)
            before, downloads = page.evaluate(_STATE), len(self.downloads)
            page.evaluate(_PRESS, index)
            if not chosen:
                self.changed(before, downloads, f"{where}: {now[index]}")
            self.close_overlays(now[index])
            if page.title() != title:
                reach()
            still(page)

    def changed(self, before: str, downloads: int, what: str) -> None:
        for _ in range(40):  # a download or a file chooser is an event, not a change in the page
            try:
                self.page.wait_for_function(_CHANGED, arg=before, timeout=250)
                return
            except PlaywrightTimeoutError:
                if len(self.downloads) > downloads:
                    return
        raise AssertionError(f"pressing {what!r} by a DOM click changed nothing")


def set_up_a_game(walker: Walker) -> None:
    """A game with one hand, by DOM clicks (and the names typed)."""
    page = walker.page
    walker.home()
    walker.press("New game")
    expect(walker.button("Start game")).to_be_visible()
    still(page)
    with i18n.language(walker.language):
        seats = [f"{num(seat + 1)} · {seat_place(seat)}" for seat in range(4)]
    for seat, name in zip(seats, ("Alex", "Beth", "Charlie", "David"), strict=True):
        type_into(page, seat, name)
    walker.press("Start game")
    expect(walker.button("Enter hand")).to_be_visible()
    walker.press("Enter hand")
    expect(hook(page, "contracts")).to_be_visible()
    for step in ("bid", "tricks"):
        for seat in range(4):
            press_node(hook(page, f"player-{seat}"))
            expect(hook(page, f"player-{seat}")).to_have_attribute("aria-current", "true")
            press_node(hook(page, "key-3" if seat else "key-4"))
            expect(hook(page, f"{step}-{seat}")).to_have_text("4" if not seat else "3")
        walker.press("Next: tricks" if step == "bid" else "Save hand")
        expect(hook(page, "tricks-left" if step == "bid" else "summary")).to_be_visible()


def press_every_control(page: Page, language: str = "en", every_screen: bool = True) -> None:
    """Home, the set-up, the scoreboard and its penalty form, both hand steps
    and Cancel's question, a hand's edit, History and Statistics: every
    control of each pressed by a DOM click on its node. Without
    `every_screen`, the tricks step and Cancel's question (the bid step's
    controls again) are left out. Ends on Statistics, with the set-up's
    game kind as it was."""
    walker = Walker(page, language)
    set_up_a_game(walker)

    def set_up() -> None:
        walker.home()
        walker.press("New game")
        expect(walker.button("Start game")).to_be_visible()
        still(page)

    screens: list[tuple[str, Callable[[], None]]] = [
        ("Home", walker.home),
        ("set-up", set_up),
        ("scoreboard", walker.game),
        ("penalty form", walker.penalty),
        ("bid step", walker.bids),
        ("Cancel's question", walker.asked),
        ("tricks step", walker.tricks),
        ("a hand's edit", walker.edit),
        ("History", lambda: (walker.home(), walker.press("History"), still(page))),
        ("Statistics", lambda: (walker.home(), walker.press("Statistics"), still(page))),
    ]
    for where, reach in screens:
        if every_screen or where not in ("Cancel's question", "tricks step"):
            walker.each_control(where, reach)
        if where == "set-up":  # the walk chose each game kind: back to the first
            set_up()
            walker.press("4 players")
