"""A hand being entered: bids first, then tricks. Saved on every tap so a
reload or a restart mid-hand loses nothing; becomes a Hand when complete.

An entry knows which hand it is for and the game revision it started from.
When the game changes (on this device or another), `carry_over` carries it over if it
still means the same thing, or drops it and says why: never a silent retarget.
"""

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from scorekeeper.core.model import TRICKS_PER_HAND, Adjustment, Bid, Game, Hand
from scorekeeper.errors import Problem
from scorekeeper.i18n import _

T = TypeVar("T")


class Step(StrEnum):
    """Where an entry is: bids, then tricks."""

    BIDS = "bids"
    TRICKS = "tricks"


@dataclass(frozen=True)
class HandDraft:
    """A hand being entered on the keypad, kept as it is typed (also across devices)."""

    bids: tuple[Bid | None, ...]
    tricks: tuple[int, ...]  # start at 0: most nil bidders take none
    step: Step = Step.BIDS
    editing: int | None = None  # index of the recorded hand being changed
    index: int = 0  # which hand (0-based) this entry is for: the next one, or `editing`
    base: int | None = None  # the game revision it started from (None: stored by an older app)
    original: Hand | None = None  # an edit: the hand as it was when the edit began
    total: int = TRICKS_PER_HAND  # tricks in the hand (17 in cutthroat): set by `carry_over`
    adjustments: tuple[Adjustment, ...] = ()  # an edit keeps the hand's adjustments
    dealer: int | None = None  # who dealt, when the entry names it (an edit's correction)

    @classmethod
    def empty(
        cls, players: int, index: int = 0, base: int | None = None, total: int = TRICKS_PER_HAND
    ) -> "HandDraft":
        """An entry with no bid and no trick yet."""
        return cls((None,) * players, (0,) * players, index=index, base=base, total=total)

    @classmethod
    def of_hand(
        cls, hand: Hand, index: int, base: int | None = None, total: int = TRICKS_PER_HAND
    ) -> "HandDraft":
        """An entry to change a recorded hand, starting from its bids and tricks."""
        return cls(
            hand.bids,
            hand.tricks,
            Step.BIDS,
            index,
            index,
            base,
            hand,
            total,
            hand.adjustments,
            hand.dealer,
        )

    @property
    def number(self) -> int:
        """The hand's number as people count them (1 is the first)."""
        return self.index + 1

    def dealt_by(self, game: Game) -> int:
        """Who deals (or dealt) the hand: the entry's correction, or the game's
        (an entry's seat that is not one of the game's is no correction)."""
        named = self.dealer
        if named is not None and 0 <= named < game.variant.player_count:
            return named
        return game.dealer(self.index)

    def with_bid(self, seat: int, bid: Bid | None) -> "HandDraft":
        """The entry with `seat`'s bid set (None: cleared)."""
        return replace(self, bids=_set(self.bids, seat, bid))

    def with_tricks(self, seat: int, tricks: int) -> "HandDraft":
        """The entry with `seat`'s tricks set."""
        return replace(self, tricks=_set(self.tricks, seat, tricks))

    def left_for(self, seat: int) -> int:
        """The tricks the others have not taken: below 0 when they took too many."""
        return self.total - sum(t for i, t in enumerate(self.tricks) if i != seat)

    def rest_to(self, seat: int) -> "HandDraft":
        """Give `seat` whatever tricks the others have not taken."""
        return self.with_tricks(seat, max(0, self.left_for(seat)))

    def after(self, seat: int, order: tuple[int, ...]) -> int | None:
        """Whose bid or tricks the keypad sets once `seat`'s were set (`order`: the
        bidding order). An edit corrects one value, so it stays on that player; a new
        hand follows the play: the next player still to bid, round the table, and in
        the tricks the next one in order (nobody after the last)."""
        if self.editing is not None:
            return seat
        at = order.index(seat)
        later = order[at + 1 :]
        if self.step is Step.BIDS:
            return next((s for s in later + order[:at] if self.bids[s] is None), None)
        return later[0] if later else None

    def tricks_left(self) -> int:
        """The tricks of the hand not yet given to a player."""
        return self.total - sum(self.tricks)

    def contract(self, seats: tuple[int, ...]) -> int:
        """The sum of the non-nil bids entered for these seats."""
        return sum(b.value for s in seats if (b := self.bids[s]) is not None)

    def missing_bids(self, game: Game) -> list[Problem]:
        """A problem for each player whose bid is not entered yet."""
        return [
            Problem(f"bid.{seat}", _("No bid yet: {name}").format(name=game.players[seat]))
            for seat, bid in enumerate(self.bids)
            if bid is None
        ]

    def to_hand(self) -> Hand:
        """The hand as entered (a missing bid becomes an invalid one, reported as such)."""
        return Hand(
            tuple(b if b is not None else Bid(-1) for b in self.bids),
            self.tricks,
            self.adjustments,
            self.dealer,
        )


@dataclass(frozen=True)
class CarriedOver:
    """An entry measured against a version of its game."""

    draft: HandDraft | None  # carried over (based on that version), or None: dropped
    notice: str | None = None  # what to tell the person; None when nothing changed for them
    theirs: int | None = None  # a hand saved elsewhere in the entry's place, to show


def carry_over(draft: HandDraft, game: Game, revision: int, finished: bool = False) -> CarriedOver:
    """Carry `draft` over to `game` at `revision`, or drop it saying why.

    A new hand still fits while it is still the next hand to play; an edit while
    the hand it changes is still there, unchanged, at its place."""
    count, players = len(game.hands), game.variant.player_count
    draft = replace(draft, total=game.variant.tricks)
    editing = draft.editing is not None
    if draft.base is None:  # stored by an app that did not record it: the hand is implied
        draft = replace(draft, index=draft.editing if draft.editing is not None else count)
    number = draft.number
    if (
        len(draft.bids) != players
        or len(draft.tricks) != players
        or (editing and draft.editing != draft.index)
        or (editing and draft.index >= count and draft.base is None)
    ):
        return CarriedOver(None, _no_longer_fits(number))
    if draft.base is None:
        if editing:  # nothing tells whether the hand changed since
            return CarriedOver(
                None,
                _(
                    "An unfinished edit of hand {number} was discarded: it could not be checked "
                    "against the game."
                ).format(number=number),
            )
        draft = replace(draft, base=revision)
    if editing:
        unchanged = draft.index < count and same_hand(game.hands[draft.index], draft.original)
        if unchanged:
            return _rebased(draft, revision, number)
        if draft.index >= count:
            notice = _("Hand {number} was removed on another device: your edit was discarded.")
        else:
            notice = _("Hand {number} was changed on another device: your edit was discarded.")
        return CarriedOver(None, notice.format(number=number))
    if count > draft.index:
        return CarriedOver(
            None,
            _("Hand {number} was saved on another device: your entry was discarded.").format(
                number=number
            ),
            theirs=draft.index,
        )
    if count < draft.index:
        return CarriedOver(
            None,
            _(
                "Hand {removed} was removed on another device: "
                "your entry for hand {number} was discarded."
            ).format(removed=draft.index, number=number),
        )
    if finished:
        return CarriedOver(
            None,
            _("The game is over: your entry for hand {number} was discarded.").format(
                number=number
            ),
        )
    return _rebased(draft, revision, number)


def same_hand(now: Hand, original: Hand | None) -> bool:
    """Whether a recorded hand is still the one an edit began from: a hand kept
    before hands recorded their dealer gets its dealer written in by a change
    elsewhere in the game, and is still the same hand."""
    if original is not None and original.dealer is None:
        now = replace(now, dealer=None)
    return now == original


def _rebased(draft: HandDraft, revision: int, number: int) -> CarriedOver:
    if draft.base == revision:
        return CarriedOver(draft)
    return CarriedOver(
        replace(draft, base=revision),
        _("The game was changed on another device; your entry for hand {number} was kept.").format(
            number=number
        ),
    )


def _no_longer_fits(number: int) -> str:
    return _("The entry for hand {number} no longer fits this game and was discarded.").format(
        number=number
    )


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1 :])
