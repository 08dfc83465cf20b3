"""The table flow can never corrupt or lock a game: an entry in progress (a new
hand or an edit) knows which hand it is for and the game version it started
from, on one device or on two sharing one real store."""

from dataclasses import replace

import pytest

from scorekeeper.core.draft import HandDraft, Step
from scorekeeper.core.model import Bid
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state import AppState
from tests.factories import EVEN, game, hand
from tests.test_ui_state import play, start, tap


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def scores(state):
    return [s.score for s in state.score.sides]


def bids(state, values):
    for seat, value in enumerate(values):
        tap(state, seat, value)


def tricks(state, values):
    state.to_tricks()
    assert state.errors == {}, state.errors
    for seat, value in enumerate(values):
        tap(state, seat, value)


def game_with(store, count):
    state = start(AppState(store))
    for n in range(count):
        play(state, [3, 3, 3, 3], [4, 3, 3, 3] if n % 2 == 0 else [3, 4, 3, 3])
    return state


# -- the three defects ---------------------------------------------------------------


def test_deleting_the_hand_being_edited_leaves_no_entry_behind(store):
    state = game_with(store, 3)
    game_id = state.saved.id
    third = state.saved.game.hands[2]
    state.edit_hand(1)
    state.delete_hand(1)
    assert state.message == "Hand 2 was deleted."
    state.go_home()
    state.open_game(game_id)
    assert state.screen is Screen.GAME and state.draft is None
    assert store.draft(game_id) is None
    assert state.saved.game.hands[1] == third  # the former hand 3, untouched


def test_a_game_whose_entry_no_longer_fits_still_opens(store):
    state = game_with(store, 2)
    game_id = state.saved.id
    state.edit_hand(1)
    state.delete_hand(1)
    state.go_home()
    state.open_game(game_id)
    state.to_tricks()  # what the hand screen offers, if it shows
    state.begin_hand()
    bids(state, [3, 3, 3, 3])
    tricks(state, [4, 3, 3, 3])
    state.save_hand()
    assert state.errors == {} and len(state.saved.game.hands) == 2


def test_a_stored_entry_for_a_hand_that_is_gone_is_dropped_on_open_with_a_message(store):
    """Data written before entries knew their game version: opening never raises."""
    saved = store.create(game(EVEN))
    store.save_draft(saved.id, HandDraft(EVEN.bids, EVEN.tricks, Step.TRICKS, editing=1))
    state = AppState(store)
    state.open_game(saved.id)
    assert state.screen is Screen.GAME and state.draft is None
    assert state.message == "The entry for hand 2 no longer fits this game and was discarded."
    assert store.draft(saved.id) is None
    state.begin_hand()
    state.to_tricks()  # "Next: tricks" works
    assert state.draft.step is Step.BIDS and "bid.0" in state.errors


def test_undo_on_one_phone_while_the_other_edits_that_hand(store):
    a = game_with(store, 4)
    b = AppState(store)
    b.open_game(a.saved.id)
    a.edit_hand(3)
    tricks(a, [3, 4, 3, 3])
    b.undo_last_hand()
    a.save_hand()  # before the news of the undo arrives
    assert a.message == "Hand 4 was removed on another device: your edit was discarded."
    assert a.screen is Screen.GAME and len(a.saved.game.hands) == 3
    assert len(store.get(a.saved.id).game.hands) == 3
    a.go_home()
    a.open_game(b.saved.id)
    a.begin_hand()
    a.to_tricks()  # the game still opens and plays on


def entering_hand_3_on_two_phones(store: GameStore) -> tuple[AppState, AppState]:
    """Phone a has hand 3 ready to save; phone b has bid it differently."""
    a = game_with(store, 2)
    b = AppState(store)
    b.open_game(a.saved.id)
    a.begin_hand()
    b.begin_hand()
    bids(a, [4, 3, 3, 3])
    bids(b, [2, 2, 2, 2])
    tricks(a, [4, 3, 3, 3])
    return a, b


def test_two_phones_entering_the_same_hand_record_it_once(store):
    a, b = entering_hand_3_on_two_phones(store)
    a.save_hand()
    assert len(a.saved.game.hands) == 3
    b.reload()  # the news of a's save arrives
    assert b.message == "Hand 3 was saved on another device: your entry was discarded."
    assert b.draft is None and b.screen is Screen.GAME
    assert b.summary[0] == "Hand 3, saved on another device"
    b.save_hand()
    assert len(store.get(a.saved.id).game.hands) == 3


def test_a_save_from_an_older_version_is_refused_with_the_other_hand_shown(store):
    a, b = entering_hand_3_on_two_phones(store)
    tricks(b, [4, 3, 3, 3])
    a.save_hand()
    theirs = a.saved.game.hands[2]
    b.save_hand()  # before the news arrives
    assert b.message == "Hand 3 was saved on another device: your entry was discarded."
    assert b.summary[0] == "Hand 3, saved on another device"
    stored = store.get(a.saved.id)
    assert stored.game.hands[2] == theirs and len(stored.game.hands) == 3


# -- carried over when still meaningful ------------------------------------------------


def test_a_new_hand_is_kept_when_another_device_edits_an_earlier_hand(store):
    a = game_with(store, 2)
    b = AppState(store)
    b.open_game(a.saved.id)
    a.begin_hand()
    bids(a, [4, 3, 3, 3])
    b.edit_hand(0)
    tricks(b, [3, 4, 3, 3])
    b.save_hand()
    a.reload()
    assert a.message == "The game was changed on another device; your entry for hand 3 was kept."
    assert a.screen is Screen.HAND and a.draft.bids[0] == Bid(4)
    assert a.draft.base == a.saved.revision
    tricks(a, [4, 3, 3, 3])
    a.save_hand()
    assert a.errors == {} and len(store.get(a.saved.id).game.hands) == 3


def test_an_edit_is_kept_when_another_device_saves_a_later_hand(store):
    a = game_with(store, 2)
    b = AppState(store)
    b.open_game(a.saved.id)
    a.edit_hand(0)
    play(b, [3, 3, 3, 3], [4, 3, 3, 3])
    tricks(a, [3, 4, 3, 3])
    a.save_hand()  # the news has not arrived: the store still takes it, as an edit of hand 1
    assert a.message == "The game was changed on another device; your entry for hand 1 was kept."
    assert a.screen is Screen.HAND
    a.save_hand()
    stored = store.get(a.saved.id).game
    assert len(stored.hands) == 3
    assert stored.hands[0] == replace(hand([3, 3, 3, 3], [3, 4, 3, 3]), dealer=0)


def test_an_edit_of_a_hand_changed_elsewhere_is_discarded(store):
    a = game_with(store, 2)
    b = AppState(store)
    b.open_game(a.saved.id)
    a.edit_hand(1)
    b.edit_hand(1)
    tricks(b, [5, 2, 3, 3])
    b.save_hand()
    a.reload()
    assert a.message == "Hand 2 was changed on another device: your edit was discarded."
    assert a.draft is None


def test_opening_a_deleted_game_or_acting_on_one_goes_home(store):
    a = game_with(store, 1)
    b = AppState(store)
    b.open_game(a.saved.id)
    b.begin_hand()
    a.delete_game()
    bids(b, [3, 3, 3, 3])
    tricks(b, [4, 3, 3, 3])
    b.save_hand()
    assert b.screen is Screen.HOME and b.message == "That game is no longer stored."


# -- the rule itself -------------------------------------------------------------------


def test_fit_keeps_an_entry_that_still_fits_and_drops_one_that_does_not():
    from scorekeeper.core.draft import carry_over

    two = game(EVEN, EVEN)
    new = HandDraft.empty(4, index=2, base=5)
    assert carry_over(new, two, 5).draft == new and carry_over(new, two, 5).notice is None
    assert carry_over(new, two, 6).draft == HandDraft.empty(4, index=2, base=6)
    assert carry_over(new, game(EVEN, EVEN, EVEN), 6).draft is None
    assert carry_over(new, game(EVEN), 6).notice == (
        "Hand 2 was removed on another device: your entry for hand 3 was discarded."
    )
    edit = HandDraft.of_hand(EVEN, 1, base=5)
    assert carry_over(edit, two, 6).draft is not None
    assert carry_over(edit, game(EVEN), 6).draft is None
    wrong_size = HandDraft.empty(2, index=2, base=5)
    assert carry_over(wrong_size, two, 5).draft is None


def test_a_delete_from_home_and_its_undo_are_announced_to_other_devices(store):
    """The app tells other tabs what `changed` names: a tab showing the game
    deleted on the home screen of another must learn of it, and of the undo."""
    from scorekeeper.ui.state import DELETED

    a = game_with(store, 1)
    game_id = a.saved.id
    a.go_home()
    b = AppState(store)
    b.open_game(game_id)
    a.changed = None
    a.delete_from_home(game_id)
    assert a.changed == (game_id, DELETED)
    b.reload()  # what the app does on that message
    assert b.screen is Screen.HOME and b.message == "That game is no longer stored."
    a.changed = None
    a.undo_delete()
    assert a.changed == (game_id, store.get(game_id).revision)
