"""AppState, one method per user action, on a real store in a temp folder."""

import re

import pytest

from scorekeeper.core.draft import Step
from scorekeeper.core.model import BLIND_NIL, NIL, Bid, Variant
from scorekeeper.core.scoring import Status
from scorekeeper.storage.store import GameStore
from scorekeeper.ui.screen import Screen
from scorekeeper.ui.screens import follow, route_of
from scorekeeper.ui.state import BLIND, REST, AppState


@pytest.fixture
def store(tmp_path):
    with GameStore(tmp_path) as s:
        yield s


def start(state, names=("Alex", "Beth", "Charlie", "David"), **rules):
    state.new_game()
    if len(names) == 2:
        state.set_variant(Variant.TWO_PLAYER)
    for seat, name in enumerate(names):
        state.set_name(seat, name)
    for name, value in rules.items():
        state.set_rule(name, value)
    state.start_game()
    assert state.errors == {}
    return state


def tap(state, seat, key):
    """A tap on a player, then on a keypad key ("0" to "13", BLIND or REST)."""
    state.focus_seat(seat)
    state.press(str(key))


def play(state, bids, tricks):
    """Enter a hand the way the screen does: each player's bid, then tricks, on the keypad."""
    state.begin_hand()
    for seat, bid in enumerate(bids):
        tap(state, seat, {"nil": "0", "blind_nil": BLIND}.get(bid, bid))
    state.to_tricks()
    assert state.errors == {}, state.errors
    for seat, count in enumerate(tricks):
        tap(state, seat, count)
    state.save_hand()
    assert state.errors == {}, state.errors


def test_a_hand_from_setup_to_summary(store):
    state = start(AppState(store))
    assert state.screen is Screen.GAME and route_of(state) == f"/game/{state.saved.id}"
    play(state, [4, 3, "nil", 4], [4, 3, 2, 4])
    assert [t.score for t in state.score.sides] == [-58, 70]
    assert state.summary[0] == "Hand 1"
    assert "\u2068Charlie\u2069: nil failed (2 tricks, +2 as bags)" in state.summary
    assert state.summary[-1] == "Deals next: \u2068Beth\u2069 · Bids first: \u2068Charlie\u2069"
    assert store.draft(state.saved.id) is None


def test_setup_shows_every_problem_at_once(store):
    state = AppState(store)
    state.new_game()
    state.set_name(0, "Alex")
    state.set_name(1, "alex")
    state.set_customizing(True)
    state.set_rule("target", "five hundred")
    state.set_rule("mercy", "100")
    state.start_game()
    assert set(state.errors) == {
        "players.1",
        "players.2",
        "players.3",
        "rules.target",
        "rules.mercy",
    }
    assert state.errors["rules.target"] == (
        "'five hundred' is not a whole number from 1 to 100,000: type one"
    )
    assert state.errors["rules.mercy"] == (
        "'100' is not a whole number from -100,000 to -1: type one, or leave it empty for off"
    )
    assert state.screen is Screen.SETUP and store.history().total == 0
    state.set_name(2, "Charlie")
    assert "players.2" not in state.errors, "fixing a field clears its message"


def test_presets_and_custom_rules_are_saved_with_the_game(store):
    state = AppState(store)
    state.new_game()
    state.set_preset("short")
    assert state.form.rules["target"] == "300"
    for seat, name in enumerate("ABCD"):
        state.set_name(seat, name)
    state.set_rule("mercy", "-150")
    state.set_rule("failed_nil_tricks", "count_for_partner")
    state.start_game()
    rules = store.get(state.saved.id).game.rules
    assert (rules.target, rules.mercy, rules.failed_nil_tricks.value) == (
        300,
        -150,
        "count_for_partner",
    )


def test_bids_are_checked_before_tricks(store):
    state = start(AppState(store), min_side_bid="4")
    state.begin_hand()
    tap(state, 0, 1)
    state.to_tricks()
    assert set(state.errors) == {"bid.1", "bid.2", "bid.3"}
    assert state.errors["bid.1"] == "No bid yet: Beth"
    for seat in (1, 2, 3):
        tap(state, seat, 1)
    state.to_tricks()
    assert set(state.errors) == {"side.0", "side.1"}
    assert state.draft.step is Step.BIDS


def test_tricks_must_total_13_and_the_game_is_untouched(store):
    state = start(AppState(store))
    state.begin_hand()
    for seat in range(4):
        tap(state, seat, 3)
    state.to_tricks()
    tap(state, 0, 5)
    state.save_hand()
    assert state.errors == {
        "tricks": "tricks add up to 5, but every hand has 13 (8 tricks missing)"
    }
    assert state.screen is Screen.HAND and store.get(state.saved.id).game.hands == ()
    assert state.preview() is None
    tap(state, 3, REST)
    assert state.draft.tricks == (5, 0, 0, 8) and state.draft.tricks_left() == 0
    preview = state.preview()
    assert preview is not None and [s.score for s in preview.sides] == [-60, 62]


def test_the_keypad_enters_nil_blind_nil_and_13_and_rest_never_goes_below_0(store):
    state = start(AppState(store))
    state.begin_hand()
    tap(state, 0, 0)
    tap(state, 1, 13)
    tap(state, 3, BLIND)
    assert state.draft.bids == (NIL, Bid(13), None, BLIND_NIL)
    tap(state, 2, 3)
    state.to_tricks()
    tap(state, 0, 13)
    tap(state, 1, 2)
    tap(state, 2, REST)  # the others took 15: none left to give
    assert state.draft.tricks == (13, 2, 0, 0)


def test_draft_survives_a_new_session(store):
    state = start(AppState(store))
    state.begin_hand()
    tap(state, 0, 4)
    tap(state, 1, 0)
    again = AppState(store)
    follow(again, f"/game/{state.saved.id}")
    assert again.screen is Screen.HAND and route_of(again).endswith("/hand")
    assert again.draft.bids[:2] == (Bid(4), NIL)


def test_undo_edit_and_delete_rescore(store):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    play(state, [3, 3, 3, 3], [3, 4, 3, 3])
    assert [t.score for t in state.score.sides] == [121, 121]
    state.edit_hand(0)
    assert state.draft.editing == 0 and state.draft.bids == (Bid(3),) * 4
    state.to_tricks()
    tap(state, 0, 3)
    tap(state, 3, 4)  # side 1 takes the trick instead
    state.save_hand()
    assert [t.score for t in state.score.sides] == [60 + 60, 61 + 61]
    names = [re.sub("[\u2066-\u2069]", "", line) for line in state.summary]
    assert names[0] == "Hand 1, changed"
    assert "Alex + Charlie: +60 this hand, 60 in all" in names, "in all: after that hand"
    state.undo_last_hand()
    assert len(state.saved.game.hands) == 1 and state.message == "Hand 2 was removed."
    state.delete_hand(0)
    assert state.saved.game.hands == () and store.get(state.saved.id).game.hands == ()


def test_game_over_tie_and_rematch(store):
    state = start(AppState(store), target="100")
    play(state, [4, 3, 3, 3], [4, 3, 3, 3])
    play(state, [3, 4, 3, 3], [3, 4, 3, 3])
    assert state.score.tied and state.score.status is Status.IN_PROGRESS
    play(state, [4, 3, 3, 3], [4, 3, 3, 3])
    assert state.score.winner == 0
    assert not any("200 to 190" in line for line in state.summary), "the banner says it"
    state.begin_hand()
    assert state.screen is Screen.GAME, "no hand can be entered after the win"
    old = state.saved.id
    state.rematch()
    assert state.saved.id != old and state.saved.game.hands == ()
    assert state.saved.game.first_dealer == 3 and state.saved.game.rules.target == 100


def test_two_player_game(store):
    state = start(AppState(store), names=("Ana", "Ben"))
    play(state, [5, "nil"], [12, 1])
    assert [t.score for t in state.score.sides] == [57, -99]
    assert state.score.next_dealer == 1


def test_another_device_saved_first(store):
    phone, laptop = AppState(store), AppState(store)
    start(phone)
    laptop.open_game(phone.saved.id)
    play(phone, [3, 3, 3, 3], [4, 3, 3, 3])
    laptop.begin_hand()
    for seat in range(4):
        tap(laptop, seat, 3)
    laptop.to_tricks()
    tap(laptop, 0, REST)
    laptop.save_hand()
    assert laptop.message == "Hand 1 was saved on another device: your entry was discarded."
    assert laptop.summary[0] == "Hand 1, saved on another device"
    assert len(laptop.saved.game.hands) == 1, "the laptop now shows the phone's hand"
    assert len(store.get(phone.saved.id).game.hands) == 1


def test_home_lists_games_and_review_deletes_with_undo(store):
    state = start(AppState(store))
    game_id = state.saved.id
    state.go_home()
    assert [s.id for s in state.in_progress] == [game_id]
    state.review_game(game_id)
    assert state.screen is Screen.DETAIL and route_of(state) == f"/review/{game_id}"
    state.ask_delete()
    assert state.deleting.confirm_delete
    state.delete_game()
    assert state.screen is Screen.HISTORY and state.history.total == 0
    assert state.message == "Game deleted."
    state.undo_delete()
    assert state.screen is Screen.DETAIL and state.saved.id == game_id
    assert store.history().total == 1


def test_statistics_and_merging_spellings(store):
    state = start(AppState(store), names=("Ann", "Bob", "Cat", "Dan"), target="100")
    play(state, [6, 3, 4, "nil"], [6, 3, 4, 0])  # Bob + Dan win 130 to 100
    start(state, names=("ann", "Danny"))
    state.show_stats()
    assert route_of(state) == "/stats"
    players = {p.name: p for p in state.players}
    assert players["Ann"].games == 2 and players["Danny"].games == 1
    assert (players["Dan"].wins, players["Dan"].nils_made) == (1, 1)
    state.merge_players("Danny", "Dan")
    assert state.message == "Danny: now counted as Dan."
    players = {p.name: p for p in state.players}
    assert "Danny" not in players and players["Dan"].games == 2
    state.merge_players("Dan", "Danny")
    assert "already one player" in state.errors["merge"]
    state.merge_players(None, "Dan")
    assert state.errors["merge"] == "choose the two spellings to merge"
    state.unmerge_player("danny")
    assert {p.name for p in state.players} >= {"Danny", "Dan"}
    assert [(p.names, p.wins) for p in state.pairs if p.wins] == [(("Bob", "Dan"), 1)]


def test_export_and_import_through_the_browser_paths(store, tmp_path):
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    name, data = state.export_data("json")
    assert name == "spades-games.json" and b'"spades-score/1"' in data
    name, csv = state.export_data("csv", state.saved.id)
    assert name.endswith(".csv") and csv.count(b"\n") == 2
    with GameStore(tmp_path / "other") as other:
        fresh = AppState(other)
        fresh.import_file("games.json", data)
        assert fresh.message == "Imported 1 game from games.json."
        assert other.get(state.saved.id).game == state.saved.game
        fresh.import_file("games.json", data)
        assert fresh.message.startswith("Nothing was imported from games.json: ")
        assert "already stored" in fresh.message and other.history().total == 1


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"[" * 50_000 + b"]" * 50_000, "is not a file of games: it nests"),
        (b"\xff\xfe", "is not a JSON file"),
        (b'{"format": "spades-score/1", "players": "x"}', "Nothing was imported"),
        (
            b'[{"format": "spades-score/1", "players": ["a","b","c","d"], "id": "x"},'
            b' {"format": "spades-score/1", "players": ["a","b","c","d"], "id": "x"}]',
            "appears twice",
        ),
        (b" " * 20_000_001, "too big"),
    ],
    ids=["deep", "not-utf8", "wrong-types", "duplicate-ids", "huge"],
)
def test_hostile_imports_are_refused_and_write_nothing(store, data, says):
    state = AppState(store)
    state.import_file("bad.json", data)
    assert says in state.message
    assert store.history().total == 0


def test_a_file_too_big_is_named_with_its_size_and_the_limit(store):
    state = AppState(store)
    state.file_too_big("big.json", 21_500_000)
    assert "big.json" in state.message and "21.5 MB" in state.message
    assert "the limit is 20 MB" in state.message and "Export JSON" in state.message
    state.file_too_big("big.json", 20_000_001)  # never shown as the limit itself
    assert "(20.1 MB;" in state.message
    assert state.screen is Screen.HISTORY and store.history().total == 0


def test_history_filters(store):
    state = start(AppState(store), names=("Ann", "Bob", "Cy", "Dee"))
    start(state, names=("Zoë", "Yui"))
    state.show_history()
    assert state.history.total == 2
    state.filter_history(player="zo")
    assert [s.players for s in state.history.items] == [("Zoë", "Yui")]
    state.filter_history(player="", status="finished")
    assert state.history.total == 0
    state.filter_history(status="all")
    assert state.history.total == 2 and route_of(state) == "/history"


def test_unknown_routes_and_games_go_home(store):
    state = AppState(store)
    follow(state, "/game/nope")
    assert state.screen is Screen.HOME and state.message == "That game is no longer stored."
    follow(state, "/whatever")
    assert state.screen is Screen.HOME
    follow(state, "/new")
    assert state.screen is Screen.SETUP


def test_undoing_the_winning_hand_asks_and_says_the_game_is_open_again(store):
    state = start(AppState(store), target="100")
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    assert state.score.status is Status.FINISHED
    state.ask_undo_last_hand()
    assert state.confirm.question == "Remove hand 2?"
    assert "opens it again" in state.confirm.detail and len(state.saved.game.hands) == 2
    state.answer(False)
    assert state.confirm is None and len(state.saved.game.hands) == 2
    state.ask_undo_last_hand()
    state.answer(True)
    assert state.score.status is Status.IN_PROGRESS
    assert state.message == "Hand 2 was removed. The game is in progress again."


def test_after_the_last_bidder_the_keypad_goes_round_to_whoever_has_not_bid(store):
    """Bids taken out of turn (the first bidder was away from the table): after
    the last in order, the keypad goes back to the one still to bid."""
    state = start(AppState(store))
    state.begin_hand()  # Alex deals: Beth, Charlie, David, then Alex
    state.focus_seat(2)
    for key in ("3", "4", "2"):  # Charlie, David, Alex
        state.press(key)
    assert state.draft.bids == (Bid(2), None, Bid(3), Bid(4))
    assert state.keypad_seat == 1, "Beth has still to bid"
    state.press("5")
    assert state.draft.bids[1] == Bid(5) and state.keypad_seat is None


def test_the_keypad_moves_through_the_bidding_order(store):
    state = start(AppState(store))
    state.begin_hand()
    assert state.keypad_seat == 1  # Alex deals, Beth bids first
    for key in ("3", "0", "blind", "4"):
        state.press(key)
    assert state.draft.bids == (Bid(4), Bid(3), NIL, BLIND_NIL)
    assert state.keypad_seat is None, "everyone has bid"
    state.focus_seat(2)
    state.press("2")
    assert state.draft.bids[2] == Bid(2) and state.keypad_seat is None
    state.to_tricks()
    assert state.keypad_seat == 1
    for key in ("5", "0", "0"):
        state.press(key)
    assert state.keypad_seat == 0
    state.press("rest")
    assert state.draft.tricks == (8, 5, 0, 0) and state.draft.tricks_left() == 0
    state.request_cancel()
    assert state.confirm is not None and state.screen is Screen.HAND
    state.answer(True)
    assert state.screen is Screen.GAME and state.draft is None


def test_an_edit_changes_the_picked_player_and_stays_on_them(store):
    """Editing a saved hand corrects one value: each key changes the player
    picked and the keypad stays on them; a new hand still moves on."""
    state = start(AppState(store))
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.edit_hand(0)
    assert state.keypad_seat == 1, "the first bidder, whose line has the keyboard focus"
    state.focus_seat(2)
    state.press("5")
    assert state.draft.bids == (Bid(3), Bid(3), Bid(5), Bid(3)) and state.keypad_seat == 2
    state.press("4")  # a second thought: still Charlie's bid
    assert state.draft.bids[2] == Bid(4) and state.keypad_seat == 2
    state.to_tricks()
    assert state.keypad_seat == 1  # the first bidder again
    state.focus_seat(0)
    state.press("2")
    assert state.draft.tricks == (2, 3, 3, 3) and state.keypad_seat == 0
    state.focus_seat(3)
    state.press("rest")
    assert state.draft.tricks == (2, 3, 3, 5) and state.keypad_seat == 3
    state.focus_seat(1)
    state.press("13")  # 2 + 13 + 3 + 5: 10 too many
    state.focus_seat(0)
    state.press("rest")  # none left to give: nothing changes, the keypad stays
    assert state.draft.tricks == (2, 13, 3, 5) and state.keypad_seat == 0
    state.focus_seat(1)
    state.press("3")
    state.save_hand()
    assert state.errors == {} and state.saved.game.hands[0].tricks == (2, 3, 3, 5)
    state.begin_hand()  # a new hand: each key moves on, Beth deals, Charlie bids first
    assert state.keypad_seat == 2
    state.press("3")
    assert state.keypad_seat == 3


def test_a_failed_nil_says_its_tricks_are_bags_only_when_they_are():
    from scorekeeper.core.rules import FailedNilTricks, RuleSet
    from scorekeeper.core.scoring import score_game
    from scorekeeper.ui.text import event_lines
    from tests import factories

    failed = factories.hand([4, 3, "nil", 4], [3, 3, 2, 5])
    for rules, said in (
        (RuleSet(), "Charlie: nil failed (2 tricks, +2 as bags)"),
        (
            RuleSet(failed_nil_tricks=FailedNilTricks.COUNT_FOR_PARTNER),
            "Charlie: nil failed (2 tricks)",
        ),
    ):
        g = factories.game(failed, rules=rules)
        lines = [re.sub("[\u2066-\u2069]", "", line) for line in event_lines(g, score_game(g), 0)]
        assert said in lines, lines


def start_variant(state, variant, names, **rules):
    state.new_game()
    state.set_variant(variant)
    for seat, name in enumerate(names):
        state.set_name(seat, name)
    for name, value in rules.items():
        state.set_rule(name, value)
    state.start_game()
    assert state.errors == {}, state.errors
    return state


def test_a_cutthroat_game_plays_17_tricks_to_a_winner(store):
    state = start_variant(AppState(store), Variant.CUTTHROAT, ("Ana", "Ben", "Cy"), target="100")
    assert state.saved.game.variant is Variant.CUTTHROAT
    play(state, [6, 6, 4], [6, 7, 4])
    state.begin_hand()
    tap(state, 0, 17)
    assert state.draft.bids[0] == Bid(17), "the keypad goes to 17"
    state.cancel_hand()
    play(state, [5, 5, 5], [5, 7, 5])
    assert [t.score for t in state.score.sides] == [110, 113, 90]
    assert state.score.status is Status.FINISHED and state.score.winner == 1


def test_a_page_cannot_press_a_key_past_the_hands_tricks(store):
    state = start(AppState(store))
    state.begin_hand()
    for key in ("14", "17", "-1", "x"):
        tap(state, 0, key)
    assert state.draft.bids[0] is None


def test_suicide_is_refused_for_solo_at_setup_naming_the_rule(store):
    state = AppState(store)
    state.new_game()
    state.set_variant(Variant.SOLO)
    for seat, name in enumerate(("Ana", "Ben", "Cy", "Di")):
        state.set_name(seat, name)
    state.set_rule("bidding", "suicide")
    state.start_game()
    assert "suicide bidding needs partners" in state.errors["rules.bidding"]
    assert state.saved is None


def test_the_keeper_adds_changes_and_removes_a_penalty(store):
    state = start_variant(AppState(store), Variant.SOLO, ("Ana", "Ben", "Cy", "Di"), target="300")
    play(state, [3, 3, 3, 3], [4, 3, 3, 3])
    state.open_adjustment(0)
    state.set_adjustment_side(2)
    state.set_adjustment_points("ten")
    state.set_adjustment_reason("x" * 61)
    state.save_adjustment()
    assert set(state.errors) == {"adjustment.points", "adjustment.reason"}, "all at once"
    assert "'ten' is not a whole number" in state.errors["adjustment.points"]
    state.set_adjustment_points("-30")
    state.set_adjustment_reason(" renege ")
    state.save_adjustment()
    assert state.errors == {} and state.corrections.adjusting is None
    hand = store.get(state.saved.id).game.hands[0]
    assert [(a.side, a.points, a.reason) for a in hand.adjustments] == [(2, -30, "renege")]
    assert [t.score for t in state.score.sides] == [31, 30, 0, 30]
    state.open_adjustment(0, 0)
    assert (state.corrections.adjusting.side, state.corrections.adjusting.points) == (2, "-30")
    state.set_adjustment_points("-20")
    state.save_adjustment()
    assert state.score.sides[2].score == 10
    state.remove_adjustment(0, 0)
    assert (
        state.score.sides[2].score == 30
        and store.get(state.saved.id).game.hands[0].adjustments == ()
    )
