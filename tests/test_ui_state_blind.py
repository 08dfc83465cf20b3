"""The house rules that came with blind bids, through the app state: the
set-up's switches and choices, the keypad's Blind toggle, and the core's
refusals shown as the form's errors."""

import pytest

from scorekeeper.core.game import new_game
from scorekeeper.core.model import Bid, Variant, blind_bid
from scorekeeper.core.rules import FailedNilTricks, RuleSet
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.state import BLIND, AppState, BlindToggle
from scorekeeper.ui.state.blind_toggle import blind_toggle
from tests.test_ui_state import play, start, tap


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def blind(state, seat, key):
    """A tap on a player, on the Blind toggle when it is off, then on a key."""
    state.focus_seat(seat)
    toggle = state.blind_toggle()
    assert toggle is not None and toggle.why_not is None, toggle
    if not toggle.on:
        state.toggle_blind()
    state.press(str(key))


# -- the set-up ------------------------------------------------------------------------


def test_the_new_rules_go_from_the_form_into_the_game(store):
    state = start(
        AppState(store),
        failed_nil_tricks="ignored",
        big_bid_min="10",
        big_bid_double=True,
        blind_bids=True,
        blind_bid_min="7",
        blind_bid_deficit="",
    )
    rules = state.saved.game.rules
    assert rules.failed_nil_tricks is FailedNilTricks.IGNORED
    assert rules.big_bid_double and rules.big_bid_min == 10
    assert rules.blind_bids and rules.blind_bid_min == 7 and rules.blind_bid_deficit is None


def test_the_blind_presets_fill_the_form(store):
    state = AppState(store)
    state.new_game()
    state.set_preset("blind_6")
    rules = state.form.rules
    assert rules["blind_bids"] is True
    assert (rules["blind_bid_min"], rules["blind_bid_deficit"]) == ("6", "100")
    state.set_preset("double_on_10")
    assert state.form.rules["big_bid_double"] is True and state.form.rules["blind_bids"] is False


def test_the_blind_fields_show_their_problems_with_every_other_one(store):
    state = AppState(store)
    state.new_game()
    state.set_name(0, "Alex")
    state.set_customizing(True)
    state.set_rule("target", "lots")
    state.set_rule("blind_bids", True)
    state.set_rule("blind_bid_min", "99")
    state.set_rule("blind_bid_deficit", "-5")
    state.start_game()
    assert {"rules.target", "rules.blind_bid_min", "rules.blind_bid_deficit"} <= set(state.errors)
    assert {"players.1", "players.2", "players.3"} <= set(state.errors)
    assert "from 1 to 17" in state.errors["rules.blind_bid_min"]


def test_a_smallest_blind_contract_over_the_hands_tricks_is_refused_by_field(store):
    state = AppState(store)
    state.new_game()
    for seat, name in enumerate(("Alex", "Beth", "Charlie", "David")):
        state.set_name(seat, name)
    state.set_rule("blind_bids", True)
    state.set_rule("blind_bid_min", "15")  # a partnership hand has 13 tricks
    state.start_game()
    assert list(state.errors) == ["rules.blind_bid_min"]
    assert "choose 1 to 13" in state.errors["rules.blind_bid_min"]


def test_blind_bids_off_folds_its_fields_back_to_their_defaults(store):
    state = AppState(store)
    state.new_game()
    state.set_rule("blind_bids", True)
    state.set_rule("blind_bid_min", "x")
    state.start_game()
    assert "rules.blind_bid_min" in state.errors
    revision = state.form.rules_revision
    state.set_rule("blind_bids", False)
    assert (state.form.rules["blind_bid_min"], state.form.rules["blind_bid_deficit"]) == (
        "6",
        "100",
    )
    assert "rules.blind_bid_min" not in state.errors
    assert state.form.rules_revision == revision + 1  # the fields are written again


# -- the keypad's Blind toggle ---------------------------------------------------------


def test_no_toggle_where_the_rules_have_no_blind_bids(store):
    state = start(AppState(store))
    state.begin_hand()
    assert state.blind_toggle() is None
    state.toggle_blind()  # nothing to turn
    tap(state, 1, 6)
    assert state.draft.bids[1] == Bid(6)


def test_a_blind_seven_made_and_set(store):
    state = start(AppState(store), blind_bids=True, blind_bid_deficit="")
    state.begin_hand()
    blind(state, 0, 4)
    assert state.draft.bids[0] == blind_bid(4)
    state.focus_seat(2)
    assert state.blind_toggle() == BlindToggle(on=True), "on for a blind bidder's partner"
    state.press("3")
    tap(state, 1, 3)
    assert state.blind_toggle() == BlindToggle(on=False)
    tap(state, 3, 3)
    state.to_tricks()
    assert state.errors == {}
    for seat, count in enumerate((4, 3, 3, 3)):
        tap(state, seat, count)
    state.save_hand()
    assert state.errors == {}
    assert [s.score for s in state.score.sides] == [140, 60]
    assert any("blind 7 made, 7 of 7, +140" in line for line in state.summary)
    state.begin_hand()
    for seat in (0, 2):
        blind(state, seat, "3" if seat == 0 else "4")
    tap(state, 1, 3)
    tap(state, 3, 3)
    state.to_tricks()
    for seat, count in enumerate((3, 4, 3, 3)):
        tap(state, seat, count)
    state.save_hand()
    assert [s.score for s in state.score.sides] == [0, 121]  # set: -140


def test_the_toggle_says_why_a_side_that_does_not_trail_may_not_bid_blind(store):
    state = start(AppState(store), blind_bids=True)  # blind only 100 or more behind
    state.begin_hand()
    state.focus_seat(1)
    toggle = state.blind_toggle()
    assert toggle == BlindToggle(on=False, why_not="Blind bids: only when 100 or more behind")
    state.toggle_blind()
    assert state.blind_toggle().on is False
    state.press("6")
    assert state.draft.bids[1] == Bid(6)


def test_a_side_100_behind_may_bid_blind_and_the_leaders_may_not(store):
    state = start(AppState(store), blind_bids=True)
    play(state, [5, 3, 5, 3], [5, 3, 5, 0])  # 100 to -60
    state.begin_hand()
    state.focus_seat(1)
    assert state.blind_toggle() == BlindToggle(on=False)
    state.focus_seat(0)
    assert state.blind_toggle().why_not


def test_the_cores_refusals_show_as_the_forms_errors(store):
    state = start(AppState(store), blind_bids=True, blind_bid_deficit="")
    state.begin_hand()
    blind(state, 0, 4)
    tap(state, 2, 3)  # the toggle turned off: a seen bid beside a blind one
    state.focus_seat(2)
    state.toggle_blind()
    assert state.blind_toggle().on is False
    state.press("3")
    blind(state, 1, 2)
    blind(state, 3, 2)  # a blind contract of 4, under the smallest, 6
    state.to_tricks()
    assert set(state.errors) == {"side.0", "side.1"}
    assert "partners bid blind together" in state.errors["side.0"]
    assert "under this game's smallest blind contract, 6" in state.errors["side.1"]


def test_a_side_that_does_not_trail_is_refused_even_when_set_directly(store):
    state = start(AppState(store), blind_bids=True)
    state.begin_hand()
    state.set_bid(0, blind_bid(4))
    state.set_bid(2, blind_bid(3))
    tap(state, 1, 3)
    tap(state, 3, 3)
    state.to_tricks()
    assert "needs the side to trail by 100 or more" in state.errors["side.0"]


def test_the_blind_nil_key_stays_a_blind_nil_with_the_toggle_on(store):
    state = start(AppState(store), blind_bids=True, blind_bid_deficit="")
    state.begin_hand()
    state.focus_seat(0)
    state.toggle_blind()
    state.press(BLIND)
    state.focus_seat(0)
    state.press("0")
    assert state.draft.bids[0] == Bid(0), "nil stays a nil"


def test_the_toggle_is_put_back_with_its_part(store):
    state = start(AppState(store), blind_bids=True, blind_bid_deficit="")
    state.begin_hand()
    state.focus_seat(0)
    restore = state.entry.snapshot()
    state.toggle_blind()
    assert state.blind_toggle().on
    restore()
    assert not state.blind_toggle().on


def test_a_new_hand_and_a_hand_entered_again_start_with_the_toggle_off(store):
    """The next hand's bid step was once taken for the last one's: a toggle
    turned on there stayed on, and a tap on it turned it off."""
    state = start(AppState(store), blind_bids=True, blind_bid_deficit="")
    state.begin_hand()
    blind(state, 0, 4)
    blind(state, 2, 3)
    tap(state, 1, 3)
    tap(state, 3, 3)
    state.to_tricks()
    for seat, count in enumerate((4, 3, 3, 3)):
        tap(state, seat, count)
    state.save_hand()
    state.begin_hand()
    state.focus_seat(0)
    assert state.blind_toggle() == BlindToggle(on=False)
    state.toggle_blind()
    state.cancel_hand()
    state.begin_hand()
    state.focus_seat(0)
    assert state.blind_toggle() == BlindToggle(on=False)
    state.toggle_blind()
    state.press("4")
    assert state.draft.bids[0] == blind_bid(4)


def test_the_toggle_of_a_side_exactly_the_deficit_behind_and_of_a_blind_bidder():
    game = new_game(
        Variant.PARTNERSHIP, ["Alex", "Beth", "Charlie", "David"], 0, RuleSet(blind_bids=True)
    )
    assert blind_toggle(game, [None] * 4, 0, [0, 100], None) == BlindToggle(on=False)
    assert blind_toggle(game, [None] * 4, 0, [1, 100], None).why_not is not None
    bids = [blind_bid(6), None, None, None]
    assert blind_toggle(game, bids, 0, [0, 100], None) == BlindToggle(on=True)
    assert blind_toggle(game, bids, 2, [0, 100], None) == BlindToggle(on=True), "the partner's"
    assert blind_toggle(game, bids, 0, [0, 100], False) == BlindToggle(on=False)
