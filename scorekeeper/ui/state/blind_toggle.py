"""The bid step's Blind toggle ("blind 6"), worked out from the game, the
entry and the scores before the hand: whether it shows, is on, or is held
off with its reason. No flet here; `HandEntry` keeps what was turned."""

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.core.model import Bid, Game
from scorekeeper.i18n import _
from scorekeeper.ui.text import num


@dataclass(frozen=True)
class BlindToggle:
    """The bid step's Blind toggle for the keypad's player (only where the
    rules have blind bids): on, the number keys bid blind ("blind 6");
    `why_not` says why the player's side may not bid blind now."""

    on: bool
    why_not: str | None = None


def blind_toggle(
    game: Game, bids: Sequence[Bid | None], seat: int, scores: Sequence[int], turned: bool | None
) -> BlindToggle | None:
    """The toggle for `seat`, or None where the rules have no blind bids.
    `turned`: what the keeper set it to for this seat, if they did. Untouched,
    it is on for a player who bid blind, or whose partner did (partners bid
    blind together); it stays off while the side does not trail by the rules'
    deficit (`scores`: each side's before the hand), and says so."""
    rules = game.rules
    if not rules.blind_bids:
        return None
    deficit = rules.blind_bid_deficit
    side = game.variant.side_of(seat)
    others = [s for i, s in enumerate(scores) if i != side]
    if deficit is not None and others and max(others) - scores[side] < deficit:
        why = _("Blind bids: only when {deficit} or more behind").format(deficit=num(deficit))
        return BlindToggle(on=False, why_not=why)
    if turned is not None:
        return BlindToggle(on=turned)
    own = bids[seat]
    if own is not None:
        return BlindToggle(on=own.is_blind_bid)
    partners = [bids[s] for s in game.variant.sides[side] if s != seat]
    return BlindToggle(on=any(b is not None and b.is_blind_bid for b in partners))
