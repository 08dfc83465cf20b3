import pytest

from scorekeeper.core.game import add_hand, new_game
from scorekeeper.core.model import Bid, Hand, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.core.scoring import score_game
from scorekeeper.errors import GameOverError, InvalidGameError, InvalidHandError
from tests.factories import PLAYERS, game, hand, two_player


def problems_of(g, h):
    with pytest.raises(InvalidHandError) as info:
        add_hand(g, h)
    return {p.field: p.message for p in info.value.problems}


def test_tricks_must_add_up_to_13_and_say_by_how_much():
    found = problems_of(game(), hand([3, 3, 3, 3], [4, 3, 3, 2]))
    assert found == {"tricks": "tricks add up to 12, but every hand has 13 (1 trick missing)"}
    found = problems_of(game(), hand([3, 3, 3, 3], [5, 5, 3, 3]))
    assert "16" in found["tricks"] and "3 tricks too many" in found["tricks"]


@pytest.mark.parametrize("bad", [14, -1, 100])
def test_bid_out_of_range_quotes_value_and_player(bad):
    found = problems_of(game(), Hand((Bid(bad), Bid(3), Bid(3), Bid(3)), (4, 3, 3, 3)))
    assert list(found) == ["bid.0"]
    assert f"Alex: {bad}" in found["bid.0"] and "0 (nil) to 13" in found["bid.0"]


@pytest.mark.parametrize("bad", [1.5, "3", None, True, -2])
def test_tricks_not_whole_numbers_are_refused(bad):
    found = problems_of(game(), hand([3, 3, 3, 3], [bad, 3, 3, 7]))
    assert list(found) == ["tricks.0"]
    assert repr(bad) in found["tricks.0"]


def test_every_problem_is_reported_at_once():
    found = problems_of(game(), Hand((Bid(20), Bid(3), Bid(3), Bid(-1)), (4, 3, 3, 1)))
    assert set(found) == {"bid.0", "bid.3", "tricks"}


def test_wrong_number_of_bids_and_tricks():
    found = problems_of(game(), hand([3, 3, 3], [4, 3, 3, 3, 0]))
    assert "got 3" in found["bids"] and "got 5" in found["tricks"]


def test_blind_only_with_nil():
    found = problems_of(game(), Hand((Bid(5, blind=True), Bid(3), Bid(3), Bid(2)), (5, 3, 3, 2)))
    assert "only nil may be bid blind" in found["bid.0"]


def test_nothing_after_a_win():
    rules = RuleSet(target=100)
    won = game(hand([6, 3, 4, 0], [6, 3, 4, 0]), rules=rules)
    assert score_game(won).winner == 1
    with pytest.raises(GameOverError) as info:
        add_hand(won, hand([3, 3, 3, 3], [4, 3, 3, 3]))
    assert info.value.hand_number == 2
    assert "won at hand 1" in str(info.value)


def test_house_rules_can_forbid_nil_and_blind_nil():
    rules = RuleSet(allow_nil=False, allow_blind_nil=False)
    found = problems_of(game(rules=rules), hand(["nil", 3, "blind_nil", 3], [0, 3, 0, 10]))
    assert "do not allow" in found["bid.0"] and "do not allow" in found["bid.2"]


def test_blind_nil_only_when_trailing():
    rules = RuleSet(blind_nil_min_deficit=100)
    start = game(rules=rules)
    found = problems_of(start, hand(["blind_nil", 3, 4, 3], [0, 3, 7, 3]))
    assert "trails by 100 or more (now 0)" in found["bid.0"]
    # side 0 is set for -100 while side 1 makes 60: now 160 behind
    behind = add_hand(start, hand([5, 3, 5, 3], [2, 3, 2, 6]))
    add_hand(behind.game, hand(["blind_nil", 3, 4, 3], [0, 3, 7, 3]))


def test_minimum_side_bid():
    rules = RuleSet(min_side_bid=4)
    found = problems_of(game(rules=rules), hand([1, 5, 2, 5], [1, 5, 2, 5]))
    assert found == {"side.0": "Alex + Charlie: side bid 3; this game's minimum is 4"}
    add_hand(game(rules=rules), hand(["nil", 5, 2, 5], [0, 5, 3, 5]))  # a nil side is exempt


def test_setup_problems_all_at_once():
    with pytest.raises(InvalidGameError) as info:
        new_game(Variant.PARTNERSHIP, ["Alex", " ", "alex ", "x" * 31], first_dealer=4)
    fields = [p.field for p in info.value.problems]
    assert fields == ["players.1", "players.2", "players.3", "first_dealer"]
    assert "'alex' looks the same as 'Alex', player 1" in info.value.problems[1].message


def test_setup_needs_right_player_count():
    with pytest.raises(InvalidGameError, match="needs 2 players, got 4"):
        new_game(Variant.TWO_PLAYER, list(PLAYERS))


def test_names_in_any_script_are_kept_trimmed():
    g = new_game(Variant.PARTNERSHIP, [" สมชาย ", "דוד", "Zoë", "🂡 Ace"])
    assert g.players == ("สมชาย", "דוד", "Zoë", "🂡 Ace")


def test_two_player_tricks_total_13():
    with pytest.raises(InvalidHandError, match="add up to 12"):
        add_hand(two_player(), hand([5, 5], [6, 6]))
