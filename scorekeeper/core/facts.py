"""One game boiled down to counts (`game_facts`): cheap to keep with each
stored game, so statistics never re-score the games they count."""

from dataclasses import dataclass

from scorekeeper.core.model import Game
from scorekeeper.core.scoring import GameScore, Status


@dataclass(frozen=True)
class SeatFacts:
    """What the statistics count of one player in one game."""

    name: str
    side: int
    bids: int  # sum of the non-nil bids
    bid_hands: int  # hands with a non-nil bid
    nils: int
    nils_made: int
    blind_nils: int
    blind_nils_made: int
    # added with blind bids: facts kept before them read as none
    blind_bids_made: int = 0  # hands the player bid blind and the side made it
    blind_bids_set: int = 0


@dataclass(frozen=True)
class SideFacts:
    """What the statistics count of one side in one game."""

    made: int  # hands the side made its contract
    set: int  # hands it was set
    bagged: int  # hands it took bags
    bags: int
    penalties: int


@dataclass(frozen=True)
class GameFacts:
    """What the statistics count of one game, kept with its summary."""

    finished: bool
    winner: int | None
    hands: int
    seats: tuple[SeatFacts, ...]
    sides: tuple[SideFacts, ...]


def game_facts(game: Game, score: GameScore) -> GameFacts:
    """The facts the statistics count, from a game and its score."""
    seats = []
    for seat, name in enumerate(game.players):
        bids = [h.bids[seat] for h in game.hands]
        taken = [h.tricks[seat] for h in game.hands]
        nils = [t for b, t in zip(bids, taken, strict=True) if b.is_nil and not b.blind]
        blinds = [t for b, t in zip(bids, taken, strict=True) if b.is_blind_nil]
        side = game.variant.side_of(seat)
        blind_made = [
            h.sides[side].made for b, h in zip(bids, score.hands, strict=True) if b.is_blind_bid
        ]
        seats.append(
            SeatFacts(
                name=name,
                side=side,
                bids=sum(b.value for b in bids if not b.is_nil),
                bid_hands=sum(not b.is_nil for b in bids),
                nils=len(nils),
                nils_made=nils.count(0),
                blind_nils=len(blinds),
                blind_nils_made=blinds.count(0),
                blind_bids_made=blind_made.count(True),
                blind_bids_set=blind_made.count(False),
            )
        )
    sides = []
    for side in range(len(game.variant.sides)):
        results = [h.sides[side] for h in score.hands]
        sides.append(
            SideFacts(
                made=sum(r.made is True for r in results),
                set=sum(r.made is False for r in results),
                bagged=sum(r.bags > 0 for r in results),
                bags=sum(r.bags for r in results),
                penalties=sum(r.penalties for r in results),
            )
        )
    return GameFacts(
        score.status is Status.FINISHED, score.winner, len(game.hands), tuple(seats), tuple(sides)
    )
