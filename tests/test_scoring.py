from dataclasses import replace

import pytest

from scorekeeper.core.game import add_hand, rematch, remove_hand, replace_hand, undo_last_hand
from scorekeeper.core.rules import FailedNilTricks, RuleSet
from scorekeeper.core.scoring import Event, EventKind, Status, decide, score_game
from scorekeeper.errors import GameOverError, InvalidHandError
from tests.factories import EVEN, game, hand, two_player


def kinds(g, index=-1):
    return [(e.kind, e.side) for e in score_game(g).hands[index].events]


def test_events_name_what_happened():
    g = game(hand([4, 3, "nil", 4], [4, 3, 2, 4]))
    assert kinds(g) == [(EventKind.MADE, 0), (EventKind.NIL_FAILED, 0), (EventKind.MADE, 1)]
    nil_event = score_game(g).hands[0].events[1]
    assert nil_event == Event(EventKind.NIL_FAILED, side=0, seat=2, count=2)


def test_events_for_set_blind_nil_and_penalty():
    rules = RuleSet(bag_limit=3)
    g = game(hand([5, "blind_nil", 3, 3], [3, 0, 1, 9]), rules=rules)
    assert kinds(g) == [
        (EventKind.SET, 0),
        (EventKind.MADE, 1),
        (EventKind.BLIND_NIL_MADE, 1),
        (EventKind.BAG_PENALTY, 1),
    ]


def test_game_won_and_tie_events():
    rules = RuleSet(target=100)
    assert kinds(game(hand([6, 3, 4, 0], [6, 3, 4, 0]), rules=rules))[-1] == (EventKind.GAME_WON, 1)
    tied = game(hand([4, 3, 3, 3], [4, 3, 3, 3]), hand([3, 4, 3, 3], [3, 4, 3, 3]), rules=rules)
    assert kinds(tied)[-1] == (EventKind.TIE, None)
    assert score_game(tied).tied and score_game(tied).status is Status.IN_PROGRESS


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ((499, 480), (None, False, False)),
        ((500, 480), (0, False, False)),
        ((510, 530), (1, False, False)),
        ((520, 520), (None, True, False)),
        ((-200, 50), (1, False, True)),
        ((-250, -210), (1, False, True)),
        ((-200, 600), (1, False, False)),
    ],
)
def test_decide(scores, expected):
    assert decide(scores, RuleSet(mercy=-200)) == expected


def test_mercy_off_by_default():
    assert decide((-5000, 10), RuleSet()) == (None, False, False)


def test_undo_and_edit_rescore_everything():
    first = hand([4, 3, "nil", 4], [4, 3, 2, 4])  # side 0: -58
    g = game(first, EVEN)
    assert score_game(g).sides[0].score == -58 + 61
    edited = replace_hand(g, 0, hand([4, 3, "nil", 4], [6, 3, 0, 4]))  # nil made: 40+2+100
    assert edited.score == score_game(edited.game) and edited.totals[0].score == 142 + 61
    assert undo_last_hand(g).totals[0].score == -58
    assert remove_hand(g, 0).game.hands == (replace(EVEN, dealer=1),), "hand 2 was dealt by 1"
    assert g.hands == (first, EVEN), "operations never change the game passed in"


def test_edit_that_would_end_the_game_early_is_refused():
    rules = RuleSet(target=100)
    g = game(EVEN, EVEN, rules=rules)
    with pytest.raises(GameOverError, match="won at hand 1"):
        replace_hand(g, 0, hand([6, 3, 4, 0], [6, 3, 4, 0]))


def test_missing_hand_index():
    with pytest.raises(InvalidHandError, match="no hand 3: this game has 1"):
        remove_hand(game(EVEN), 2)
    with pytest.raises(InvalidHandError, match="no hand 0"):
        undo_last_hand(game())


def test_rematch_keeps_players_rules_and_moves_the_deal():
    g = game(EVEN, EVEN, rules=RuleSet(target=300), first_dealer=1)
    again = rematch(g)
    assert again.players == g.players and again.rules == g.rules
    assert again.first_dealer == 3 and again.hands == ()


def test_two_player_dealer_alternates():
    g = two_player(hand([5, 5], [6, 7]), hand([5, 5], [6, 7]))
    s = score_game(g)
    assert [h.dealer for h in s.hands] == [0, 1] and [h.first_bidder for h in s.hands] == [1, 0]
    assert s.next_dealer == 0


def test_add_hand_returns_new_game():
    g = game()
    added = add_hand(g, EVEN)
    assert added.game.hands == (replace(EVEN, dealer=0),) and g.hands == ()
    assert replace(added.game, hands=()) == g
    assert added.score == score_game(added.game) and len(added.hands) == 1


def test_a_failed_nils_tricks_are_bags_unless_they_count_for_the_partner():
    failed = hand([4, 3, "nil", 4], [3, 3, 2, 5])  # Alex 3 of 4, Charlie's nil takes 2
    as_bags = score_game(game(failed)).hands[0].sides[0]
    assert (as_bags.nil_bags, as_bags.bags, as_bags.points) == (2, 2, -40 - 100 + 2)
    rules = RuleSet(failed_nil_tricks=FailedNilTricks.COUNT_FOR_PARTNER)
    for_partner = score_game(game(failed, rules=rules)).hands[0].sides[0]
    assert (for_partner.nil_bags, for_partner.bags, for_partner.points) == (0, 1, 40 - 100 + 1)
