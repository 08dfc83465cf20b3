"""The parts of the app state, each on its own: an action that fails leaves
its part as it was, each part's snapshot puts back exactly what it keeps
(even what later actions change in place), and AppState routes every action
and value to the part that owns it."""

import copy

import pytest

from scorekeeper.core.draft import Step
from scorekeeper.core.model import Variant
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state import AppState
from scorekeeper.ui.state.routing import DoneBy, KeptBy
from tests.inprocess import FakeKeeper
from tests.test_ui_state import play, start, tap


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


# -- AppState routes to its parts ------------------------------------------------------


def test_every_routed_action_is_the_method_of_that_name_on_its_part(store):
    state = AppState(store)
    routes = {name: d for name, d in vars(AppState).items() if isinstance(d, DoneBy)}
    assert len(routes) > 60
    for name, route in routes.items():
        action = getattr(state, name)
        assert action.__self__ is getattr(state, route.part), name
        assert action.__name__ == name  # the session's log names the action by it


def test_every_routed_value_is_read_and_written_on_its_part(store):
    state = AppState(store)
    values = {name: v for name, v in vars(AppState).items() if isinstance(v, KeptBy)}
    assert {"saved", "draft", "errors", "message", "screen", "form", "deleted"} <= set(values)
    for name, value in values.items():
        part = getattr(state, value.part)
        assert getattr(state, name) is getattr(part, name), name
    state.message = "written through"
    assert state.shown.message == "written through"


# -- a failed action leaves its part untouched -------------------------------------------


def test_a_refused_start_leaves_the_form_as_typed(store):
    state = AppState(store)
    state.new_game()
    state.set_name(0, "Alex")
    state.set_rule("target", "five hundred")
    typed = copy.deepcopy(state.setup.form)
    state.start_game()
    assert state.errors and state.screen is Screen.SETUP
    assert state.setup.form == typed
    assert state.current.saved is None and store.history().total == 0


def test_bids_refused_at_next_leave_the_entry_and_its_keypad_as_they_were(store):
    state = start(AppState(store))
    state.begin_hand()
    tap(state, 0, 3)
    tap(state, 1, 4)
    draft, seat = state.current.draft, state.entry.keypad_seat
    state.to_tricks()  # two players have not bid
    assert set(state.errors) == {"bid.2", "bid.3"}
    assert state.current.draft is draft and draft.step is Step.BIDS
    assert state.entry.keypad_seat == seat == 2
    assert store.draft(state.saved.id) == draft


def test_an_adjustment_refused_leaves_its_form_and_the_game_as_they_were(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    saved = state.saved
    state.open_adjustment(0)
    state.set_adjustment_points("thirty")
    state.set_adjustment_reason("renege")
    form = copy.copy(state.corrections.adjusting)
    state.save_adjustment()
    assert "adjustment.points" in state.errors
    assert state.corrections.adjusting == form
    assert state.current.saved is saved and store.get(saved.id).revision == saved.revision


def test_a_merge_refused_leaves_the_statistics_as_they_were(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.show_stats()
    players, merges = list(state.browsing.players), dict(state.browsing.merges)
    state.merge_players("Alex", None)
    assert state.errors == {"merge": "choose the two spellings to merge"}
    assert state.browsing.players == players and state.browsing.merges == merges


def test_deleting_a_game_already_gone_keeps_the_last_undo(store):
    state = start(AppState(store))
    first = state.saved.id
    state.go_home()
    state.delete_from_home(first)
    deleted = state.deleting.deleted
    assert deleted is not None and deleted.id == first
    state.delete_from_home(first)  # a second tap, or another device deleted it meanwhile
    assert state.deleting.deleted is deleted
    state.undo_delete()
    assert store.get(first).id == first


def test_new_links_without_a_server_change_nothing(store):
    state = AppState(store)
    state.share.confirm_reset = True
    state.reset_links()
    assert state.share.confirm_reset is True and state.message is None


# -- each part's snapshot puts back what it keeps -----------------------------------------


def test_the_setup_snapshot_keeps_the_form_from_changes_made_in_place(store):
    state = AppState(store)
    state.new_game()
    state.set_name(0, "Alex")
    typed = copy.deepcopy(state.setup.form)
    restore = state.setup.snapshot()
    state.set_name(0, "Beth")  # the form's lists change in place
    state.set_rule("target", "300")
    state.set_variant(Variant.TWO_PLAYER)
    restore()
    assert state.setup.form == typed


def test_the_shown_snapshot_keeps_errors_removed_in_place(store):
    state = AppState(store)
    state.new_game()
    state.start_game()
    errors = dict(state.errors)
    assert "players.0" in errors
    restore = state.shown.snapshot()
    state.set_name(0, "Alex")  # pops its error from the same dict
    restore()
    assert state.errors == errors and state.screen is Screen.SETUP


def test_the_entry_snapshot_puts_the_keypad_back_on_its_player(store):
    state = start(AppState(store))
    state.begin_hand()
    assert state.entry.keypad_seat == 1  # the first to bid, left of the dealer
    restore = state.entry.snapshot()
    state.focus_seat(3)
    restore()
    assert state.entry.keypad_seat == 1


def test_the_open_game_snapshot_puts_back_the_game_and_its_entry(store):
    state = start(AppState(store))
    state.begin_hand()
    for seat in range(4):
        tap(state, seat, 3)
    state.to_tricks()
    for seat in range(4):
        tap(state, seat, [4, 3, 3, 3][seat])
    saved, score, draft = state.saved, state.score, state.draft
    restore = state.current.snapshot()
    state.save_hand()
    assert state.draft is None and state.current.changed is not None
    restore()
    assert (state.saved, state.score, state.draft) == (saved, score, draft)
    assert state.current.changed is None


def test_the_corrections_snapshot_keeps_the_form_from_typing(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.open_adjustment(0)
    state.set_adjustment_points("-30")
    restore = state.corrections.snapshot()
    state.set_adjustment_points("-50")  # the form changes in place
    state.set_adjustment_side(1)
    restore()
    form = state.corrections.adjusting
    assert (form.points, form.side) == ("-30", None), "no side until one is tapped"


def test_the_browsing_snapshot_puts_back_the_history_and_its_filter(store):
    state = start(AppState(store))
    state.show_history()
    history = state.browsing.history
    restore = state.browsing.snapshot()
    state.filter_history(player="nobody", status="finished")
    assert state.browsing.history.total == 0
    restore()
    assert state.browsing.history == history
    assert (state.browsing.history_player, state.browsing.history_status) == ("", None)


def test_the_share_snapshot_hides_the_keeper_link_again(store):
    state = AppState(store)
    state.sharing = FakeKeeper()
    state.show_share()
    restore = state.share.snapshot()
    state.reveal_keeper_link()
    state.ask_reset()
    restore()
    assert state.link("keeper") is None and state.share.confirm_reset is False


def test_the_deleting_snapshot_forgets_a_delete_undone_in_the_store(store):
    state = start(AppState(store))
    game_id = state.saved.id
    state.review_game(game_id)
    state.ask_delete()
    restore = state.deleting.snapshot()
    state.delete_game()
    assert state.deleting.deleted is not None
    restore()
    assert state.deleting.deleted is None and state.deleting.confirm_delete is True


def test_put_back_shows_the_hand_as_it_was_with_the_reason(store):
    """The offline build learns after the action that its writes were refused:
    every part goes back, and the reason is shown where the person looks."""
    state = start(AppState(store))
    state.begin_hand()
    for seat in range(4):
        tap(state, seat, 3)
    state.to_tricks()
    for seat in range(4):
        tap(state, seat, [4, 3, 3, 3][seat])
    draft, seat = state.draft, state.entry.keypad_seat
    before = state.snapshot()
    state.save_hand()
    assert state.screen is Screen.GAME
    state.put_back(before, "Could not save")
    assert state.screen is Screen.HAND and state.draft is draft
    assert state.entry.keypad_seat == seat
    assert state.errors == {"hand": "Could not save"} and state.message == "Could not save"
    state.put_back(before, "Could not save again")  # the snapshot's own stayed as it was
    assert state.errors == {"hand": "Could not save again"}


def test_the_delete_button_asks_again_once_anything_else_is_done(store):
    state = start(AppState(store))
    state.review_game(state.saved.id)
    state.ask_delete()
    state.show_history()
    state.review_game(state.saved.id)
    assert state.deleting.confirm_delete is False
    state.ask_delete()
    assert state.deleting.confirm_delete is True
