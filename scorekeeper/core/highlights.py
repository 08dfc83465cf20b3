"""A session's highlights, as players retell the evening: the biggest hand,
the nils made and failed, the sides set, and the bags paid for. Pure
functions over the scored games of one session, in the order played; the
session's page only puts them into words."""

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.scoring import GameScore, ScoredGame


@dataclass(frozen=True)
class BigHand:
    """The most points one side scored in one hand of the session."""

    game: int  # the game's place in the session, 0-based
    hand: int  # the hand's index in its game, 0-based
    side: int  # the side's index in its game
    points: int


@dataclass(frozen=True)
class Highlights:
    """What stood out over a session's games."""

    biggest: BigHand | None  # None before any hand was played
    nils_made: int  # nil and blind nil bids made
    nils_failed: int  # nil and blind nil bids failed
    sets: int  # contracts a side fell short of
    bag_penalties: int  # times a side's bags reached the limit
    bag_points: int  # the points those penalties cost, as a positive number

    @property
    def empty(self) -> bool:
        """Nothing to tell: no hand was played."""
        return self.biggest is None


def biggest_hand(scores: Sequence[GameScore]) -> BigHand | None:
    """The side-hand with the most points; the first one played on a tie."""
    best: BigHand | None = None
    for place, score in enumerate(scores):
        for hand in score.hands:
            for side in hand.sides:
                if best is None or side.points > best.points:
                    best = BigHand(place, hand.index, side.side, side.points)
    return best


def session_highlights(games: Sequence[ScoredGame]) -> Highlights:
    """The highlights of a session's games (in progress ones count so far)."""
    scores = [game.score for game in games]
    sides = [side for score in scores for hand in score.hands for side in hand.sides]
    nils = [nil for side in sides for nil in side.nils]
    return Highlights(
        biggest=biggest_hand(scores),
        nils_made=sum(nil.made for nil in nils),
        nils_failed=sum(not nil.made for nil in nils),
        sets=sum(side.made is False for side in sides),
        bag_penalties=sum(side.penalties for side in sides),
        bag_points=-sum(side.penalty_points for side in sides),
    )
