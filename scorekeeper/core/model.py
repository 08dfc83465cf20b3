"""The domain: variants, seats and sides, bids, hands and games.

Plain frozen values. Checking them is `validation`'s job, scoring them is
`scoring`'s; a game never stores a total.
"""

from dataclasses import dataclass, field
from enum import StrEnum

from scorekeeper.core.rules import RuleSet

TRICKS_PER_HAND = 13
MAX_TRICKS = 17  # the most tricks any variant deals (cutthroat)


class Variant(StrEnum):
    """The kind of game: partnership, two-player, cutthroat or solo."""

    PARTNERSHIP = "partnership"  # 4 players, seats 0+2 against 1+3
    TWO_PLAYER = "two-player"  # 2 players, each a side
    CUTTHROAT = "cutthroat"  # 3 players, each a side; one 2 out of the deck: 17 tricks
    SOLO = "solo"  # 4 players, each a side

    @property
    def player_count(self) -> int:
        """How many players the variant seats."""
        return _PLAYERS[self]

    @property
    def tricks(self) -> int:
        """Tricks in a hand: the cards each player holds."""
        return 17 if self is Variant.CUTTHROAT else TRICKS_PER_HAND

    @property
    def partnership(self) -> bool:
        """Whether players play in sides of two."""
        return self is Variant.PARTNERSHIP

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Seats of each side; partners sit opposite, anyone else is a side alone."""
        if self is Variant.PARTNERSHIP:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.player_count))

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return seat % len(self.sides)


_PLAYERS = {
    Variant.PARTNERSHIP: 4,
    Variant.TWO_PLAYER: 2,
    Variant.CUTTHROAT: 3,
    Variant.SOLO: 4,
}


@dataclass(frozen=True)
class Bid:
    """A number of tricks; 0 is nil. `blind`: bid before looking at the cards,
    a blind nil with 0, a blind bid ("blind 6", a house rule) with more."""

    value: int
    blind: bool = False

    @property
    def is_nil(self) -> bool:
        """Whether the bid is nil (blind or not)."""
        return self.value == 0

    @property
    def is_blind_nil(self) -> bool:
        """Nil bid before looking at the cards (its bonus is doubled)."""
        return self.blind and self.value == 0

    @property
    def is_blind_bid(self) -> bool:
        """A blind contract bid: tricks promised unseen (never nil)."""
        return self.blind and self.value != 0


NIL = Bid(0)
BLIND_NIL = Bid(0, blind=True)


def blind_bid(value: int) -> Bid:
    """A bid of `value` tricks made before looking at the cards."""
    return Bid(value, blind=True)


@dataclass(frozen=True)
class Adjustment:
    """Points the keeper adds to or takes from a side for a hand (a renege's
    penalty, a correction), after its bag penalty; never bags."""

    side: int
    points: int
    reason: str = ""


@dataclass(frozen=True)
class Hand:
    """What the table bid and took, by seat, any adjustments by side, and the
    seat that dealt it. `dealer` None: a hand recorded before hands kept their
    dealer, whose dealer follows from the hands before it (`Game.dealer`)."""

    bids: tuple[Bid, ...]
    tricks: tuple[int, ...]
    adjustments: tuple[Adjustment, ...] = ()
    dealer: int | None = None


@dataclass(frozen=True)
class Game:
    """Players, rules, the first dealer and the hands recorded: the source of truth."""

    variant: Variant
    players: tuple[str, ...]  # clockwise by seat
    first_dealer: int = 0
    rules: RuleSet = field(default_factory=RuleSet)
    hands: tuple[Hand, ...] = ()
    # Optional names of the sides ("Us", "Them", a team's name), one per side,
    # "" where a side has none; () when no side is named.
    team_names: tuple[str, ...] = ()

    def dealer(self, hand_index: int) -> int:
        """Seat that deals hand `hand_index` (0-based; `len(hands)`: the next hand).

        A hand that records its dealer says it. Otherwise the deal passes left
        from the nearest earlier hand that records one (or from the first dealer),
        so a game kept before hands recorded their dealer reads as it always did.
        In the two-player game "dealer" is whoever draws first; it alternates too.
        """
        n = self.variant.player_count
        for known in range(min(hand_index, len(self.hands) - 1), -1, -1):
            dealt = self.hands[known].dealer
            if dealt is not None:
                return (dealt + hand_index - known) % n
        return (self.first_dealer + hand_index) % n

    def dealers(self) -> tuple[int, ...]:
        """Every hand's dealer, then the next hand's, in one pass (as `dealer`)."""
        n, seat, seats = self.variant.player_count, self.first_dealer, []
        for hand in self.hands:
            seat = seat if hand.dealer is None else hand.dealer
            seats.append(seat % n)
            seat += 1
        return (*seats, seat % n)

    def bidding_order(self, hand_index: int) -> tuple[int, ...]:
        """Seats in bidding order: left of the dealer first, who also leads."""
        return bidding_order(self.dealer(hand_index), self.variant.player_count)

    def team_name(self, side: int) -> str:
        """The side's own name, or "" when it has none."""
        return self.team_names[side] if side < len(self.team_names) else ""

    def side_names(self, side: int) -> tuple[str, ...]:
        """The names of the side's players, in seat order."""
        return tuple(self.players[seat] for seat in self.variant.sides[side])


def bidding_order(dealer: int, players: int) -> tuple[int, ...]:
    """Seats in bidding order after `dealer`: left of the dealer first, who also leads."""
    return tuple((dealer + 1 + i) % players for i in range(players))
