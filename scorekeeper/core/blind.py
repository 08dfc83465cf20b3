"""Blind bids ("blind 6"): a side that trails far enough may bid its contract
before looking at the cards, for double the points. Which contracts are blind,
and the checks a hand's blind bids must pass (every problem at once)."""

from collections.abc import Sequence

from scorekeeper.core.model import Bid, Game, Hand, Variant
from scorekeeper.core.rules import RuleSet
from scorekeeper.errors import Problem
from scorekeeper.i18n import _

BLIND_FACTOR = 20  # a blind contract (or a doubled big bid) scores 20 a trick bid


def is_blind_contract(bids: Sequence[Bid]) -> bool:
    """A side's bids make a blind contract when each of its bidders who is not
    bidding nil bid blind (a nil or blind nil beside them is scored as usual)."""
    contract_bids = [b for b in bids if not b.is_nil]
    return bool(contract_bids) and all(b.blind for b in contract_bids)


def blind_rule_problems(variant: Variant, rules: RuleSet) -> list[Problem]:
    """A smallest blind contract the variant's hands cannot reach."""
    if rules.blind_bid_min <= variant.tricks:
        return []
    return [
        Problem(
            "rules.blind_bid_min",
            _(
                "blind_bid_min {value} is more tricks than a {variant} hand has; "
                "choose 1 to {tricks}"
            ).format(value=rules.blind_bid_min, variant=variant.value, tricks=variant.tricks),
        )
    ]


def blind_bid_problems(game: Game, hand: Hand, scores_before: Sequence[int]) -> list[Problem]:
    """What the rules refuse in `hand`'s blind bids (`hand` has a whole Bid
    with a whole value for every seat): a blind bid out of range; any blind
    bid when blind bids are off; otherwise, by side, a blind bid beside a
    seen one, a blind contract under `blind_bid_min`, and a blind contract of
    a side that does not trail by `blind_bid_deficit`."""
    rules = game.rules
    if not any(b.is_blind_bid for b in hand.bids):
        return []
    most = game.variant.tricks
    out_of_range = [
        Problem(
            f"bid.{seat}",
            _("{name}: blind {value} is not a bid: a blind bid is 1 to {max} tricks").format(
                name=game.players[seat], value=bid.value, max=most
            ),
        )
        for seat, bid in enumerate(hand.bids)
        if bid.is_blind_bid and not 1 <= bid.value <= most
    ]
    if out_of_range:
        return out_of_range
    if not rules.blind_bids:
        return [
            Problem(
                f"bid.{seat}",
                _(
                    "{name}: blind {value}, which this game's rules do not allow "
                    "(only nil may be bid blind)"
                ).format(name=game.players[seat], value=bid.value),
            )
            for seat, bid in enumerate(hand.bids)
            if bid.is_blind_bid
        ]
    problems: list[Problem] = []
    for side, seats in enumerate(game.variant.sides):
        bidders = [s for s in seats if not hand.bids[s].is_nil]
        blind = [s for s in bidders if hand.bids[s].blind]
        if not blind:
            continue
        names = " + ".join(game.players[s] for s in seats)
        key = f"side.{side}"
        seen = [s for s in bidders if not hand.bids[s].blind]
        if seen:
            problems.append(
                Problem(
                    key,
                    _(
                        "{names}: a blind bid ({blind}: {blind_value}) beside a bid made after "
                        "seeing the cards ({seen}: {seen_value}); partners bid blind together "
                        "or not at all"
                    ).format(
                        names=names,
                        blind=game.players[blind[0]],
                        blind_value=hand.bids[blind[0]].value,
                        seen=game.players[seen[0]],
                        seen_value=hand.bids[seen[0]].value,
                    ),
                )
            )
            continue
        contract = sum(hand.bids[s].value for s in bidders)
        if contract < rules.blind_bid_min:
            problems.append(
                Problem(
                    key,
                    _(
                        "{names}: a blind contract of {contract} is under this game's "
                        "smallest blind contract, {minimum}"
                    ).format(names=names, contract=contract, minimum=rules.blind_bid_min),
                )
            )
        if rules.blind_bid_deficit is not None and len(scores_before) > 1:
            problems += _deficit_problem(key, names, rules.blind_bid_deficit, side, scores_before)
    return problems


def _deficit_problem(
    key: str, names: str, deficit: int, side: int, scores: Sequence[int]
) -> list[Problem]:
    own = scores[side]
    best = max(s for i, s in enumerate(scores) if i != side)
    behind = best - own
    if behind >= deficit:
        return []
    if behind > 0:
        message = _(
            "{names}: a blind contract needs the side to trail by {deficit} or more; "
            "it trails by {behind}"
        )
    else:
        message = _(
            "{names}: a blind contract needs the side to trail by {deficit} or more; "
            "it does not trail ({own} against {best})"
        )
    return [
        Problem(
            key, message.format(names=names, deficit=deficit, behind=behind, own=own, best=best)
        )
    ]
