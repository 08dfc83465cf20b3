"""A game's score as plain JSON-ready data (the CLI's output, export, API)."""

from typing import Any

from scorekeeper.core.model import Game
from scorekeeper.core.scoring import GameScore, SideHand


def _side_hand(sh: SideHand) -> dict[str, Any]:
    return {
        "contract": sh.contract,
        "tricks": sh.tricks_toward,
        "made": sh.made,
        "contract_points": sh.contract_points,
        "big_bid": sh.big_bid,
        "blind": sh.blind,
        "bags": sh.bags,
        "bag_points": sh.bag_points,
        "nils": [
            {
                "seat": n.seat,
                "blind": n.blind,
                "tricks": n.tricks,
                "made": n.made,
                "points": n.points,
            }
            for n in sh.nils
        ],
        "nil_points": sh.nil_points,
        "bag_penalties": sh.penalties,
        "penalty_points": sh.penalty_points,
        "adjustments": [{"points": a.points, "reason": a.reason} for a in sh.adjustments],
        "adjustment_points": sh.adjustment_points,
        "points": sh.points,
        "score": sh.score,
        "carried_bags": sh.carried_bags,
    }


def score_report(game: Game, score: GameScore) -> dict[str, Any]:
    """The score of a game as the `score` command prints it (JSON)."""
    return {
        "sides": [
            {"players": list(game.side_names(t.side)), "score": t.score, "bags": t.bags}
            for t in score.sides
        ],
        "hands": [
            {
                "number": h.index + 1,
                "dealer": h.dealer,
                "first_bidder": h.first_bidder,
                "sides": [_side_hand(sh) for sh in h.sides],
                "events": [
                    {
                        k: v
                        for k, v in (
                            ("kind", e.kind.value),
                            ("side", e.side),
                            ("seat", e.seat),
                            ("count", e.count),
                            ("reason", e.reason or None),
                        )
                        if v is not None
                    }
                    for e in h.events
                ],
            }
            for h in score.hands
        ],
        "status": score.status.value,
        "winner": score.winner,
        "tied": score.tied,
        "next_dealer": score.next_dealer,
        "next_first_bidder": score.next_first_bidder,
        "rules": game.rules.to_dict(),
    }
