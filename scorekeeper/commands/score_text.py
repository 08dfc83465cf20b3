"""`scorekeeper score --text`: a game's hands in words, as the app says them
("Ana + Cy: blind 7 made, 8 of 7, +140"), who dealt, each side's points, the
next dealer and the result."""

from scorekeeper.core.model import Game, Variant
from scorekeeper.core.scoring import GameScore
from scorekeeper.i18n import _
from scorekeeper.ui.text import event_lines, num, outcome, player, side_label, signed

ISOLATE_MARKS = dict.fromkeys(range(0x2066, 0x206A))  # around names and pairs of names


def score_text(game: Game, score: GameScore) -> list[str]:
    """Per hand: a title with its dealer, what happened, then each side's points
    and running score; last, the totals, who deals the next hand, and the result
    (a tie to play on, or the winner)."""
    lines: list[str] = []
    for hand in score.hands:
        lines.append(
            _("Hand {number} · Dealer: {dealer}").format(
                number=num(hand.index + 1), dealer=player(game, hand.dealer)
            )
        )
        lines.extend(f"  {line}" for line in event_lines(game, score, hand.index))
        lines.extend(
            "  "
            + _("{names}: {points} this hand, {score} in all").format(
                names=side_label(game, sh.side), points=signed(sh.points), score=num(sh.score)
            )
            for sh in hand.sides
        )
    lines.extend(
        _("{names}: {score}").format(names=side_label(game, t.side), score=num(t.score))
        for t in score.sides
    )
    if score.next_dealer is not None and score.next_first_bidder is not None:
        lines.append(
            (
                _("Hand {number} · Draws first: {dealer} · Bids first: {bidder}")
                if game.variant is Variant.TWO_PLAYER
                else _("Hand {number} · Dealer: {dealer} · Bids first: {bidder}")
            ).format(
                number=num(len(game.hands) + 1),
                dealer=player(game, score.next_dealer),
                bidder=player(game, score.next_first_bidder),
            )
        )
    result = outcome(game, score)
    if result:
        lines.append(result)
    return [line.translate(ISOLATE_MARKS) for line in lines]  # a terminal shows them raw
