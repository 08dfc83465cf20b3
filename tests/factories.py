"""Small builders shared by the tests."""

from scorekeeper.core.model import BLIND_NIL, NIL, Bid, Game, Hand, Variant
from scorekeeper.core.rules import RuleSet

PLAYERS = ("Alex", "Beth", "Charlie", "David")


def bid(value: int | str) -> Bid:
    if value == "nil":
        return NIL
    if value == "blind_nil":
        return BLIND_NIL
    assert isinstance(value, int)
    return Bid(value)


def hand(bids: list[int | str], tricks: list[int]) -> Hand:
    return Hand(tuple(bid(b) for b in bids), tuple(tricks))


def game(*hands: Hand, rules: RuleSet | None = None, first_dealer: int = 0) -> Game:
    return Game(Variant.PARTNERSHIP, PLAYERS, first_dealer, rules or RuleSet(), tuple(hands))


def two_player(*hands: Hand, rules: RuleSet | None = None) -> Game:
    return Game(Variant.TWO_PLAYER, ("Ana", "Ben"), 0, rules or RuleSet(), tuple(hands))


EVEN = hand([3, 3, 3, 3], [4, 3, 3, 3])  # side 0: 61, side 1: 60
