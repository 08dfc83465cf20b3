"""Checks at the edge. Each returns every problem at once, so a form can show
them all; messages quote the bad value and say how to fix it."""

from collections.abc import Sequence
from typing import Any

from scorekeeper.core.blind import blind_bid_problems, blind_rule_problems
from scorekeeper.core.model import Adjustment, Bid, Game, Hand, Variant
from scorekeeper.core.names import hidden_char, player_name_problems
from scorekeeper.core.rules import Bidding, RuleSet
from scorekeeper.errors import Clipped, Problem
from scorekeeper.i18n import _, ngettext

MAX_REASON_LENGTH = 60
MAX_ADJUSTMENT = 1_000  # points, either way
MAX_ADJUSTMENTS = 10  # per hand


def variant_rule_problems(variant: Variant, rules: RuleSet) -> list[Problem]:
    """Rules that a variant cannot play: suicide needs partners, a big bid
    cannot be bigger than a hand."""
    problems: list[Problem] = []
    if rules.bidding is Bidding.SUICIDE and not variant.partnership:
        problems.append(
            Problem(
                "rules.bidding",
                _(
                    "suicide bidding needs partners, so a {variant} game cannot use it; "
                    "choose standard bidding"
                ).format(variant=variant.value),
            )
        )
    if rules.big_bid_min is not None and rules.big_bid_min > variant.tricks:
        problems.append(
            Problem(
                "rules.big_bid_min",
                _(
                    "big_bid_min {value} is more tricks than a {variant} hand has; "
                    "choose 1 to {tricks} or off"
                ).format(value=rules.big_bid_min, variant=variant.value, tricks=variant.tricks),
            )
        )
    return problems + blind_rule_problems(variant, rules)


def setup_problems(
    variant: Variant, players: Sequence[Any], first_dealer: Any, rules: RuleSet | None = None
) -> list[Problem]:
    """Every problem with a new game's set-up: players, first dealer and rules."""
    problems: list[Problem] = variant_rule_problems(variant, rules or RuleSet())
    n = variant.player_count
    if len(players) != n:
        problems.append(
            Problem(
                "players",
                ngettext(
                    "a {variant} game needs {n} player, got {count}",
                    "a {variant} game needs {n} players, got {count}",
                    n,
                ).format(variant=variant.value, n=n, count=len(players)),
            )
        )
    problems += player_name_problems(players)
    if (
        not isinstance(first_dealer, int)
        or isinstance(first_dealer, bool)
        or not (0 <= first_dealer < n)
    ):
        problems.append(
            Problem(
                "first_dealer",
                _("first dealer must be a seat from 0 to {last}, got {value!r}").format(
                    last=n - 1, value=Clipped(first_dealer)
                ),
            )
        )
    return problems


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def hand_problems(game: Game, hand: Hand, scores_before: Sequence[int]) -> list[Problem]:
    """Everything wrong with `hand` as the next hand of `game`, played from
    `scores_before` (a blind nil may depend on them)."""
    rules = game.rules
    n = game.variant.player_count
    most = game.variant.tricks
    problems: list[Problem] = []
    if len(hand.bids) != n:
        problems.append(
            Problem(
                "bids",
                ngettext(
                    "a hand needs {n} bid, one per player, got {count}",
                    "a hand needs {n} bids, one per player, got {count}",
                    n,
                ).format(n=n, count=len(hand.bids)),
            )
        )
    if len(hand.tricks) != n:
        problems.append(
            Problem(
                "tricks",
                ngettext(
                    "a hand needs {n} trick count, one per player, got {count}",
                    "a hand needs {n} trick counts, one per player, got {count}",
                    n,
                ).format(n=n, count=len(hand.tricks)),
            )
        )
    if hand.dealer is not None and (not _is_count(hand.dealer) or not 0 <= hand.dealer < n):
        problems.append(
            Problem(
                "dealer",
                _("the dealer must be a seat from 0 to {last}, got {value!r}").format(
                    last=n - 1, value=Clipped(hand.dealer)
                ),
            )
        )
    if problems:
        return problems

    for seat, bid in enumerate(hand.bids):
        name = game.players[seat]
        key = f"bid.{seat}"
        if isinstance(bid, Bid) and bid.is_blind_bid and _is_count(bid.value):
            continue  # a blind bid: checked with its side's (blind.py)
        if not isinstance(bid, Bid) or not _is_count(bid.value) or not 0 <= bid.value <= most:
            shown = bid.value if isinstance(bid, Bid) else bid
            problems.append(
                Problem(
                    key,
                    _(
                        "{name}: {value!r} is not a bid: choose 0 (nil) to {max}, or blind nil"
                    ).format(name=name, value=Clipped(shown), max=most),
                )
            )
        elif bid.blind and not rules.allow_blind_nil:
            problems.append(
                Problem(
                    key,
                    _("{name}: blind nil, which this game's rules do not allow").format(name=name),
                )
            )
        elif bid.blind and rules.blind_nil_min_deficit is not None:
            side = game.variant.side_of(seat)
            own = scores_before[side]
            best_other = max(s for i, s in enumerate(scores_before) if i != side)
            if best_other - own < rules.blind_nil_min_deficit:
                problems.append(
                    Problem(
                        key,
                        _(
                            "{name}: blind nil only when the side trails by {deficit} or more "
                            "(now {behind})"
                        ).format(
                            name=name, deficit=rules.blind_nil_min_deficit, behind=best_other - own
                        ),
                    )
                )
        elif bid.is_nil and not bid.blind and not rules.allow_nil:
            problems.append(
                Problem(
                    key, _("{name}: nil, which this game's rules do not allow").format(name=name)
                )
            )

    whole = all(isinstance(b, Bid) and _is_count(b.value) for b in hand.bids)
    if whole:
        problems += blind_bid_problems(game, hand, scores_before)
    if rules.min_side_bid and whole:
        for side, seats in enumerate(game.variant.sides):
            contract = sum(hand.bids[s].value for s in seats)
            has_nil = any(hand.bids[s].is_nil for s in seats)  # a nil side is exempt
            if not has_nil and contract < rules.min_side_bid:
                names = " + ".join(game.players[s] for s in seats)
                problems.append(
                    Problem(
                        f"side.{side}",
                        _("{names}: side bid {contract}; this game's minimum is {minimum}").format(
                            names=names, contract=contract, minimum=rules.min_side_bid
                        ),
                    )
                )

    if rules.bidding is Bidding.SUICIDE and all(isinstance(b, Bid) for b in hand.bids):
        problems += _suicide_problems(game, hand)

    all_counts = True
    for seat, taken in enumerate(hand.tricks):
        if not _is_count(taken) or not 0 <= taken <= most:
            all_counts = False
            problems.append(
                Problem(
                    f"tricks.{seat}",
                    _("{name}: tricks {value!r} must be a whole number from 0 to {most}").format(
                        name=game.players[seat], value=Clipped(taken), most=most
                    ),
                )
            )
    if all_counts:
        total = sum(hand.tricks)
        if total != most:
            fix = (
                ngettext("{n} trick too many", "{n} tricks too many", total - most).format(
                    n=total - most
                )
                if total > most
                else ngettext("{n} trick missing", "{n} tricks missing", most - total).format(
                    n=most - total
                )
            )
            message = _("tricks add up to {total}, but every hand has {most} ({fix})")
            problems.append(Problem("tricks", message.format(total=total, most=most, fix=fix)))
    return problems + adjustment_problems(game, hand.adjustments)


def _suicide_problems(game: Game, hand: Hand) -> list[Problem]:
    """Suicide bidding: each side has exactly one nil or blind nil bidder."""
    problems = []
    for side, seats in enumerate(game.variant.sides):
        nils = sum(1 for s in seats if hand.bids[s].is_nil)
        if nils != 1:
            problems.append(
                Problem(
                    f"side.{side}",
                    _(
                        "{names}: in suicide bidding exactly one of the partners bids nil "
                        "or blind nil (here: {count})"
                    ).format(names=" + ".join(game.players[s] for s in seats), count=nils),
                )
            )
    return problems


def adjustment_problems(game: Game, adjustments: Any) -> list[Problem]:
    """A hand's adjustments: a side, a whole number of points, a short reason."""
    if not isinstance(adjustments, tuple | list) or len(adjustments) > MAX_ADJUSTMENTS:
        return [
            Problem(
                "adjustments",
                _("adjustments must be a list of at most {limit}, got {value!r}").format(
                    limit=MAX_ADJUSTMENTS, value=Clipped(adjustments)
                ),
            )
        ]
    problems = []
    sides = len(game.variant.sides)
    for i, adj in enumerate(adjustments):
        key = f"adjustments.{i}"
        if not isinstance(adj, Adjustment):
            problems.append(
                Problem(key, _("{value!r} is not an adjustment").format(value=Clipped(adj)))
            )
            continue
        if not _is_count(adj.side) or not 0 <= adj.side < sides:
            problems.append(
                Problem(
                    f"{key}.side",
                    _("an adjustment's side must be a side from 0 to {last}, got {value!r}").format(
                        last=sides - 1, value=Clipped(adj.side)
                    ),
                )
            )
        points = adj.points
        if not _is_count(points) or points == 0 or not -MAX_ADJUSTMENT <= points <= MAX_ADJUSTMENT:
            problems.append(
                Problem(
                    f"{key}.points",
                    _(
                        "an adjustment must be a whole number of points from {low} to {high}, "
                        "not 0, got {value!r}"
                    ).format(low=-MAX_ADJUSTMENT, high=MAX_ADJUSTMENT, value=Clipped(points)),
                )
            )
        problem = reason_problem(adj.reason)
        if problem:
            problems.append(Problem(f"{key}.reason", problem))
    return problems


def reason_problem(reason: Any) -> str | None:
    """Why `reason` cannot explain an adjustment, or None (empty is fine)."""
    if not isinstance(reason, str):
        return _("an adjustment's reason must be a text, got {value!r}").format(
            value=Clipped(reason)
        )
    if len(reason) > MAX_REASON_LENGTH:
        return ngettext(
            "reason {value!r} is too long: at most {limit} character",
            "reason {value!r} is too long: at most {limit} characters",
            MAX_REASON_LENGTH,
        ).format(value=Clipped(reason), limit=MAX_REASON_LENGTH)
    char = hidden_char(reason)
    if char is not None:
        return _(
            "reason {value!r} contains an invisible control character (U+{code:04X}); type it again"
        ).format(value=Clipped(reason), code=ord(char))
    return None
