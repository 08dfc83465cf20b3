"""Checks at the edge. Each returns every problem at once, so a form can show
them all; messages quote the bad value and say how to fix it."""

import unicodedata
from collections.abc import Sequence
from typing import Any

from scorekeeper.errors import Problem, clip
from scorekeeper.i18n import _, ngettext
from scorekeeper.model import MAX_BID, TRICKS_PER_HAND, Bid, Game, Hand, Variant

MAX_NAME_LENGTH = 30
# Characters that reorder or hide text around them (bidi embeddings, overrides,
# isolates and marks): in a name they can make a score sheet or a terminal lie.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e") | frozenset(
    "\u2066\u2067\u2068\u2069"
)
# Tag characters (U+E0000 to U+E007F) draw nothing, so a name could carry
# hidden text, or look like another player's.
TAGS = range(0xE0000, 0xE0080)


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None. Any script is fine
    (Hebrew, Thai with its marks, emoji joined by a zero-width joiner)."""
    for char in name:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Co", "Cn") or char in BIDI_CONTROLS or ord(char) in TAGS:
            return _(
                "name {name!r} contains an invisible control character (U+{code:04X}); "
                "type the name again"
            ).format(name=clip(name), code=ord(char))
    if not any(unicodedata.category(c)[0] in "LNPS" for c in name):
        return _("name {name!r} has no visible letter or digit").format(name=clip(name))
    return None


def team_name_problems(variant: Variant, names: Any) -> list[Problem]:
    """Optional side names: one per side (or none at all), each a short text."""
    if names is None or (isinstance(names, list | tuple) and len(names) == 0):
        return []
    sides = len(variant.sides)
    if not isinstance(names, list | tuple) or len(names) != sides:
        return [
            Problem(
                "team_names",
                _("side names must be a list of {count} texts, got {value!r}").format(
                    count=sides, value=clip(names)
                ),
            )
        ]
    problems = []
    for side, name in enumerate(names):
        if not isinstance(name, str):
            problems.append(
                Problem(
                    f"team_names.{side}",
                    _("side name {value!r} must be a text").format(value=clip(name)),
                )
            )
        elif len(name.strip()) > MAX_NAME_LENGTH:
            problems.append(
                Problem(
                    f"team_names.{side}",
                    ngettext(
                        "name {name!r} is too long: at most {limit} character",
                        "name {name!r} is too long: at most {limit} characters",
                        MAX_NAME_LENGTH,
                    ).format(name=clip(name.strip()), limit=MAX_NAME_LENGTH),
                )
            )
        elif name.strip() and (invisible := name_problem(name.strip())):
            problems.append(Problem(f"team_names.{side}", invisible))
    return problems


def clean_team_names(names: Any) -> tuple[str, ...]:
    """Stored form: stripped, and () when no side is named."""
    cleaned = tuple(str(n).strip() for n in names or ())
    return cleaned if any(cleaned) else ()


def setup_problems(variant: Variant, players: Sequence[Any], first_dealer: Any) -> list[Problem]:
    problems: list[Problem] = []
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
    seen: dict[str, int] = {}
    for seat, name in enumerate(players):
        key = f"players.{seat}"
        if not isinstance(name, str) or not name.strip():
            problems.append(Problem(key, _("player {seat} needs a name").format(seat=seat + 1)))
            continue
        clean = name.strip()
        if len(clean) > MAX_NAME_LENGTH:
            problems.append(
                Problem(
                    key,
                    ngettext(
                        "name {name!r} is too long: at most {limit} character",
                        "name {name!r} is too long: at most {limit} characters",
                        MAX_NAME_LENGTH,
                    ).format(name=clip(clean), limit=MAX_NAME_LENGTH),
                )
            )
            continue
        invisible = name_problem(clean)
        if invisible:
            problems.append(Problem(key, invisible))
            continue
        folded = clean.casefold()
        if folded in seen:
            problems.append(
                Problem(
                    key,
                    _(
                        "{name!r} is already player {other}: give each player a different name"
                    ).format(name=clean, other=seen[folded] + 1),
                )
            )
        else:
            seen[folded] = seat
    if (
        not isinstance(first_dealer, int)
        or isinstance(first_dealer, bool)
        or not (0 <= first_dealer < n)
    ):
        problems.append(
            Problem(
                "first_dealer",
                _("first dealer must be a seat from 0 to {last}, got {value!r}").format(
                    last=n - 1, value=clip(first_dealer)
                ),
            )
        )
    return problems


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def hand_problems(
    game: Game, hand: Hand, index: int, scores_before: Sequence[int]
) -> list[Problem]:
    """Everything wrong with `hand` as hand number `index` (0-based) of `game`."""
    rules = game.rules
    n = game.variant.player_count
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
    if problems:
        return problems

    for seat, bid in enumerate(hand.bids):
        name = game.players[seat]
        key = f"bid.{seat}"
        if not isinstance(bid, Bid) or not _is_count(bid.value) or not 0 <= bid.value <= MAX_BID:
            shown = bid.value if isinstance(bid, Bid) else bid
            problems.append(
                Problem(
                    key,
                    _(
                        "{name}'s bid {value!r} is not a bid: choose 0 (nil) to {max}, or blind nil"
                    ).format(name=name, value=clip(shown), max=MAX_BID),
                )
            )
        elif bid.blind and not bid.is_nil:
            problems.append(
                Problem(
                    key,
                    _(
                        "{name}'s bid of blind {value} is not allowed: only nil may be bid blind"
                    ).format(name=name, value=clip(bid.value)),
                )
            )
        elif bid.blind and not rules.allow_blind_nil:
            problems.append(
                Problem(
                    key,
                    _("{name} bid blind nil, which this game's rules do not allow").format(
                        name=name
                    ),
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
                            "{name} may bid blind nil only when trailing by {deficit} or more "
                            "(now {behind})"
                        ).format(
                            name=name, deficit=rules.blind_nil_min_deficit, behind=best_other - own
                        ),
                    )
                )
        elif bid.is_nil and not bid.blind and not rules.allow_nil:
            problems.append(
                Problem(
                    key, _("{name} bid nil, which this game's rules do not allow").format(name=name)
                )
            )

    if rules.min_side_bid and all(isinstance(b, Bid) and _is_count(b.value) for b in hand.bids):
        for side, seats in enumerate(game.variant.sides):
            contract = sum(hand.bids[s].value for s in seats)
            has_nil = any(hand.bids[s].is_nil for s in seats)  # a nil side is exempt
            if not has_nil and contract < rules.min_side_bid:
                names = " + ".join(game.players[s] for s in seats)
                problems.append(
                    Problem(
                        f"side.{side}",
                        _(
                            "{names} bid {contract} together; this game's minimum is {minimum}"
                        ).format(names=names, contract=contract, minimum=rules.min_side_bid),
                    )
                )

    all_counts = True
    for seat, taken in enumerate(hand.tricks):
        if not _is_count(taken) or not 0 <= taken <= TRICKS_PER_HAND:
            all_counts = False
            problems.append(
                Problem(
                    f"tricks.{seat}",
                    _("{name}'s tricks {value!r} must be a whole number from 0 to 13").format(
                        name=game.players[seat], value=clip(taken)
                    ),
                )
            )
    if all_counts:
        total = sum(hand.tricks)
        if total != TRICKS_PER_HAND:
            fix = (
                ngettext(
                    "{n} trick too many", "{n} tricks too many", total - TRICKS_PER_HAND
                ).format(n=total - TRICKS_PER_HAND)
                if total > TRICKS_PER_HAND
                else ngettext(
                    "{n} trick missing", "{n} tricks missing", TRICKS_PER_HAND - total
                ).format(n=TRICKS_PER_HAND - total)
            )
            problems.append(
                Problem(
                    "tricks",
                    _("tricks add up to {total}, but every hand has 13 ({fix})").format(
                        total=total, fix=fix
                    ),
                )
            )
    return problems
