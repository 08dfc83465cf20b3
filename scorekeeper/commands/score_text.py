"""`scorekeeper score --text`: a game's hands in words, as the app says them
("Ana + Cy: blind 7 made, 8 of 7, +140"), each side's points, and the result."""

from scorekeeper.core.model import Game
from scorekeeper.core.scoring import GameScore
from scorekeeper.i18n import _
from scorekeeper.ui.text import event_lines, num, outcome, side_label, signed

ISOLATE_MARKS = dict.fromkeys(range(0x2066, 0x206A))  # around names and pairs of names


def score_text(game: Game, score: GameScore) -> list[str]:
    """Per hand: a title, what happened, then each side's points and running
    score; last, the totals and the result (a tie to play on, or the winner)."""
    lines: list[str] = []
    for hand in score.hands:
        lines.append(_("Hand {number}").format(number=num(hand.index + 1)))
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
    result = outcome(game, score)
    if result:
        lines.append(result)
    return [line.translate(ISOLATE_MARKS) for line in lines]  # a terminal shows them raw
