"""The parts of the app state, each on its own: an action that fails leaves
its part as it was, each part's snapshot puts back exactly what it keeps
(even what later actions change in place), and AppState routes every action
and value to the part that owns it."""

import copy
import dataclasses
import errno
import json

import pytest

from scorekeeper.core.draft import Step
from scorekeeper.core.exchange import MAX_INPUT_BYTES, export_record
from scorekeeper.core.game import new_game
from scorekeeper.core.model import Bid, Variant
from scorekeeper.errors import GameOverError
from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.store import GameStore, Page
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.state import BLIND, REST, AppState, browsing
from scorekeeper.ui.state.app_state import TEXT_SIZES
from scorekeeper.ui.state.corrections import AdjustmentForm
from scorekeeper.ui.state.entry import ends_too_soon
from scorekeeper.ui.state.routing import DoneBy, KeptBy
from scorekeeper.ui.state.shown import Confirm, os_error_message
from tests.inprocess import FakeKeeper
from tests.test_ui_state import play, start, tap
from tests.test_ui_views import plain


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


# -- each part's smaller actions, said in full -------------------------------------------


def test_the_language_changes_only_to_another_known_one_and_clears_what_was_said(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.message = "said in English"
    state.set_language("en")  # the language it has: nothing to redo
    assert (state.language, state.message) == ("en", "said in English")
    assert state.summary != []
    state.set_language("xx")  # not a language of the app
    state.set_language(None)
    assert (state.language, state.message) == ("en", "said in English")
    state.set_language("th")
    assert (state.language, state.message, state.summary) == ("th", None, [])
    assert state.screen is Screen.GAME


def test_keep_screen_on_is_a_plain_switch_and_counts_on_the_game_screens(store):
    state = start(AppState(store))
    state.set_keep_screen_on(0)
    assert state.keep_screen_on is False and not state.wants_screen_on
    state.set_keep_screen_on("yes")
    assert state.keep_screen_on is True and state.wants_screen_on
    state.message = "earlier"
    state.show_rules()
    assert state.screen is Screen.RULES and state.message is None
    assert not state.wants_screen_on


def test_more_history_adds_the_next_page_under_the_same_filter(store):
    for number in range(32):
        store.create(new_game(Variant.PARTNERSHIP, ["Alex", "Beth", f"C{number}", "D"], 0))
    for number in range(3):
        store.create(new_game(Variant.PARTNERSHIP, ["Zed", "Yan", f"X{number}", "W"], 0))
    state = AppState(store)
    state.filter_history(player="alex", status="in_progress")
    assert (len(state.history.items), state.history.total) == (30, 32)
    state.more_history()
    assert (len(state.history.items), state.history.total) == (32, 32)
    assert all("Alex" in g.players for g in state.history.items)
    assert len({g.id for g in state.history.items}) == 32, "the next page, not the first again"
    state.filter_history(status="finished")
    state.more_history()
    assert state.history.items == () and state.history.total == 0


def test_the_first_dealer_is_one_of_the_players(store):
    state = AppState(store)
    state.new_game()
    state.set_first_dealer(3)
    assert state.form.first_dealer == 3
    state.set_first_dealer(4)
    state.set_first_dealer(-1)
    assert state.form.first_dealer == 3
    state.set_first_dealer(0)
    assert state.form.first_dealer == 0


def test_the_sheet_shows_all_hands_until_another_game_is_open(store):
    first = start(AppState(store)).saved.id
    state = start(AppState(store))
    state.show_all_hands()
    assert state.current.all_hands is True
    state.open_game(state.saved.id)
    assert state.current.all_hands is True, "the same game, as it was"
    state.open_game(first)
    assert state.current.all_hands is False


def test_back_to_bids_keeps_the_bids_and_stores_the_step(store):
    state = start(AppState(store))
    state.begin_hand()
    for seat in range(4):
        tap(state, seat, 3)
    state.to_tricks()
    state.shown.errors = {"tricks": "too many", "hand": "no", "other": "kept"}
    state.back_to_bids()
    assert state.draft.step is Step.BIDS and state.draft.bids == (Bid(3),) * 4
    assert state.errors == {"other": "kept"}
    assert store.draft(state.saved.id) == state.draft


def test_each_copied_link_says_which(store):
    state = AppState(store)
    state.link_copied("keeper")
    assert state.message == "Keeper link copied."
    state.link_copied("watch")
    assert state.message == "Watch link copied."
    state.link_copied("keeper", done=False)
    assert state.message == "This browser did not let the link be copied: copy it from the text."


def test_a_file_that_did_not_arrive_is_named_on_the_history(store):
    state = AppState(store)
    state.import_failed("games.json")
    assert state.screen is Screen.HISTORY
    assert state.message == (
        "Nothing was imported from games.json: the file did not arrive whole. Try again."
    )


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (OSError(errno.EMFILE, "Too many open files"), "too many connections and files open"),
        (OSError(errno.ENFILE, "File table overflow"), "too many connections and files open"),
        (
            OSError(errno.EACCES, "Permission Denied", "/srv/secret/games"),
            "could not read or write its files (permission denied): that was not done.",
        ),
        (PermissionError(), "could not read or write its files (permissionerror)"),
    ],
)
def test_a_file_the_server_could_not_open_is_said_without_its_path(error, said):
    text = os_error_message(error)
    assert said in text and "/srv" not in text
    if "too many" in said:
        assert text == (
            "The server has too many connections and files open: that was not done. "
            "Try again in a moment."
        )
    else:
        assert text.startswith("The server could not read or write its files (")


def test_a_game_kept_for_undo_is_forgotten_once_only_and_its_message_with_it(store):
    state = start(AppState(store))
    first = state.saved.id
    second = start(AppState(store)).saved.id
    state.go_home()
    state.delete_from_home(first)
    older = state.deleting.deleted
    state.delete_from_home(second)
    newer = state.deleting.deleted
    state.forget_deleted(older)  # the first one's time is up: the second stays undoable
    assert state.deleting.deleted is newer and state.message == "Game deleted."
    state.forget_deleted(newer)
    assert state.deleting.deleted is None and state.message is None
    state.delete_from_home(newer.id)
    state.message = "Something else."
    state.forget_deleted(state.deleting.deleted)
    assert state.deleting.deleted is None and state.message == "Something else."


def test_cancelling_a_penalty_closes_its_form_and_its_errors(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.open_adjustment(0)
    state.save_adjustment()
    assert state.errors
    state.cancel_adjustment()
    assert state.corrections.adjusting is None and state.errors == {}


def test_a_penalty_removed_comes_back_where_it_was(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    for side, points in ((0, -10), (1, -20), (0, -30)):
        state.open_adjustment(0)
        state.set_adjustment_side(side)
        state.set_adjustment_points(str(points))
        state.save_adjustment()
    state.remove_adjustment(0, 1)
    assert state.message == "The penalty on hand 1 was removed."
    assert [a.points for a in state.saved.game.hands[0].adjustments] == [-10, -30]
    state.undo_remove_adjustment()
    assert state.message == "The penalty on hand 1 is back."
    hand = store.get(state.saved.id).game.hands[0]
    assert [(a.side, a.points) for a in hand.adjustments] == [(0, -10), (1, -20), (0, -30)]
    assert state.corrections.removed is None, "the next action closed the Undo"
    state.undo_remove_adjustment()  # nothing left to put back
    assert len(store.get(state.saved.id).game.hands[0].adjustments) == 3


def test_a_penalty_is_not_put_back_on_another_game_or_a_hand_gone(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.open_adjustment(1)
    state.set_adjustment_side(0)
    state.set_adjustment_points("-10")
    state.save_adjustment()
    first = state.saved.id
    state.remove_adjustment(1, 0)
    removed = state.corrections.removed
    other = start(AppState(store))
    for _hand in range(2):
        play(other, [3, 3, 3, 3], [4, 3, 3, 3])
    state.current.saved = store.get(other.saved.id)  # another game shown, as long
    state.corrections.removed = removed
    state.undo_remove_adjustment()
    assert [h.adjustments for h in store.get(other.saved.id).game.hands] == [(), ()]
    state.open_game(first)
    state.undo_last_hand()  # the hand it was on is gone
    state.corrections.removed = removed
    state.undo_remove_adjustment()
    assert len(store.get(first).game.hands) == 1
    assert store.get(first).game.hands[0].adjustments == ()


def test_deleting_a_hand_asks_saying_how_many_are_scored_again(store):
    state = start(AppState(store))
    for _hand in range(3):
        play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.ask_delete_hand(3)  # no such hand
    assert state.confirm is None and state.message is None
    state.ask_delete_hand(0)
    asked = state.confirm
    assert (asked.question, asked.detail, asked.yes, asked.no) == (
        "Delete hand 1?",
        "The 2 hands after it are scored again.",
        "Delete hand 1",
        "Keep it",
    )
    state.ask_delete_hand(1)
    assert state.confirm.detail == "The hand after it is scored again."
    state.ask_delete_hand(2)
    assert (state.confirm.question, state.confirm.detail) == ("Delete hand 3?", "")
    state.ask_delete_hand(-1)
    assert state.confirm.question == "Delete hand 3?", "a page's bad index asks nothing"
    state.ask_delete_hand(1)
    state.answer(True)
    assert len(store.get(state.saved.id).game.hands) == 2
    assert state.message == "Hand 2 was deleted."


def test_deleting_a_hand_says_when_the_game_opens_again_or_would_end_too_soon(store):
    state = start(AppState(store), target="100")
    play(state, [4, 3, 4, 3], [1, 4, 4, 4])  # 8 bid, 5 taken: -80 to 62
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])  # 1 to 2
    play(state, [4, 3, 4, 3], [4, 3, 4, 2])  # 81 to -58
    play(state, [4, 3, 4, 3], [1, 4, 4, 4])  # 1 to 4
    state.ask_delete_hand(0)  # without it the game is won at hand 2, before hand 3
    assert state.confirm is None
    assert state.message == ("Hand 3: the game was won at hand 2; nothing can be recorded after it")
    finished = start(AppState(store), target="100")
    play(finished, [3, 3, 3, 3], [4, 3, 3, 3])
    play(finished, [3, 3, 3, 3], [4, 3, 3, 3])
    assert finished.current.finished
    finished.ask_delete_hand(0)
    assert plain(finished.confirm.detail) == (
        "The hand after it is scored again. "
        "The game is over; this opens it again (it was: Winner: Alex + Charlie, 122 to 120)."
    )


def test_a_bag_penalty_is_explained_in_full_for_its_side_only(store):
    state = start(AppState(store))
    play(state, [1, 1, 1, 1], [6, 1, 5, 1])
    play(state, [1, 1, 1, 1], [6, 1, 5, 1])
    for index, side in ((0, 0), (1, 1), (2, 0), (1, 2), (-1, 0), (1, -1)):
        state.explain_penalty(index, side)
        assert state.message is None, (index, side)
    state.confirm = Confirm("q", "d", "y", "n", lambda: None)
    state.explain_penalty(1, 0)
    assert state.confirm is None, "a new action"
    assert plain(state.message) == (
        "Bag penalty for Alex + Charlie: -100 (9 bags this hand, 18 in all: -100, 8 carried)"
    )


@pytest.mark.parametrize(
    ("won_at", "count", "fix"),
    [
        (3, 5, "delete hands 3-5 first"),
        (5, 5, "delete hand 5 first"),
        (None, 4, "delete hand 4 first"),
    ],
)
def test_an_edit_that_ends_the_game_early_says_which_hands_to_delete(won_at, count, fix):
    error = GameOverError((), hand_number=won_at)
    won = (won_at or count) - 1
    assert ends_too_soon(error, count) == (
        f"With this change the game is won at hand {won}, but later hands are "
        f"recorded: {fix}, or Cancel."
    )


def test_the_share_screen_without_a_server_goes_home_saying_why(store):
    state = AppState(store)
    state.show_share()
    assert state.screen is Screen.HOME
    assert state.message == "Links to share exist when the app is served to browsers."
    assert state.link("watch") is None


def test_the_share_screen_shows_the_watch_link_and_the_keeper_link_once_asked(store):
    state = AppState(store)
    keeper = FakeKeeper()
    state.sharing = keeper
    state.reveal_keeper_link()
    state.ask_reset()
    state.message = "earlier"
    state.show_share()
    assert (state.screen, state.message) == (Screen.SHARE, None)
    assert state.share.show_keeper_link is False and state.share.confirm_reset is False
    assert state.link("watch") == keeper.watch_link()
    assert state.link("keeper") is None and state.link("other") is None
    state.reveal_keeper_link()
    assert state.link("keeper") == keeper.keeper_link()
    assert state.link("watch") == keeper.watch_link()
    state.reveal_keeper_link(False)
    assert state.link("keeper") is None
    state.ask_reset()
    assert state.share.confirm_reset is True
    state.reset_links()
    assert keeper.resets == 1 and state.share.confirm_reset is False
    assert state.message == "New links made: every other device is logged out. Share the new ones."
    state.ask_reset(False)
    assert state.share.confirm_reset is False


def test_a_failure_on_the_set_up_form_shows_over_the_players(store):
    state = AppState(store)
    state.new_game()
    state.failed("The disk is full.")
    assert state.errors == {"players": "The disk is full."}
    assert state.message == "The disk is full."
    state.show_rules()
    state.failed("Again.")
    assert state.errors == {} and state.message == "Again."


def test_the_set_up_form_keeps_names_and_dealer_across_variants(store):
    state = AppState(store)
    state.new_game()
    for seat, name in enumerate(["Alex", "Beth", "Cy", "Di"]):
        state.set_name(seat, name)
    state.set_first_dealer(3)
    state.set_variant(Variant.TWO_PLAYER)
    assert state.form.names == ["Alex", "Beth"] and state.form.first_dealer == 1
    state.set_variant(Variant.PARTNERSHIP)
    assert state.form.names == ["Alex", "Beth", "", ""] and state.form.first_dealer == 1
    state.set_variant(Variant.CUTTHROAT)
    assert state.form.names == ["Alex", "Beth", ""]


def test_typing_a_field_clears_its_own_error_only(store):
    state = AppState(store)
    state.new_game()
    state.shown.errors = {
        "team_names.0": "a",
        "team_names.1": "b",
        "rules.target": "c",
        "rules.bag_limit": "d",
    }
    state.set_team_name(0, "Us")
    state.set_rule("target", "300")
    assert state.errors == {"team_names.1": "b", "rules.bag_limit": "d"}
    assert state.form.team_names == ["Us", ""] and state.form.rules["target"] == "300"


def test_a_preset_replaces_the_rules_and_their_errors_only(store):
    state = AppState(store)
    state.new_game()
    state.set_rule("target", "zzz")
    state.shown.errors["rules.target"] = "bad"
    state.shown.errors["players.0"] = "needs a name"
    before = state.form.rules_revision
    state.set_preset("short")
    assert state.form.preset == "short" and state.form.rules["target"] == "300"
    assert state.form.rules_revision == before + 1
    assert state.errors == {"players.0": "needs a name"}
    state.set_preset("no such preset")
    assert state.form.preset == "short" and state.form.rules_revision == before + 1
    state.set_preset("short")  # again: the fields are written again
    assert state.form.rules_revision == before + 2
    state.set_customizing(True)
    assert state.form.customizing is True
    state.set_rule("blind_bids", True)
    state.set_rule("blind_bids", False)  # its fields fold away: the form is drawn again
    assert state.form.rules_revision == before + 3


def test_the_setup_snapshot_can_be_put_back_twice(store):
    state = AppState(store)
    state.new_game()
    state.set_name(0, "Alex")
    restore = state.setup.snapshot()
    restore()
    state.set_name(0, "Beth")  # in place, on the form put back
    restore()
    assert state.form.names[0] == "Alex"


def test_a_storage_failure_in_an_action_is_said_and_nothing_crashes(store):
    state = AppState(store)

    def full() -> None:
        raise StorageError("disk full at /srv/data", "The disk is full: nothing was saved.")

    def unreadable() -> None:
        raise OSError(errno.EACCES, "Permission denied", "/srv/data/games")

    state.perform(full)
    assert state.message == "The disk is full: nothing was saved."
    state.perform(unreadable)
    assert state.message == (
        "The server could not read or write its files (permission denied): that was not done."
    )


def test_the_app_snapshot_puts_back_this_devices_settings(store):
    state = AppState(store)
    before = state.snapshot()
    assert set(before) == {
        "Shown",
        "Browsing",
        "OpenGame",
        "Setup",
        "HandEntry",
        "Corrections",
        "ShareLinks",
        "Deleting",
        "Evening",
        "HandKeys",
        "NightPage",
        "settings",
    }
    size = state.text_size
    state.set_language("he")
    state.set_keep_screen_on(False)
    state.set_text_size(str(TEXT_SIZES[-1]))
    assert state.text_size == TEXT_SIZES[-1] != size
    before["settings"]()
    assert (state.language, state.keep_screen_on, state.text_size) == ("en", True, size)


def test_a_game_deleted_from_home_says_so_and_undo_says_it_is_back(store):
    state = start(AppState(store))
    game_id = state.saved.id
    state.go_home()
    state.delete_from_home(game_id)
    assert state.message == "Game deleted."
    state.undo_delete()
    assert state.deleting.deleted is None and state.message == "Game restored."
    assert state.screen is Screen.HOME and [g.id for g in state.in_progress] == [game_id]
    store.delete(game_id)
    state.message = None
    state.delete_from_home(game_id)  # already gone
    assert state.message is None and state.deleting.deleted is None


def test_a_bad_history_filter_is_named_and_long_filters_are_cut(store):
    state = AppState(store)
    state.filter_history(status="done")
    assert state.message == "'done' is not a status: in_progress, finished or all."
    state.filter_history(status="x" * 50)
    assert state.message == f"{'x' * 40!r} is not a status: in_progress, finished or all."
    state.filter_history(player="a" * 150)
    assert state.browsing.history_player == "a" * 100


def test_statistics_list_rivals_and_the_snapshot_keeps_the_merges(store):
    state = start(AppState(store), names=("Alex", "Beth"), target="50")
    play(state, [6, 6], [7, 6])  # 61 to 60, finished: Alex and Beth met once
    state.show_stats()
    assert [(r.names, r.games) for r in state.rivals] == [(("Alex", "Beth"), 1)]
    state.merge_players("Alex", "Al")
    restore = state.browsing.snapshot()
    state.unmerge_player("Alex")
    restore()
    assert state.browsing.merges == {"alex": "al"}


def test_removing_the_last_hand_asks_first_in_full(store):
    state = AppState(store)
    state.undo_last_hand()  # no game open: nothing to do, no crash
    state.ask_undo_last_hand()
    start(state)
    state.undo_last_hand()  # no hand yet
    state.ask_undo_last_hand()
    assert state.confirm is None and state.message is None
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.ask_undo_last_hand()
    asked = state.confirm
    assert (asked.question, asked.detail, asked.yes, asked.no) == (
        "Remove hand 2?",
        "Its bids and tricks are removed and the scores go back.",
        "Remove hand 2",
        "Keep it",
    )
    state.answer(True)
    assert state.message == "Hand 2 was removed." and state.summary == []
    assert len(store.get(state.saved.id).game.hands) == 1


def test_removing_the_winning_hand_says_both_in_one_detail(store):
    state = start(AppState(store), target="100")
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.ask_undo_last_hand()
    assert plain(state.confirm.detail) == (
        "Its bids and tricks are removed and the scores go back. "
        "The game is over; this opens it again (it was: Winner: Alex + Charlie, 122 to 120)."
    )


def test_deleting_a_hand_that_would_end_the_game_early_is_refused_saying_why(store):
    state = start(AppState(store), target="100")
    play(state, [4, 3, 4, 3], [1, 4, 4, 4])
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])
    play(state, [4, 3, 4, 3], [4, 3, 4, 2])
    play(state, [4, 3, 4, 3], [1, 4, 4, 4])
    revision = state.saved.revision
    state.delete_hand(0)
    assert state.message == "Hand 3: the game was won at hand 2; nothing can be recorded after it"
    assert store.get(state.saved.id).revision == revision


def test_deleting_a_hand_of_a_finished_game_says_it_is_open_again(store):
    state = start(AppState(store), target="100")
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.delete_hand(1)
    assert state.message == "Hand 2 was deleted. The game is in progress again."
    assert state.summary == [] and not state.current.finished


def test_the_penalty_form_opens_only_on_a_hand_and_a_penalty_that_exist(store):
    state = start(AppState(store))
    state.open_adjustment(0)  # no hand yet
    state.set_adjustment_side(0)  # no form: nothing to set
    state.save_adjustment()
    assert state.corrections.adjusting is None
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.open_adjustment(1)
    state.open_adjustment(-1)
    assert state.corrections.adjusting is None
    state.open_adjustment(0, 0)  # no penalty there yet: a new one
    assert state.corrections.adjusting == AdjustmentForm(0, None)
    state.set_adjustment_side(1)
    state.set_adjustment_side(0)
    state.set_adjustment_side(2)  # partnership has two sides
    state.set_adjustment_side(-1)
    assert state.corrections.adjusting.side == 0
    state.set_adjustment_points("\u221230")  # a typographic minus
    state.set_adjustment_reason("renege")
    state.save_adjustment()
    state.open_adjustment(0, 0)
    assert state.corrections.adjusting == AdjustmentForm(0, 0, 0, "-30", "renege")
    state.open_adjustment(0, 1)
    assert state.corrections.adjusting == AdjustmentForm(0, None)


def test_the_penalty_form_clips_what_is_typed_and_clears_its_own_errors(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.open_adjustment(0)
    state.save_adjustment()
    assert state.errors["adjustment.side"] == "Choose whose points these are: tap a name."
    state.set_adjustment_points("ten")
    state.save_adjustment()
    assert state.errors["adjustment.points"] == (
        "'ten' is not a whole number of points: type one such as -30"
    )
    state.shown.errors["adjustment.reason"] = "too long"
    state.set_adjustment_points("1" * 20)
    assert state.corrections.adjusting.points == "1" * 12
    assert set(state.errors) == {"adjustment.side", "adjustment.reason"}
    state.set_adjustment_reason("r" * 300)
    assert state.corrections.adjusting.reason == "r" * 200
    assert set(state.errors) == {"adjustment.side"}


def test_a_penalty_saved_for_a_hand_or_place_gone_meanwhile(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.corrections.adjusting = AdjustmentForm(1, None, 0, "-10", "")  # hand 2 was undone
    state.save_adjustment()
    assert state.corrections.adjusting is None and state.errors == {}
    state.corrections.adjusting = AdjustmentForm(0, 0, 0, "-10", "")  # its penalty was removed
    state.save_adjustment()
    state.corrections.adjusting = AdjustmentForm(0, 1, 1, "-20", "")  # one past the last
    state.save_adjustment()
    hand = store.get(state.saved.id).game.hands[0]
    assert [(a.side, a.points) for a in hand.adjustments] == [(0, -10), (1, -20)]
    state.remove_adjustment(0, 2)  # no such penalty
    state.remove_adjustment(1, 0)  # no such hand
    state.remove_adjustment(-1, 0)
    assert len(store.get(state.saved.id).game.hands[0].adjustments) == 2
    state.remove_adjustment(0, 1)
    assert state.message == "The penalty on hand 1 was removed."


def test_a_penalty_removed_after_another_device_saved_is_refused_without_undo(store):
    phone, laptop = AppState(store), AppState(store)
    start(phone)
    play(phone, [3, 3, 3, 3], [4, 3, 3, 3])
    phone.open_adjustment(0)
    phone.set_adjustment_side(0)
    phone.set_adjustment_points("-10")
    phone.save_adjustment()
    laptop.open_game(phone.saved.id)
    play(phone, [3, 3, 3, 3], [4, 3, 3, 3])
    laptop.remove_adjustment(0, 0)
    assert laptop.corrections.removed is None and laptop.summary == []
    assert laptop.message == (
        "This game was changed on another device: nothing was saved, "
        "the game is shown as it is now."
    )
    assert len(laptop.saved.game.hands) == 2
    assert store.get(phone.saved.id).game.hands[0].adjustments != ()


def test_a_reload_with_nothing_new_changes_nothing_shown(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    summary = list(state.summary)
    state.message = "kept"
    state.reload()
    assert state.summary == summary and state.message == "kept"


def test_an_entry_on_a_game_another_device_finished_is_dropped_everywhere(store):
    phone, laptop = AppState(store), AppState(store)
    start(phone, target="50")
    laptop.open_game(phone.saved.id)
    laptop.begin_hand()
    tap(laptop, 1, 3)  # the laptop's entry of hand 1, stored
    assert store.draft(phone.saved.id) is not None
    play(phone, [3, 3, 3, 3], [4, 3, 3, 3])  # the phone enters hand 1 and wins
    assert phone.current.finished and store.draft(phone.saved.id) is None
    laptop.reload()
    assert laptop.draft is None and laptop.summary[0] == "Hand 1, saved on another device"
    assert laptop.message == "Hand 1 was saved on another device: your entry was discarded."
    assert store.draft(phone.saved.id) is None


def test_an_entry_carried_over_a_penalty_elsewhere_is_stored_on_the_new_version(store):
    phone, laptop = AppState(store), AppState(store)
    start(phone)
    play(phone, [3, 3, 3, 3], [4, 3, 3, 3])
    laptop.open_game(phone.saved.id)
    laptop.begin_hand()
    tap(laptop, 1, 3)
    phone.open_adjustment(0)
    phone.set_adjustment_side(1)
    phone.set_adjustment_points("-10")
    phone.save_adjustment()  # the laptop's entry of hand 2 still fits: carried over
    revision = store.get(phone.saved.id).revision
    assert store.draft(phone.saved.id).base == revision
    laptop.reload()
    assert laptop.draft is not None and laptop.draft.base == revision
    assert laptop.draft.bids[1] == Bid(3) and laptop.screen is Screen.HAND
    assert store.draft(phone.saved.id) == laptop.draft


def test_one_game_exports_as_its_own_record_in_readable_json(store):
    state = start(AppState(store), names=("Zoë", "Beth", "Charlie", "David"))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    other = start(AppState(store)).saved.id
    name, data = state.export_data("json", state.saved.id)
    assert name == f"spades-{state.saved.id}.json"
    record = export_record(store.get(state.saved.id))
    assert data == json.dumps(record, ensure_ascii=False, indent=1).encode("utf-8")
    assert "Zoë".encode() in data and other.encode() not in data
    name, data = state.export_data("json")
    assert name == "spades-games.json" and len(json.loads(data)) == 2
    name, data = state.export_data("csv")
    assert name == "spades-games.csv" and "Zoë".encode() in data


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\xff\xfe", "games.json is not a JSON file: "),
        (b"[" * 50_000 + b"]" * 50_000, "games.json is not a file of games: it nests"),
        (b'{"format": "spades-score/1", "players": "x"}', "Nothing was imported from games.json: "),
        (b"[1]", "Nothing was imported from games.json: "),
    ],
)
def test_a_refused_import_names_the_file_and_why(store, data, said):
    state = AppState(store)
    state.import_file("games.json", data)
    assert state.message.startswith(said) and "None" not in state.message
    assert len(state.message) > len(said) + 5


def test_a_file_of_exactly_the_limit_is_read(store):
    state = AppState(store)
    state.import_file("edge.json", b"[]" + b" " * (MAX_INPUT_BYTES - 2))
    assert "too big" not in state.message
    state.import_file("over.json", b"[]" + b" " * (MAX_INPUT_BYTES - 1))
    assert state.message == (
        "over.json is too big to be a Spades file (20.1 MB; the limit is 20 MB). "
        "Choose a file made with Export JSON."
    )


def test_importing_two_games_counts_them(store, tmp_path):
    state = start(AppState(store))
    start(state)
    _name, data = state.export_data("json")
    with GameStore(tmp_path / "other") as other:
        fresh = AppState(other)
        fresh.import_file("games.json", data)
        assert fresh.message == "Imported 2 games from games.json."


def test_cancelling_a_new_hand_asks_only_once_something_was_entered(store):
    state = start(AppState(store))
    state.begin_hand()
    state.request_cancel()  # nothing entered: gone at once
    assert state.confirm is None and state.draft is None and state.screen is Screen.GAME
    assert store.draft(state.saved.id) is None
    state.begin_hand()
    tap(state, 1, 3)
    state.request_cancel()
    asked = state.confirm
    assert (asked.question, asked.detail, asked.yes, asked.no) == (
        "Stop entering hand 1?",
        "Nothing was saved for it yet: what was entered is not kept.",
        "Stop entering",
        "Keep entering",
    )
    state.shown.errors["bid.0"] = "needs a bid"
    state.answer(True)
    assert state.draft is None and state.screen is Screen.GAME and state.errors == {}
    assert store.draft(state.saved.id) is None


def test_cancelling_an_edit_asks_only_once_the_hand_differs(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.edit_hand(0)
    assert not state.entered_something()
    state.request_cancel()  # unchanged: gone at once
    assert state.confirm is None and state.draft is None
    state.edit_hand(0)
    tap(state, 0, 4)
    assert state.entered_something()
    state.request_cancel()
    asked = state.confirm
    assert (asked.question, asked.detail, asked.yes, asked.no) == (
        "Stop editing hand 1?",
        "The saved hand stays as it was: your changes are not kept.",
        "Stop editing",
        "Keep editing",
    )
    state.answer(False)
    assert state.draft is not None and state.screen is Screen.HAND


def test_an_edit_of_the_tricks_alone_counts_as_entered(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.edit_hand(0)
    state.to_tricks()
    tap(state, 0, 3)
    tap(state, 1, 4)
    assert state.entered_something()
    state.current.draft = None
    assert not state.entered_something()


def test_the_preview_waits_for_every_trick_and_a_valid_hand(store):
    state = start(AppState(store))
    state.begin_hand()
    assert state.preview() is None
    for seat in range(4):
        tap(state, seat, 3)
    assert state.preview() is None, "bids only"
    state.to_tricks()
    tap(state, 0, 4)
    assert state.preview() is None, "tricks left to give"
    state.shown.errors = {"tricks.1": "x", "tricks.2": "y"}
    state.rest_to(1)
    assert state.errors == {"tricks.2": "y"}
    for seat, count in ((1, 3), (2, 3), (3, 3)):
        tap(state, seat, count)
    assert [s.score for s in state.preview().sides] == [61, 60]


def test_a_size_too_big_is_said_with_one_decimal(store):
    state = AppState(store)
    state.file_too_big("big.json", 25_000_000)
    assert "(25.0 MB; the limit is 20 MB)" in state.message


def test_an_entry_opened_from_the_store_takes_keypad_taps(store):
    phone = start(AppState(store))
    phone.begin_hand()
    tap(phone, 1, 3)
    laptop = AppState(store)
    laptop.open_game(phone.saved.id)  # the entry, as stored: no hand begun here
    assert laptop.screen is Screen.HAND and laptop.entry.keypad_seat == 2
    laptop.press("4")
    assert laptop.draft.bids[2] == Bid(4)


def test_a_cutthroat_hand_and_its_edit_count_seventeen_tricks(store):
    state = AppState(store)
    state.new_game()
    state.set_variant(Variant.CUTTHROAT)
    for seat, name in enumerate(["Ann", "Ben", "Cy"]):
        state.set_name(seat, name)
    state.start_game()
    state.begin_hand()
    assert state.draft.total == 17
    for seat in range(3):
        tap(state, seat, 5)
    state.to_tricks()
    for seat, count in enumerate([6, 5, 6]):
        tap(state, seat, count)
    state.save_hand()
    state.edit_hand(0)
    assert state.draft.total == 17


def test_editing_a_hand_that_exists_only(store):
    state = AppState(store)
    state.edit_hand(0)  # no game
    start(state)
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.edit_hand(1)
    state.edit_hand(-1)
    assert state.draft is None and state.screen is Screen.GAME and state.summary != []
    state.edit_hand(0)
    assert state.screen is Screen.HAND and state.summary == [] and state.draft.editing == 0


def test_each_tap_clears_its_own_fields_error_and_the_hands(store):
    state = start(AppState(store))
    state.begin_hand()
    state.shown.errors = {"bid.1": "a", "bid.2": "b", "tricks": "c", "hand": "d"}
    tap(state, 1, 3)
    assert state.errors == {"bid.2": "b"}
    for seat in (0, 2, 3):
        tap(state, seat, 3)
    state.to_tricks()
    state.shown.errors = {"tricks.0": "a", "tricks.1": "b", "tricks.2": "c"}
    tap(state, 0, 4)
    assert state.errors == {"tricks.1": "b", "tricks.2": "c"}
    state.focus_seat(1)
    state.press(REST)
    assert state.errors == {"tricks.2": "c"}


def test_rest_gives_none_left_and_moves_on_but_not_below_none(store):
    state = start(AppState(store))
    state.begin_hand()
    for seat in range(4):
        tap(state, seat, 3)
    state.to_tricks()
    tap(state, 0, 13)
    state.focus_seat(1)
    state.press(REST)  # none left: seat 1 took none, the keypad moves on
    assert state.draft.tricks[1] == 0 and state.entry.keypad_seat == 2
    tap(state, 0, 1)
    tap(state, 1, 13)  # the others took all 13: the rest of seat 0 is none, not its 1
    state.focus_seat(0)
    state.press(REST)
    assert state.draft.tricks[0] == 0


def test_the_scores_before_each_hand(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    play(state, [3, 3, 3, 3], [3, 4, 3, 3])
    assert state.entry.scores_before(0) == [0, 0]
    assert state.entry.scores_before(1) == [61, 60]
    assert state.entry.scores_before(2) == [121, 121]


def test_a_bid_the_rules_refuse_stops_the_step_to_tricks(store):
    state = start(AppState(store), allow_nil=False)
    state.begin_hand()
    for seat, key in enumerate(["0", "3", "3", "3"]):
        tap(state, seat, key)
    state.to_tricks()
    assert set(state.errors) == {"bid.0"} and state.draft.step is Step.BIDS


def test_the_keypad_refuses_a_player_that_is_not_there(store):
    state = AppState(store)
    state.focus_seat(0)  # no game, no entry
    start(state)
    state.focus_seat(0)  # no entry
    state.begin_hand()
    state.focus_seat(3)
    state.focus_seat(4)
    state.focus_seat(-1)
    assert state.entry.keypad_seat == 3


def test_once_everyone_bid_the_keypad_and_the_blind_toggle_rest(store):
    state = start(AppState(store), blind_bids=True)
    state.begin_hand()
    assert state.blind_toggle() is not None
    for seat in range(4):
        tap(state, seat, 3)
    assert state.entry.keypad_seat is None and state.blind_toggle() is None
    state.press("5")
    assert state.draft.bids == (Bid(3),) * 4
    state.to_tricks()
    assert state.entry.keypad_seat == 1 and state.blind_toggle() is None


def test_a_penalty_that_would_end_the_game_early_is_refused_on_the_form(store):
    state = start(AppState(store), target="100")
    play(state, [4, 3, 4, 3], [1, 4, 4, 4])
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])
    play(state, [4, 3, 4, 3], [1, 4, 4, 4])
    revision = state.saved.revision
    state.open_adjustment(0)
    state.set_adjustment_side(0)
    state.set_adjustment_points("100")
    state.save_adjustment()
    assert state.errors == {
        "adjustment": "Hand 3: the game was won at hand 2; nothing can be recorded after it"
    }
    assert store.get(state.saved.id).revision == revision and state.corrections.removed is None
    state.open_adjustment(1)
    state.set_adjustment_side(1)
    state.set_adjustment_points("-10")
    state.save_adjustment()
    assert state.message == "Hand 2 was changed."


def test_home_lists_games_in_progress_and_finished_apart(store):
    done = start(AppState(store), names=("Ann", "Ben"), target="50")
    play(done, [6, 6], [7, 6])
    going = start(AppState(store))
    going.go_home()
    assert [g.id for g in going.in_progress] == [going.current.store.history().items[0].id]
    assert [g.id for g in going.recent] == [done.saved.id]
    assert done.saved.id not in [g.id for g in going.in_progress]


def test_an_edit_corrects_who_dealt_and_a_new_hand_or_another_seat_does_not(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.begin_hand()
    state.set_dealer(3)  # a new hand's dealer is the game's
    assert state.draft.dealer is None and state.entry_dealer() == 1
    state.edit_hand(0)
    state.shown.errors = {"dealer": "x", "bid.1": "y"}
    for seat in (-1, 4):
        state.set_dealer(seat)
        assert state.draft.dealer == 0 and state.errors == {"dealer": "x", "bid.1": "y"}
    state.set_dealer(3)
    assert state.draft.dealer == 3 and state.entry_dealer() == 3
    assert state.errors == {"bid.1": "y"}
    assert store.draft(state.saved.id).dealer == 3  # kept with the game, like every tap
    state.set_dealer(0)
    assert state.draft.dealer == 0 and state.entry_dealer() == 0
    state.set_dealer(3)
    state.save_hand()
    assert state.saved.game.hands[0].dealer == 3


def test_deleting_a_hand_or_explaining_a_penalty_asks_nothing_without_a_game(store):
    state = AppState(store)
    state.ask_delete_hand(0)
    state.explain_penalty(0, 0)
    assert state.confirm is None and state.message is None


def test_a_tricks_count_set_clears_its_own_error(store):
    state = start(AppState(store))
    state.begin_hand()
    for seat in range(4):
        tap(state, seat, 3)
    state.to_tricks()
    state.shown.errors = {"tricks.1": "a", "tricks.2": "b"}
    state.entry.set_tricks(1, 5)
    assert state.draft.tricks[1] == 5 and state.errors == {"tricks.2": "b"}


def test_a_bag_penalty_on_the_first_hand_is_explained(store):
    state = start(AppState(store))
    play(state, [1, 1, 1, 1], [6, 0, 6, 1])  # Alex + Charlie: 10 bags at once
    assert state.score.hands[0].sides[0].penalties
    state.explain_penalty(0, 0)
    assert state.message is not None and "Alex" in plain(state.message)


def test_the_corrections_snapshot_puts_back_the_penalty_to_undo(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.open_adjustment(0)
    state.set_adjustment_side(0)
    state.set_adjustment_points("-10")
    state.save_adjustment()
    state.remove_adjustment(0, 0)
    removed = state.corrections.removed
    assert removed is not None
    restore = state.corrections.snapshot()
    state.corrections.removed = None
    restore()
    assert state.corrections.removed is removed


def test_more_history_reads_one_page_more(store, monkeypatch):
    monkeypatch.setattr(browsing, "HISTORY_PAGE", 2)  # pages of two: five games are enough
    for _game in range(5):
        store.create(new_game(Variant.PARTNERSHIP, ("Alex", "Beth", "Charlie", "David")))
    state = AppState(store)
    state.show_history()
    assert len(state.browsing.history.items) == 2
    state.browsing.more_history()
    assert len(state.browsing.history.items) == 4 and state.browsing.history.total == 5


def test_the_browsing_snapshot_puts_back_sessions_and_ratings(store):
    state = start(AppState(store), target="100")
    play(state, [3, 6, 0, 4], [3, 6, 0, 4])
    state.rematch()
    state.show_history()
    state.show_stats()
    state.show_history()
    browsing = state.browsing
    session_of, sessions, ratings = (
        dict(browsing.session_of),
        dict(browsing.sessions),
        dict(browsing.ratings),
    )
    assert session_of and sessions and ratings
    restore = browsing.snapshot()
    browsing.session_of, browsing.sessions, browsing.ratings = {}, {}, {}
    restore()
    assert (browsing.session_of, browsing.sessions) == (session_of, sessions)
    assert browsing.ratings == ratings


def test_a_penalty_whose_removal_would_end_the_game_early_stays_and_offers_no_undo(store):
    state = start(AppState(store), target="100")
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])  # Alex + Charlie 81
    state.open_adjustment(0)
    state.set_adjustment_side(0)
    state.set_adjustment_points("-100")
    state.save_adjustment()
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])  # 62: without the penalty, 162 and won here
    play(state, [4, 3, 4, 3], [1, 4, 4, 4])
    state.remove_adjustment(0, 0)
    assert "the game was won at hand 2" in state.errors["adjustment"]
    assert state.corrections.removed is None
    assert len(store.get(state.saved.id).game.hands[0].adjustments) == 1


def test_a_penalty_that_opens_a_finished_game_again_says_so(store):
    state = start(AppState(store), target="100")
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])  # Alex + Charlie 162: won
    assert state.current.finished
    state.open_adjustment(1)
    state.set_adjustment_side(0)
    state.set_adjustment_points("-100")
    state.save_adjustment()
    assert state.message == "Hand 2 was changed. The game is in progress again."
    assert not state.current.finished


def test_a_game_changed_elsewhere_is_shown_without_the_last_summary(store):
    phone, laptop = AppState(store), AppState(store)
    start(phone)
    laptop.open_game(phone.saved.id)
    play(phone, [3, 3, 3, 3], [4, 3, 3, 3])
    laptop.current.reload()
    assert laptop.summary == [] and len(laptop.saved.game.hands) == 1


def test_players_without_a_rating_sort_last_by_name(store):
    state = start(AppState(store), target="100")
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])  # finished: the four are rated
    start(state, ("Fay", "Eve", "Alex", "Beth"))  # Eve and Fay: no finished game yet
    state.show_stats()
    names = [p.name for p, _r in state.browsing.table()]
    assert names[-2:] == ["Eve", "Fay"]
    assert all(state.browsing.rating(n) is not None for n in names[:-2])


def test_no_preview_without_an_entry_or_while_bids_are_corrected(store):
    state = start(AppState(store))
    assert state.entry.preview() is None
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    assert state.entry.preview() is None
    state.edit_hand(0)  # its tricks add up, but the bids come first
    assert state.draft.step is Step.BIDS and state.entry.preview() is None


def test_an_entry_opened_elsewhere_stays_stored_and_follows_a_new_version(store):
    phone, laptop = start(AppState(store), target="100"), AppState(store)
    play(phone, [4, 3, 4, 3], [5, 2, 4, 2])
    phone.begin_hand()
    tap(phone, 1, 3)
    entry = store.draft(phone.saved.id)
    laptop.open_game(phone.saved.id)  # the entry, carried over as it is
    assert laptop.draft == entry and store.draft(phone.saved.id) == entry
    laptop.go_home()
    laptop.review_game(phone.saved.id)
    laptop.open_adjustment(0)
    laptop.set_adjustment_side(1)
    laptop.set_adjustment_points("-10")
    laptop.save_adjustment()  # a new version: the entry follows it
    phone.reload()
    stored = store.draft(phone.saved.id)
    assert stored is not None and stored.bids == entry.bids
    assert stored.base == store.get(phone.saved.id).revision != entry.base


def test_an_entry_on_a_game_finished_elsewhere_is_dropped(store):
    phone, laptop = start(AppState(store), target="100"), AppState(store)
    play(phone, [4, 3, 4, 3], [5, 2, 4, 2])
    phone.begin_hand()
    tap(phone, 1, 3)
    laptop.review_game(phone.saved.id)
    laptop.open_adjustment(0)
    laptop.set_adjustment_side(0)
    laptop.set_adjustment_points("100")  # Alex + Charlie past 100: won
    laptop.save_adjustment()
    assert laptop.current.finished
    phone.reload()
    assert phone.draft is None and store.draft(phone.saved.id) is None


def test_an_entry_stored_by_an_older_app_is_stored_again_on_its_version(store):
    phone = start(AppState(store))
    phone.begin_hand()
    tap(phone, 1, 3)
    game_id = phone.saved.id
    store.save_draft(game_id, dataclasses.replace(store.draft(game_id), base=None))
    laptop = AppState(store)
    laptop.open_game(game_id)
    stored = store.draft(game_id)
    assert stored.base == store.get(game_id).revision and stored.bids == laptop.draft.bids


def test_a_hand_saved_elsewhere_drops_the_entry_stored_for_it(store):
    phone = start(AppState(store))
    laptop = AppState(store)
    laptop.open_game(phone.saved.id)
    phone.begin_hand()
    tap(phone, 1, 3)
    assert store.draft(phone.saved.id) is not None
    play(laptop, [3, 3, 3, 3], [4, 3, 3, 3])  # the same hand, saved first on the laptop
    assert store.draft(phone.saved.id) is None


def test_saving_with_a_bid_missing_names_each_player_and_saves_nothing(store):
    state = start(AppState(store))
    state.begin_hand()
    tap(state, 0, 3)
    tap(state, 2, 4)
    before = state.saved.revision
    state.save_hand()  # Enter on the bid step, or a stale Save
    assert state.errors == {"bid.1": "No bid yet: Beth", "bid.3": "No bid yet: David"}
    assert state.saved.revision == before and state.saved.game.hands == ()
    assert state.draft is not None and state.draft.bids[1] is None is not state.draft.bids[0]


def test_an_edit_that_would_end_the_game_early_is_refused_with_what_to_do(store):
    state = start(AppState(store), target="200")
    for _ in range(4):
        play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    kept = state.saved.game
    state.edit_hand(1)
    tap(state, 0, BLIND)  # blind nil made, +200 for Alex + Charlie: won at hand 2
    tap(state, 2, 4)
    state.to_tricks()
    for seat, count in enumerate((0, 4, 5, 4)):
        tap(state, seat, count)
    state.save_hand()
    assert state.errors == {
        "hand": "With this change the game is won at hand 2, but later hands are "
        "recorded: delete hands 3-4 first, or Cancel."
    }
    assert state.saved.game == kept and state.draft is not None


def test_the_preview_and_the_save_share_one_scoring_of_an_entry(store):
    state = start(AppState(store))
    state.begin_hand()
    for seat in range(4):
        tap(state, seat, 3)
    state.to_tricks()
    for seat, count in enumerate([3, 4, 3, 3]):
        tap(state, seat, count)
    scored = state.entry.with_draft()
    assert state.entry.with_draft() is scored  # the same entry and game: scored once
    assert state.entry.preview() is scored.score
    tap(state, 1, 3)
    tap(state, 0, 4)  # another entry: scored again
    changed = state.entry.with_draft()
    assert changed is not scored and changed.score != scored.score


def test_an_edit_that_opens_a_finished_game_again_says_so_in_its_summary(store):
    state = start(AppState(store), target="100")
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])
    play(state, [4, 3, 4, 3], [5, 2, 4, 2])  # Alex + Charlie 162: won
    assert state.current.finished
    state.edit_hand(1)
    state.to_tricks()
    for seat, count in enumerate([1, 4, 4, 4]):  # Alex + Charlie set this hand instead
        tap(state, seat, count)
    state.save_hand()
    assert state.errors == {} and not state.current.finished
    assert plain(state.summary[0]) == "Hand 2, changed"
    assert state.summary[-1] == "The game is in progress again."
    assert store.draft(state.saved.id) is None  # the entry went with the save


# -- what a fresh state shows, and the home screen's lists ------------------------------


def test_a_fresh_state_has_no_game_open_and_empty_lists_a_screen_can_draw(store):
    state = AppState(store)
    assert (state.saved, state.score, state.draft) == (None, None, None)
    current = state.current
    assert current.all_hands is False and current.changed is None
    assert (current.tonight, current.joined, current.sessions_changed) == (None, None, False)
    assert current.sessions_changed is False  # not None: the page compares it as a flag
    lists = state.browsing
    assert (lists.in_progress, lists.recent, lists.history) == ((), (), Page((), 0))
    assert lists.opened is None
    # nothing asks to be confirmed, and the keeper's link is not given, before a tap
    assert state.deleting.confirm_delete is False and state.share.confirm_reset is False
    state.sharing = FakeKeeper()
    assert state.share.show_keeper_link is False and state.link("keeper") is None


def test_home_lists_twenty_games_in_progress_and_the_five_last_finished(store):
    for number in range(browsing.HOME_IN_PROGRESS + 1):
        store.create(new_game(Variant.PARTNERSHIP, ["Alex", "Beth", f"C{number}", "D"], 0))
    state = AppState(store)
    for _ in range(browsing.HOME_RECENT + 1):
        start(state, target="100")
        play(state, [6, 1, 6, 1], [13, 0, 0, 0])  # side 0 makes 121: it wins
        assert state.score.winner is not None
    state.go_home()
    assert len(state.browsing.in_progress) == browsing.HOME_IN_PROGRESS
    assert len(state.browsing.recent) == browsing.HOME_RECENT


# -- the set-up form says every problem, and what no longer holds goes ---------------------


def test_every_rule_problem_shows_at_once_the_typed_ones_and_the_checked_ones(store):
    state = AppState(store)
    state.new_game()
    for seat, name in enumerate(("Alex", "Beth", "Cy", "Di")):
        state.set_name(seat, name)
    state.set_rule("target", "lots")  # not a number
    state.set_rule("bidding", "sideways")  # a number-free rule with no such value
    state.start_game()
    assert set(state.errors) == {"rules.target", "rules.bidding"}
    assert store.history().total == 0


def test_a_failed_start_said_under_the_players_goes_once_a_name_is_typed(store, monkeypatch):
    state = AppState(store)
    state.new_game()
    for seat, name in enumerate(("Alex", "Beth", "Cy", "Di")):
        state.set_name(seat, name)

    def full(game, after=None):
        raise StorageError("disk full at /srv/data", "The disk is full: nothing was saved.")

    monkeypatch.setattr(store, "create", full)
    state.perform(state.start_game)  # as the page runs an action
    assert state.errors["players"] == "The disk is full: nothing was saved."
    state.set_name(3, "Dee")
    assert "players" not in state.errors


# -- a change here drops another device's entry that no longer fits -----------------------


def test_deleting_a_hand_another_device_is_editing_drops_that_edit(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    other = AppState(store)
    other.open_game(state.saved.id)
    other.edit_hand(0)
    assert store.draft(state.saved.id) is not None
    state.delete_hand(0)
    assert store.draft(state.saved.id) is None, "an edit of a hand no longer there"
