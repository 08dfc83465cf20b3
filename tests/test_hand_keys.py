"""A hand from the keyboard (ui/state/keys.py): each key on a real store in a
temp folder, the pause between two digits given as the keys' times (no
waiting), and the page's keyboard events in a real Flet session."""

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.draft import Step
from scorekeeper.core.model import BLIND_NIL, NIL, Bid, Variant
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state import AppState
from scorekeeper.ui.state.keys import PAUSE, HandKeys, named
from tests.test_ui_state import start, start_variant


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


class Typist:
    """Keys pressed on one state, each `gap` seconds after the last."""

    def __init__(self, state: AppState, gap: float = PAUSE + 0.5) -> None:
        self.state, self.gap, self.now = state, gap, 1000.0

    def __call__(self, *keys: str, gap: float | None = None) -> None:
        for key in keys:
            self.now += self.gap if gap is None else gap
            if self.state.wants_key(key):
                self.state.hand_key(key, self.now)


def bids(state):
    return list(state.draft.bids)


def test_digits_bid_in_bidding_order_and_enter_goes_to_tricks_then_saves(store):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state)
    press("4", "3", "2", "4")  # Beth, Charlie, David, then Alex (the dealer bids last)
    assert bids(state) == [Bid(4), Bid(4), Bid(3), Bid(2)]
    press("Enter")
    assert state.draft.step is Step.TRICKS and state.keypad_seat == 1
    press("3", "4", "2")
    press("R")  # Alex takes the rest
    assert list(state.draft.tricks) == [4, 3, 4, 2]
    press("Enter")
    assert state.screen is Screen.GAME and len(state.saved.game.hands) == 1
    assert state.summary[0] == "Hand 1"


def test_two_digits_within_the_pause_make_10_to_13_for_the_first_ones_player(store):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state)
    press("1", "1", gap=PAUSE / 2)  # Beth: 11, then on to Charlie
    assert bids(state)[1] == Bid(11) and state.keypad_seat == 2
    press("1")
    press("1")  # after the pause: Charlie 1, then David 1
    assert bids(state)[2:] == [Bid(1), Bid(1)]
    assert state.keypad_seat == 0
    press("1")
    press("4", gap=PAUSE / 2)  # 14 is no bid: Alex 1, and 4 for nobody (all have bid)
    assert bids(state) == [Bid(1), Bid(11), Bid(1), Bid(1)] and state.keypad_seat is None


def test_a_second_digit_past_the_hands_tricks_is_a_digit_of_its_own(store):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state, gap=0.1)
    press("1", "7")  # 17 is past 13: Beth 1, Charlie 7
    assert bids(state)[1:3] == [Bid(1), Bid(7)]
    press("2", "3")  # no bid starts with 2 and another digit: David 2, Alex 3
    assert bids(state) == [Bid(3), Bid(1), Bid(7), Bid(2)]


def test_cutthroat_reaches_17_from_the_keyboard(store):
    state = AppState(store)
    start_variant(state, Variant.CUTTHROAT, ("Ana", "Ben", "Cy"))
    state.begin_hand()
    first = state.keypad_seat
    Typist(state, gap=0.2)("1", "7")
    assert bids(state)[first] == Bid(17)


def test_nil_blind_nil_backspace_and_the_arrows(store):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state)
    press("N", "b")  # Beth nil, Charlie blind nil (a letter in either case)
    assert bids(state)[1:3] == [NIL, BLIND_NIL]
    assert state.keypad_seat == 3
    press("Arrow Up")
    assert state.keypad_seat == 2
    press("Backspace")
    assert bids(state)[2] is None and state.keypad_seat == 2
    press("Arrow Down", "Arrow Down")
    assert state.keypad_seat == 0
    press("Arrow Down")  # round the table: back to the first bidder
    assert state.keypad_seat == 1
    press("R")  # Rest is for the tricks only
    assert bids(state)[1] == NIL


@pytest.mark.parametrize(
    ("language", "forward", "back"),
    [("en", "Arrow Right", "Arrow Left"), ("he", "Arrow Left", "Arrow Right")],
)
def test_left_and_right_follow_the_languages_reading_direction(store, language, forward, back):
    """Down and the arrow pointing the way the language reads go on to the
    next bidder; Up and the other arrow go back (Hebrew reads from the right)."""
    state = start(AppState(store))
    state.set_language(language)
    state.begin_hand()
    press = Typist(state)
    assert state.keypad_seat == 1  # Beth bids first
    press(forward)
    assert state.keypad_seat == 2
    press("Arrow Down")
    assert state.keypad_seat == 3
    press(back, back)
    assert state.keypad_seat == 1
    press(back)  # round the table: the dealer, who bids last
    assert state.keypad_seat == 0
    press("Arrow Up", forward, forward, "7")
    assert state.keypad_seat == 2 and bids(state)[1] == Bid(7)


def test_enter_with_bids_missing_shows_every_missing_one(store):
    state = start(AppState(store))
    state.begin_hand()
    Typist(state)("4", "Enter")
    assert state.draft.step is Step.BIDS
    assert set(state.errors) == {"bid.0", "bid.2", "bid.3"}


def test_enter_is_the_focused_buttons_own(store):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state)
    press("4", "3", "2", "4")
    state.key_focus(True)  # Tab reached Cancel: Enter presses it, not Next
    press("Enter")
    assert state.draft.step is Step.BIDS
    state.tabbed()
    state.focus_line(2)  # Tab reached Charlie's line: he is the keypad's player
    assert state.keypad_seat == 2
    press("Enter")
    assert state.draft.step is Step.TRICKS


def test_escape_asks_as_cancel_does_and_escape_again_keeps_entering(store):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state)
    press("Escape")  # nothing entered: gone without asking
    assert state.screen is Screen.GAME and state.draft is None
    state.begin_hand()
    press("5", "Escape")
    assert state.confirm is not None and state.confirm.yes == "Stop entering"
    press("3")  # the question is open: keys wait
    assert bids(state)[2] is None
    press("Escape")
    assert state.confirm is None and state.screen is Screen.HAND and bids(state)[1] == Bid(5)


def test_the_same_keys_correct_a_saved_hand(store):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state)
    press("4", "3", "2", "4", "Enter", "3", "4", "2", "R", "Enter")
    state.edit_hand(0)
    assert state.keypad_seat == 1  # the first bidder, whose line has the keyboard focus
    press("6")  # at once, as on a new hand; an edit stays on the player it corrects
    assert bids(state)[1] == Bid(6) and state.keypad_seat == 1
    press("Arrow Down", "Arrow Up", "5")
    assert bids(state)[1] == Bid(5) and state.keypad_seat == 1
    press("1", "0", gap=0.2)
    assert bids(state)[1] == Bid(10)
    press("Arrow Down", "2", "Enter", "Backspace")  # the tricks step starts on Beth too
    assert state.draft.step is Step.TRICKS and state.draft.tricks[1] == 0
    press("Arrow Up", "R", "Enter")  # Alex, before Beth in the bidding order: the rest
    hand = state.saved.game.hands[0]
    assert hand.bids[1:3] == (Bid(10), Bid(2)) and tuple(hand.tricks) == (7, 0, 4, 2)


def test_a_cancelled_entry_leaves_no_pick_to_the_next_one(store):
    """A hand cancelled once every bid was in (nobody left to pick) or with
    another player picked: the next entry, new or an edit, starts on its first
    bidder, where the keyboard focus is, and a digit sets their value."""
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state)
    press("4", "3", "2", "4")
    assert state.keypad_seat is None  # every bid is in
    state.cancel_hand()
    state.begin_hand()
    assert state.keypad_seat == 1
    press("4", "3", "2", "4", "Enter", "3", "4", "2", "R", "Enter")
    state.edit_hand(0)
    press("Arrow Down")
    assert state.keypad_seat == 2
    state.cancel_hand()
    state.edit_hand(0)
    assert state.keypad_seat == 1
    press("5")
    assert bids(state)[1] == Bid(5)


def test_keys_do_nothing_off_the_hand_screen(store):
    state = start(AppState(store))
    assert not state.wants_key("4") and not state.wants_key("Enter")
    state.begin_hand()
    assert state.wants_key("4") and state.wants_key("Numpad 4") and not state.wants_key("Tab")
    assert not state.wants_key("X")


def test_no_nil_in_rules_without_it(store):
    state = start(AppState(store), allow_nil=False)
    state.begin_hand()
    Typist(state)("N", "0")
    assert bids(state) == [None] * 4 and state.keypad_seat == 1


def test_no_blind_nil_in_rules_without_it_nor_on_the_tricks(store):
    state = start(AppState(store), allow_blind_nil=False)
    state.begin_hand()
    Typist(state)("B")
    assert bids(state) == [None] * 4 and state.keypad_seat == 1
    state = start(AppState(store))
    state.begin_hand()
    Typist(state)("4", "3", "3", "3", "Enter")
    assert state.draft.step is Step.TRICKS
    tricks = list(state.draft.tricks)
    seat = state.keypad_seat
    Typist(state)("B")
    assert list(state.draft.tricks) == tricks and state.keypad_seat == seat


def test_the_focus_keys_are_quiet_and_the_others_redraw():
    """The session draws the screen again after each action but the quiet ones."""
    quiet = {name for name in dir(HandKeys) if getattr(getattr(HandKeys, name), "quiet", False)}
    assert quiet == {"key_focus", "tabbed", "line_blur"}


typed = st.lists(st.integers(0, 13), min_size=4, max_size=4)


@given(values=typed)
def test_typing_a_hands_bids_is_tapping_them(tmp_path_factory, values):
    """Any four bids typed, each number's digits quickly and a pause between
    numbers, give the bids the keypad's taps give."""
    with GameStore(tmp_path_factory.mktemp("keys")) as s:
        state = start(AppState(s))
        state.begin_hand()
        order = state.bidding_order()
        press = Typist(state)
        for value in values:
            first, *rest = str(value)
            press(first)
            press(*rest, gap=PAUSE / 3)
        assert [state.draft.bids[seat] for seat in order] == [Bid(v) for v in values]


def test_the_pages_keyboard_events_reach_the_hand(store):
    """In a real Flet session: the page's keyboard events type a hand."""
    from tests.inprocess import open_app

    game_id = start(AppState(store)).saved.id

    async def go() -> None:
        app = await open_app(store)
        await app.route(f"/game/{game_id}")
        await app.click("Enter hand")
        for key in ("4", "3", "2", "4"):
            await app.event(
                app.page,
                "keyboard_event",
                {"key": key, "shift": False, "ctrl": False, "alt": False, "meta": False},
            )
        assert app.has("contracts")
        assert [app.hook(f"bid-{seat}").value for seat in range(4)] == ["4", "4", "3", "2"]
        ctrl = {"key": "5", "shift": False, "ctrl": True, "alt": False, "meta": False}
        await app.event(app.page, "keyboard_event", ctrl)  # a shortcut: not a bid
        assert app.hook("bid-1").value == "4"

    asyncio.run(go())


def test_only_tab_moves_the_highlight_with_the_focus(store):
    """The step puts the keyboard focus on Beth's line; its focus event arrives
    after a key moved on to Charlie: Charlie stays highlighted. Tab onto
    David's line picks David."""
    state = start(AppState(store))
    state.begin_hand()
    assert state.ask_focus(1, fresh=True)
    Typist(state)("4")
    assert state.keypad_seat == 2
    assert state.ask_focus(2)  # the focus follows the highlight
    state.focus_line(1)  # late: the step's own move
    state.focus_line(2)
    assert state.keypad_seat == 2
    assert not state.ask_focus(2)  # there already: nothing to ask
    state.line_blur(2)
    state.focus_line(0)  # the engine's move, as a step's new lines replace the old
    assert state.keypad_seat == 2
    state.tabbed()
    state.focus_line(3)  # Tab
    assert state.keypad_seat == 3


def test_enter_on_a_focused_line_goes_on_and_its_late_press_picks_nobody(store):
    """Enter on Alex's focused line: the step goes on to the tricks, and the
    line's own press, arriving after, leaves the tricks' first player picked."""
    state = start(AppState(store))
    state.begin_hand()
    Typist(state)("4", "3", "2", "4", "Enter")
    assert state.draft.step is Step.TRICKS and state.keypad_seat == 1
    state.pick_line(0)
    assert state.keypad_seat == 1
    state.pick_line(0)  # a tap after that picks as ever
    assert state.keypad_seat == 0


@pytest.mark.parametrize(
    ("arrow", "first"), [("Arrow Up", -1), ("Arrow Left", -1), ("Arrow Down", 0)]
)
def test_an_arrow_with_nobody_highlighted_goes_to_either_end_of_the_order(store, arrow, first):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state)
    press("3", "3", "3", "3")  # everyone bid: nobody highlighted
    assert state.keypad_seat is None
    press("Backspace")  # nobody's bid to clear
    assert bids(state) == [Bid(3)] * 4 and state.keypad_seat is None
    press(arrow)
    assert state.keypad_seat == state.bidding_order()[first]


@pytest.mark.parametrize("gap", [0.0, PAUSE])
def test_a_second_digit_at_the_same_instant_or_the_pause_itself_still_makes_one_number(store, gap):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state)
    press("1")
    press("2", gap=gap)
    assert bids(state)[1] == Bid(12) and state.keypad_seat == 2


def test_a_nil_typed_is_no_first_digit(store):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state, gap=PAUSE / 2)
    press("0", "5")  # Beth nil, then Charlie 5 (no "05")
    assert bids(state)[1:3] == [NIL, Bid(5)] and state.keypad_seat == 3


def test_delete_clears_as_backspace_does_and_other_keys_are_not_digits(store):
    state = start(AppState(store))
    state.begin_hand()
    press = Typist(state)
    press("5", "Arrow Up", "Delete")
    assert bids(state) == [None] * 4 and state.keypad_seat == 1
    assert named("F5") == "F5" and not state.wants_key("F5")
    assert named("Numpad 5") == "5" and named("n") == "N"


def test_a_line_picked_after_a_key_takes_the_highlight(store):
    state = start(AppState(store))
    state.begin_hand()
    Typist(state)("Arrow Down")
    state.pick_line(3)
    assert state.keypad_seat == 3
