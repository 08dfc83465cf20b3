"""A hand being entered: bids first, then tricks. Saved on every tap so a
reload or a restart mid-hand loses nothing; becomes a Hand when complete."""

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from scorekeeper.errors import Problem
from scorekeeper.i18n import _
from scorekeeper.model import MAX_BID, TRICKS_PER_HAND, Bid, Game, Hand

T = TypeVar("T")


class Step(StrEnum):
    BIDS = "bids"
    TRICKS = "tricks"


@dataclass(frozen=True)
class HandDraft:
    bids: tuple[Bid | None, ...]
    tricks: tuple[int, ...]  # start at 0: most nil bidders take none
    step: Step = Step.BIDS
    editing: int | None = None  # index of the recorded hand being changed

    @classmethod
    def empty(cls, players: int) -> "HandDraft":
        return cls((None,) * players, (0,) * players)

    @classmethod
    def of_hand(cls, hand: Hand, index: int) -> "HandDraft":
        return cls(hand.bids, hand.tricks, Step.BIDS, index)

    def with_bid(self, seat: int, bid: Bid | None) -> "HandDraft":
        return replace(self, bids=_set(self.bids, seat, bid))

    def step_bid(self, seat: int, delta: int) -> "HandDraft":
        current = self.bids[seat]
        value = 0 if current is None else current.value
        return self.with_bid(seat, Bid(min(MAX_BID, max(0, value + delta))))

    def with_tricks(self, seat: int, tricks: int) -> "HandDraft":
        return replace(self, tricks=_set(self.tricks, seat, tricks))

    def step_tricks(self, seat: int, delta: int) -> "HandDraft":
        return self.with_tricks(seat, min(TRICKS_PER_HAND, max(0, self.tricks[seat] + delta)))

    def rest_to(self, seat: int) -> "HandDraft":
        """Give `seat` whatever tricks the others have not taken."""
        others = sum(t for i, t in enumerate(self.tricks) if i != seat)
        return self.with_tricks(seat, max(0, TRICKS_PER_HAND - others))

    def tricks_left(self) -> int:
        return TRICKS_PER_HAND - sum(self.tricks)

    def contract(self, seats: tuple[int, ...]) -> int:
        return sum(b.value for s in seats if (b := self.bids[s]) is not None)

    def missing_bids(self, game: Game) -> list[Problem]:
        return [
            Problem(f"bid.{seat}", _("{name} has not bid yet").format(name=game.players[seat]))
            for seat, bid in enumerate(self.bids)
            if bid is None
        ]

    def to_hand(self) -> Hand:
        """The hand as entered (a missing bid becomes an invalid one, reported as such)."""
        return Hand(tuple(b if b is not None else Bid(-1) for b in self.bids), self.tricks)


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1 :])
